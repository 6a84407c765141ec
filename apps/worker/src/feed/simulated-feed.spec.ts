import { describe, expect, it } from '@jest/globals';
import { SIM_PRODUCTS, SimulatedFeed, formatPrice, randomVolume, stepPrice } from './simulated-feed.js';

/** A small deterministic PRNG (mulberry32) so the walks are repeatable. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('random walk', () => {
  it.each(SIM_PRODUCTS.map((p) => [p.symbol, p] as const))('%s stays positive, near its anchor, and quoted with its precision over a day of ticks', (_s, p) => {
    const random = seeded(p.symbol.length * 7919);
    let price = p.start;
    const pattern = new RegExp(`^\\d+${p.precision ? `\\.\\d{${p.precision}}` : ''}$`);
    let min = Infinity;
    let max = 0;
    const bad: string[] = [];
    for (let i = 0; i < 216_000; i++) {
      price = stepPrice(price, p.start, p.volatility, p.precision, random);
      if (i % 50 === 0) {
        const text = formatPrice(price, p.precision);
        if (!pattern.test(text) || !(Number(text) > 0)) bad.push(text);
      }
      min = Math.min(min, price);
      max = Math.max(max, price);
    }
    expect(bad).toEqual([]);
    expect(min).toBeGreaterThan(0);
    // A day moves a few percent, not an order of magnitude.
    expect(min).toBeGreaterThan(p.start * 0.5);
    expect(max).toBeLessThan(p.start * 1.5);
    expect(max).toBeGreaterThan(min); // it does move
  });

  it('never quotes below one unit of the last decimal, even from a tiny price with huge volatility', () => {
    const random = seeded(1);
    let price = 0.00011;
    for (let i = 0; i < 5000; i++) {
      price = stepPrice(price, 0.0001, 0.5, 4, random);
      expect(price).toBeGreaterThanOrEqual(0.0001);
      expect(formatPrice(price, 4)).toMatch(/^\d+\.\d{4}$/);
      expect(Number(formatPrice(price, 4))).toBeGreaterThanOrEqual(0.0001);
    }
  });

  it.each([
    [0.004, 2, '0.01'],
    [1.005, 0, '1'],
    [67250.126, 2, '67250.13'],
    [0, 3, '0.001'],
  ])('formats %p with %p decimals as %p', (price, precision, text) => {
    expect(formatPrice(price, precision)).toBe(text);
  });

  it('draws volumes inside the configured range with its decimals', () => {
    const random = seeded(3);
    for (let i = 0; i < 1000; i++) {
      const v = randomVolume({ min: 0.5, max: 800, decimals: 1 }, random);
      expect(v).toMatch(/^\d+\.\d$/);
      expect(Number(v)).toBeGreaterThanOrEqual(0.5);
      expect(Number(v)).toBeLessThanOrEqual(800);
    }
  });
});

describe('SimulatedFeed', () => {
  const products = [SIM_PRODUCTS[0]!, SIM_PRODUCTS[4]!]; // BTCUSDT (24/7), EURUSD

  function drive(feed: SimulatedFeed, clock: { now: number }, ms: number, onTick: (s: string, p: string, v: string, t: Date) => void) {
    for (let t = 0; t < ms; t += 10) {
      clock.now += 10;
      feed.step(onTick);
    }
  }

  it('produces at least two ticks a second for each open product', () => {
    const clock = { now: 1_700_000_000_000 };
    const feed = new SimulatedFeed({ products, random: seeded(5), now: () => clock.now });
    const counts = new Map<string, number>();
    drive(feed, clock, 60_000, (s) => counts.set(s, (counts.get(s) ?? 0) + 1));
    for (const p of products) {
      expect(counts.get(p.symbol)! / 60).toBeGreaterThanOrEqual(2);
      expect(counts.get(p.symbol)! / 60).toBeLessThan(4);
    }
  });

  it('produces nothing for a closed product and resumes when it opens', () => {
    const clock = { now: 1_700_000_000_000 };
    let eurOpen = false;
    const feed = new SimulatedFeed({ products, random: seeded(6), now: () => clock.now, isOpen: (s) => s !== 'EURUSD' || eurOpen });
    const seen: string[] = [];
    drive(feed, clock, 5000, (s) => seen.push(s));
    expect(seen.filter((s) => s === 'EURUSD')).toHaveLength(0);
    expect(seen.filter((s) => s === 'BTCUSDT').length).toBeGreaterThanOrEqual(10);
    eurOpen = true;
    seen.length = 0;
    drive(feed, clock, 5000, (s) => seen.push(s));
    expect(seen.filter((s) => s === 'EURUSD').length).toBeGreaterThanOrEqual(10);
  });

  it('continues from the recorded last price and uses the catalogue precision', () => {
    const clock = { now: 1_700_000_000_000 };
    const feed = new SimulatedFeed({
      products: [SIM_PRODUCTS[0]!],
      random: seeded(7),
      now: () => clock.now,
      lastPrice: () => '50000.00',
      precision: () => 1,
    });
    const prices: string[] = [];
    drive(feed, clock, 2000, (_s, p) => prices.push(p));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices[0]).toMatch(/^\d+\.\d$/);
    expect(Math.abs(Number(prices[0]) - 50000)).toBeLessThan(500); // from 50 000, not from the 67 250 seed
  });
});
