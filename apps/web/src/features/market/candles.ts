import type { Candle } from '@candor/contracts';

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
