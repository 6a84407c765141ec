import { bucketStart, CANDLE_INTERVAL_SECONDS, scaledToDecimal } from '@candor/domain';
import { CANDLE_INTERVALS, type CandleInterval } from '@candor/contracts';
import { AMOUNT_SCALE, formatAmount, formatChange, formatVolume, toScaled, VOLUME_SCALE, windowStart } from '../market-format.js';
import type { LiveCandle, LiveStats24h } from '@candor/cross-process';

/** Prices are compared as exact bigints at this scale (product precision is at most 8). */
const PRICE_SCALE = 8;

interface Agg {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  hs: bigint;
  ls: bigint;
  v: bigint;
  a: bigint;
}

export interface StatTick {
  /** Epoch ms. */
  t: number;
  price: string;
  volume: string;
}

/** A stored 1-minute rollup (table `candles`, size 60), as the feed seeds itself on start. */
export interface MinuteRow {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  amount: string;
}

function fromTick(tick: StatTick, start: number): Agg {
  const p = toScaled(tick.price, PRICE_SCALE);
  const v = toScaled(tick.volume, VOLUME_SCALE);
  return { t: start, o: tick.price, h: tick.price, l: tick.price, c: tick.price, hs: p, ls: p, v, a: p * v };
}

function merge(agg: Agg, tick: StatTick): void {
  const p = toScaled(tick.price, PRICE_SCALE);
  const v = toScaled(tick.volume, VOLUME_SCALE);
  if (p > agg.hs) [agg.h, agg.hs] = [tick.price, p];
  if (p < agg.ls) [agg.l, agg.ls] = [tick.price, p];
  agg.c = tick.price;
  agg.v += v;
  agg.a += p * v;
}

function fromRow(r: MinuteRow): Agg {
  return {
    t: r.t,
    o: r.o,
    h: r.h,
    l: r.l,
    c: r.c,
    hs: toScaled(r.h, PRICE_SCALE),
    ls: toScaled(r.l, PRICE_SCALE),
    v: toScaled(r.v, VOLUME_SCALE),
    a: toScaled(r.amount, AMOUNT_SCALE),
  };
}

/** Combine consecutive aggregates (oldest first) into one starting at `t`. */
function combine(t: number, parts: Agg[]): Agg {
  const first = parts[0]!;
  const out: Agg = { ...first, t };
  for (const p of parts.slice(1)) {
    if (p.hs > out.hs) [out.h, out.hs] = [p.h, p.hs];
    if (p.ls < out.ls) [out.l, out.ls] = [p.l, p.ls];
    out.c = p.c;
    out.v += p.v;
    out.a += p.a;
  }
  return out;
}

const candleOf = (a: Agg): LiveCandle => ({
  t: new Date(a.t).toISOString(),
  o: a.o,
  h: a.h,
  l: a.l,
  c: a.c,
  v: formatVolume(scaledToDecimal(a.v, VOLUME_SCALE)),
});

/**
 * A product's live 24h statistics and current candles, kept incrementally by the feed from the
 * ticks it writes (seeded on start from the stored 1-minute rollups). The 24h window is the
 * minute of the latest tick and the 1439 minutes before it, the same window the api's REST
 * statistics use, so live events and REST answers agree.
 */
export class LiveStats {
  /** 1-minute aggregates of the window, oldest first. */
  private minutes: Agg[] = [];
  private readonly current = new Map<CandleInterval, Agg>();

  constructor(rows: readonly MinuteRow[] = []) {
    const sorted = [...rows].sort((a, b) => a.t - b.t);
    this.minutes = sorted.map(fromRow);
    const last = this.minutes[this.minutes.length - 1];
    if (!last) return;
    for (const interval of CANDLE_INTERVALS) {
      const size = CANDLE_INTERVAL_SECONDS[interval];
      const start = bucketStart(last.t, size);
      const parts = this.minutes.filter((m) => bucketStart(m.t, size) === start);
      this.current.set(interval, combine(start, parts));
    }
  }

  /** Fold one tick in (ticks come in time order; an older tick than the current minute only updates nothing). */
  apply(tick: StatTick): void {
    const minute = bucketStart(tick.t, 60);
    const last = this.minutes[this.minutes.length - 1];
    if (!last || minute > last.t) this.minutes.push(fromTick(tick, minute));
    else if (minute === last.t) merge(last, tick);
    const from = windowStart(tick.t);
    let drop = 0;
    while (drop < this.minutes.length && this.minutes[drop]!.t < from) drop++;
    if (drop) this.minutes = this.minutes.slice(drop);

    for (const interval of CANDLE_INTERVALS) {
      const start = bucketStart(tick.t, CANDLE_INTERVAL_SECONDS[interval]);
      const cur = this.current.get(interval);
      if (!cur || start > cur.t) this.current.set(interval, fromTick(tick, start));
      else if (start === cur.t) merge(cur, tick);
    }
  }

  /** Statistics of the 24h window containing `atMs`. */
  stats(atMs: number): LiveStats24h {
    const from = windowStart(atMs);
    const inWindow = this.minutes.filter((m) => m.t >= from && m.t <= atMs);
    if (inWindow.length === 0) return { change24h: formatChange(null, null), high24h: null, low24h: null, volume24h: '0', amount24h: '0.00' };
    const all = combine(inWindow[0]!.t, inWindow);
    return {
      change24h: formatChange(all.o, all.c),
      high24h: all.h,
      low24h: all.l,
      volume24h: formatVolume(scaledToDecimal(all.v, VOLUME_SCALE)),
      amount24h: formatAmount(scaledToDecimal(all.a, AMOUNT_SCALE)),
    };
  }

  /** The current candle of every interval (absent before the first tick). */
  candles(): Partial<Record<CandleInterval, LiveCandle>> {
    const out: Partial<Record<CandleInterval, LiveCandle>> = {};
    for (const [interval, agg] of this.current) out[interval] = candleOf(agg);
    return out;
  }
}
