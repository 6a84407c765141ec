/**
 * OHLC candles from ticks. Buckets are aligned to UTC epoch multiples of the interval, so a
 * '1d' candle runs 00:00-24:00 UTC. Prices stay decimal strings and compare exactly.
 */
import { compareDecimal, isDecimal } from './decimal.js';

/** Candle intervals of the charts (also the values the candles endpoint accepts). */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const CANDLE_INTERVAL_SECONDS: Readonly<Record<CandleInterval, number>> = { '1m': 60, '5m': 300, '15m': 900, '1h': 3600, '1d': 86400 };

export interface PriceTick {
  /** Epoch milliseconds. */
  t: number;
  price: string;
  /** Traded volume of this tick; 0 when absent. */
  volume?: number;
}

export interface OhlcCandle {
  /** Bucket start, epoch milliseconds (UTC aligned). */
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  /** Sum of tick volumes. */
  v: number;
}

function intervalSeconds(interval: CandleInterval | number): number {
  const s = typeof interval === 'number' ? interval : CANDLE_INTERVAL_SECONDS[interval];
  if (!Number.isSafeInteger(s) || s <= 0) throw new RangeError(`bad candle interval: ${String(interval)}`);
  return s;
}

/** Start (epoch ms) of the bucket holding `tMs`: floor(t / size) * size, also for times before 1970. */
export function bucketStart(tMs: number, intervalSeconds: number): number {
  if (!Number.isFinite(tMs)) throw new RangeError(`bad time: ${tMs}`);
  if (!Number.isSafeInteger(intervalSeconds) || intervalSeconds <= 0) throw new RangeError(`bad interval: ${intervalSeconds}`);
  const size = intervalSeconds * 1000;
  return Math.floor(tMs / size) * size;
}

function checkTick(tick: PriceTick): void {
  if (!Number.isFinite(tick.t)) throw new RangeError(`bad tick time: ${tick.t}`);
  if (!isDecimal(tick.price)) throw new RangeError(`bad tick price: ${String(tick.price).slice(0, 40)}`);
  if (tick.volume !== undefined && !(Number.isFinite(tick.volume) && tick.volume >= 0)) throw new RangeError(`bad tick volume: ${tick.volume}`);
}

function fromTick(tick: PriceTick, start: number): OhlcCandle {
  return { t: start, o: tick.price, h: tick.price, l: tick.price, c: tick.price, v: tick.volume ?? 0 };
}

/**
 * Fold one tick into the live candle and return the new live candle (inputs are not mutated):
 * - no candle yet, or the tick is in a later bucket: a new candle opened by this tick;
 * - same bucket: high/low widened, close = this tick, volume added;
 * - an earlier bucket (a late tick): the candle is returned unchanged.
 * A caller sees a rollover when the returned `t` differs from the previous one.
 */
export function applyTick(candle: OhlcCandle | undefined, tick: PriceTick, interval: CandleInterval | number): OhlcCandle {
  checkTick(tick);
  const start = bucketStart(tick.t, intervalSeconds(interval));
  if (!candle || start > candle.t) return fromTick(tick, start);
  if (start < candle.t) return candle;
  return {
    t: candle.t,
    o: candle.o,
    h: compareDecimal(tick.price, candle.h) > 0 ? tick.price : candle.h,
    l: compareDecimal(tick.price, candle.l) < 0 ? tick.price : candle.l,
    c: tick.price,
    v: candle.v + (tick.volume ?? 0),
  };
}

/**
 * Aggregate ticks into candles, oldest first. Ticks are ordered by time (stable, so ticks with
 * the same time keep their given order, e.g. by sequence); empty buckets produce no candle.
 */
export function aggregateTicks(ticks: readonly PriceTick[], interval: CandleInterval | number): OhlcCandle[] {
  const size = intervalSeconds(interval);
  const sorted = ticks.map((tick, i) => ({ tick, i })).sort((a, b) => a.tick.t - b.tick.t || a.i - b.i);
  const out: OhlcCandle[] = [];
  let live: OhlcCandle | undefined;
  for (const { tick } of sorted) {
    const next = applyTick(live, tick, size);
    if (live && next.t !== live.t) out.push(live);
    live = next;
  }
  if (live) out.push(live);
  return out;
}
