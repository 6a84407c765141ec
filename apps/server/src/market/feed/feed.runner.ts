import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { isWithinTradingHours } from '@candor/domain';
import { REDIS_CHANNELS, REDIS_KEYS, type FeedProductStatus, type FeedStatusSnapshot, type PriceKind } from '@candor/cross-process';
import { REDIS } from '../../redis/redis.module.js';
import type { FeedTickInfo } from './feed-adapter.js';
import { FEED_CONFIG, venueUrls, type FeedConfig } from './feed-config.js';
import { FeedHalts } from './feed-halts.js';
import { FeedHaltsRepository } from './feed-halts.repository.js';
import { FeedCatalogueRepository } from './feed-catalogue.repository.js';
import { FeedLeader } from './feed-leader.js';
import { ReplayFeed } from './replay-feed.js';
import { SIM_PRODUCTS, SimulatedFeed } from './simulated-feed.js';
import { TickWriter, type ScheduledChainChange } from './tick-writer.js';
import { CatalogueChangesRepository, toChainSchedule } from '../catalogue/catalogue-changes.repository.js';
import { changeProblem, refuseChange } from './change-checks.js';
import { sessionAt, venueSpecsAt, watchedMarketsAt, type CatalogueRow } from './feed-catalogue.js';
import type { VenueName } from './venues/venue-protocol.js';
import { VenueFeed, type VenueProductSpec } from './venues/venue-feed.js';

/** How often the runner re-reads the catalogue (hours, precisions, exchange markets). */
const CATALOGUE_REFRESH_MS = 5000;
/** How often scheduled changes are looked at (checked a second before their time, switched on at it). */
const SCHEDULE_EVERY_MS = 100;
/** A scheduled change is checked this long before it takes effect (its markets' quotes, its precision). */
const CHECK_AHEAD_MS = 1000;
const SESSION_FIELDS = new Set(['hours', 'timezone', 'holidays']);
/** How often the feed's state is written to Redis (it expires after STATUS_TTL_MS if the feed dies). */
const STATUS_EVERY_MS = 1000;
const STATUS_TTL_MS = 10_000;

/**
 * Runs the feed in this process when FEED is not `off`: waits for the feed lock, then starts the price
 * sources and writes what they report through the TickWriter, dropping ticks of products that are unknown
 * or closed by their hours. With FEED=venues (or auto, once an exchange answered) products with markets on
 * the exchanges are priced from them (VenueFeed) and the others by the simulator, demo only; a product whose
 * exchanges give no valid price is halted (FeedHalts). The feed's state goes to Redis every second.
 */
