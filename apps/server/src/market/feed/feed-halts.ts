import type { Redis } from 'ioredis';
import type { HaltReason } from '@candor/domain';
import { REDIS_CHANNELS, REDIS_KEYS, type MarketHaltEvent, type MarketHaltState } from '@candor/cross-process';
import type { FeedHaltsRepository } from './feed-halts.repository.js';

interface OpenHalt {
  id: string;
  reason: HaltReason;
  since: string;
}

/**
 * Records when products have no valid price, for settlement (Postgres `market_halts`) and for the api
 * instances (Redis: the hash of halted products and an event on each halt and resume). A halt starts
 * at the product's last tick: an order expiring after it and before the next tick is inside the halt.
 * While a halt's row is being written, the product's ticks are held back (`blocked`), so no tick after
 * the halt can be stored before the record that the halt happened.
 */
export class FeedHalts {
  private readonly open = new Map<string, OpenHalt>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly writing = new Set<string>();
  private closed = false;

  constructor(
    private readonly repo: FeedHaltsRepository,
    private readonly redis: Redis,
    private readonly lastTickAt: (symbol: string) => Promise<number | null>,
    private readonly log: { warn(msg: string): void },
  ) {}

  /** Whether the product's ticks must wait (its halt is being recorded). */
  blocked(symbol: string): boolean {
    return this.writing.has(symbol);
  }

  halted(symbol: string): HaltReason | null {
    return this.open.get(symbol)?.reason ?? null;
  }

  /** Picks up the halts a previous feed left open and makes Redis say the same. */
  async load(): Promise<void> {
    const rows = await this.repo.open();
    this.open.clear();
    for (const r of rows) this.open.set(r.symbol, { id: String(r.id), reason: r.reason, since: new Date(r.started_at).toISOString() });
    const pipe = this.redis.multi().del(REDIS_KEYS.marketHalts);
    for (const [symbol, h] of this.open)
      pipe.hset(REDIS_KEYS.marketHalts, symbol, JSON.stringify({ reason: h.reason, since: h.since } satisfies MarketHaltState));
    await pipe.exec();
  }

  /** The feed's verdict on a product: halted for `reason`, or priced again (null). Applied in order per product. */
  report(symbol: string, reason: HaltReason | null, atMs: number): Promise<void> {
    const current = this.open.get(symbol);
    if (reason === null && !current && !this.writing.has(symbol)) return Promise.resolve();
    if (reason !== null && !current) this.writing.add(symbol);
    const run = (this.chains.get(symbol) ?? Promise.resolve()).then(() => this.apply(symbol, reason, atMs));
    const done = run.catch((e: unknown) => this.log.warn(`recording the halt of ${symbol}: ${(e as Error).message}`));
    this.chains.set(symbol, done);
    return done;
  }

  /** Stop retrying (the feed lost its lock or stops). */
  close(): void {
    this.closed = true;
  }

  /** Ends every open halt (the feed stopped pricing from exchanges, e.g. FEED=auto fell back to the simulator). */
  async endAll(atMs: number): Promise<void> {
    await Promise.all([...this.open.keys()].map((symbol) => this.report(symbol, null, atMs)));
  }

  private async apply(symbol: string, reason: HaltReason | null, atMs: number): Promise<void> {
    const current = this.open.get(symbol);
    try {
      if (reason === null) {
        if (!current) return;
        await this.repo.end(current.id, new Date(atMs));
        this.open.delete(symbol);
        await this.publish(symbol, null, atMs);
        return;
      }
      if (current) {
        if (current.reason === reason) return;
        current.reason = reason; // the row keeps the first reason; the live state says the current one
        await this.publish(symbol, current, atMs);
        return;
      }
      const since = new Date((await this.lastTickAt(symbol)) ?? atMs);
      // The product's ticks stay held back until this is stored: retry while Postgres is unreachable.
      let id: string | undefined;
      for (let attempt = 0; !id; attempt++) {
        try {
          id = await this.repo.start(symbol, reason, since);
        } catch (e) {
          if (this.closed) throw e;
          if (attempt % 10 === 0) this.log.warn(`recording the halt of ${symbol} failed, retrying: ${(e as Error).message}`);
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
      const halt = { id, reason, since: since.toISOString() };
      this.open.set(symbol, halt);
      await this.publish(symbol, halt, atMs);
    } finally {
      if (reason !== null) this.writing.delete(symbol);
    }
  }

  private async publish(symbol: string, halt: OpenHalt | null, atMs: number): Promise<void> {
    const event: MarketHaltEvent = { symbol, haltReason: halt?.reason ?? null, at: new Date(atMs).toISOString() };
    const pipe = this.redis.multi();
    if (halt) pipe.hset(REDIS_KEYS.marketHalts, symbol, JSON.stringify({ reason: halt.reason, since: halt.since } satisfies MarketHaltState));
    else pipe.hdel(REDIS_KEYS.marketHalts, symbol);
    pipe.publish(REDIS_CHANNELS.marketHalts, JSON.stringify(event));
    await pipe.exec().catch((e: unknown) => this.log.warn(`publishing the halt state of ${symbol}: ${(e as Error).message}`));
  }
}
