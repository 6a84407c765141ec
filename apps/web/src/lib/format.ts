import { parseMoney } from '@candor/domain';

/**
 * Show a wire money string ("12345.6", "-0.05") with thousands separators and 2 decimals,
 * without floating point: "12,345.60". Malformed input is shown as "--".
 */
export function formatMoney(wire: string | null | undefined, opts: { sign?: boolean } = {}): string {
  if (wire === null || wire === undefined) return '--';
  const cents = parseMoney(wire);
  if (cents === null) return '--';
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = String(abs % 100).padStart(2, '0');
  const sign = negative ? '-' : opts.sign && cents > 0 ? '+' : '';
  return `${sign}${whole}.${frac}`;
}

/** -1, 0 or 1 for a wire money string (for up/down colours). */
export function moneySign(wire: string | null | undefined): -1 | 0 | 1 {
  const cents = wire == null ? null : parseMoney(wire);
  if (!cents) return 0;
  return cents < 0 ? -1 : 1;
}

export const JUST_NOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type RelativeTime = { kind: 'justNow' } | { kind: 'relative'; value: number; unit: 'minute' | 'hour' } | { kind: 'date'; date: Date };

/** Under 15 minutes "just now", under a day a relative time, older a date and time. */
export function classifyRelativeTime(iso: string, now: Date = new Date()): RelativeTime {
  const then = new Date(iso);
  const diff = now.getTime() - then.getTime();
  if (Number.isNaN(diff)) return { kind: 'date', date: then };
  if (diff < JUST_NOW_MS) return { kind: 'justNow' };
  if (diff < 60 * 60 * 1000) return { kind: 'relative', value: Math.floor(diff / 60_000), unit: 'minute' };
  if (diff < DAY_MS) return { kind: 'relative', value: Math.floor(diff / 3_600_000), unit: 'hour' };
  return { kind: 'date', date: then };
}

export function formatDateTime(date: Date, locale: string): string {
  if (Number.isNaN(date.getTime())) return '--';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
}

/**
 * An announced instant (when a catalogue change takes effect) in the reader's language and time zone, the
 * month in words so no reader mistakes day for month ("Dec 2, 2026, 16:00"); seconds only when it has some.
 * `timeZone` is for tests: the app leaves it to the device.
 */
export function formatAnnouncedTime(iso: string | null | undefined, locale: string, timeZone?: string): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '--';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(date.getUTCSeconds() ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

export function formatRelativeTime(iso: string, locale: string, justNow: string, now: Date = new Date()): string {
  const r = classifyRelativeTime(iso, now);
  switch (r.kind) {
    case 'justNow':
      return justNow;
    case 'relative':
      return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-r.value, r.unit);
    case 'date':
      return formatDateTime(r.date, locale);
  }
}

// Shared with the server, which names the device in its new-login message.
export { describeUserAgent } from '@candor/domain';
