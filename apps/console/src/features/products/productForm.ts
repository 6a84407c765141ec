import { adminProductBody, LOCALES, SCHEDULED_FIELDS, type AdminProduct, type AdminProductBody, type Locale, type ScheduledField } from '@candor/contracts';
import { formatCents, isValidLocalDate, isValidTimeZone, MAX_AMOUNT_CENTS, parseClock, parseMoney, parseRate, RATE_SCALE } from '@candor/domain';
import { isVenue, venueOrder, type VenueName } from '../../lib/venues';

/** The editable copy of a product's catalogue settings, as the form holds it (strings where the user types). */
export interface ProductForm {
  names: Record<Locale, string>;
  precision: string;
  timezone: string;
  /** Open intervals; none means open 24/7. */
  hours: { key: number; day: string; open: string; close: string }[];
  holidays: string[];
  /** Stops new orders at once (sent as `suspended`); prices and open orders go on. */
  suspended: boolean;
  maintenanceMessage: string;
  expiries: { key: number; seconds: string; payoutRate: string }[];
  minStake: string;
  maxStake: string;
  recommended: boolean;
  enabled: boolean;
  /** Its markets on the public exchanges; none: simulated prices, demo only. */
  priceVenues: { key: number; venue: string; symbol: string }[];
  /** When the scheduled fields take effect: a local date and time as a datetime-local input holds it; '' = the earliest allowed. */
  effectiveAt: string;
}

/** The product's settings as a PATCH sends them: `suspended` stands for `maintenance`, and `effectiveAt` says when, not what. */
export type ProductFields = Required<Omit<AdminProductBody, 'maintenance' | 'effectiveAt'>>;
export type ProductChanges = Partial<ProductFields>;

/** A reason a field is refused; the page turns it into a translated message (`products.errors.<code>`). */
export type FieldErrorCode =
  | 'required'
  | 'tooLong'
  | 'precision'
  | 'timezone'
  | 'day'
  | 'time'
  | 'tooManyHours'
  | 'holiday'
  | 'tooManyHolidays'
  | 'seconds'
  | 'duplicateSeconds'
  | 'rate'
  | 'expiriesCount'
  | 'stake'
  | 'stakeOrder'
  | 'venue'
  | 'duplicateVenue'
  | 'venueSymbol'
  | 'venueCurrency'
  | 'venueBase'
  | 'precisionDigits'
  | 'dateTime'
  | 'tooEarly'
  | 'alreadyScheduled'
  | 'invalid';
export type FieldErrors = Record<string, FieldErrorCode>;

/**
 * The message a field the server refused gets. After the form's own checks pass, VALIDATION_FAILED on precision
 * means the sanity bound (fewer than 5 significant digits of the current price), on a market's symbol that its
 * base asset is not the product's, and on effectiveAt that the time is before the earliest allowed.
 */
export function serverFieldError(error: { code: string; field?: string }): FieldErrorCode {
  // One pending change per field: a second one waits until the first is cancelled (or applied).
  if (error.code === 'CHANGE_ALREADY_SCHEDULED') return 'alreadyScheduled';
  if (error.code !== 'VALIDATION_FAILED') return 'invalid';
  if (error.field === 'effectiveAt') return 'tooEarly';
  if (error.field === 'precision') return 'precisionDigits';
  if (error.field && /^priceVenues\.\d+\.symbol$/.test(error.field)) return 'venueBase';
  return 'invalid';
}

/** Most rows the form holds; the add buttons stop here and validate refuses more. */
export const MAX_EXPIRIES = 10;
export const MAX_INTERVALS = 50;

/**
 * Each exchange's symbol spelling (Binance BTCUSDT, OKX and Coinbase BTC-USDT, Kraken BTC/USDT) and the
 * separator between base and quote currency (none on Binance). The server holds the full rules (Binance's
 * list of quote currencies among them); these catch a wrong separator or a mixed currency as one types.
 */
export const SPELLING: Record<VenueName, { pattern: RegExp; separator: string | null; example: string }> = {
  binance: { pattern: /^[A-Z0-9]{5,20}$/, separator: null, example: 'BTCUSDT' },
  okx: { pattern: /^[A-Z0-9]{2,12}-[A-Z0-9]{2,8}$/, separator: '-', example: 'BTC-USDT' },
  coinbase: { pattern: /^[A-Z0-9]{2,12}-[A-Z0-9]{2,8}$/, separator: '-', example: 'BTC-USDT' },
  kraken: { pattern: /^[A-Z0-9]{2,12}\/[A-Z0-9]{2,8}$/, separator: '/', example: 'BTC/USDT' },
};

