import type { PriceRule, TickSource } from '@candor/domain';
import type { PriceKind } from '@candor/cross-process';

/** A product's volume and turnover over 24 h on the exchanges it is priced from, as they report them (decimal text). */
export interface Market24h {
  volume: string;
  amount: string;
}

/** What an adapter may say about a tick beyond its price. */
export interface FeedTickInfo {
  /**
   * The product's tick right after a whole-second boundary. Settlement waits for a stored tick later
   * than an order's expiry (always a whole second), so the writer stores such a tick at once rather
   * than with the next batch.
   */
  boundary?: boolean;
  /** Where the price came from (default: the runner's kind for the adapter). */
  kind?: PriceKind;
  /** A price made from exchange quotes: every quote it was made from (used or dropped) and the rule; hashed with the tick. */
  sources?: readonly TickSource[];
  rule?: PriceRule;
  /** Shown as the product's 24h figures in place of the platform's own ticks' (which carry none); not part of the tick record. */
  market24h?: Market24h;
}

export type OnFeedTick = (symbol: string, price: string, volume: string, t: Date, info?: FeedTickInfo) => void;

/** A source of prices. The feed runner gives it a callback and writes what it reports through the TickWriter. */
export interface FeedAdapter {
  /** Start producing; `price` and `volume` are decimal strings, `t` the time of the quote. */
  start(onTick: OnFeedTick): void;
  stop(): void;
}
