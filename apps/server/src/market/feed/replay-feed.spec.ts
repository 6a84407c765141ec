import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { parseTickCsv, ReplayFeed } from './replay-feed.js';

const SAMPLE = fileURLToPath(new URL('./sample-ticks.csv', import.meta.url));

afterEach(() => {
  jest.useRealTimers();
});

describe('replay CSV', () => {
  it('reads the shipped sample: several products, at least two ticks a second each, in time order', () => {
    const rows = parseTickCsv(readFileSync(SAMPLE, 'utf8'));
    const symbols = new Set(rows.map((r) => r.symbol));
    expect([...symbols].sort()).toEqual(['BTCUSDT', 'ETHUSDT', 'EURUSD']);
    for (const s of symbols) {
      const own = rows.filter((r) => r.symbol === s);
      const seconds = (own[own.length - 1]!.t - own[0]!.t) / 1000;
      expect(own.length / seconds).toBeGreaterThanOrEqual(2);
    }
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.t).toBeGreaterThanOrEqual(rows[i - 1]!.t);
  });

  it('accepts any column order, epoch milliseconds, a missing volume, comments and blank lines', () => {
    expect(parseTickCsv('# recorded\nprice,symbol,t\n\n1.5,btcusdt,1700000000000\n')).toEqual([
      { symbol: 'BTCUSDT', t: 1700000000000, price: '1.5', volume: '0' },
    ]);
  });

  it.each([
    ['a header without price', 'symbol,t\nBTCUSDT,2026-01-01T00:00:00Z', /lacks "price"/],
    ['a bad price', 'symbol,t,price\nBTCUSDT,2026-01-01T00:00:00Z,1e3', /line 2/],
    ['a negative price', 'symbol,t,price\nBTCUSDT,2026-01-01T00:00:00Z,-1', /line 2/],
    ['a bad time', 'symbol,t,price\nBTCUSDT,yesterday,1', /line 2/],
    ['a bad symbol', 'symbol,t,price\nBTC/USDT,2026-01-01T00:00:00Z,1', /line 2/],
  ])('refuses %s', (_label, text, error) => {
    expect(() => parseTickCsv(text)).toThrow(error);
  });
});

describe('ReplayFeed', () => {
  it('replays the rows in order with their recorded spacing, and loops', async () => {
    jest.useFakeTimers();
    const feed = new ReplayFeed({
      rows: [
        { symbol: 'AAA', t: 0, price: '1', volume: '0' },
        { symbol: 'BBB', t: 300, price: '2', volume: '1' },
        { symbol: 'AAA', t: 1300, price: '3', volume: '0' },
      ],
    });
    const seen: string[] = [];
    feed.start((s, p) => seen.push(`${s}:${p}`));
    await jest.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['AAA:1']);
    await jest.advanceTimersByTimeAsync(300);
    expect(seen).toEqual(['AAA:1', 'BBB:2']);
    await jest.advanceTimersByTimeAsync(998);
    expect(seen).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['AAA:1', 'BBB:2', 'AAA:3']);
    await jest.advanceTimersByTimeAsync(400);
    expect(seen[3]).toBe('AAA:1'); // looped
    feed.stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(seen).toHaveLength(4);
  });
});