/** An example of the exchange's spelling, for the symbol field's placeholder. */
export const venueExample = (venue: string): string => (isVenue(venue) ? SPELLING[venue].example : '');

/** The symbol as the server stores it: trimmed, upper case. */
export const normalizeVenueSymbol = (s: string): string => s.trim().toUpperCase();

/** "BTC-USDT" -> ["BTC", "USDT"] for the exchanges that separate the two; null otherwise. */
export function venuePair(venue: string, symbol: string): [string, string] | null {
  if (!isVenue(venue)) return null;
  const { pattern, separator } = SPELLING[venue];
  const s = normalizeVenueSymbol(symbol);
  if (!separator || !pattern.test(s)) return null;
  const i = s.lastIndexOf(separator);
  return [s.slice(0, i), s.slice(i + 1)];
}

let nextKey = 1;
export const rowKey = (): number => nextKey++;

export function toForm(p: AdminProduct): ProductForm {
  const names = Object.fromEntries(LOCALES.map((l) => [l, p.names[l] ?? ''])) as Record<Locale, string>;
  return {
    names,
    precision: String(p.precision),
    timezone: p.timezone,
    hours: (p.hours ?? []).map((h) => ({ key: rowKey(), day: String(h.day), open: h.open, close: h.close })),
    holidays: [...p.holidays].sort(),
    suspended: p.maintenance,
    maintenanceMessage: p.maintenanceMessage ?? '',
    expiries: p.expiries.map((e) => ({ key: rowKey(), seconds: String(e.seconds), payoutRate: e.payoutRate })),
    minStake: p.minStake,
    maxStake: p.maxStake,
    recommended: p.recommended,
    enabled: p.enabled,
    priceVenues: (p.priceVenues ?? [])
      .map((v) => ({ key: rowKey(), venue: v.venue, symbol: v.symbol }))
      .sort((a, b) => venueOrder(a.venue) - venueOrder(b.venue)),
    effectiveAt: '',
  };
}

const intOrNaN = (s: string): number => (/^\s*\d+\s*$/.test(s) ? Number(s) : Number.NaN);

/** "0.8500" -> "0.85", ".5" -> "0.5", "1" -> "1"; anything malformed is returned trimmed for the schema to refuse. */
export function normalizeRate(s: string): string {
  const t = s.trim();
  const m = /^(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (m[1] === '' && !m[2])) return t;
  const whole = String(Number(m[1] || '0'));
  const frac = (m[2] ?? '').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** "9:00" -> "09:00", "0900" -> "09:00"; anything else is returned trimmed for the checks to refuse. */
export function normalizeTime(s: string): string {
  const t = s.trim();
  const colon = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (colon) return `${colon[1]!.padStart(2, '0')}:${colon[2]}`;
  const bare = /^(\d{1,2})(\d{2})$/.exec(t);
  if (bare) return `${bare[1]!.padStart(2, '0')}:${bare[2]}`;
  return t;
}

function normalizeMoney(s: string): string {
  const c = parseMoney(s);
  return c === null ? s.trim() : formatCents(c);
}

const byHours = (a: { day: number; open: string }, b: { day: number; open: string }) => a.day - b.day || a.open.localeCompare(b.open);

/** Every setting of the PATCH body, normalized, from the form. */
export function toBody(f: ProductForm): ProductFields {
  const names: Record<string, string> = {};
  for (const l of LOCALES) if (f.names[l].trim()) names[l] = f.names[l].trim();
  return {
    names,
    precision: intOrNaN(f.precision),
    timezone: f.timezone.trim(),
    hours: f.hours.length ? f.hours.map((h) => ({ day: intOrNaN(h.day), open: normalizeTime(h.open), close: normalizeTime(h.close) })).sort(byHours) : null,
    holidays: [...new Set(f.holidays)].sort(),
    suspended: f.suspended,
    maintenanceMessage: f.maintenanceMessage.trim() || null,
    expiries: f.expiries.map((e) => ({ seconds: intOrNaN(e.seconds), payoutRate: normalizeRate(e.payoutRate) })).sort((a, b) => a.seconds - b.seconds),
    minStake: normalizeMoney(f.minStake),
    maxStake: normalizeMoney(f.maxStake),
    recommended: f.recommended,
    enabled: f.enabled,
    // In the exchanges' order, as the form shows them, so a field path the server names (priceVenues.<i>) is the row's.
    priceVenues: f.priceVenues
      .map((v) => ({ venue: v.venue as VenueName, symbol: normalizeVenueSymbol(v.symbol) }))
      .sort((a, b) => venueOrder(a.venue) - venueOrder(b.venue)),
  };
}

/** Only the fields that differ from the product as stored: what a save sends (and what the audit log records). */
export function changes(original: AdminProduct, f: ProductForm): ProductChanges {
  const before = toBody(toForm(original));
  const after = toBody(f);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(after) as (keyof typeof after)[]) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) out[k] = after[k];
  }
  return out as ProductChanges;
}

