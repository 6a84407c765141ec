import type { Product, TickerEvent } from '@candor/contracts';
import { compareDecimal, isDecimal } from '@candor/domain';

/**
 * How a price on screen stands: whether it can be read as the current price and traded on. Pure
 * functions of the product and the (server) clock, so a timer can re-evaluate them without a new tick.
 */

/** A price whose tick is older than this is not shown as current: the feed ticks every second. */
export const STALE_AFTER_MS = 3000;

/** The rule's defaults (the server's FEED_QUORUM, FEED_MAX_DEVIATION_BPS, FEED_STALE_MS, SETTLE_GRACE_MS). */
export const PRICE_RULE_DEFAULTS = { quorum: 3, maxDeviationBps: 50, staleMs: 5000, settleGraceMs: 10_000 } as const;

export type PriceCondition = 'live' | 'stale' | 'halted' | 'closed' | 'maintenance';

/** Why the buy buttons are off. */
export type TradeBlock = 'closed' | 'maintenance' | 'simulated' | 'halted' | 'stale' | 'noExpiry';

/** The fields a live `ticker` event rewrites on a product held on screen (see mergeTicker). */
const TICK_FIELDS: ReadonlySet<string> = new Set([
  'lastPrice',
  'lastTickAt',
  'change24h',
  'high24h',
  'low24h',
  'volume24h',
  'amount24h',
  'sourcesUsed',
  'sourcesTotal',
]);

/** A product as the screens hold it: the API's, plus how many exchanges made its last live tick. */
export type LiveProduct = Product & { sourcesUsed?: number; sourcesTotal?: number };

/** A product with a live `ticker` event folded in: exactly the fields TICK_FIELDS names. */
export function mergeTicker(p: LiveProduct, e: TickerEvent): LiveProduct {
  const next: LiveProduct = {
    ...p,
    lastPrice: e.price,
    lastTickAt: e.t,
    change24h: e.change24h,
    high24h: e.high24h,
    low24h: e.low24h,
    volume24h: e.volume24h,
  };
  if (e.amount24h !== undefined) next.amount24h = e.amount24h;
  if (e.sourcesUsed !== undefined && e.sourcesTotal !== undefined) {
    next.sourcesUsed = e.sourcesUsed;
    next.sourcesTotal = e.sourcesTotal;
  }
  return next;
}

/**
 * Whether two versions of a product differ in nothing but what ticks move. Parts of a page that do not show
 * the price (the trade panel, the price-source card) skip the re-render of every tick with it.
 */
export function sameApartFromTicks(a: object, b: object): boolean {
  if (a === b) return true;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) if (!TICK_FIELDS.has(k) && ra[k] !== rb[k]) return false;
  return true;
}

/** Prices the platform makes itself (the simulator or a replay): demo only. */
export function isSimulated(p: Pick<Product, 'priceSource'>): boolean {
  const kind = p.priceSource?.kind;
  return kind === 'simulated' || kind === 'replay';
}

/**
 * Whether the last tick is older than `afterMs` at `nowMs`. `sinceMs` (when the screen started listening)
 * counts as a tick: a list loaded a minute ago is not "waiting" before its live ticks had a chance to come.
 */
export function isStale(lastTickAt: string | null | undefined, nowMs: number, sinceMs = -Infinity, afterMs = STALE_AFTER_MS): boolean {
  const t = lastTickAt ? Date.parse(lastTickAt) : NaN;
  const ref = Math.max(Number.isFinite(t) ? t : -Infinity, sinceMs);
  return !(nowMs - ref <= afterMs);
}

/** The product's price condition: its market status first, then the age of its last tick. */
export function priceCondition(p: Pick<Product, 'status' | 'lastTickAt'>, nowMs: number, sinceMs?: number): PriceCondition {
  if (p.status === 'halted' || p.status === 'closed' || p.status === 'maintenance') return p.status;
  return isStale(p.lastTickAt, nowMs, sinceMs) ? 'stale' : 'live';
}

/** The `market` namespace key of a halt's label ("Prices paused: not enough exchanges"). */
export function haltLabelKey(reason: string | null | undefined): 'halt.quorum' | 'halt.disagreement' | 'halt.other' {
  return reason === 'quorum' ? 'halt.quorum' : reason === 'disagreement' ? 'halt.disagreement' : 'halt.other';
}

/** The `market` namespace key of the label of a price condition, or null for a live price. */
export function conditionLabelKey(condition: PriceCondition, haltReason?: string | null): string | null {
  if (condition === 'live') return null;
  if (condition === 'stale') return 'price.waiting';
  if (condition === 'halted') return haltLabelKey(haltReason);
  return `status.${condition}`;
}

const DROP_REASONS = new Set(['stale', 'deviation', 'currency', 'invalid', 'disabled']);

/** Why an exchange's quote was left out of the price (feed-status `reason`), as a `market` key. */
export function droppedReasonKey(reason: string | null | undefined): string {
  return reason && DROP_REASONS.has(reason) ? `source.reason.${reason}` : 'source.reason.other';
}

/**
 * Why the buy buttons of `p` are off for `account`, or null when they are on. Simulated prices on the real
 * account first (no opening hour or price ever makes them tradable there), then a closed market, then the
 * price itself.
 */
export function tradeBlock(
  p: Pick<Product, 'status' | 'priceSource'>,
  condition: PriceCondition,
  account: 'real' | 'demo',
  hasExpiry: boolean,
): TradeBlock | null {
  if (account === 'real' && isSimulated(p)) return 'simulated';
  if (p.status === 'closed' || p.status === 'maintenance') return p.status;
  if (condition === 'halted' || condition === 'stale') return condition;
  if (condition !== 'live') return condition;
  return hasExpiry ? null : 'noExpiry';
}

/** The venue names of the API, as the exchanges spell themselves (names, not translations). */
const VENUE_NAMES: Record<string, string> = { binance: 'Binance', okx: 'OKX', coinbase: 'Coinbase', kraken: 'Kraken' };

export function venueName(venue: string): string {
  return VENUE_NAMES[venue] ?? (venue ? venue[0]!.toUpperCase() + venue.slice(1) : venue);
}

/** Milliseconds as seconds with one decimal for an age ("0.4"), or null when unknown. */
export function ageSeconds(ms: number | null | undefined): string | null {
  if (ms == null || !Number.isFinite(ms) || ms < 0) return null;
  return (Math.round(ms / 100) / 10).toFixed(1);
}

/** The last price a cell showed and its flash: the direction of the last move, counted so each move restarts it. */
export interface Flash {
  price: string | null | undefined;
  dir?: 'up' | 'down';
  n: number;
}

/** The flash after `price`: a new one when it moved from the last price shown, else the same. */
export function nextFlash(f: Flash, price: string | null | undefined): Flash {
  if (price === f.price) return f;
  const before = f.price;
  if (!before || !price || !isDecimal(before) || !isDecimal(price)) return { ...f, price };
  const c = compareDecimal(price, before);
  return c === 0 ? { ...f, price } : { price, dir: c > 0 ? 'up' : 'down', n: f.n + 1 };
}
