import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { marketState } from '@candor/domain';
import {
  INTERVAL_SECONDS,
  type Candle,
  type CandleInterval,
  type Locale,
  type Product,
  type ProductStatus,
  type TickBlock,
  type TickRecord,
} from '@candor/contracts';
import type { ProductEntity } from '@candor/db';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';
import { formatVolume } from './market-format.js';
import { candleWindow, recordWindow, type CandlesQuery, type RangeQuery } from './market.query.js';
import { MarketRepository } from './market.repository.js';
import { LiveMarket } from './market-live.js';
import { PriceSources } from './price-sources.js';
import { toProduct } from './product-view.js';
import { REDIS_KEYS, type LastTick, type PriceKind, type TickMessage } from '@candor/cross-process';

/**
 * How long the catalogue is served from memory before it is re-read in the background (operators'
 * changes reach every instance at once through REDIS_CHANNELS.productsChanged; this is the safety net).
 */
const CATALOGUE_TTL_MS = 2000;
/** Most ticks one /ticks answer holds (10 minutes at several ticks a second). */
const MAX_RECORD_TICKS = 10_000;
/** Most blocks one /blocks answer holds. */
export const MAX_BLOCKS = 600;

export interface MarketStatusView {
  status: ProductStatus;
  nextOpenAt: Date | null;
}

/**
 * The market as the api serves it: the catalogue with each product's status, last price and 24h
 * statistics, candles, and the public tick record. Other features (orders) use `getProductRow`,
 * `statusOf` and `latestTick`. Nothing here writes a price: prices come from the feed only.
 */
@Injectable()
export class MarketService {
  private catalogue: { rows: ProductEntity[]; at: number; text: string } | null = null;
  private loading: Promise<ProductEntity[]> | null = null;
  private generation = 0;
  private readonly live: LiveMarket;
  /** Statuses depend on the minute only (hours are whole minutes, holidays whole days): worked out once a minute. */
  private statuses: { rows: ProductEntity[]; minute: number; map: Map<string, MarketStatusView> } | null = null;
  /** The product list's and the recommended list's JSON bytes per list and locale, valid while the catalogue, the minute and the live figures stay as they were. */
  private lists: { rows: ProductEntity[]; minute: number; version: number; sources: number; bodies: Map<string, Buffer> } | null = null;

  constructor(
    private readonly repo: MarketRepository,
    @Inject(REDIS) private readonly redis: Redis,
    /** Halts and price sources from the feed (absent in unit tests: the catalogue's view alone). */
    @Optional() private readonly sources?: PriceSources,
  ) {
    this.live = new LiveMarket({ lastTicks: (symbols) => this.lastTicks(symbols), stats: (symbols, from, to) => this.repo.stats(symbols, from, to) });
  }

  /** One message of the feed's tick stream (TickerRelay): the product list shows it from the next request on. */
  onTick(m: TickMessage): void {
    this.live.apply(m);
  }

  /** The tick stream may have missed messages (its connection dropped): re-read the stored last ticks. */
  resync(): void {
    this.live.resync();
  }

  /**
   * Every product row (enabled or not), ordered for display, from memory. After `invalidate()` the next
   * read waits for Postgres; past CATALOGUE_TTL_MS the rows are re-read in the background.
   */
  async allProductRows(): Promise<ProductEntity[]> {
    if (this.catalogue && Date.now() - this.catalogue.at < CATALOGUE_TTL_MS) return this.catalogue.rows;
    const stale = this.catalogue?.rows;
    if (!this.loading) {
      const generation = this.generation;
      const load = this.repo.allProducts().then(
        (fresh) => {
          // An unchanged catalogue keeps its rows (the same array), so what is computed from them (the
          // statuses of the minute, the product list's bytes) stays valid across the background re-reads.
          const text = JSON.stringify(fresh);
          const rows = this.catalogue?.text === text ? this.catalogue.rows : fresh;
          // A load that started before an invalidation may hold the old catalogue: use it once, never cache it.
          if (generation === this.generation) this.catalogue = { rows, at: Date.now(), text };
          if (this.loading === load) this.loading = null;
          return rows;
        },
        (e: unknown) => {
          if (this.loading === load) this.loading = null;
          throw e;
        },
      );
      this.loading = load;
    }
    if (stale) {
      this.loading.catch(() => undefined);
      return stale;
    }
    return this.loading;
  }

  /** Forget the cached catalogue (an operator changed it): the next read goes to Postgres. */
  invalidate(): void {
    this.generation++;
    this.catalogue = null;
    this.loading = null;
  }

