import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { isWithinTradingHours, type TradingInterval } from '@candor/domain';
import { REDIS } from '../../redis/redis.module.js';
import type { FeedAdapter, FeedTickInfo } from './feed-adapter.js';
import { FEED_CONFIG, type FeedConfig } from './feed-config.js';
import { FeedLeader } from './feed-leader.js';
import { ReplayFeed } from './replay-feed.js';
import { SIM_PRODUCTS, SimulatedFeed } from './simulated-feed.js';
import { TickWriter } from './tick-writer.js';

interface Schedule {
  precision: number;
  timezone: string;
  hours: TradingInterval[] | null;
  holidays: string[];
}

/** How often the runner re-reads the catalogue's trading hours and precisions. */
const CATALOGUE_REFRESH_MS = 5000;

/**
 * Runs the feed in this process when FEED is not `off`: waits for the feed lock, then starts the
 * adapter and writes what it reports through the TickWriter, dropping ticks of products that are
 * unknown or whose market is closed (per the catalogue's hours and holidays; maintenance does not
 * stop prices, so open orders still settle). Ticks are stamped with this server's clock. The
 * simulator's boundary ticks (right after each whole second) are stored at once, so orders expiring
 * on that second can settle within milliseconds; the other ticks are stored in batches.
 */
@Injectable()
export class FeedRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('feed');
  private leader: FeedLeader | null = null;
  private adapter: FeedAdapter | null = null;
  private schedules = new Map<string, Schedule>();
  private readonly openCache = new Map<string, { minute: number; open: boolean }>();
  private refreshTimer: NodeJS.Timeout | null = null;
  private written = 0;
  private dropped = 0;
  private statsTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(FEED_CONFIG) private readonly config: FeedConfig,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly writer: TickWriter,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.FEED === 'off') {
      this.log.log('feed off in this process (FEED=off)');
      return;
    }
    this.leader = new FeedLeader(this.redis, {
      ttlMs: this.config.FEED_LOCK_TTL_MS,
      intervalMs: Math.floor(this.config.FEED_LOCK_TTL_MS / 3),
      onAcquired: () => this.begin(),
      onLost: () => this.end(),
      log: this.log,
    });
    this.leader.start();
    this.log.log(`feed ${this.config.FEED} waiting for the feed lock`);
  }

  /** Before Redis and Postgres close: stop producing, store and seal what is pending, release the lock. */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.leader) return;
    if (this.leader.isLeader) {
      this.adapter?.stop();
      await this.writer.close().catch((e: unknown) => this.log.error(`closing the tick writer: ${(e as Error).message}`));
    }
    await this.leader.stop();
  }

  private async begin(): Promise<void> {
    this.writer.reset(); // another feed may have written since we last did
    await this.refreshCatalogue();
    this.refreshTimer = setInterval(() => void this.refreshCatalogue(), CATALOGUE_REFRESH_MS);
    this.adapter = await this.createAdapter();
    this.adapter.start((symbol, price, volume, _t, info) => this.onTick(symbol, price, volume, info));
    this.statsTimer = setInterval(() => {
      this.log.log(`ticks written in the last minute: ${this.written}${this.dropped ? `, refused: ${this.dropped}` : ''}`);
      this.written = 0;
      this.dropped = 0;
    }, 60_000);
    this.log.log(`feed ${this.config.FEED} producing`);
  }

  private async end(): Promise<void> {
    this.adapter?.stop();
    this.adapter = null;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.refreshTimer = this.statsTimer = null;
    await this.writer.flush().catch((e: unknown) => this.log.warn(`final flush failed: ${(e as Error).message}`));
    this.writer.reset();
  }

  /**
   * Whether the product trades at `at`. Hours are whole minutes in a zone whose offset is whole
   * minutes (and holidays whole days), so the answer is the same for a whole minute: it is worked
   * out once per product and minute (the zone arithmetic costs a fraction of a millisecond, and the
   * boundary ticks of every product come in one burst that should be stored within milliseconds).
   */
  private isOpen(symbol: string, at: Date): boolean {
    const minute = Math.floor(at.getTime() / 60_000);
    const known = this.openCache.get(symbol);
    if (known && known.minute === minute) return known.open;
    const s = this.schedules.get(symbol);
    let open = false;
    if (s) {
      try {
        open = isWithinTradingHours({ timezone: s.timezone, hours: s.hours, holidays: s.holidays }, at);
      } catch {
        open = false;
      }
    }
    this.openCache.set(symbol, { minute, open });
    return open;
  }

  /** Boundary ticks (the first after each whole second) are stored at once, together; the others with the next batch. */
  private onTick(symbol: string, price: string, volume: string, info?: FeedTickInfo): void {
    if (!this.isOpen(symbol, new Date())) return;
    this.writer.writeTick(symbol, price, undefined, { volume, prompt: info?.boundary === true }).then(
      () => this.written++,
      (e: unknown) => {
        this.dropped++;
        if (this.dropped <= 5) this.log.warn(`tick of ${symbol} refused: ${(e as Error).message}`);
      },
    );
  }

  private async refreshCatalogue(): Promise<void> {
    try {
      const rows: { symbol: string; precision: number; timezone: string; hours: TradingInterval[] | null; holidays: string[] }[] = await this.ds.query(
        `SELECT symbol, precision, timezone, hours, holidays FROM products`,
      );
      this.schedules = new Map(rows.map((r) => [r.symbol, { precision: r.precision, timezone: r.timezone, hours: r.hours, holidays: r.holidays ?? [] }]));
      this.openCache.clear();
      for (const r of rows) this.writer.updatePrecision(r.symbol, r.precision);
    } catch (e) {
      this.log.warn(`reading the catalogue failed: ${(e as Error).message}`);
    }
  }

  private async createAdapter(): Promise<FeedAdapter> {
    if (this.config.FEED === 'replay') {
      return new ReplayFeed({ file: this.config.FEED_REPLAY_FILE, speed: this.config.FEED_REPLAY_SPEED, loop: this.config.FEED_REPLAY_LOOP === 'true' });
    }
    const last = new Map<string, string | null>();
    for (const p of SIM_PRODUCTS) {
      if (this.schedules.has(p.symbol)) last.set(p.symbol, await this.writer.lastPrice(p.symbol).catch(() => null));
    }
    return new SimulatedFeed({
      isOpen: (symbol, at) => this.isOpen(symbol, at),
      lastPrice: (symbol) => last.get(symbol) ?? null,
      precision: (symbol) => this.schedules.get(symbol)?.precision,
    });
  }
}