@Injectable()
export class FeedRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('feed');
  private leader: FeedLeader | null = null;
  private venues: VenueFeed | null = null;
  private sim: SimulatedFeed | null = null;
  private replay: ReplayFeed | null = null;
  private halts: FeedHalts | null = null;
  private priceMode: FeedStatusSnapshot['mode'] = 'starting';
  private note: string | undefined;
  private rows: CatalogueRow[] = [];
  private simulatedSymbols = '';
  private readonly openCache = new Map<string, { minute: number; open: boolean }>();
  private hoursSeen = '';
  private timers: NodeJS.Timeout[] = [];
  private sub: Redis | null = null;
  private written = 0;
  private dropped = 0;
  /** The pending catalogue changes, earliest first (re-read with the catalogue). */
  private pending: ScheduledChainChange[] = [];
  /** Ids of changes checked before their time, and of those whose time came (switched on here). */
  private readonly checked = new Set<string>();
  private readonly switched = new Set<string>();

  constructor(
    @Inject(FEED_CONFIG) private readonly config: FeedConfig,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly writer: TickWriter,
    private readonly catalogue: FeedCatalogueRepository,
    private readonly changes: CatalogueChangesRepository,
    private readonly haltsRepo: FeedHaltsRepository,
  ) {}

  /** Whether this process holds the feed lock and produces prices. */
  get leading(): boolean {
    return this.leader?.isLeader ?? false;
  }

  /** What prices this process makes: off, starting (FEED=auto still waiting), venues, simulated or replay. */
  get mode(): string {
    return this.config.FEED === 'off' ? 'off' : this.priceMode;
  }

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
      this.stopSources();
      await this.writer.close().catch((e: unknown) => this.log.error(`closing the tick writer: ${(e as Error).message}`));
    }
    await this.leader.stop();
  }

  private async begin(): Promise<void> {
    this.writer.reset(); // another feed may have written since we last did
    await this.refreshCatalogue();
    this.halts = new FeedHalts(this.haltsRepo, this.redis, (s) => this.writer.lastTickAt(s), this.log);
    await this.halts.load();
    const every = (ms: number, fn: () => unknown) => this.timers.push(setInterval(fn, ms));
    every(CATALOGUE_REFRESH_MS, () => void this.refreshCatalogue());
    // An operator's change (an exchange market added or removed) applies at once, not at the next refresh.
    this.sub = this.redis.duplicate();
    this.sub.on('error', () => undefined);
    this.sub.on('message', () => void this.refreshCatalogue());
    await this.sub.subscribe(REDIS_CHANNELS.productsChanged).catch((e: unknown) => this.log.warn(`catalogue changes: ${(e as Error).message}`));
    every(STATUS_EVERY_MS, () => void this.publishStatus());
    every(SCHEDULE_EVERY_MS, () => void this.runSchedule());
    every(60_000, () => {
      this.log.log(`ticks written in the last minute: ${this.written}${this.dropped ? `, refused: ${this.dropped}` : ''}`);
      this.written = this.dropped = 0;
    });
    const feed = this.config.FEED;
    if (feed === 'replay') {
      this.replay = new ReplayFeed({ file: this.config.FEED_REPLAY_FILE, speed: this.config.FEED_REPLAY_SPEED, loop: this.config.FEED_REPLAY_LOOP === 'true' });
      this.replay.start((symbol, price, volume) => this.onTick(symbol, price, volume, 'replay'));
      this.priceMode = 'replay';
    } else if (feed === 'simulated') {
      await this.startSimulator(false);
      this.priceMode = 'simulated';
    } else {
      this.startVenues();
      await this.startSimulator(true);
      this.priceMode = feed === 'venues' ? 'venues' : 'starting';
      if (feed === 'auto') this.timers.push(setTimeout(() => void this.decideAuto(), this.config.FEED_AUTO_WAIT_MS));
    }
    this.log.log(`feed ${feed} producing (${this.describe()})`);
    await this.publishStatus();
  }

  private async end(): Promise<void> {
    this.stopSources();
    this.halts?.close();
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.sub?.disconnect();
    this.sub = null;
    await this.writer.flush().catch((e: unknown) => this.log.warn(`final flush failed: ${(e as Error).message}`));
    this.writer.reset();
  }

  private stopSources(): void {
    this.venues?.stop();
    this.sim?.stop();
    this.replay?.stop();
    this.venues = this.sim = this.replay = null;
  }

  /** FEED=auto, FEED_AUTO_WAIT_MS after start: keep the exchanges if any answered, else simulate everything. */
  private async decideAuto(): Promise<void> {
    if (!this.venues) return;
    const answered = [...this.venues.venuesAnswered()];
    if (answered.length > 0) {
      this.priceMode = 'venues';
      this.log.log(`feed auto: prices from the exchanges (${answered.join(', ')} answered)`);
    } else {
      this.venues.stop();
      this.venues = null;
      await this.halts?.endAll(Date.now());
      this.note = `no exchange answered within ${Math.round(this.config.FEED_AUTO_WAIT_MS / 1000)} s of start`;
      await this.startSimulator(false);
      this.priceMode = 'simulated';
      this.log.warn(`feed auto: ${this.note}; every product runs on simulated prices (demo only)`);
    }
    await this.publishStatus();
  }

  private describe(): string {
    if (this.priceMode === 'replay') return `replaying ${this.config.FEED_REPLAY_FILE}`;
    const priced = this.venueSpecs().map((p) => p.symbol);
    if (this.priceMode === 'simulated') return `simulated prices, demo only${this.note ? `: ${this.note}` : ''}`;
    return `exchanges ${this.config.FEED_VENUES.join(', ')} for ${priced.join(', ') || 'no product'}; simulated (demo only): ${this.simulatedSymbols || 'none'}`;
  }

  private venueSpecs(nowMs = Date.now()): VenueProductSpec[] {
    return venueSpecsAt(this.rows, this.pending, nowMs, (symbol, at) => this.writer.precisionAt(symbol, at));
  }

  private watchedMarkets(nowMs = Date.now()): { venue: VenueName; symbol: string }[] {
    return watchedMarketsAt(this.pending, this.venueSpecs(nowMs), nowMs);
  }

  /**
   * Scheduled changes: a second before its time each is checked (a new market must send a fresh quote whose mid
   * agrees with the product's price within the deviation limit; a precision must keep enough of the price), and
   * refused if it fails; at its time the feed switches to it (the tick writer records it in that second's block).
   */
  private async runSchedule(): Promise<void> {
    const now = Date.now();
    for (const c of [...this.pending]) {
      if (!this.checked.has(c.id) && c.effectiveAtMs - CHECK_AHEAD_MS <= now) {
        this.checked.add(c.id);
        const venues = this.venues;
        const lastPrice = await this.writer.lastPrice(c.symbol).catch(() => null);
        const reason = changeProblem(c, {
          lastPrice,
          ...(venues ? { freshMid: (venue: VenueName, symbol: string) => venues.freshMid(venue, symbol) } : {}),
          venues: this.config.FEED_VENUES,
          maxDeviationBps: this.config.FEED_MAX_DEVIATION_BPS,
        });
        if (reason) await this.refuse(c, reason);
      }
      if (!this.switched.has(c.id) && c.effectiveAtMs <= now && this.pending.includes(c)) {
        this.switched.add(c.id);
        if (SESSION_FIELDS.has(c.field)) this.openCache.clear();
        if (c.field === 'priceVenues' && this.venues) {
          const specs = this.venueSpecs(now);
          this.venues.setProducts(specs, this.watchedMarkets(now));
          await this.simulateTheRest(specs);
        }
      }
    }
  }

  /** Marks a change refused (audited, public), and takes it out of the schedule. */
  private async refuse(c: ScheduledChainChange, reason: string): Promise<void> {
    const refused = await refuseChange(this.ds, c, reason);
    this.log.warn(`catalogue change ${c.id} (${c.symbol} ${c.field}) ${refused ? 'refused' : 'no longer pending'}: ${reason}`);
    this.pending = this.pending.filter((x) => x.id !== c.id);
    this.writer.setSchedule(this.pending);
    this.venues?.setProducts(this.venueSpecs(), this.watchedMarkets());
    await this.redis.publish(REDIS_CHANNELS.productsChanged, c.symbol).catch(() => undefined);
  }

  private startVenues(): void {
    this.venues = new VenueFeed({
      products: this.venueSpecs(),
      watch: this.watchedMarkets(),
      venues: this.config.FEED_VENUES,
      urls: venueUrls(this.config),
      quorum: this.config.FEED_QUORUM,
      maxDeviationBps: this.config.FEED_MAX_DEVIATION_BPS,
      staleMs: this.config.FEED_STALE_MS,
      tickMs: this.config.FEED_TICK_MS,
      precisionAt: (symbol, atMs) => this.writer.precisionAt(symbol, atMs),
      onHalt: (symbol, reason, at) => {
        this.log.warn(reason ? `${symbol} halted: ${reason}` : `${symbol} priced again`);
        void this.halts?.report(symbol, reason, at).then(() => this.publishStatus());
      },
      log: this.log,
    });
    this.venues.start((symbol, price, volume, _t, info) => this.onTick(symbol, price, volume, 'venues', info));
  }

  /** A product gained or lost its exchange markets: the simulator takes the others. */
  private async simulateTheRest(specs: readonly VenueProductSpec[]): Promise<void> {
    const unpriced = SIM_PRODUCTS.filter((p) => !specs.some((s) => s.symbol === p.symbol))
      .map((p) => p.symbol)
      .join(', ');
    if (unpriced !== this.simulatedSymbols) await this.startSimulator(true);
  }

  /** The simulator for the simulated products (all of them, or those without exchange markets when `onlyUnpriced`). */
  private async startSimulator(onlyUnpriced: boolean): Promise<void> {
    this.sim?.stop();
    const priced = new Set(onlyUnpriced ? this.venueSpecs().map((p) => p.symbol) : []);
    const products = SIM_PRODUCTS.filter((p) => !priced.has(p.symbol));
    this.simulatedSymbols = products.map((p) => p.symbol).join(', ');
    const last = new Map<string, string | null>();
    for (const p of products) {
      if (this.rows.some((r) => r.symbol === p.symbol)) last.set(p.symbol, await this.writer.lastPrice(p.symbol).catch(() => null));
    }
    // The precision in force now (a scheduled change begins at its second), else the catalogue's.
    const precision = (symbol: string) => this.writer.precisionAt(symbol, Date.now()) ?? this.rows.find((r) => r.symbol === symbol)?.precision;
    this.sim = new SimulatedFeed({ products, isOpen: (symbol, at) => this.isOpen(symbol, at), lastPrice: (s) => last.get(s) ?? null, precision });
    this.sim.start((symbol, price, volume, _t, info) => this.onTick(symbol, price, volume, 'simulated', info));
  }

  /**
   * Whether the product trades at `at`. Hours are whole minutes in a zone whose offset is whole minutes (and
   * holidays whole days), so the answer is worked out once per product and minute.
   */
  private isOpen(symbol: string, at: Date): boolean {
    const minute = Math.floor(at.getTime() / 60_000);
    const known = this.openCache.get(symbol);
    if (known && known.minute === minute) return known.open;
    const s = this.rows.find((r) => r.symbol === symbol);
    let open = false;
    if (s) {
      try {
        open = isWithinTradingHours(sessionAt(s, this.pending, at.getTime()), at);
      } catch {
        open = false;
      }
    }
    // A scheduled change of hours may begin inside this minute (at any whole second): then no caching.
    const boundary = this.pending.some(
      (c) => c.symbol === symbol && SESSION_FIELDS.has(c.field) && Math.floor(c.effectiveAtMs / 60_000) === minute && c.effectiveAtMs % 60_000 !== 0,
    );
    if (!boundary) this.openCache.set(symbol, { minute, open });
    return open;
  }

  /** Every tick is stored at once; the boundary ticks of all products, made in one turn, share one write. */
  private onTick(symbol: string, price: string, volume: string, kind: PriceKind, info?: FeedTickInfo): void {
    if (!this.isOpen(symbol, new Date())) return;
    if (this.halts?.blocked(symbol)) return; // its halt is being recorded: nothing after it may be stored first
    this.writer
      .writeTick(symbol, price, undefined, { volume, kind: info?.kind ?? kind, sources: info?.sources, rule: info?.rule, market24h: info?.market24h })
      .then(
        () => this.written++,
        (e: unknown) => {
          this.dropped++;
          if (this.dropped <= 5) this.log.warn(`tick of ${symbol} refused: ${(e as Error).message}`);
        },
      );
  }

  private async refreshCatalogue(): Promise<void> {
    try {
      this.rows = await this.catalogue.products();
      this.pending = (await this.changes.pending()).map(toChainSchedule);
      this.writer.setSchedule(this.pending);
      // Trading hours are worked out once per product and minute; only a change of hours forgets that.
      const hours = JSON.stringify([
        this.rows.map((r) => [r.symbol, r.timezone, r.hours, r.holidays]),
        this.pending.filter((c) => SESSION_FIELDS.has(c.field)).map((c) => c.id),
      ]);
      if (hours !== this.hoursSeen) this.openCache.clear();
      this.hoursSeen = hours;
      for (const r of this.rows) this.writer.updatePrecision(r.symbol, r.precision);
      if (!this.venues) return;
      const specs = this.venueSpecs();
      this.venues.setProducts(specs, this.watchedMarkets());
      for (const symbol of [...new Set(this.rows.map((r) => r.symbol))]) {
        if (!specs.some((s) => s.symbol === symbol) && this.halts?.halted(symbol)) void this.halts.report(symbol, null, Date.now());
      }
      await this.simulateTheRest(specs);
    } catch (e) {
      this.log.warn(`reading the catalogue failed: ${(e as Error).message}`);
    }
  }

  /** The feed's state for the api instances (feed-status, product price sources, health). */
  private async publishStatus(): Promise<void> {
    const venueProducts: FeedProductStatus[] = (this.venues?.status() ?? []).map((p) => ({ ...p, kind: 'venues' }));
    const priced = new Set(venueProducts.map((p) => p.symbol));
    const kind: PriceKind = this.priceMode === 'replay' ? 'replay' : 'simulated';
    const others: FeedProductStatus[] = this.rows
      .filter((r) => !priced.has(r.symbol))
      .map((r) => ({ symbol: r.symbol, kind, status: 'open', used: 0, total: 0, venues: [] }));
    const snapshot: FeedStatusSnapshot = {
      mode: this.priceMode,
      configured: this.config.FEED,
      quorum: this.config.FEED_QUORUM,
      maxDeviationBps: this.config.FEED_MAX_DEVIATION_BPS,
      staleMs: this.config.FEED_STALE_MS,
      at: Date.now(),
      products: [...venueProducts, ...others],
    };
    if (this.note) snapshot.note = this.note;
    await this.redis.set(REDIS_KEYS.feedStatus, JSON.stringify(snapshot), 'PX', STATUS_TTL_MS).catch(() => undefined);
  }
}
