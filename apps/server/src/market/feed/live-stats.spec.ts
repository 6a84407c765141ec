import { describe, expect, it } from '@jest/globals';
import { LiveStats } from './live-stats.js';

const DAY0 = Date.UTC(2026, 2, 10, 0, 0, 0);
const at = (minutes: number, seconds = 0) => DAY0 + minutes * 60_000 + seconds * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('LiveStats', () => {
  it('starts empty', () => {
    const s = new LiveStats();
    expect(s.stats(at(0))).toEqual({ change24h: '0.000000', high24h: null, low24h: null, volume24h: '0', amount24h: '0.00' });
    expect(s.candles()).toEqual({});
  });

  it('keeps exact 24h figures and the current candle of every interval', () => {
    const s = new LiveStats();
    s.apply({ t: at(0, 1), price: '100.00', volume: '1.5' });
    s.apply({ t: at(0, 30), price: '102.50', volume: '0.25' });
    s.apply({ t: at(3, 0), price: '99.10', volume: '2' });
    s.apply({ t: at(6, 0), price: '101.00', volume: '0.1' });
    expect(s.stats(at(6, 0))).toEqual({
      change24h: '0.010000', // 101 / 100 - 1
      high24h: '102.50',
      low24h: '99.10',
      volume24h: '3.85',
      amount24h: '383.93', // 150 + 25.625 + 198.2 + 10.1 = 383.925, half away from zero
    });
    const all = { t: iso(at(0)), o: '100.00', h: '102.50', l: '99.10', c: '101.00', v: '3.85' };
    expect(s.candles()).toEqual({
      '1m': { t: iso(at(6)), o: '101.00', h: '101.00', l: '101.00', c: '101.00', v: '0.1' },
      '5m': { t: iso(at(5)), o: '101.00', h: '101.00', l: '101.00', c: '101.00', v: '0.1' },
      '15m': all,
      '1h': all,
      '1d': all,
    });
  });

  it('lets minutes older than the 24h window fall out', () => {
    const s = new LiveStats();
    s.apply({ t: at(0, 10), price: '200', volume: '1' });
    s.apply({ t: at(10, 0), price: '100', volume: '1' });
    s.apply({ t: at(1439, 59), price: '110', volume: '1' });
    expect(s.stats(at(1439, 59))).toMatchObject({ high24h: '200', volume24h: '3', change24h: '-0.450000' });
    s.apply({ t: at(1440, 0), price: '120', volume: '1' }); // minute 0 leaves the window
    expect(s.stats(at(1440, 0))).toEqual({ change24h: '0.200000', high24h: '120', low24h: '100', volume24h: '3', amount24h: '330.00' });
    expect(s.candles()['1d']).toEqual({ t: iso(at(1440)), o: '120', h: '120', l: '120', c: '120', v: '1' });
  });

  it('seeded from stored 1-minute rollups it continues exactly as if it had seen the ticks', () => {
    const ticks = [
      { t: at(60, 5), price: '10.5', volume: '3' },
      { t: at(61, 5), price: '10.1', volume: '1' },
      { t: at(61, 40), price: '10.9', volume: '2' },
    ];
    const live = new LiveStats();
    for (const k of ticks) live.apply(k);
    const seeded = new LiveStats([
      { t: at(61), o: '10.1', h: '10.9', l: '10.1', c: '10.9', v: '3', amount: '31.9' },
      { t: at(60), o: '10.5', h: '10.5', l: '10.5', c: '10.5', v: '3', amount: '31.5' },
    ]);
    const next = { t: at(62, 1), price: '10.0', volume: '0.5' };
    live.apply(next);
    seeded.apply(next);
    expect(seeded.stats(next.t)).toEqual(live.stats(next.t));
    expect(seeded.candles()).toEqual(live.candles());
    expect(live.candles()['1h']).toEqual({ t: iso(at(60)), o: '10.5', h: '10.9', l: '10.0', c: '10.0', v: '6.5' });
  });
});
