import { aggregateQuotes, type Aggregation, type HaltReason, type VenueQuote } from '@candor/domain';
import type { FeedAdapter, OnFeedTick } from '../feed-adapter.js';
import { PROTOCOLS } from './protocols.js';
import { VenueConnection, type VenueConnectionOptions } from './venue-connection.js';
import type { RawQuote, VenueName } from './venue-protocol.js';

/** A product priced from exchanges: its markets on them and its precision. */
export interface VenueProductSpec {
  symbol: string;
  precision: number;
  venues: readonly { venue: VenueName; symbol: string }[];
}

export interface VenueFeedOptions {
  products: readonly VenueProductSpec[];
  /** The exchanges this feed connects to (FEED_VENUES); a product's other markets are listed as disabled. */
  venues: readonly VenueName[];
  /** Addresses per exchange (FEED_<VENUE>_URL), else the exchange's public address. */
  urls?: Partial<Record<VenueName, string>>;
  quorum: number;
  maxDeviationBps: number;
  staleMs: number;
  /** At most one tick per product this often, besides the tick right after each whole second (default 200 ms). */
  tickMs?: number;
  /** Whole seconds count from this long after them: a tick in the first ms is not later than an expiry on the second (default 2 ms). */
  boundaryOffsetMs?: number;
  /**
   * Once a tick is due (its tickMs over, or a whole second passed), the product's next quote makes it at once;
   * a product that gets no quote for this long after that ticks on the quotes it has (default tickMs / 4, at most 50 ms).
   */
  quietMs?: number;
  /** No halt is declared this soon after start, while the connections come up (default staleMs). */
  warmupMs?: number;
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
  trailing: NodeJS.Timeout | null;
  halted: HaltReason | null;
  last: Aggregation | null;
}

/** The quote currency shared by a product's markets (null when they disagree or are unknown: then nothing mixes). */
function currencyOf(spec: VenueProductSpec): string | null {
  const found = new Set(spec.venues.map((v) => PROTOCOLS[v.venue].quoteCurrency(v.symbol)));
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * Prices from public exchanges: one connection per exchange carrying every product's market there; each
 * quote updates the exchange's book, and the product's price is the aggregation of its exchanges' latest
 * quotes (libs/domain price-aggregation). A product ticks at most every `tickMs`, and once more right after
 * every whole second (the boundary tick that lets orders expiring on it settle at once). Ticks are made on
 * the arrival of a quote: when one is due, the product's next quote makes it in the same turn, so a tick
 * carries a quote received a moment before; a product that stays quiet `quietMs` past the time its tick
 * was due ticks on the quotes it has. No valid price: no tick, and the product halts.
 */
export class VenueFeed implements FeedAdapter {
  private readonly connections = new Map<VenueName, VenueConnection>();
  // Keyed by exchange, then its symbol: no key string is built for each of the thousands of quotes a second.
  private readonly book = new Map<VenueName, Map<string, BookQuote>>();
  private readonly byMarket = new Map<VenueName, Map<string, ProductState[]>>();
  private products = new Map<string, ProductState>();
  private onTick: OnFeedTick | null = null;
  private boundaryTimer: NodeJS.Timeout | null = null;
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
    this.quietMs = o.quietMs ?? Math.min(50, Math.floor(this.tickMs / 4));
    this.boundaryOffsetMs = o.boundaryOffsetMs ?? 2;
    this.setProducts(o.products);
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
    this.armBoundary();
  }

  stop(): void {
    this.onTick = null;
    if (this.boundaryTimer) clearTimeout(this.boundaryTimer);
    this.boundaryTimer = null;
    for (const p of this.products.values()) if (p.trailing) clearTimeout(p.trailing);
    if (this.soon) clearImmediate(this.soon);
    this.soon = null;
    this.dirty.clear();
    for (const c of this.connections.values()) c.stop();
    this.connections.clear();
  }

  /** The catalogue changed: products and their markets; connections whose markets changed are replaced. */
  setProducts(products: readonly VenueProductSpec[]): void {
    const before = this.marketsByVenue();
    const next = new Map<string, ProductState>();
    for (const spec of products) {
      const old = this.products.get(spec.symbol);
      next.set(spec.symbol, {
        spec,
        currency: currencyOf(spec),
        lastTickAt: old?.lastTickAt ?? 0,
        trailing: old?.trailing ?? null,
        halted: old?.halted ?? null,
        last: old?.last ?? null,
      });
    }
    for (const [symbol, p] of this.products) if (!next.has(symbol) && p.trailing) clearTimeout(p.trailing);
    this.products = next;
    this.byMarket.clear();
    for (const p of next.values()) {
      for (const v of p.spec.venues) {
        let markets = this.byMarket.get(v.venue);
        if (!markets) this.byMarket.set(v.venue, (markets = new Map()));
        const list = markets.get(v.symbol) ?? [];
        list.push(p);
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
    for (const [venue, markets] of this.byMarket) out.set(venue, [...markets.keys()].sort());
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
    if (products) for (const p of products) this.dirty.add(p);
    // Frames of several exchanges read in one pass of the event loop make one evaluation, not one each.
    this.soon ??= setImmediate(() => {
      this.soon = null;
      const dirty = [...this.dirty];
      this.dirty.clear();
      for (const p of dirty) this.maybeTick(p);
    });
  }

  /** The latest whole second (plus the offset) at or before `nowMs`: a product without a tick since owes its boundary tick. */
  private boundaryAt(nowMs: number): number {
    return Math.floor((nowMs - this.boundaryOffsetMs) / 1000) * 1000 + this.boundaryOffsetMs;
  }

  /**
   * A quote came: tick now when one is due (a whole second passed, or tickMs since the last), else make sure
   * a quiet product still ticks `quietMs` after its tickMs ends on the quotes it has by then.
   */
  private maybeTick(p: ProductState): void {
    const now = this.now();
    const dueAt = p.lastTickAt + this.tickMs;
    if (now >= dueAt || p.lastTickAt < this.boundaryAt(now)) return this.evaluate(p);
    if (p.trailing) return;
    p.trailing = setTimeout(
      () => {
        p.trailing = null;
        if (this.onTick) this.evaluate(p);
      },
      dueAt + this.quietMs - now,
    );
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
    const agg = aggregateQuotes(this.quotesOf(p), {
      nowMs: now,
      staleMs: this.o.staleMs,
      quorum: this.o.quorum,
      maxDeviationBps: this.o.maxDeviationBps,
      precision: p.spec.precision,
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
    // This tick carries every quote received so far: a trailing tick armed before it would only repeat it.
    if (p.trailing) clearTimeout(p.trailing);
    p.trailing = null;
    onTick(p.spec.symbol, agg.price, '0', new Date(now), { boundary, kind: 'venues', sources: agg.sources, rule: agg.rule });
  }

  /**
   * `quietMs` after each whole second, the boundary tick of every product whose quotes have not made it yet
   * (a timer that fires early waits again).
   */
  private armBoundary(): void {
    const target = this.boundaryAt(this.now()) + 1000 + this.quietMs;
    this.boundaryTimer = setTimeout(
      () => {
        if (!this.boundaryTimer) return;
        if (this.now() < target) return this.armBoundary();
        const since = this.boundaryAt(this.now());
        for (const p of this.products.values()) if (p.lastTickAt < since) this.evaluate(p);
        this.armBoundary();
      },
      Math.max(0, target - this.now()),
    );
  }
}