  /** The product's catalogue row (incl. hours, expiries, min/max stake in cents, `enabled`), or null when there is no such symbol. */
  async getProductRow(symbol: string): Promise<ProductEntity | null> {
    return (await this.allProductRows()).find((p) => p.symbol === symbol) ?? null;
  }

  /**
   * Whether the product trades at `now`: 'maintenance' when operators set it, 'open' inside its
   * hours, else 'closed' with the next opening. A disabled product is 'closed' with no next opening.
   */
  statusOf(product: ProductEntity, now: Date = new Date()): MarketStatusView {
    if (!product.enabled) return { status: 'closed', nextOpenAt: null };
    try {
      return marketState({ timezone: product.timezone, hours: product.hours, holidays: product.holidays ?? [], maintenance: product.maintenance }, now);
    } catch {
      return { status: 'closed', nextOpenAt: null };
    }
  }

  /** The latest stored tick: Redis `tick:last:<SYMBOL>`, else Postgres; `kind` says whether it came from exchanges. */
  async latestTick(symbol: string): Promise<{ seq: string; t: Date; price: string; kind?: PriceKind } | null> {
    const last = (await this.lastTicks([symbol])).get(symbol);
    return last ? { seq: last.seq, t: new Date(last.t), price: last.price, ...(last.kind ? { kind: last.kind } : {}) } : null;
  }

  async products(locale: Locale): Promise<Product[]> {
    const rows = (await this.allProductRows()).filter((p) => p.enabled);
    return this.views(rows, locale);
  }

  /**
   * `GET /api/products` as UTF-8 JSON bytes: the same answer for everyone, so it is built and encoded once
   * per locale and kept until a tick, a catalogue change or the next minute (statuses, the 24h window)
   * changes it.
   */
  productsJson(locale: Locale): Promise<Buffer> {
    return this.listJson('all', locale);
  }

  /** The home page's recommended products as JSON bytes, kept like the product list's. */
  recommendedJson(locale: Locale): Promise<Buffer> {
    return this.listJson('recommended', locale);
  }

  private async listJson(kind: 'all' | 'recommended', locale: Locale): Promise<Buffer> {
    const rows = await this.allProductRows();
    await this.sources?.fresh();
    const minute = Math.floor(Date.now() / 60_000);
    const l = this.lists;
    const sources = this.sources?.version ?? 0;
    const key = `${kind}|${locale}`;
    if (l && l.rows === rows && l.minute === minute && l.version === this.live.version && l.sources === sources) {
      const body = l.bodies.get(key);
      if (body !== undefined) return body;
    }
    const body = Buffer.from(JSON.stringify(kind === 'all' ? await this.products(locale) : await this.recommended(locale)));
    // Kept only if nothing changed while it was built (a tick arriving meanwhile is shown by the next one).
    if (this.catalogue?.rows === rows && Math.floor(Date.now() / 60_000) === minute) {
      const version = this.live.version;
      if (!this.lists || this.lists.rows !== rows || this.lists.minute !== minute || this.lists.version !== version || this.lists.sources !== sources) {
        this.lists = { rows, minute, version, sources, bodies: new Map() };
      }
      this.lists.bodies.set(key, body);
    }
    return body;
  }

  /** Each enabled product's status and last tick time as the product list shows them now (for the metrics). */
  async liveState(nowMs = Date.now()): Promise<{ symbol: string; status: ProductStatus; lastTickAt: string | null }[]> {
    const all = await this.allProductRows();
    const { last } = await this.live.figures(
      all.map((r) => r.symbol),
      nowMs,
    );
    const statuses = this.statusesAt(all, nowMs);
    return all
      .filter((r) => r.enabled)
      .map((r) => ({
        symbol: r.symbol,
        status: (statuses.get(r.symbol) ?? this.statusOf(r, new Date(nowMs))).status,
        lastTickAt: last.get(r.symbol)?.t ?? null,
      }));
  }

  async product(symbol: string, locale: Locale): Promise<Product> {
    const row = await this.getProductRow(symbol);
    if (!row || !row.enabled) throw new DomainError('NOT_FOUND');
    return (await this.views([row], locale))[0]!;
  }

  /** The recommended products (the home page's list), as the product list shows them. */
  async recommended(locale: Locale): Promise<Product[]> {
    const rows = (await this.allProductRows()).filter((p) => p.enabled && p.recommended);
    return this.views(rows, locale);
  }

  async candles(symbol: string, q: CandlesQuery, nowMs = Date.now()): Promise<Candle[]> {
    await this.requireKnown(symbol);
    const interval: CandleInterval = q.interval;
    const seconds = INTERVAL_SECONDS[interval];
    const { start, end } = candleWindow(seconds, nowMs, q.from, q.to);
    const source = seconds >= 3600 ? 3600 : 60;
    const rows = await this.repo.candles(symbol, source, seconds, start, end);
    return rows.map((r) => ({ t: new Date(r.t).toISOString(), o: r.o, h: r.h, l: r.l, c: r.c, v: formatVolume(r.v) }));
  }

