import { describe, it, expect } from '@jest/globals';
import { aggregateTicks, applyTick, bucketStart, CANDLE_INTERVAL_SECONDS, type CandleInterval, type OhlcCandle, type PriceTick } from './candles.js';

const T0 = Date.UTC(2024, 2, 5, 12, 0, 0); // 2024-03-05T12:00:00Z, aligned to every interval up to 1h

describe('bucketStart', () => {
  it.each<[number, number, number]>([
    [T0, 60, T0],
    [T0 + 59_999, 60, T0],
    [T0 + 60_000, 60, T0 + 60_000],
    [T0 - 1, 60, T0 - 60_000],
    [T0 + 299_999, 300, T0],
    [T0 + 300_000, 300, T0 + 300_000],
    [T0 + 14 * 60_000, 900, T0],
    [T0 + 15 * 60_000, 900, T0 + 900_000],
    [T0 + 3_599_999, 3600, T0],
    [Date.UTC(2024, 2, 5, 23, 59, 59, 999), 86400, Date.UTC(2024, 2, 5)],
    [Date.UTC(2024, 2, 6), 86400, Date.UTC(2024, 2, 6)],
    [0, 60, 0],
    [-1, 60, -60_000], // before 1970 still floors down
    [-60_000, 60, -60_000],
  ])('bucketStart(%p, %p) = %p', (t, s, start) => expect(bucketStart(t, s)).toBe(start));

  it('refuses bad arguments', () => {
    expect(() => bucketStart(NaN, 60)).toThrow(RangeError);
    expect(() => bucketStart(T0, 0)).toThrow(RangeError);
    expect(() => bucketStart(T0, -60)).toThrow(RangeError);
    expect(() => bucketStart(T0, 1.5)).toThrow(RangeError);
  });

  it('knows the five intervals', () => {
    expect(CANDLE_INTERVAL_SECONDS).toEqual({ '1m': 60, '5m': 300, '15m': 900, '1h': 3600, '1d': 86400 });
  });
});

describe('applyTick', () => {
  const base: OhlcCandle = { t: T0, o: '100', h: '101', l: '99', c: '100.5', v: 3 };

  it.each<[string, OhlcCandle | undefined, PriceTick, OhlcCandle]>([
    ['opens the first candle', undefined, { t: T0 + 5000, price: '100', volume: 2 }, { t: T0, o: '100', h: '100', l: '100', c: '100', v: 2 }],
    ['volume defaults to 0', undefined, { t: T0 + 5000, price: '100' }, { t: T0, o: '100', h: '100', l: '100', c: '100', v: 0 }],
    ['raises the high', base, { t: T0 + 10_000, price: '101.01', volume: 1 }, { ...base, h: '101.01', c: '101.01', v: 4 }],
    ['lowers the low', base, { t: T0 + 10_000, price: '98.9', volume: 1 }, { ...base, l: '98.9', c: '98.9', v: 4 }],
    ['inside the range only moves the close', base, { t: T0 + 59_999, price: '100.2' }, { ...base, c: '100.2' }],
    ['equal to the high keeps the high text', base, { t: T0 + 1, price: '101.000' }, { ...base, c: '101.000' }],
    ['compares by value, not as text', { ...base, h: '99.5', l: '99.5' }, { t: T0 + 1, price: '100' }, { ...base, h: '100', l: '99.5', c: '100' }],
    ['a later bucket opens a new candle', base, { t: T0 + 60_000, price: '102', volume: 5 }, { t: T0 + 60_000, o: '102', h: '102', l: '102', c: '102', v: 5 }],
    ['a bucket several intervals later', base, { t: T0 + 600_000, price: '97' }, { t: T0 + 600_000, o: '97', h: '97', l: '97', c: '97', v: 0 }],
    ['a late tick of an earlier bucket is ignored', base, { t: T0 - 1, price: '1' }, base],
  ])('%s', (_name, candle, tick, out) => {
    const before = candle ? { ...candle } : undefined;
    expect(applyTick(candle, tick, '1m')).toEqual(out);
    expect(candle).toEqual(before); // not mutated
  });

  it('accepts seconds as the interval', () => {
    expect(applyTick(undefined, { t: T0 + 299_000, price: '1' }, 300).t).toBe(T0);
  });

  it.each<[PriceTick]>([
    [{ t: NaN, price: '1' }],
    [{ t: T0, price: 'abc' }],
    [{ t: T0, price: '1e5' }],
    [{ t: T0, price: '1', volume: -1 }],
    [{ t: T0, price: '1', volume: NaN }],
  ])('refuses %p', (tick) => expect(() => applyTick(undefined, tick, '1m')).toThrow(RangeError));

  it('refuses an unknown interval', () => {
    expect(() => applyTick(undefined, { t: T0, price: '1' }, '2m' as CandleInterval)).toThrow(RangeError);
  });
});