/** Precision, markets, hours, time zone and holidays shape prices: the server schedules them, never applies them at once. */
export const isScheduledField = (k: string): k is ScheduledField => (SCHEDULED_FIELDS as readonly string[]).includes(k);

/** The changed fields, split into those that apply at once and those that are scheduled. */
export function splitChanges(diff: ProductChanges): { immediate: (keyof ProductFields)[]; scheduled: ScheduledField[] } {
  const keys = Object.keys(diff) as (keyof ProductFields)[];
  return { immediate: keys.filter((k) => !isScheduledField(k)), scheduled: keys.filter(isScheduledField) };
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The operator's own time zone: the one the browser shows times in. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** How far `zone`'s wall clock is ahead of UTC at instant `t` (ms, whole seconds). */
function offsetAt(t: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * A datetime-local value ("2026-06-02T09:30:15"; the input leaves out zero seconds) read in `zone` (the
 * browser's), as the ISO instant the API takes, a whole second ("2026-06-02T01:30:15Z" in Taipei); null when
 * it names no real local time there (30 February, or a time a daylight-saving jump skips).
 */
export function localInputToIso(value: string, zone: string = browserTimeZone()): string | null {
  const m = LOCAL_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? '0')) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const w = new Date(wall);
  if (w.getUTCFullYear() !== y || w.getUTCMonth() !== mo - 1 || w.getUTCDate() !== d || w.getUTCHours() !== h || w.getUTCMinutes() !== mi) return null;
  // The offset depends on the instant being found: guess with the wall time's, then correct once.
  let t = wall - offsetAt(wall, zone);
  t = wall - offsetAt(t, zone);
  if (t + offsetAt(t, zone) !== wall) return null;
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** An instant as a datetime-local value in `zone` (the browser's), to the second: the input's `min`, and tests. */
export function isoToLocalInput(iso: string, zone: string = browserTimeZone()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(Math.floor(t / 1000) * 1000 + offsetAt(t, zone)).toISOString().slice(0, 19);
}

/**
 * The PATCH body of a save: only the changed fields, and `effectiveAt` when a scheduled field is among them and
 * the operator chose a time (without one the server takes the earliest allowed).
 */
export function saveBody(original: AdminProduct, f: ProductForm, zone: string = browserTimeZone()): AdminProductBody {
  const diff: AdminProductBody = changes(original, f);
  const at = f.effectiveAt.trim() ? localInputToIso(f.effectiveAt, zone) : null;
  return at && splitChanges(diff).scheduled.length ? { ...diff, effectiveAt: at } : diff;
}

/**
 * Client-side checks: the shared `adminProductBody` schema plus the server's rules, through the
 * same `@candor/domain` helpers (clock times with '24:00' allowed as a close, real dates, IANA
 * zones, rates in (0, 1], stakes within limits, min <= max, distinct durations).
 */
export function validate(f: ProductForm, earliestEffectiveAt?: string, zone: string = browserTimeZone()): FieldErrors {
  const errors: FieldErrors = {};
  const set = (path: string, code: FieldErrorCode) => {
    errors[path] ??= code;
  };

  const body = toBody(f);
  if (!f.names['zh-TW'].trim()) set('names.zh-TW', 'required');
  for (const l of LOCALES) if (f.names[l].trim().length > 60) set(`names.${l}`, 'tooLong');

  const precision = intOrNaN(f.precision);
  if (!(precision >= 0 && precision <= 8)) set('precision', 'precision');
  if (!isValidTimeZone(body.timezone)) set('timezone', 'timezone');

  if (f.hours.length > MAX_INTERVALS) set('hours', 'tooManyHours');
  f.hours.forEach((h, i) => {
    const day = intOrNaN(h.day);
    if (!(day >= 0 && day <= 6)) set(`hours.${i}.day`, 'day');
    // close <= open runs past midnight (equal = a 24-hour session); '24:00' closes at the end of the day
    if (parseClock(normalizeTime(h.open)) === null) set(`hours.${i}.open`, 'time');
    if (parseClock(normalizeTime(h.close), true) === null) set(`hours.${i}.close`, 'time');
  });

  if (f.holidays.length > 400) set('holidays', 'tooManyHolidays');
  f.holidays.forEach((d, i) => {
    if (!isValidLocalDate(d)) set(`holidays.${i}`, 'holiday');
  });

  if (f.maintenanceMessage.trim().length > 500) set('maintenanceMessage', 'tooLong');

  if (f.expiries.length < 1 || f.expiries.length > MAX_EXPIRIES) set('expiries', 'expiriesCount');
  const seen = new Set<number>();
  f.expiries.forEach((e, i) => {
    const s = intOrNaN(e.seconds);
    if (!(s >= 10 && s <= 86400)) set(`expiries.${i}.seconds`, 'seconds');
    else if (seen.has(s)) set(`expiries.${i}.seconds`, 'duplicateSeconds');
    seen.add(s);
    const rate = parseRate(normalizeRate(e.payoutRate));
    if (rate === null || rate <= 0n || rate > RATE_SCALE) set(`expiries.${i}.payoutRate`, 'rate');
  });

  // One row per exchange, each in its exchange's spelling, all in one quote currency (a median never mixes USDT with USD).
  const venues = new Set<string>();
  const quotes: string[] = [];
  f.priceVenues.forEach((v, i) => {
    if (!isVenue(v.venue)) set(`priceVenues.${i}.venue`, 'venue');
    else if (venues.has(v.venue)) set(`priceVenues.${i}.venue`, 'duplicateVenue');
    venues.add(v.venue);
    const symbol = normalizeVenueSymbol(v.symbol);
    if (!symbol) {
      set(`priceVenues.${i}.symbol`, 'required');
      return;
    }
    if (isVenue(v.venue) && !SPELLING[v.venue].pattern.test(symbol)) {
      set(`priceVenues.${i}.symbol`, 'venueSymbol');
      return;
    }
    const quote = venuePair(v.venue, symbol)?.[1];
    if (quote !== undefined) {
      if (quotes.length && !quotes.includes(quote)) set(`priceVenues.${i}.symbol`, 'venueCurrency');
      quotes.push(quote);
    }
  });
  // Binance runs base and quote together: it must end in the quote the other exchanges name.
  f.priceVenues.forEach((v, i) => {
    const symbol = normalizeVenueSymbol(v.symbol);
    if (v.venue === 'binance' && quotes.length && SPELLING.binance.pattern.test(symbol) && !(symbol.endsWith(quotes[0]!) && symbol.length > quotes[0]!.length))
      set(`priceVenues.${i}.symbol`, 'venueCurrency');
  });

  const min = parseMoney(f.minStake);
  const max = parseMoney(f.maxStake);
  if (min === null || min <= 0 || min > MAX_AMOUNT_CENTS) set('minStake', 'stake');
  if (max === null || max <= 0 || max > MAX_AMOUNT_CENTS) set('maxStake', 'stake');
  if (min !== null && max !== null && min > max) set('maxStake', 'stakeOrder');

  // The time a scheduled change takes effect: a real local time, whole seconds, not before the earliest allowed.
  if (f.effectiveAt.trim()) {
    const at = localInputToIso(f.effectiveAt, zone);
    if (at === null) set('effectiveAt', 'dateTime');
    else if (earliestEffectiveAt && Date.parse(at) < Date.parse(earliestEffectiveAt)) set('effectiveAt', 'tooEarly');
  }

  // The shared schema has the last word; anything it refuses that the rules above missed is still reported.
  const parsed = adminProductBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      const covered = Object.keys(errors).some((k) => k === path || k.startsWith(`${path}.`) || path.startsWith(`${k}.`));
      if (!covered) set(path || 'form', 'invalid');
    }
  }
  return errors;
}
