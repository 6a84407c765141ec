import { aggregateQuotes, midOf, type Aggregation, type HaltReason, type VenueQuote } from '@candor/domain';
import type { FeedAdapter, FeedTickInfo, Market24h, OnFeedTick } from '../feed-adapter.js';
import { PROTOCOLS } from './protocols.js';
import { VenueConnection, type VenueConnectionOptions } from './venue-connection.js';
import type { RawQuote, VenueName } from './venue-protocol.js';
import { VOLUME_SUM_EVERY_MS, VenueVolumes } from './venue-volumes.js';

/** A product priced from exchanges: its markets on them and its precision. */
export interface VenueProductSpec {
  symbol: string;
  precision: number;
  venues: readonly { venue: VenueName; symbol: string }[];
  /** A scheduled change of its markets: priced from these from `atMs` on; their quotes are read ahead, unused before. */
  next?: { atMs: number; venues: readonly { venue: VenueName; symbol: string }[] };
}

export interface VenueFeedOptions {
  products: readonly VenueProductSpec[];
  /** Markets read for their quotes only (a product about to be priced from them: checked before it switches). */
  watch?: readonly { venue: VenueName; symbol: string }[];
  /** The exchanges this feed connects to (FEED_VENUES); a product's other markets are listed as disabled. */
  venues: readonly VenueName[];
  /** Addresses per exchange (FEED_<VENUE>_URL), else the exchange's public address. */
  urls?: Partial<Record<VenueName, string>>;
  quorum: number;
  maxDeviationBps: number;
  staleMs: number;
  /** Each second is cut into slots this long from its start; a product ticks once in each slot it has quotes in (default 200 ms). */
  tickMs?: number;
  /** Whole seconds count from this long after them: a tick in the first ms is not later than an expiry on the second (default 2 ms). */
  boundaryOffsetMs?: number;
  /**
   * A product's first quote in a slot makes its tick at once; one that got quotes in the previous slot but
   * none yet in this one ticks this long after the slot began, on the quotes it has (default tickMs / 4, at most 50 ms).
   */
  quietMs?: number;
  /** No halt is declared this soon after start, while the connections come up (default staleMs). */
  warmupMs?: number;
  /** The decimals a price of the product made at `atMs` is rounded to (a scheduled change begins at its second); default the spec's. */
  precisionAt?: (symbol: string, atMs: number) => number | null;
  /** A product stops having a price (halted with the reason) or has one again (null). */
  onHalt?: (symbol: string, reason: HaltReason | null, atMs: number) => void;
  connection?: Partial<Pick<VenueConnectionOptions, 'backoffMs' | 'maxBackoffMs' | 'maxConnectionMs' | 'maxAgeMarginMs'>>;
  log?: { log(msg: string): void; warn(msg: string): void };
  now?: () => number;
}

export type VenueSourceReason = 'stale' | 'deviation' | 'currency' | 'invalid' | 'disabled';
export interface VenueSourceStatus {
  venue: VenueName;
  symbol: string;
  connected: boolean;
  lastMessageAt: number | null;
  mid: string | null;
  used: boolean;
  reason?: VenueSourceReason;
}
export interface VenueProductStatus {
  symbol: string;
  status: 'open' | 'halted' | 'starting';
  haltReason?: HaltReason;
  used: number;
  total: number;
  venues: VenueSourceStatus[];
}

interface BookQuote extends RawQuote {
  receivedAt: number;
}
interface ProductState {
  spec: VenueProductSpec;
  currency: string | null;
  lastTickAt: number;
  /** A quote came since the product's last tick. */
  quoted: boolean;
  halted: HaltReason | null;
  last: Aggregation | null;
  /** The 24h volume its last ticks carried, and when it was summed (once a second is plenty for a 24h figure). */
  volume: { atMs: number; value: Market24h | undefined } | null;
}

