import type { FeedAdapter, OnFeedTick } from './feed-adapter.js';

/** A simulated product: where its walk starts, how much it moves, how it is quoted. */
export interface SimProduct {
  symbol: string;
  /** Starting price when the record has none. */
  start: number;
  /** Standard deviation of one tick's log return. */
  volatility: number;
  /** Price decimals (the product's catalogue precision wins when known). */
  precision: number;
  /** Volume of one tick is uniform in [min, max], with `decimals` decimals. */
  volume: { min: number; max: number; decimals: number };
}

/**
 * The simulator's own configuration (not read from any table). Per-tick volatility at ~2.5 to 3.3
 * ticks a second (~216 000 to 290 000 ticks a day): crypto ~ 3-5 % a day, forex ~ 0.7 %, metals ~ 1-2 %.
 */
export const SIM_PRODUCTS: readonly SimProduct[] = [
  { symbol: 'BTCUSDT', start: 67250, volatility: 0.00006, precision: 2, volume: { min: 0.0005, max: 0.35, decimals: 4 } },
  { symbol: 'ETHUSDT', start: 3480, volatility: 0.00008, precision: 2, volume: { min: 0.005, max: 4, decimals: 4 } },
  { symbol: 'SOLUSDT', start: 152.4, volatility: 0.0001, precision: 3, volume: { min: 0.1, max: 60, decimals: 2 } },
  { symbol: 'XRPUSDT', start: 0.5821, volatility: 0.0001, precision: 4, volume: { min: 10, max: 9000, decimals: 1 } },
  { symbol: 'EURUSD', start: 1.08452, volatility: 0.000015, precision: 5, volume: { min: 1000, max: 250000, decimals: 0 } },
  { symbol: 'GBPUSD', start: 1.27134, volatility: 0.000018, precision: 5, volume: { min: 1000, max: 200000, decimals: 0 } },
  { symbol: 'USDJPY', start: 151.482, volatility: 0.000016, precision: 3, volume: { min: 1000, max: 250000, decimals: 0 } },
  { symbol: 'AUDUSD', start: 0.66218, volatility: 0.00002, precision: 5, volume: { min: 1000, max: 150000, decimals: 0 } },
  { symbol: 'XAUUSD', start: 2351.4, volatility: 0.000025, precision: 2, volume: { min: 0.01, max: 25, decimals: 2 } },
  { symbol: 'XAGUSD', start: 28.512, volatility: 0.00004, precision: 3, volume: { min: 0.5, max: 800, decimals: 1 } },
];

