import type { LastTick, LiveStats24h, TickMessage } from '@candor/cross-process';
import { formatAmount, formatChange, formatVolume, windowStart } from './market-format.js';
import type { StatsRow } from './market.repository.js';

/** Where the live figures come from when the tick stream has not (yet) said: Redis or Postgres. */
export interface LiveMarketSources {
  /** The stored last tick of each symbol (Redis `tick:last:*`, else Postgres). */
  lastTicks(symbols: readonly string[]): Promise<Map<string, LastTick>>;
  /** 24h statistics from the stored 1-minute rollups with t in [fromMs, toMs]. */
  stats(symbols: readonly string[], fromMs: number, toMs: number): Promise<Map<string, StatsRow>>;
}

export interface LiveFigures {
  last: Map<string, LastTick>;
  stats: Map<string, LiveStats24h>;
}

/** The wire form of stored 24h statistics, as the feed writes its live ones (market-format.ts). */
export function statsOfRow(r: StatsRow | undefined): LiveStats24h {
  return {
    change24h: formatChange(r?.first, r?.last),
    high24h: r?.high ?? null,
    low24h: r?.low ?? null,
    volume24h: formatVolume(r?.volume),
    amount24h: formatAmount(r?.amount),
  };
}

function seqOf(seq: string): bigint | null {
  try {
    return BigInt(seq);
  } catch {
    return null;
  }
}

/**
 * Each product's last price and 24h statistics, kept in memory from the feed's tick stream (every
 * tick message carries both), so the product list needs no Redis or Postgres read per request.
 * The stored figures fill in what the stream has not said: the last tick of a product seen for the
 * first time (and again each minute, in case a message was missed), and the statistics of a product
 * whose last tick is older than the current 24h window (the window slides each minute).
 * `version` changes whenever a figure does.
 */
export class LiveMarket {
  version = 0;
  private readonly last = new Map<string, LastTick>();
  private readonly live = new Map<string, { window: number; stats: LiveStats24h }>();
  /** Symbols whose stored last tick was read since the window last moved (found or not). */
  private readonly loaded = new Set<string>();
  private stored: { window: number; symbols: Set<string>; map: Map<string, LiveStats24h> } | null = null;
  private loading: { window: number; key: string; promise: Promise<void> } | null = null;

  constructor(private readonly sources: LiveMarketSources) {}

  /** Folds in one tick message; false when it is malformed or not newer than what is known. */
  apply(m: TickMessage): boolean {
    const t = Date.parse(m?.t);
    if (typeof m?.symbol !== 'string' || typeof m.price !== 'string' || !Number.isFinite(t) || !this.offer(m.symbol, { seq: m.seq, t: m.t, price: m.price })) {
      return false;
    }
    if (m.stats && typeof m.stats.change24h === 'string') this.live.set(m.symbol, { window: windowStart(t), stats: m.stats });
    return true;
  }

  /** Forget which stored ticks were read (e.g. the tick subscription reconnected): the next read re-reads them. */
  resync(): void {
    this.loaded.clear();
    this.version++;
  }

  /** The last tick and 24h statistics (of the window containing `nowMs`) of each symbol. */
  async figures(symbols: readonly string[], nowMs: number): Promise<LiveFigures> {
    const window = windowStart(nowMs);
    if (this.stored && this.stored.window !== window) this.loaded.clear();
    const unread = symbols.filter((s) => !this.loaded.has(s));
    if (unread.length) {
      const found = await this.sources.lastTicks(unread);
      for (const s of unread) {
        this.loaded.add(s);
        const tick = found.get(s);
        if (tick) this.offer(s, tick);
      }
    }
    const stale = symbols.filter((s) => this.live.get(s)?.window !== window);
    if (stale.length && (!this.stored || this.stored.window !== window || stale.some((s) => !this.stored!.symbols.has(s)))) {
      await this.loadStored(symbols, window, nowMs);
    }
    const last = new Map<string, LastTick>();
    const stats = new Map<string, LiveStats24h>();
    for (const s of symbols) {
      const tick = this.last.get(s);
      if (tick) last.set(s, tick);
      const live = this.live.get(s);
      const figures = live?.window === window ? live.stats : this.stored?.window === window ? this.stored.map.get(s) : undefined;
      if (figures) stats.set(s, figures);
    }
    return { last, stats };
  }

  private offer(symbol: string, tick: LastTick): boolean {
    const seq = seqOf(tick.seq);
    if (seq === null) return false;
    const known = this.last.get(symbol);
    if (known && (seqOf(known.seq) ?? -1n) >= seq) return false;
    this.last.set(symbol, { seq: tick.seq, t: tick.t, price: tick.price });
    this.version++;
    return true;
  }

  /** One query of the stored statistics of every symbol for this window, shared by concurrent readers. */
  private async loadStored(symbols: readonly string[], window: number, nowMs: number): Promise<void> {
    const key = [...symbols].sort().join(',');
    if (!this.loading || this.loading.window !== window || this.loading.key !== key) {
      const promise = this.sources.stats(symbols, window, nowMs).then((rows) => {
        const map = new Map<string, LiveStats24h>();
        for (const s of symbols) map.set(s, statsOfRow(rows.get(s)));
        if (!this.stored || this.stored.window <= window) this.stored = { window, symbols: new Set(symbols), map };
        this.version++;
      });
      const loading = { window, key, promise };
      this.loading = loading;
      const done = () => {
        if (this.loading === loading) this.loading = null;
      };
      promise.then(done, done);
    }
    await this.loading.promise;
  }
}
