import { z } from 'zod';
import { CANDLE_INTERVALS, type ChainChange, type HaltReason, type PriceRule, type ScheduledFieldName, type TickSource } from '@candor/domain';
import type { HomeContent } from './content.js';

/** Seconds of each candle interval: the candle rules' own table. */
export { CANDLE_INTERVAL_SECONDS as INTERVAL_SECONDS } from '@candor/domain';

/** `halted`: the market is open but has no valid price from its exchanges (too few fresh, or they disagree). */
export type ProductStatus = 'open' | 'closed' | 'maintenance' | 'halted';
/** Why a product is halted, the exchange quotes a price was made from and the rule it was made by (docs/prices.md). */
export type { HaltReason, PriceRule, TickSource } from '@candor/domain';
/** Where a product's prices come from: public exchanges, or the simulator or a replay (demo only). */
export type PriceSourceKind = 'venues' | 'simulated' | 'replay';
/** A product's price source: its markets on the exchanges and the rule's parameters (docs/prices.md). */
export interface PriceSource {
  kind: PriceSourceKind;
  venues: { venue: string; symbol: string }[];
  quorum: number;
  maxDeviationBps: number;
}
/** One exchange market of a product in GET /api/market/feed-status. */
export interface FeedVenueState {
  venue: string;
  symbol: string;
  /** Connected, and heard from within the stale limit. */
  connected: boolean;
  /** Milliseconds since the exchange's last message on its connection (null: none yet). */
  lastMessageAgeMs: number | null;
  /** The mid of its last quote the price rule saw (null: none). */
  mid: string | null;
  /** Whether the product's last price used it. */
  used: boolean;
  /** Why not: stale, deviation, currency, invalid, or disabled (the feed does not read this exchange). */
  reason?: string;
}
/** One product in GET /api/market/feed-status. `unknown`: no feed has reported. */
export interface FeedStatus {
  symbol: string;
  kind: PriceSourceKind;
  status: 'open' | 'halted' | 'starting' | 'unknown';
  haltReason?: HaltReason;
  /** Quotes used for the last price, of the product's markets. */
  used?: number;
  total?: number;
  venues: FeedVenueState[];
  /** Catalogue changes announced for this product and not yet in effect. */
  scheduledChanges?: ScheduledChange[];
}
/**
 * The catalogue fields that shape prices or sessions. A change to one is never immediate: it is scheduled for
 * an `effectiveAt` at least the notice period ahead, shown to everyone until then, recorded in the tick chain
 * when it takes effect, and never reaches an open order (docs/prices.md, "Catalogue changes").
 */
export { SCHEDULED_FIELDS } from '@candor/domain';
export type ScheduledField = ScheduledFieldName;
/** A pending catalogue change: the field, its value now and from `effectiveAt` (ISO 8601, a whole second). */
export interface ScheduledChange {
  id: string;
  field: ScheduledField;
  from: unknown;
  to: unknown;
  effectiveAt: string;
}
/** `pending` until `effectiveAt`; then `applied`, or `refused` (a check at that moment failed: `refusedReason`); `cancelled` by an operator before it. */
export type CatalogueChangeStatus = 'pending' | 'applied' | 'cancelled' | 'refused';
/** One catalogue change in a product's public history (`GET /api/products/:symbol/changes`). */
export interface CatalogueChange extends ScheduledChange {
  symbol: string;
  status: CatalogueChangeStatus;
  createdAt: string;
  /** When it was applied, cancelled or refused. */
  decidedAt: string | null;
  /** `deviation`: a new exchange market's mid did not agree with the product's price; `no_quote`: it sent none. */
  refusedReason: string | null;
  /** Applied: the tick-chain block (its epoch second) that records it. */
  blockSecond: string | null;
}
/** A catalogue change as recorded in the tick chain: `from` and `to` are canonical JSON texts (hashed with the block). */
export type { ChainChange } from '@candor/domain';
export interface ExpiryOption {
  seconds: number;
  payoutRate: string;
}
export interface Product {
  id: string;
  symbol: string;
  name: string;
  category: 'crypto' | 'forex' | 'metal' | 'index';
  precision: number;
  lastPrice: string | null;
  change24h: string; // fraction as a decimal string, "0.0123" = +1.23 %
  high24h: string | null;
  low24h: string | null;
  /** Base-asset volume over 24 h: for a product priced from exchanges, theirs, summed (the platform's ticks trade nothing). */
  volume24h: string;
  /** Turnover over 24 h in the quote currency, the same way. */
  amount24h: string;
  status: ProductStatus;
  /** Set with status `halted`. */
  haltReason?: HaltReason;
  maintenanceMessage?: string;
  nextOpenAt?: string;
  /** Where its prices come from; `simulated` and `replay` are demo only. */
  priceSource: PriceSource;
  expiries: ExpiryOption[];
  minStake: string;
  maxStake: string;
  recommended: boolean;
  /** Time of the latest stored tick (how fresh `lastPrice` is). */
  lastTickAt?: string | null;
  /** Catalogue changes announced and not yet in effect, earliest first. */
  scheduledChanges: ScheduledChange[];
}
/** `GET /api/home`: the content module's home with the recommended products. */
export type HomeResponse = HomeContent<Product>;
export interface Candle {
  t: string;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}
export interface TickRecord {
  seq: string;
  t: string;
  price: string;
  blockSecond: string;
  blockHash: string;
  /** A price made from exchange quotes: every quote (used or dropped) and the rule. */
  sources?: TickSource[];
  rule?: PriceRule;
}
export interface TickBlock {
  symbol: string;
  second: string;
  ticks: { seq: string; t: string; price: string; sources?: TickSource[]; rule?: PriceRule }[];
  /** Catalogue changes that took effect in this second (hashed with the block). */
  changes?: ChainChange[];
  prevHash: string;
  hash: string;
}

export const candlesQuery = z.strictObject({
  interval: z.enum(CANDLE_INTERVALS).default('1m'),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  lang: z.string().max(10).optional(),
});
export const ticksQuery = z.strictObject({ from: z.string().max(40).optional(), to: z.string().max(40).optional(), lang: z.string().max(10).optional() });

/** `GET /api/me/watchlist`: the signed-in user's favourite products, as symbols in the order they were added (products no longer listed are left out). */
export interface Watchlist {
  symbols: string[];
}
