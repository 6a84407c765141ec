import { describe, expect, it } from '@jest/globals';
import type { Candle } from '@candor/contracts';
import { candleSeconds, enoughHistory, MIN_CHART_CANDLES, upsertCandle } from './candles';

const c = (t: string, close: string): Candle => ({ t, o: '1', h: '2', l: '0.5', c: close, v: '3' });

describe('candleSeconds', () => {
  it.each([
    ['2024-03-05T10:01:00.000Z', 1709632860],
    ['2024-03-05T10:01:00Z', 1709632860],
    ['1709632860', 1709632860], // epoch seconds
    ['1709632860000', 1709632860], // epoch milliseconds
  ])('%s -> %s', (t, s) => {
    expect(candleSeconds(t)).toBe(s);
  });
});

describe('upsertCandle', () => {
  const history = [c('2024-03-05T10:00:00Z', '1.0'), c('2024-03-05T10:01:00Z', '1.1')];

  it('replaces the live candle of the same time', () => {
    const next = upsertCandle(history, c('2024-03-05T10:01:00Z', '1.2'));
    expect(next).toHaveLength(2);
    expect(next[1]?.c).toBe('1.2');
    expect(history[1]?.c).toBe('1.1'); // not mutated
  });

  it('appends a candle of a later time', () => {
    const next = upsertCandle(history, c('2024-03-05T10:02:00Z', '1.3'));
    expect(next.map((x) => x.c)).toEqual(['1.0', '1.1', '1.3']);
  });

  it('ignores a late candle older than the last one', () => {
    const next = upsertCandle(history, c('2024-03-05T10:00:00Z', '9.9'));
    expect(next).toBe(history);
  });

  it('starts a history from nothing', () => {
    expect(upsertCandle([], c('2024-03-05T10:00:00Z', '1.0'))).toHaveLength(1);
  });

  it('keeps at most `max` candles, dropping the oldest', () => {
    const next = upsertCandle(history, c('2024-03-05T10:02:00Z', '1.3'), 2);
    expect(next.map((x) => x.c)).toEqual(['1.1', '1.3']);
  });

  it('keeps only the candle fields of a socket event', () => {
    const event = { ...c('2024-03-05T10:02:00Z', '1.3'), symbol: 'BTCUSDT', interval: '1m' };
    expect(Object.keys(upsertCandle(history, event)[2] ?? {})).toEqual(['t', 'o', 'h', 'l', 'c', 'v']);
  });
});

describe('enoughHistory', () => {
  it('draws the minute chart from its first candle', () => {
    expect(enoughHistory('1m', 0)).toBe(false);
    expect(enoughHistory('1m', 1)).toBe(true);
  });
  it.each(['5m', '15m', '1h', '1d'] as const)('asks %s for a few candles before drawing', (interval) => {
    expect(enoughHistory(interval, 1)).toBe(false);
    expect(enoughHistory(interval, MIN_CHART_CANDLES - 1)).toBe(false);
    expect(enoughHistory(interval, MIN_CHART_CANDLES)).toBe(true);
  });
});
