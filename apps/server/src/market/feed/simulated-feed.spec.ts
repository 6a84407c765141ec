import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { FeedTickInfo } from './feed-adapter.js';
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

describe('SimulatedFeed boundary ticks', () => {
  const products = [SIM_PRODUCTS[0]!, SIM_PRODUCTS[1]!, SIM_PRODUCTS[4]!]; // BTCUSDT, ETHUSDT (24/7), EURUSD
  const S0 = 1_763_800_000; // a whole second (epoch s)
  type Seen = { symbol: string; price: string; t: number; boundary: boolean };
  const recorder = (seen: Seen[]) => (symbol: string, price: string, _v: string, t: Date, info?: FeedTickInfo) =>
    seen.push({ symbol, price, t: t.getTime(), boundary: info?.boundary === true });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('boundaryStep: one flagged tick for each open product, none for a closed one, and the cadence restarts from it', () => {
    const clock = { now: S0 * 1000 + 2 };
    const feed = new SimulatedFeed({ products, random: seeded(11), now: () => clock.now, isOpen: (s) => s !== 'EURUSD' });
    const seen: Seen[] = [];
    feed.boundaryStep(recorder(seen));
    expect(seen.map((k) => [k.symbol, k.t, k.boundary])).toEqual([
      ['BTCUSDT', S0 * 1000 + 2, true],
      ['ETHUSDT', S0 * 1000 + 2, true],
    ]);
    // The next random step comes no sooner than interval - jitter (250 ms) after the boundary tick.
    seen.length = 0;
    for (clock.now = S0 * 1000 + 2; clock.now < S0 * 1000 + 251; clock.now += 1) feed.step(recorder(seen));
    expect(seen).toEqual([]);
    for (; clock.now <= S0 * 1000 + 452; clock.now += 1) feed.step(recorder(seen));
    expect(seen.map((k) => k.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(seen.every((k) => !k.boundary)).toBe(true);
  });

  it('continues the walk: a boundary tick steps from the last price, quoted like the others', () => {
    const clock = { now: S0 * 1000 + 100 };
    const feed = new SimulatedFeed({ products: [SIM_PRODUCTS[0]!], random: seeded(12), now: () => clock.now, lastPrice: () => '50000.00' });
    const seen: Seen[] = [];
    for (let i = 0; i < 50; i++) {
      clock.now += 137;
      if (i % 3 === 0) feed.boundaryStep(recorder(seen));
      else feed.step(recorder(seen));
    }
    const prices = seen.map((k) => Number(k.price));
    expect(seen.some((k) => k.boundary)).toBe(true);
    expect(seen.every((k) => /^\d+\.\d{2}$/.test(k.price))).toBe(true);
    for (let i = 1; i < prices.length; i++) expect(Math.abs(prices[i]! / prices[i - 1]! - 1)).toBeLessThan(0.001); // one small step each
    expect(Math.abs(prices[0]! - 50000)).toBeLessThan(50);
  });

  it('on its own timers: every open product ticks 1 to 10 ms after each whole second, and at least 3 times in every second', async () => {
    jest.useFakeTimers({ now: S0 * 1000 + 437 });
    const feed = new SimulatedFeed({ products, random: seeded(13), isOpen: (s) => s !== 'EURUSD' });
    const seen: Seen[] = [];
    feed.start(recorder(seen));
    await jest.advanceTimersByTimeAsync(10_000);
    feed.stop();
    for (let s = S0 + 1; s <= S0 + 9; s++) {
      for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
        const inSecond = seen.filter((k) => k.symbol === symbol && Math.floor(k.t / 1000) === s);
        const first = inSecond[0]!;
        expect(first.boundary).toBe(true);
        expect(first.t - s * 1000).toBeGreaterThanOrEqual(1);
        expect(first.t - s * 1000).toBeLessThanOrEqual(10);
        expect(inSecond.filter((k) => k.boundary)).toHaveLength(1);
        expect(inSecond.length).toBeGreaterThanOrEqual(3);
      }
    }
    expect(seen.filter((k) => k.symbol === 'EURUSD')).toEqual([]);
    const perSecond = seen.filter((k) => k.symbol === 'BTCUSDT').length / 10;
    expect(perSecond).toBeGreaterThanOrEqual(3);
    expect(perSecond).toBeLessThan(4);
    // Stopped: nothing more.
    const n = seen.length;
    await jest.advanceTimersByTimeAsync(3000);
    expect(seen).toHaveLength(n);
  });

  it("a boundary timer that fires before the boundary by the feed's clock waits for it", async () => {
    jest.useFakeTimers({ now: S0 * 1000 + 900 });
    let skew = 0; // the feed's clock minus the timers' clock
    const feed = new SimulatedFeed({ products: [SIM_PRODUCTS[0]!], random: seeded(14), intervalMs: 60_000, jitterMs: 0, now: () => Date.now() + skew });
    const seen: Seen[] = [];
    feed.start(recorder(seen));
    seen.length = 0; // a first random tick may come at start
    skew = -5; // the wall clock stepped back after the timer was armed for S0 + 1 s + 2 ms
    await jest.advanceTimersByTimeAsync(102); // timers at S+1.002: the feed's clock says S+0.997
    expect(seen.filter((k) => k.boundary)).toEqual([]);
    await jest.advanceTimersByTimeAsync(10);
    const b = seen.filter((k) => k.boundary);
    expect(b).toHaveLength(1);
    expect(b[0]!.t).toBeGreaterThanOrEqual((S0 + 1) * 1000 + 2);
    feed.stop();
  });

  it('makes no boundary ticks when boundaryOffsetMs is null', async () => {
    jest.useFakeTimers({ now: S0 * 1000 });
    const feed = new SimulatedFeed({ products, random: seeded(15), boundaryOffsetMs: null });
    const seen: Seen[] = [];
    feed.start(recorder(seen));
    await jest.advanceTimersByTimeAsync(5000);
    feed.stop();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((k) => k.boundary)).toBe(false);
  });

  it.each<[number, number, number]>([
    [2, S0 * 1000, S0 * 1000 + 2],
    [2, S0 * 1000 + 1, S0 * 1000 + 2],
    [2, S0 * 1000 + 2, S0 * 1000 + 1002],
    [2, S0 * 1000 + 999, S0 * 1000 + 1002],
    [0, S0 * 1000 + 500, S0 * 1000 + 1001], // at least 1 ms after the second
  ])('offset %p ms: at %p the next boundary tick is due at %p', (offset, now, due) => {
    expect(new SimulatedFeed({ products, boundaryOffsetMs: offset }).nextBoundaryAt(now)).toBe(due);
  });
});
