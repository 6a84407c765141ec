import { describe, expect, it } from '@jest/globals';
import type { LastTick, TickMessage } from '@candor/cross-process';
import { LiveMarket, statsOfRow } from './market-live.js';
import type { StatsRow } from './market.repository.js';

const MINUTE = 60_000;
const NOW = Date.parse('2026-11-22T03:00:30.000Z');

function sources(stored: Record<string, LastTick> = {}, rows: Record<string, StatsRow> = {}) {
  const calls = { lastTicks: [] as string[][], stats: [] as { symbols: string[]; from: number; to: number }[] };
  return {
    calls,
    lastTicks: async (symbols: readonly string[]) => {
      calls.lastTicks.push([...symbols]);
      return new Map(symbols.filter((s) => stored[s]).map((s) => [s, stored[s]!]));
    },
    stats: async (symbols: readonly string[], from: number, to: number) => {
      calls.stats.push({ symbols: [...symbols], from, to });
      return new Map(symbols.filter((s) => rows[s]).map((s) => [s, rows[s]!]));
    },
  };
}

const liveStats = { change24h: '0.010000', high24h: '101.00', low24h: '99.00', volume24h: '3', amount24h: '300.00' };
const tick = (symbol: string, seq: string, t: number, price: string): TickMessage =>
  ({ symbol, seq, t: new Date(t).toISOString(), price, volume: '1', stats: liveStats, candles: {} }) as unknown as TickMessage;
const row: StatsRow = { symbol: 'AAA', first: '100', last: '90', high: '110', low: '90', volume: '2.50', amount: '237.5' };

describe('LiveMarket', () => {
  it('keeps the newest tick of each product by seq and ignores older, repeated and malformed messages', async () => {
    const m = new LiveMarket(sources());
    expect(m.apply(tick('AAA', '5', NOW - 1000, '100.00'))).toBe(true);
    expect(m.apply(tick('AAA', '4', NOW - 500, '1.00'))).toBe(false);
    expect(m.apply(tick('AAA', '5', NOW - 500, '2.00'))).toBe(false);
    expect(m.apply({ symbol: 'AAA', seq: 'x', t: 'now', price: '3' } as unknown as TickMessage)).toBe(false);
    expect(m.apply(tick('AAA', '10', NOW - 200, '101.00'))).toBe(true);
    const f = await m.figures(['AAA'], NOW);
    expect(f.last.get('AAA')).toEqual({ seq: '10', t: new Date(NOW - 200).toISOString(), price: '101.00' });
    expect(f.stats.get('AAA')).toEqual(liveStats);
  });

  it('reads a stored last tick once for a product the stream has not mentioned, and again once the window moves or after a resync', async () => {
    const src = sources({ BBB: { seq: '7', t: new Date(NOW - 5000).toISOString(), price: '50.00' } });
    const m = new LiveMarket(src);
    expect((await m.figures(['BBB', 'CCC'], NOW)).last.get('BBB')?.price).toBe('50.00');
    await m.figures(['BBB', 'CCC'], NOW + 1000);
    expect(src.calls.lastTicks).toEqual([['BBB', 'CCC']]);
    await m.figures(['BBB', 'CCC'], NOW + MINUTE);
    expect(src.calls.lastTicks).toHaveLength(2);
    m.resync();
    await m.figures(['BBB', 'CCC'], NOW + MINUTE);
    expect(src.calls.lastTicks).toHaveLength(3);
  });

  it('a stored tick older than the streamed one never replaces it', async () => {
    const m = new LiveMarket(sources({ AAA: { seq: '3', t: new Date(NOW - 9000).toISOString(), price: '1.00' } }));
    m.apply(tick('AAA', '8', NOW - 100, '100.00'));
    expect((await m.figures(['AAA'], NOW)).last.get('AAA')?.price).toBe('100.00');
  });

  it("uses a product's streamed statistics in their own 24h window and the stored ones once the window has moved on", async () => {
    const src = sources({}, { AAA: row });
    const m = new LiveMarket(src);
    m.apply(tick('AAA', '1', NOW - 1000, '100.00'));
    expect((await m.figures(['AAA'], NOW)).stats.get('AAA')).toEqual(liveStats);
    expect(src.calls.stats).toEqual([]);
    const later = NOW + 2 * MINUTE; // no tick since: the window slid past what the last message counted
    const f = await m.figures(['AAA'], later);
    expect(f.stats.get('AAA')).toEqual({ change24h: '-0.100000', high24h: '110', low24h: '90', volume24h: '2.5', amount24h: '237.50' });
    expect(src.calls.stats).toHaveLength(1);
    expect(src.calls.stats[0]!.to).toBe(later);
    expect(src.calls.stats[0]!.from).toBe(Math.floor(later / MINUTE) * MINUTE - 1439 * MINUTE);
  });

  it('concurrent readers of a new window share one statistics query; products without figures get the empty ones', async () => {
    const src = sources();
    const m = new LiveMarket(src);
    const [a, b] = await Promise.all([m.figures(['AAA', 'BBB'], NOW), m.figures(['AAA', 'BBB'], NOW)]);
    expect(src.calls.stats).toHaveLength(1);
    expect(a.stats.get('BBB')).toEqual(statsOfRow(undefined));
    expect(b.stats.get('AAA')).toEqual({ change24h: '0.000000', high24h: null, low24h: null, volume24h: '0', amount24h: '0.00' });
    expect(a.last.size).toBe(0);
  });

  it('changes its version with every figure that changes', async () => {
    const m = new LiveMarket(sources());
    const v0 = m.version;
    m.apply(tick('AAA', '1', NOW, '1.00'));
    const v1 = m.version;
    expect(v1).toBeGreaterThan(v0);
    m.apply(tick('AAA', '1', NOW, '1.00'));
    expect(m.version).toBe(v1);
  });
});