/** The quote currency shared by a product's markets (null when they disagree or are unknown: then nothing mixes). */
function currencyOf(spec: VenueProductSpec): string | null {
  const found = new Set(spec.venues.map((v) => PROTOCOLS[v.venue].quoteCurrency(v.symbol)));
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * Prices from public exchanges: one connection per exchange carrying every product's market there; each
 * quote updates the exchange's book, and the product's price is the aggregation of its exchanges' latest
 * quotes (libs/domain price-aggregation). Each second is cut into slots of `tickMs` from its start, and a
 * product ticks once a slot: on its first quote in the slot, in the callback that read the frame (a product
 * starting or halted: at the end of that pass of the event loop), so a tick carries a quote received a moment
 * before. The slots are the same for every product, so the ticks of all products follow each slot's start
 * closely and share the tick writer's commits. A product with quotes since its last tick but none yet in this
 * slot ticks `quietMs` into the slot on the quotes it has; at the first slot of a second every product ticks
 * (the boundary tick that lets orders expiring on it settle at once). No valid price: no tick, and the
 * product halts.
 */
export class VenueFeed implements FeedAdapter {
  private readonly connections = new Map<VenueName, VenueConnection>();
  // Keyed by exchange, then its symbol: no key string is built for each of the thousands of quotes a second.
  private readonly book = new Map<VenueName, Map<string, BookQuote>>();
  private readonly volumes = new VenueVolumes();
  private readonly byMarket = new Map<VenueName, Map<string, ProductState[]>>();
  private products = new Map<string, ProductState>();
  private watched: readonly { venue: VenueName; symbol: string }[] = [];
  private onTick: OnFeedTick | null = null;
  private slotTimer: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private readonly answered = new Set<VenueName>();
  private readonly dirty = new Set<ProductState>();
  private soon: NodeJS.Immediate | null = null;
  private readonly now: () => number;
  private readonly tickMs: number;
  private readonly quietMs: number;
  private readonly boundaryOffsetMs: number;

  constructor(private readonly o: VenueFeedOptions) {
    this.now = o.now ?? Date.now;
    this.tickMs = o.tickMs ?? 200;
    this.quietMs = Math.min(o.quietMs ?? 50, Math.floor(this.tickMs / 4));
    this.boundaryOffsetMs = o.boundaryOffsetMs ?? 2;
    this.setProducts(o.products, o.watch);
  }

  /** Exchanges that sent at least one quote since start. */
  venuesAnswered(): ReadonlySet<VenueName> {
    return this.answered;
  }

  start(onTick: OnFeedTick): void {
    this.stop();
    this.onTick = onTick;
    this.startedAt = this.now();
    this.connectAll();
    this.armSlots();
  }

  stop(): void {
    this.onTick = null;
    if (this.slotTimer) clearTimeout(this.slotTimer);
    this.slotTimer = null;
    if (this.soon) clearImmediate(this.soon);
    this.soon = null;
    this.dirty.clear();
    for (const c of this.connections.values()) c.stop();
    this.connections.clear();
  }

  /** The catalogue changed: products, their markets and markets only watched; changed connections are replaced. */
  setProducts(products: readonly VenueProductSpec[], watch: readonly { venue: VenueName; symbol: string }[] = []): void {
    const before = this.marketsByVenue();
    this.watched = watch;
    const next = new Map<string, ProductState>();
    for (const spec of products) {
      const old = this.products.get(spec.symbol);
      next.set(spec.symbol, {
        spec,
        currency: currencyOf(spec),
        lastTickAt: old?.lastTickAt ?? 0,
        quoted: old?.quoted ?? false,
        halted: old?.halted ?? null,
        last: old?.last ?? null,
        volume: null,
      });
    }
    this.products = next;
    this.byMarket.clear();
    for (const p of next.values()) {
      for (const v of [...p.spec.venues, ...(p.spec.next?.venues ?? [])]) {
        let markets = this.byMarket.get(v.venue);
        if (!markets) this.byMarket.set(v.venue, (markets = new Map()));
        const list = markets.get(v.symbol) ?? [];
        if (!list.includes(p)) list.push(p);
        markets.set(v.symbol, list);
      }
    }
    if (!this.onTick) return;
    const after = this.marketsByVenue();
    for (const venue of this.o.venues) {
      if ((before.get(venue) ?? []).join(',') === (after.get(venue) ?? []).join(',')) continue;
      this.connections.get(venue)?.stop();
      this.connections.delete(venue);
      this.connect(venue, after.get(venue) ?? []);
    }
  }

  /** The mid of a market's latest quote if it is fresh (for the check of a scheduled change of markets), else null. */
  freshMid(venue: VenueName, symbol: string): string | null {
    const q = this.book.get(venue)?.get(symbol);
    if (!q || this.now() - q.receivedAt > this.o.staleMs) return null;
    try {
      return midOf(q.bid, q.ask);
    } catch {
      return null; // not a valid quote
    }
  }

  /** Every product's state and each of its exchanges' last quote, for /api/market/feed-status. */
  status(): VenueProductStatus[] {
    const now = this.now();
    return [...this.products.values()].map((p) => {
      const last = p.last;
      const venues = p.spec.venues.map((v): VenueSourceStatus => {
        const conn = this.connections.get(v.venue)?.status();
        const enabled = this.o.venues.includes(v.venue);
        const source = last?.sources.find((s) => s.venue === v.venue);
        const out: VenueSourceStatus = {
          venue: v.venue,
          symbol: v.symbol,
          connected: Boolean(conn?.connected && conn.lastMessageAt !== null && now - conn.lastMessageAt <= this.o.staleMs),
          lastMessageAt: conn?.lastMessageAt ?? null,
          mid: source?.mid || null,
          used: source?.used ?? false,
        };
        if (!enabled) out.reason = 'disabled';
        // A fresh quote left unused only because too few others were fresh has no reason of its own.
        else if (!source) out.reason = 'stale';
        else if (!source.used && source.reason) out.reason = source.reason;
        return out;
      });
      const status: VenueProductStatus = {
        symbol: p.spec.symbol,
        status: p.halted ? 'halted' : last?.ok ? 'open' : 'starting',
        used: last?.ok ? last.used : 0,
        total: p.spec.venues.length,
        venues,
      };
      if (p.halted) status.haltReason = p.halted;
      return status;
    });
  }

  private marketsByVenue(): Map<VenueName, string[]> {
    const out = new Map<VenueName, string[]>();
    for (const [venue, markets] of this.byMarket) out.set(venue, [...markets.keys()]);
    for (const w of this.watched) out.set(w.venue, [...(out.get(w.venue) ?? []), w.symbol]);
    for (const [venue, list] of out) out.set(venue, [...new Set(list)].sort());
    return out;
  }

  private connectAll(): void {
    const markets = this.marketsByVenue();
    for (const venue of this.o.venues) this.connect(venue, markets.get(venue) ?? []);
  }

  private connect(venue: VenueName, symbols: readonly string[]): void {
    if (symbols.length === 0) return;
    const protocol = PROTOCOLS[venue];
    const conn = new VenueConnection({
      protocol,
      url: this.o.urls?.[venue] ?? protocol.defaultUrl,
      symbols,
      staleMs: this.o.staleMs,
      onQuote: (q, at) => this.onQuote(venue, q, at),
      onVolume: (v, at) => this.volumes.record(venue, v, at),
      log: this.o.log,
      now: this.now,
      ...this.o.connection,
    });
    this.connections.set(venue, conn);
    conn.start();
  }

  private onQuote(venue: VenueName, q: RawQuote, at: number): void {
    this.answered.add(venue);
    let book = this.book.get(venue);
    if (!book) this.book.set(venue, (book = new Map()));
    book.set(q.symbol, { symbol: q.symbol, bid: q.bid, ask: q.ask, venueTs: q.venueTs, venueId: q.venueId, receivedAt: at });
    const products = this.byMarket.get(venue)?.get(q.symbol);
    if (!products) return;
    // Most quotes come after their product ticked in this slot: those are only noted. The first one in the slot
    // of a product that has a price makes its tick now, in the callback that read it (the book holds the other
    // exchanges' quotes already). A product starting or halted waits for the end of this pass of the event loop,
    // so that the frames of several exchanges read together make one evaluation, not a halt on the first alone.
    let waiting = false;
    for (const p of products) {
      if (!this.due(p, at)) p.quoted = true;
      else if (p.last?.ok && !p.halted) this.evaluate(p);
      else {
        this.dirty.add(p);
        waiting = true;
      }
    }
    if (!waiting) return;
    this.soon ??= setImmediate(() => {
      this.soon = null;
      const dirty = [...this.dirty];
      this.dirty.clear();
      for (const p of dirty) this.maybeTick(p);
    });
  }

  /** The product's 24h volume and turnover on its exchanges (see VenueVolumes.sum). */
  market24h(symbol: string, nowMs = this.now()): Market24h | undefined {
    const p = this.products.get(symbol);
    return p ? this.volumes.sum(p.spec.venues, this.o.venues, (venue, market) => this.book.get(venue)?.get(market), nowMs) : undefined;
  }

  /** The latest whole second (plus the offset) at or before `nowMs`. */
  private boundaryAt(nowMs: number): number {
    return Math.floor((nowMs - this.boundaryOffsetMs) / 1000) * 1000 + this.boundaryOffsetMs;
  }

  /** The start of the slot `nowMs` is in: the second's start, and every tickMs after it. */
  private slotAt(nowMs: number): number {
    const second = this.boundaryAt(nowMs);
    return second + Math.floor((nowMs - second) / this.tickMs) * this.tickMs;
  }

  /** Whether the product has not ticked in the slot `nowMs` is in. */
  private due(p: ProductState, nowMs: number): boolean {
    return p.lastTickAt < this.slotAt(nowMs);
  }

  /** Still due once the pass that read its quotes is over: a product starting or halted. */
  private maybeTick(p: ProductState): void {
    if (this.due(p, this.now())) this.evaluate(p);
    else p.quoted = true;
  }

  private quotesOf(p: ProductState): VenueQuote[] {
    const out: VenueQuote[] = [];
    for (const v of p.spec.venues) {
      if (!this.o.venues.includes(v.venue)) continue;
      const q = this.book.get(v.venue)?.get(v.symbol);
      if (!q) continue;
      const quote: VenueQuote = { venue: v.venue, bid: q.bid, ask: q.ask, venueTs: q.venueTs, venueId: q.venueId, receivedAt: q.receivedAt };
      const currency = PROTOCOLS[v.venue].quoteCurrency(v.symbol);
      if (currency) quote.quoteCurrency = currency;
      out.push(quote);
    }
    return out;
  }

  private evaluate(p: ProductState): void {
    const onTick = this.onTick;
    if (!onTick) return;
    const now = this.now();
    const boundary = p.lastTickAt < this.boundaryAt(now);
    p.quoted = false;
    // A scheduled change of markets begins exactly at its time: the first price made at or after it uses them.
    if (p.spec.next && now >= p.spec.next.atMs) {
      p.spec = { symbol: p.spec.symbol, precision: p.spec.precision, venues: p.spec.next.venues };
      p.currency = currencyOf(p.spec);
    }
    const agg = aggregateQuotes(this.quotesOf(p), {
      nowMs: now,
      staleMs: this.o.staleMs,
      quorum: this.o.quorum,
      maxDeviationBps: this.o.maxDeviationBps,
      precision: this.o.precisionAt?.(p.spec.symbol, now) ?? p.spec.precision,
      quoteCurrency: p.currency ?? '?',
    });
    p.last = agg;
    if (!agg.ok) {
      if (now - this.startedAt < (this.o.warmupMs ?? this.o.staleMs)) return; // connections still coming up
      if (p.halted !== agg.reason) {
        p.halted = agg.reason;
        this.o.onHalt?.(p.spec.symbol, agg.reason, now);
      }
      return;
    }
    if (p.halted) {
      p.halted = null;
      this.o.onHalt?.(p.spec.symbol, null, now);
    }
    p.lastTickAt = now;
    const info: FeedTickInfo = { boundary, kind: 'venues', sources: agg.sources, rule: agg.rule };
    if (!p.volume || now - p.volume.atMs >= VOLUME_SUM_EVERY_MS) p.volume = { atMs: now, value: this.market24h(p.spec.symbol, now) };
    const market24h = p.volume.value;
    if (market24h) info.market24h = market24h;
    onTick(p.spec.symbol, agg.price, '0', new Date(now), info);
  }

  /**
   * `quietMs` into each slot: the tick of every product that had quotes since its last tick but none yet in
   * this slot, and at a second's first slot the boundary tick of every product (a timer that fires early
   * waits again).
   */
  private armSlots(): void {
    const now = this.now();
    const slot = this.slotAt(now);
    // This slot's turn when it is still ahead (a timer that fired a little early), else the next slot's.
    const target = now < slot + this.quietMs ? slot + this.quietMs : Math.min(slot + this.tickMs, this.boundaryAt(now) + 1000) + this.quietMs;
    this.slotTimer = setTimeout(
      () => {
        if (!this.slotTimer) return;
        const at = this.now();
        if (at < target) return this.armSlots();
        const boundary = this.slotAt(at) === this.boundaryAt(at);
        for (const p of this.products.values()) if (this.due(p, at) && (p.quoted || boundary)) this.evaluate(p);
        this.armSlots();
      },
      Math.max(0, target - now),
    );
  }
}
