import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { FeedStatus, PriceSource } from '@candor/contracts';
import type { ProductEntity } from '@candor/db';
import { REDIS_KEYS, type FeedStatusSnapshot, type MarketHaltEvent, type MarketHaltState, type PriceKind } from '@candor/cross-process';
import { REDIS } from '../redis/redis.module.js';
import { catalogueSource } from './product-view.js';

/** How often the halts and the feed's state are re-read from Redis (halt events arrive at once besides). */
const REFRESH_MS = 1000;

/**
 * Where each product's price comes from, as the api instances know it from the feed (Redis): the feed's
 * state (`feed-status`, every second) and the halted products (`market-halts`, with an event on each
 * change). `version` changes whenever something a product view shows changes, for the cached lists.
 */
@Injectable()
export class PriceSources implements OnApplicationShutdown {
  private readonly log = new Logger('price-sources');
  version = 0;
  private halts = new Map<string, MarketHaltState>();
  private snapshot: FeedStatusSnapshot | null = null;
  private kinds = new Map<string, PriceKind>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Read Redis now if the last read is older than REFRESH_MS (the first call also starts the background refresh). */
  async fresh(): Promise<void> {
    if (!this.timer) {
      this.timer = setInterval(() => void this.load().catch(() => undefined), REFRESH_MS);
      this.timer.unref();
    }
    if (Date.now() - this.loadedAt < REFRESH_MS) return;
    await this.load().catch((e: unknown) => this.log.warn(`reading the feed state: ${(e as Error).message}`));
  }

  /** A halt or resume event from the feed (REDIS_CHANNELS.marketHalts): applied at once. */
  onHaltEvent(raw: string): void {
    let e: MarketHaltEvent;
    try {
      e = JSON.parse(raw) as MarketHaltEvent;
    } catch {
      return;
    }
    if (typeof e?.symbol !== 'string') return;
    const before = this.halts.get(e.symbol)?.reason ?? null;
    if (e.haltReason) this.halts.set(e.symbol, { reason: e.haltReason, since: this.halts.get(e.symbol)?.since ?? e.at });
    else this.halts.delete(e.symbol);
    if (before !== (e.haltReason ?? null)) this.version++;
  }

  halt(symbol: string): MarketHaltState | null {
    return this.halts.get(symbol) ?? null;
  }

  /** The feed's own state, or null when no feed has reported in the last seconds. */
  feed(): FeedStatusSnapshot | null {
    return this.snapshot;
  }

  /**
   * A product's price source: the feed's kind for it when it reported one, else what its catalogue row
   * says (markets on exchanges: venues; none: simulated), with its markets and the rule's parameters.
   */
  priceSource(p: Pick<ProductEntity, 'symbol' | 'priceVenues'>): PriceSource {
    const own = catalogueSource(p);
    return {
      kind: this.kinds.get(p.symbol) ?? own.kind,
      venues: own.venues,
      quorum: this.snapshot?.quorum ?? own.quorum,
      maxDeviationBps: this.snapshot?.maxDeviationBps ?? own.maxDeviationBps,
    };
  }

  /** GET /api/market/feed-status: each product's price source and each of its exchanges' last quote. */
  feedStatus(products: readonly Pick<ProductEntity, 'symbol' | 'priceVenues'>[], nowMs = Date.now()): FeedStatus[] {
    const reported = new Map((this.snapshot?.products ?? []).map((p) => [p.symbol, p]));
    return products.map((p): FeedStatus => {
      const r = reported.get(p.symbol);
      const source = this.priceSource(p);
      if (!r) {
        return {
          symbol: p.symbol,
          kind: source.kind,
          status: 'unknown',
          venues: source.venues.map((v) => ({
            venue: v.venue,
            symbol: v.symbol,
            connected: false,
            lastMessageAgeMs: null,
            mid: null,
            used: false,
            reason: 'stale',
          })),
        };
      }
      const out: FeedStatus = {
        symbol: p.symbol,
        kind: r.kind,
        status: r.status,
        used: r.used,
        total: r.total,
        venues: r.venues.map((v) => {
          const x: FeedStatus['venues'][number] = {
            venue: v.venue,
            symbol: v.symbol,
            connected: v.connected,
            lastMessageAgeMs: v.lastMessageAt === null ? null : Math.max(0, nowMs - v.lastMessageAt),
            mid: v.mid,
            used: v.used,
          };
          if (v.reason) x.reason = v.reason;
          return x;
        }),
      };
      if (r.haltReason) out.haltReason = r.haltReason;
      return out;
    });
  }

  private load(): Promise<void> {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        const [[, halts], [, status]] = ((await this.redis.multi().hgetall(REDIS_KEYS.marketHalts).get(REDIS_KEYS.feedStatus).exec()) ?? [
          [null, {}],
          [null, null],
        ]) as [[unknown, Record<string, string>], [unknown, string | null]];
        this.apply(halts ?? {}, status);
        this.loadedAt = Date.now();
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private apply(rawHalts: Record<string, string>, rawStatus: string | null): void {
    const halts = new Map<string, MarketHaltState>();
    for (const [symbol, raw] of Object.entries(rawHalts)) {
      try {
        const h = JSON.parse(raw) as MarketHaltState;
        if (h?.reason === 'quorum' || h?.reason === 'disagreement') halts.set(symbol, h);
      } catch {
        /* a malformed entry is no halt */
      }
    }
    let snapshot: FeedStatusSnapshot | null = null;
    try {
      snapshot = rawStatus ? (JSON.parse(rawStatus) as FeedStatusSnapshot) : null;
    } catch {
      snapshot = null;
    }
    const kinds = new Map((snapshot?.products ?? []).map((p) => [p.symbol, p.kind]));
    const key = (m: Map<string, unknown>) => JSON.stringify([...m].sort());
    const changed =
      key(halts) !== key(this.halts) ||
      key(kinds) !== key(this.kinds) ||
      snapshot?.quorum !== this.snapshot?.quorum ||
      snapshot?.maxDeviationBps !== this.snapshot?.maxDeviationBps;
    this.halts = halts;
    this.kinds = kinds;
    this.snapshot = snapshot;
    if (changed) this.version++;
  }
}