/** A normal deviate from two uniforms (Box-Muller). */
export function gaussian(random: () => number): number {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * One step of the walk: a log-normal move with a weak pull back to `anchor`, so a long run does
 * not drift to nonsense. Never returns a price below one unit of the last decimal.
 */
export function stepPrice(price: number, anchor: number, volatility: number, precision: number, random: () => number): number {
  const pull = 0.00002 * Math.log(anchor / price);
  const next = price * Math.exp(volatility * gaussian(random) + pull);
  const floor = 10 ** -precision;
  return Number.isFinite(next) && next >= floor ? next : Math.max(price, floor);
}

/** A price as text with exactly `precision` decimals, at least one unit of the last decimal. */
export function formatPrice(price: number, precision: number): string {
  const floor = 10 ** -precision;
  return Math.max(price, floor).toFixed(precision);
}

export function randomVolume(spec: SimProduct['volume'], random: () => number): string {
  return (spec.min + (spec.max - spec.min) * random()).toFixed(spec.decimals);
}

export interface SimulatedFeedOptions {
  products?: readonly SimProduct[];
  /** Produce only while this says the product trades (the runner filters too). */
  isOpen?: (symbol: string, at: Date) => boolean;
  /** Where a product's walk continues from (the last recorded price), when known. */
  lastPrice?: (symbol: string) => string | null;
  /** The catalogue's precision of a product, when known. */
  precision?: (symbol: string) => number | undefined;
  /** Mean time between two ticks of one product (default 350 ms) and its jitter (default ±100 ms). */
  intervalMs?: number;
  jitterMs?: number;
  /**
   * How long after each whole second every open product's boundary tick is made (default 2 ms, at
   * least 1: a tick stamped on the boundary itself is not later than an expiry on it). `null`: no
   * boundary ticks, only the random cadence.
   */
  boundaryOffsetMs?: number | null;
  random?: () => number;
  now?: () => number;
}

/**
 * The default feed: a random walk per product, silent while its market is closed, at a random cadence
 * (350 ms ± 100 ms). Right after every whole second each open product also takes its next step at once: the
 * boundary tick, stored at once, which lets orders expiring on that second settle within milliseconds
 * (docs/internals.md, "Simulated feed and boundary ticks").
 */
export class SimulatedFeed implements FeedAdapter {
  private timer: NodeJS.Timeout | null = null;
  private boundaryTimer: NodeJS.Timeout | null = null;
  private readonly prices = new Map<string, number>();
  private readonly due = new Map<string, number>();
  private readonly products: readonly SimProduct[];
  private readonly intervalMs: number;
  private readonly jitterMs: number;
  private readonly boundaryOffsetMs: number | null;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly opts: SimulatedFeedOptions = {}) {
    this.products = opts.products ?? SIM_PRODUCTS;
    this.intervalMs = opts.intervalMs ?? 350;
    this.jitterMs = opts.jitterMs ?? 100;
    this.boundaryOffsetMs = opts.boundaryOffsetMs === null ? null : Math.max(1, Math.min(500, opts.boundaryOffsetMs ?? 2));
    this.random = opts.random ?? Math.random;
    this.now = opts.now ?? Date.now;
  }

  start(onTick: OnFeedTick): void {
    this.stop();
    const now = this.now();
    for (const p of this.products) this.due.set(p.symbol, now + this.random() * this.intervalMs);
    this.timer = setInterval(() => this.step(onTick), Math.max(20, Math.floor(this.intervalMs / 10)));
    if (this.boundaryOffsetMs !== null) this.armBoundary(onTick);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.boundaryTimer) clearTimeout(this.boundaryTimer);
    this.timer = this.boundaryTimer = null;
  }

  /** When the next boundary ticks are due: `boundaryOffsetMs` after the next whole second (epoch ms). */
  nextBoundaryAt(nowMs: number): number {
    const offset = this.boundaryOffsetMs ?? 0;
    const thisSecond = Math.floor((nowMs - offset) / 1000) * 1000 + offset; // the latest boundary at or before now
    return thisSecond + 1000;
  }

  /** Produce every tick that is due (exposed for tests, which drive it with their own clock). */
  step(onTick: OnFeedTick): void {
    const now = this.now();
    const at = new Date(now);
    for (const p of this.products) {
      if ((this.due.get(p.symbol) ?? 0) > now) continue;
      this.due.set(p.symbol, this.nextDue(now));
      this.emit(p, at, onTick);
    }
  }

  /**
   * The boundary ticks: one step of the walk for every open product, flagged `boundary`, and the
   * random cadence restarted from it (exposed for tests; the feed's own timer calls it just after
   * each whole second).
   */
  boundaryStep(onTick: OnFeedTick): void {
    const now = this.now();
    const at = new Date(now);
    for (const p of this.products) {
      this.due.set(p.symbol, this.nextDue(now));
      this.emit(p, at, onTick, { boundary: true });
    }
  }

  private nextDue(now: number): number {
    return now + this.intervalMs + (this.random() * 2 - 1) * this.jitterMs;
  }

  private emit(p: SimProduct, at: Date, onTick: OnFeedTick, info?: { boundary: true }): void {
    if (this.opts.isOpen && !this.opts.isOpen(p.symbol, at)) return;
    const precision = this.opts.precision?.(p.symbol) ?? p.precision;
    const price = stepPrice(this.currentPrice(p), p.start, p.volatility, precision, this.random);
    this.prices.set(p.symbol, price);
    if (info) onTick(p.symbol, formatPrice(price, precision), randomVolume(p.volume, this.random), at, info);
    else onTick(p.symbol, formatPrice(price, precision), randomVolume(p.volume, this.random), at);
  }

  /** A timer for the next boundary; a timer that fires early (timers and the wall clock may disagree by a millisecond) waits again. */
  private armBoundary(onTick: OnFeedTick, target = this.nextBoundaryAt(this.now())): void {
    this.boundaryTimer = setTimeout(
      () => {
        if (!this.boundaryTimer) return;
        const now = this.now();
        if (now < target) return this.armBoundary(onTick, target);
        this.boundaryStep(onTick);
        this.armBoundary(onTick);
      },
      Math.max(0, target - this.now()),
    );
  }

  private currentPrice(p: SimProduct): number {
    const known = this.prices.get(p.symbol);
    if (known !== undefined) return known;
    const recorded = Number(this.opts.lastPrice?.(p.symbol) ?? NaN);
    return Number.isFinite(recorded) && recorded > 0 ? recorded : p.start;
  }
}
