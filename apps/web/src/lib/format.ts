import { parseMoney } from '@candor/domain';

const formats = new Map<string, Intl.NumberFormat>();

/** Making an Intl formatter costs far more than using one, and prices re-render on every tick: one per locale and options. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  locale = localeOr(locale);
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

let displayLocale: string | undefined;

/** The app's language, kept current by lib/i18n: the locale of every formatter here that is given none. */
export function setDisplayLocale(locale: string): void {
  displayLocale = locale;
}

/** The locale a formatter uses: the one asked for, else the app's. */
export function localeOr(locale: string | undefined): string | undefined {
  return locale ?? displayLocale;
}

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

export interface DecimalOptions {
  locale?: string;
  /** "+" before a positive value. */
  sign?: boolean;
  /** At least this many decimals, padded with zeros; longer fractions are kept whole. */
  minDecimals?: number;
}

/**
 * An exact decimal text ("67267.5", "-0.05") in the reader's style: grouped and with the locale's decimal
 * separator ("67,267.5"; "67.267,5" in de), every digit kept. The whole part goes through Intl as a BigInt,
 * the fraction is copied: no floating point on the way. Null for anything that is not a plain decimal.
 */
export function formatDecimal(text: string, opts: DecimalOptions = {}): string | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const [, signChar = '', whole = '0', fraction = ''] = m;
  const locale = localeOr(opts.locale);
  const frac = fraction.padEnd(opts.minDecimals ?? 0, '0');
  const zero = /^0*$/.test(whole) && /^0*$/.test(frac);
  const sign = zero ? '' : signChar === '-' ? '-' : opts.sign ? '+' : '';
  const grouped = numberFormat(locale, {}).format(BigInt(whole));
  return `${sign}${grouped}${frac ? decimalSeparator(locale) + frac : ''}`;
}

/**
 * Show a wire money string ("12345.6", "-0.05") in the reader's style with 2 decimals, without floating
 * point: "12,345.60" ("12.345,60" in de). Malformed input is shown as "--".
 */
export function formatMoney(wire: string | null | undefined, opts: { sign?: boolean; locale?: string } = {}): string {
  if (wire === null || wire === undefined) return '--';
  const cents = parseMoney(wire);
  if (cents === null) return '--';
  const abs = Math.abs(cents);
  const text = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return formatDecimal(text, { sign: opts.sign, locale: opts.locale }) ?? '--';
}

/** A price with its digits as sent, in the reader's style ("67,267.50"), or a dash when there is none yet. */
export function formatPrice(price: string | null | undefined, locale?: string): string {
  if (price == null || price === '') return '--';
  return formatDecimal(price, { locale }) ?? price;
}

/**
 * Volume and turnover, where a row has room for a few characters: always compact in the reader's language
 * ("1.23M", "123.46萬", "4844.83"), so two figures side by side never mix styles (an estimate, not money).
 */
export function formatVolume(value: string | null | undefined, locale?: string): string {
  const n = Number(value);
  if (value == null || value === '' || !Number.isFinite(n)) return '--';
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 }).format(n);
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

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The app's one date-time style: numeric date, 24-hour time ("2026/12/01 15:47", "12/01/2026, 15:47",
 * "01.12.2026, 15:47"), with seconds where asked. `hourCycle: 'h23'`, not `hour12: false`: the latter picks
 * h24 in en and zh-TW, where a time after midnight reads "24:05". `timeZone` is the device's unless given
 * (a rule read in the platform's zone; tests).
 */
export function dateTimeFormat(locale: string | undefined, opts: { seconds?: boolean; timeZone?: string; date?: boolean } = {}): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${opts.seconds ? 's' : ''}|${opts.date === false ? 't' : ''}|${opts.timeZone ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      ...(opts.date === false ? {} : { year: 'numeric', month: '2-digit', day: '2-digit' }),
      hour: '2-digit',
      minute: '2-digit',
      ...(opts.seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
      ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** Date and time to the minute in the app's one style. `timeZone` is for tests and zoned rules. */
export function formatDateTime(date: Date, locale: string, timeZone?: string): string {
  if (Number.isNaN(date.getTime())) return '--';
  return dateTimeFormat(locale, { timeZone }).format(date);
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

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * The specification's relative time in the reader's language: `justNow` (the caller's translation) under 15
 * minutes, "20 minutes ago" / "5 hours ago" under a day, else the date and time. `timeZone` is for tests.
 */
export function formatRelativeTime(iso: string, locale: string, justNow: string, now: Date = new Date(), timeZone?: string): string {
  const r = classifyRelativeTime(iso, now);
  switch (r.kind) {
    case 'justNow':
      return justNow;
    case 'relative': {
      let format = relativeFormats.get(locale);
      if (!format) {
        format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
        relativeFormats.set(locale, format);
      }
      return format.format(-r.value, r.unit);
    }
    case 'date':
      return formatDateTime(r.date, locale, timeZone);
  }
}

/** Date and time with seconds in the app's one style (an order's open and close, a record). */
export function formatTimestamp(iso: string | null | undefined, locale?: string, timeZone?: string): string {
  if (!iso) return '--';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateTimeFormat(localeOr(locale), { seconds: true, timeZone }).format(d);
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