describe('aggregateTicks', () => {
  const ticks: PriceTick[] = [
    { t: T0 + 1_000, price: '100', volume: 1 },
    { t: T0 + 20_000, price: '102.5', volume: 2 },
    { t: T0 + 40_000, price: '99.75', volume: 3 },
    { t: T0 + 59_999, price: '101', volume: 4 },
    { t: T0 + 60_000, price: '101.5', volume: 5 },
    { t: T0 + 61_000, price: '101.25' },
    // nothing in minute 2
    { t: T0 + 185_000, price: '98', volume: 0.5 },
  ];

  it.each<[CandleInterval, OhlcCandle[]]>([
    [
      '1m',
      [
        { t: T0, o: '100', h: '102.5', l: '99.75', c: '101', v: 10 },
        { t: T0 + 60_000, o: '101.5', h: '101.5', l: '101.25', c: '101.25', v: 5 },
        { t: T0 + 180_000, o: '98', h: '98', l: '98', c: '98', v: 0.5 },
      ],
    ],
    ['5m', [{ t: T0, o: '100', h: '102.5', l: '98', c: '98', v: 15.5 }]],
    ['15m', [{ t: T0, o: '100', h: '102.5', l: '98', c: '98', v: 15.5 }]],
    ['1h', [{ t: T0, o: '100', h: '102.5', l: '98', c: '98', v: 15.5 }]],
    ['1d', [{ t: Date.UTC(2024, 2, 5), o: '100', h: '102.5', l: '98', c: '98', v: 15.5 }]],
  ])('%p', (interval, candles) => {
    expect(aggregateTicks(ticks, interval)).toEqual(candles);
  });

  it('orders ticks by time, keeping the given order for equal times', () => {
    const shuffled: PriceTick[] = [
      { t: T0 + 30_000, price: '3' },
      { t: T0 + 10_000, price: '1' },
      { t: T0 + 30_000, price: '4' },
      { t: T0 + 20_000, price: '2' },
    ];
    expect(aggregateTicks(shuffled, '1m')).toEqual([{ t: T0, o: '1', h: '4', l: '1', c: '4', v: 0 }]);
  });

  it('gives no candles for no ticks', () => expect(aggregateTicks([], '1m')).toEqual([]));

  it('splits days at UTC midnight', () => {
    const out = aggregateTicks(
      [
        { t: Date.UTC(2024, 0, 1, 23, 59, 59, 999), price: '1' },
        { t: Date.UTC(2024, 0, 2, 0, 0, 0, 0), price: '2' },
      ],
      '1d',
    );
    expect(out.map((c) => [c.t, c.o])).toEqual([
      [Date.UTC(2024, 0, 1), '1'],
      [Date.UTC(2024, 0, 2), '2'],
    ]);
  });

  it('agrees with folding applyTick over the same ticks', () => {
    let live: OhlcCandle | undefined;
    const closed: OhlcCandle[] = [];
    for (const tick of ticks) {
      const next = applyTick(live, tick, '1m');
      if (live && next.t !== live.t) closed.push(live);
      live = next;
    }
    expect([...closed, live]).toEqual(aggregateTicks(ticks, '1m'));
  });
});
