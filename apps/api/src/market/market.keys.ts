import type { CandleEvent, CandleInterval } from '@candor/contracts';

/**
 * What the feed and the api share through Redis (besides REDIS_TICKS_CHANNEL in libs/contracts):
 * key names and the message published for every tick. One place, imported by both.
 */

/** The last stored tick of a product, JSON `LastTick`, written by the feed after the tick's batch committed. */
export const tickLastKey = (symbol: string): string => `tick:last:${symbol}`;
/** Only one feed produces at a time: `SET feed:leader <id> NX PX <ttl>`, renewed while it runs. */
export const FEED_LEADER_KEY = 'feed:leader';
/** Published (empty payload = all, or a symbol) when an operator changed the catalogue, so every api instance reloads it. */
export const PRODUCTS_CHANGED_CHANNEL = 'candor:products-changed';

export interface LastTick {
  seq: string;
  t: string;
  price: string;
}

export interface LiveStats24h {
  change24h: string;
  high24h: string | null;
  low24h: string | null;
  volume24h: string;
  amount24h: string;
}

export type LiveCandle = Omit<CandleEvent, 'symbol' | 'interval'>;

/** Published on REDIS_TICKS_CHANNEL for every stored tick, with the product's live 24h statistics and current candles. */
export interface TickMessage {
  symbol: string;
  seq: string;
  t: string;
  price: string;
  volume: string;
  stats: LiveStats24h;
  candles: Record<CandleInterval, LiveCandle>;
}
