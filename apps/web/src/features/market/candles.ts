import type { Candle, CandleInterval } from '@candor/contracts';

/** Candle times arrive as ISO strings (or epoch seconds / ms): epoch seconds for charts and ordering. */
export function candleSeconds(t: string): number {
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return n > 1e11 ? Math.floor(n / 1000) : n;
  }
  return Math.floor(Date.parse(t) / 1000);
}

/** Insert or replace a live candle in a history ordered by time; older candles than the last are ignored. */
export function upsertCandle(list: readonly Candle[], e: Candle, max = 2000): Candle[] {
  const candle: Candle = { t: e.t, o: e.o, h: e.h, l: e.l, c: e.c, v: e.v };
  const last = list[list.length - 1];
  if (!last) return [candle];
  const lt = candleSeconds(last.t);
  const et = candleSeconds(e.t);
  if (et === lt) return [...list.slice(0, -1), candle];
  if (et > lt) {
    const next = [...list, candle];
    return next.length > max ? next.slice(next.length - max) : next;
  }
  return list as Candle[];
}

/** Fewer candles than this on an interval longer than a minute is a chart of one lonely bar: said in words instead. */
export const MIN_CHART_CANDLES = 3;

/**
 * Whether a history is worth drawing at this interval. The minute chart always is (a fresh product's
 * candles appear as they form); a longer interval needs a few candles, which a product whose prices began
 * an hour ago does not have for hours or days (the server keeps no price from before the feed's first tick).
 */
export function enoughHistory(interval: CandleInterval, count: number): boolean {
  return interval === '1m' ? count > 0 : count >= MIN_CHART_CANDLES;
}