  /** The public tick record: sealed ticks with their block's second and hash. */
  async ticks(symbol: string, q: RangeQuery, nowMs = Date.now()): Promise<TickRecord[]> {
    await this.requireKnown(symbol);
    const w = recordWindow(nowMs, q.from, q.to);
    const rows = await this.repo.recordTicks(symbol, w.from, w.to, MAX_RECORD_TICKS);
    return rows.map((r) => {
      const tick: TickRecord = { seq: String(r.seq), t: new Date(r.t).toISOString(), price: r.price, blockSecond: String(r.second), blockHash: r.hash };
      if (r.sources && r.rule) [tick.sources, tick.rule] = [r.sources, r.rule];
      return tick;
    });
  }

  /** Blocks with their ticks, for checking the chain (oldest first, at most MAX_BLOCKS from `from`). */
  async blocks(symbol: string, q: RangeQuery, nowMs = Date.now()): Promise<TickBlock[]> {
    await this.requireKnown(symbol);
    const w = recordWindow(nowMs, q.from, q.to);
    const { blocks, ticks } = await this.repo.blocks(symbol, Math.floor(w.from / 1000), Math.floor(w.to / 1000), MAX_BLOCKS);
    let i = 0;
    return blocks.map((b) => {
      const first = BigInt(b.first_seq);
      const last = BigInt(b.last_seq);
      const own: TickBlock['ticks'] = [];
      // A block of catalogue changes alone spans no tick (its seqs repeat the previous block's last).
      while (b.tick_count > 0 && i < ticks.length && BigInt(ticks[i]!.seq) < first) i++;
      while (b.tick_count > 0 && i < ticks.length && BigInt(ticks[i]!.seq) <= last) {
        const k = ticks[i++]!;
        own.push(
          k.sources && k.rule
            ? { seq: String(k.seq), t: new Date(k.t).toISOString(), price: k.price, sources: k.sources, rule: k.rule }
            : { seq: String(k.seq), t: new Date(k.t).toISOString(), price: k.price },
        );
      }
      const block: TickBlock = { symbol, second: String(b.second), ticks: own, prevHash: b.prev_hash, hash: b.hash };
      if (b.changes?.length) block.changes = b.changes;
      return block;
    });
  }

  private async requireKnown(symbol: string): Promise<ProductEntity> {
    const row = await this.getProductRow(symbol);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  private async lastTicks(symbols: readonly string[]): Promise<Map<string, LastTick>> {
    const out = new Map<string, LastTick>();
    if (symbols.length === 0) return out;
    let cached: (string | null)[] = [];
    try {
      cached = await this.redis.mget(...symbols.map(REDIS_KEYS.tickLast));
    } catch {
      cached = [];
    }
    const missing: string[] = [];
    symbols.forEach((s, i) => {
      const raw = cached[i];
      try {
        const v = raw ? (JSON.parse(raw) as LastTick) : null;
        if (v && typeof v.price === 'string' && typeof v.t === 'string' && typeof v.seq === 'string') out.set(s, v);
        else missing.push(s);
      } catch {
        missing.push(s);
      }
    });
    if (missing.length) for (const [s, v] of await this.repo.lastTicks(missing)) out.set(s, v);
    return out;
  }

  private async views(rows: ProductEntity[], locale: Locale): Promise<Product[]> {
    const now = Date.now();
    const all = await this.allProductRows();
    const { last, stats } = await this.live.figures(
      all.map((r) => r.symbol),
      now,
    );
    const statuses = this.statusesAt(all, now);
    await this.sources?.fresh();
    const s = this.sources;
    return rows.map((r) =>
      toProduct(
        r,
        locale,
        statuses.get(r.symbol) ?? this.statusOf(r, new Date(now)),
        last.get(r.symbol),
        stats.get(r.symbol),
        s?.priceSource(r),
        s?.halt(r.symbol)?.reason ?? null,
      ),
    );
  }

  /** Every row's status at `nowMs`, computed once a minute (hours open and close on the minute) or when the rows change. */
  statusesAt(rows: ProductEntity[], nowMs: number): Map<string, MarketStatusView> {
    const minute = Math.floor(nowMs / 60_000);
    if (this.statuses?.rows === rows && this.statuses.minute === minute) return this.statuses.map;
    const at = new Date(nowMs);
    const map = new Map(rows.map((r) => [r.symbol, this.statusOf(r, at)]));
    this.statuses = { rows, minute, map };
    return map;
  }
}
