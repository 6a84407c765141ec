/**
 * The rules for catalogue changes that shape prices or sessions: which fields they are, how much notice they
 * need, what a precision or an exchange market may be, and which value of a field holds at a moment when a
 * change is scheduled. Pure: the server, the feed and the property tests share them.
 */
import { parseDecimal } from './decimal.js';

/** Fields whose change is scheduled (never immediate), in the order changes of one request are listed. */
export const SCHEDULED_FIELDS = ['precision', 'priceVenues', 'hours', 'timezone', 'holidays'] as const;
export type ScheduledFieldName = (typeof SCHEDULED_FIELDS)[number];

export function isScheduledField(field: string): field is ScheduledFieldName {
  return (SCHEDULED_FIELDS as readonly string[]).includes(field);
}

/** The fewest significant digits a price must keep: a precision that keeps fewer is refused. */
export const MIN_SIGNIFICANT_DIGITS = 5;

/**
 * Significant digits of `price` kept at `precision` decimals: from its first non-zero digit to the last decimal
 * the precision keeps. "1.08416" at 0 keeps 1, at 4 keeps 5; "64250.12" at 0 keeps 5; "0.5821" at 5 keeps 5.
 */
export function significantDigitsAt(price: string, precision: number): number {
  const p = parseDecimal(price);
  if (!p) return 0;
  // Every decimal place the precision keeps counts, trailing zeros included: 2500.00 at 2 keeps 6.
  const places = Math.max(0, precision);
  const digits = `${p.int}${p.frac.padEnd(places, '0').slice(0, places)}`.replace(/^0+/, '');
  return digits.length;
}

/** Whether a precision keeps enough of the current price (no price yet: any precision the schema allows). */
export function precisionKeepsPrice(price: string | null, precision: number): boolean {
  if (price === null) return true;
  return significantDigitsAt(price, precision) >= MIN_SIGNIFICANT_DIGITS;
}

/** Quote currencies a product symbol may end with, longest first (so USDT wins over USD). */
const PRODUCT_QUOTES = ['USDT', 'USDC', 'BUSD', 'FDUSD', 'USD', 'EUR', 'GBP', 'JPY', 'BTC', 'ETH'] as const;
/** Exchanges' other names for one asset. */
const ASSET_ALIASES: Record<string, string> = { XBT: 'BTC', XDG: 'DOGE' };

export const canonicalAsset = (asset: string): string => ASSET_ALIASES[asset] ?? asset;

/** A product's base asset from its symbol (BTCUSDT -> BTC, EURUSD -> EUR), or null when no known quote ends it. */
export function productBaseAsset(symbol: string): string | null {
  for (const q of [...PRODUCT_QUOTES].sort((a, b) => b.length - a.length)) {
    if (symbol.endsWith(q) && symbol.length > q.length) return canonicalAsset(symbol.slice(0, -q.length));
  }
  return null;
}

/** The notice a scheduled change needs: the configured hours, never less than the longest expiry plus a minute. */
export function noticeMs(noticeHours: number, longestExpirySeconds: number): number {
  return Math.max(Math.round(noticeHours * 3_600_000), longestExpirySeconds * 1000 + 60_000);
}

/**
 * The earliest `effectiveAt` for a change scheduled at `nowMs`: the notice ahead, and a minute after the last
 * open order of the product expires, rounded up to a whole second.
 */
export function earliestEffectiveAt(nowMs: number, notice: number, lastOpenExpiryMs: number | null): number {
  const at = Math.max(nowMs + notice, lastOpenExpiryMs === null ? -Infinity : lastOpenExpiryMs + 60_000);
  return Math.ceil(at / 1000) * 1000;
}

export interface ScheduledValue {
  field: string;
  to: unknown;
  effectiveAtMs: number;
}

/**
 * The value of `field` at `atMs`: the `to` of the latest scheduled change of that field in effect by then, else
 * `current` (the catalogue's value before any of them).
 */
export function valueAt<T>(current: T, field: string, changes: readonly ScheduledValue[], atMs: number): T {
  let best: ScheduledValue | null = null;
  for (const c of changes) {
    if (c.field === field && c.effectiveAtMs <= atMs && (!best || c.effectiveAtMs >= best.effectiveAtMs)) best = c;
  }
  return best ? (best.to as T) : current;
}

/** Whether an order expiring at `expiresAtMs` would reach a scheduled change (its effectiveAt at or before the expiry). */
export function firstChangeReached(changes: readonly { effectiveAtMs: number }[], expiresAtMs: number): number | null {
  let first: number | null = null;
  for (const c of changes) if (c.effectiveAtMs <= expiresAtMs && (first === null || c.effectiveAtMs < first)) first = c.effectiveAtMs;
  return first;
}
