import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../common/domain-error.js';
import { candlesQuerySchema, candleWindow, MAX_CANDLES, parseTimeParam, recordWindow, symbolParam } from './market.query.js';

const NOW = Date.UTC(2026, 10, 21, 12, 34, 56, 789);

describe('market queries', () => {
  it.each([
    ['2026-11-21T12:00:00Z', Date.UTC(2026, 10, 21, 12)],
    ['2026-11-21T12:00:00.250Z', Date.UTC(2026, 10, 21, 12, 0, 0, 250)],
    ['2026-11-21T20:00:00+08:00', Date.UTC(2026, 10, 21, 12)],
    ['1795300000', 1795300000 * 1000],
    ['1795300000123', 1795300000123],
    ['2026-11-21', null],
    ['2026-11-21T12:00:00', null],
    ['tomorrow', null],
    ['1e12', null],
    ['', null],
  ])('parses the time %p as %p', (text, expected) => {
    expect(parseTimeParam(text)).toBe(expected);
  });

  it.each([
    ['btcusdt', 'BTCUSDT'],
    ['EURUSD', 'EURUSD'],
  ])('reads the symbol %p as %p', (raw, symbol) => {
    expect(symbolParam(raw)).toBe(symbol);
  });

  it.each(['B', 'BTC-USDT', 'A'.repeat(21), '../etc'])('does not find the symbol %p', (raw) => {
    expect(() => symbolParam(raw)).toThrow(DomainError);
  });

  it('validates the candles query: interval from the list, times readable, nothing else', () => {
    expect(candlesQuerySchema.parse({})).toEqual({ interval: '1m' });
    expect(candlesQuerySchema.parse({ interval: '1h', from: '1795300000' })).toEqual({ interval: '1h', from: 1795300000000 });
    expect(candlesQuerySchema.safeParse({ interval: '2m' }).success).toBe(false);
    expect(candlesQuerySchema.safeParse({ from: 'soon' }).error?.issues[0]?.path).toEqual(['from']);
    expect(candlesQuerySchema.safeParse({ price: '1' }).success).toBe(false);
  });

  describe('candle window', () => {
    it('defaults to the 300 buckets ending with the one holding now', () => {
      const w = candleWindow(60, NOW);
      expect(w.end).toBe(Date.UTC(2026, 10, 21, 12, 35));
      expect((w.end - w.start) / 60_000).toBe(300);
    });

    it('covers the buckets holding from and to', () => {
      const w = candleWindow(300, NOW, Date.UTC(2026, 10, 21, 10, 7), Date.UTC(2026, 10, 21, 11, 2));
      expect(w).toEqual({ start: Date.UTC(2026, 10, 21, 10, 5), end: Date.UTC(2026, 10, 21, 11, 5) });
    });

    it(`keeps the latest ${MAX_CANDLES} buckets of a longer range`, () => {
      const w = candleWindow(86400, NOW, Date.UTC(2020, 0, 1), NOW);
      expect((w.end - w.start) / 86_400_000).toBe(MAX_CANDLES);
      expect(w.end).toBe(Date.UTC(2026, 10, 22));
    });

    it('refuses from after to', () => {
      expect(() => candleWindow(60, NOW, NOW, NOW - 1)).toThrow(DomainError);
    });
  });

  describe('record window', () => {
    it.each([
      ['nothing: the last minute', undefined, undefined, { from: NOW - 60_000, to: NOW }],
      ['only to: the minute before it', undefined, NOW - 5000, { from: NOW - 65_000, to: NOW - 5000 }],
      ['only from: ten minutes from it', NOW - 3_600_000, undefined, { from: NOW - 3_600_000, to: NOW - 3_000_000 }],
      ['both, short', NOW - 2000, NOW - 1000, { from: NOW - 2000, to: NOW - 1000 }],
      ['both, too long: cut to ten minutes from `from`', NOW - 86_400_000, NOW, { from: NOW - 86_400_000, to: NOW - 86_400_000 + 600_000 }],
    ])('%s', (_label, from, to, expected) => {
      expect(recordWindow(NOW, from, to)).toEqual(expected);
    });

    it('refuses from after to', () => {
      expect(() => recordWindow(NOW, NOW, NOW - 1)).toThrow(DomainError);
    });
  });
});
