import { parseMoney } from '@candor/domain';

const formats = new Map<string, Intl.NumberFormat>();

/** Making an Intl formatter costs far more than using one, and prices re-render on every tick: one per locale and options. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

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

/** Date and time in the reader's language, with seconds. */
export function formatTimestamp(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '--';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(d);
}

/** Seconds as a short duration: 30 -> "30s", 120 -> "2m", 3600 -> "1h" (unit words come from i18n). */
export function splitDuration(seconds: number): { value: number; unit: 's' | 'm' | 'h' | 'd' } {
  if (seconds % 86400 === 0) return { value: seconds / 86400, unit: 'd' };
  if (seconds % 3600 === 0) return { value: seconds / 3600, unit: 'h' };
  if (seconds % 60 === 0) return { value: seconds / 60, unit: 'm' };
  return { value: seconds, unit: 's' };
}

/** A countdown in mm:ss (or h:mm:ss). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** An exact decimal text ("54.05") with the reader's decimal separator ("54,05" in fr / de); digits unchanged. */
export function localizeDecimal(text: string, locale?: string): string {
  const sep = decimalSeparator(locale);
  return sep === '.' ? text : text.replace('.', sep);
}

const separators = new Map<string, string>();

/** The locale's decimal separator, worked out once: the trade panel asks for it in every rate it shows. */
function decimalSeparator(locale: string | undefined): string {
  const key = locale ?? '';
  let sep = separators.get(key);
  if (sep === undefined) {
    sep =
      numberFormat(locale, {})
        .formatToParts(1.5)
        .find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(key, sep);
  }
  return sep;
}

// Shared with the server, which names the device in its new-login message.
export { describeUserAgent } from '@candor/domain';
