import { decimalPlaces, decimalToScaled, isDecimal, scaledToDecimal } from '@candor/domain';
import type { CandleInterval } from '@candor/contracts';
import type { LiveCandle, TickMessage } from '@candor/cross-process';
import { BlockAssembler } from './block-assembler.js';
import { ChangeSchedule, ChangeWithdrawnError, chainChangeOf, type ScheduledChainChange } from './change-schedule.js';
import { LiveStats } from './live-stats.js';
import type { PendingTick, SymbolBlock, TickBus, TickStore, TickWriterOptions, WriteOptions, WrittenTick } from './tick-store.js';

export { ChangeWithdrawnError, type ScheduledChainChange } from './change-schedule.js';
export type { PendingTick, SymbolBlock, SymbolSeed, TickBus, TickStore, TickWriterOptions, WriteOptions, WrittenTick } from './tick-store.js';

interface SymbolState {
  symbol: string;
  /** The catalogue's precision (before any scheduled change of it). */
  precision: number;
  nextSeq: bigint;
  lastT: number;
  lastPrice: string | null;
  assembler: BlockAssembler;
  /** The last second of a block in a write not yet committed (-1: none): no tick may join it meanwhile. */
  sealing: number;
  stats: LiveStats;
}

/** A unique violation: another writer stored this product's ticks or blocks first. */
function isConflict(e: unknown): boolean {
  return (e as { code?: string })?.code === '23505' || (e as { driverError?: { code?: string } })?.driverError?.code === '23505';
}

/**
 * The one path by which ticks enter the record: each tick gets the product's next seq and a time that never
 * goes back, is stored at once with its candle rollups, and is announced (Redis) only after its commit, so
 * anything that saw a tick can find it in Postgres. Writes are group commits: ticks written in one turn of
 * the event loop, or while a write is in flight, go together in the next one. One writer per product (the
 * feed's Redis lock); the database refuses a second one's duplicates (docs/internals.md, "Tick writer").
 */
export class TickWriter {
  private readonly states = new Map<string, Promise<SymbolState | null>>();
  private readonly ready = new Map<string, SymbolState>();
  private pending: PendingTick[] = [];
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Immediate | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** A flush is queued behind the one in flight and will take every pending tick when it starts. */
  private flushQueued = false;
  /** The last write failed (Postgres unreachable): new ticks wait for the timer's retry instead of each trying. */
  private failing = false;
  private generation = 0;
  private closed = false;
  private readonly warned = new Map<string, number>();
  /** Called with each write's ticks once they are stored and announced (e.g. the price alert watcher). */
  private readonly storedListeners: ((ticks: readonly PendingTick[]) => void)[] = [];
  /** Pending catalogue changes by product. */
  private readonly schedule = new ChangeSchedule();
  private readonly flushIntervalMs: number;
  private readonly sealGraceMs: number;
  private readonly maxPending: number;
  private readonly now: () => number;
  private readonly log: { warn(msg: string): void; error(msg: string): void };

  constructor(
    private readonly store: TickStore,
    private readonly bus: TickBus,
    opts: TickWriterOptions = {},
  ) {
    this.flushIntervalMs = opts.flushIntervalMs ?? 250;
    this.sealGraceMs = opts.sealGraceMs ?? 150;
    this.maxPending = opts.maxPending ?? 50_000;
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? { warn: (m) => console.warn(m), error: (m) => console.error(m) };
  }

  /**
   * Record one tick: `price` is a decimal string with at most the product's precision (padded to
   * it), `t` defaults to now. An explicit `t` must not be earlier than the product's last tick nor
   * fall in a second that is already sealed (RangeError). The tick is stored at once (see the class);
   * resolves once it is queued, or, with `flush`, once it is stored and published.
   */
  async writeTick(symbol: string, price: string, t?: Date, opts: WriteOptions = {}): Promise<WrittenTick> {
    if (this.closed) throw new Error('tick writer is closed');
    let st = await this.state(symbol);
    while (st && this.ready.get(symbol) !== st) st = await this.state(symbol); // reset() while seeding
    if (!st) throw new RangeError(`unknown product: ${symbol}`);

    const volume = opts.volume ?? '0';
    if (!isDecimal(volume) || volume.startsWith('-') || decimalPlaces(volume) > 8) throw new RangeError(`bad volume: ${String(volume).slice(0, 40)}`);
    const firstOpenMs = (Math.max(st.assembler.sealedThrough, st.sealing) + 1) * 1000;
    let tMs: number;
    if (t) {
      tMs = t.getTime();
      if (!Number.isFinite(tMs)) throw new RangeError('bad tick time');
      if (tMs < st.lastT) throw new RangeError(`tick time of ${symbol} goes back (last ${new Date(st.lastT).toISOString()})`);
      if (tMs < firstOpenMs) throw new RangeError(`second ${Math.floor(tMs / 1000)} of ${symbol} is already sealed`);
    } else {
      tMs = Math.max(this.now(), st.lastT, firstOpenMs);
    }
    // The precision in force at the tick's own time: a scheduled change begins exactly at its second.
    const text = this.priceText(this.precisionOf(st, tMs), price);

    if (!opts.sources !== !opts.rule) throw new RangeError('a tick has sources and a rule, or neither');
    const seq = (st.nextSeq++).toString();
    const tIso = new Date(tMs).toISOString();
    st.assembler.add(opts.sources ? { seq, t: tIso, price: text, sources: opts.sources, rule: opts.rule! } : { seq, t: tIso, price: text });
    st.stats.apply({ t: tMs, price: text, volume });
    st.lastT = tMs;
    st.lastPrice = text;
    const message: TickMessage = {
      symbol,
      seq,
      t: tIso,
      price: text,
      volume,
      stats: opts.market24h ? { ...st.stats.stats(tMs), volume24h: opts.market24h.volume, amount24h: opts.market24h.amount } : st.stats.stats(tMs),
      candles: st.stats.candles() as Record<CandleInterval, LiveCandle>,
    };
    const kind = opts.kind ?? (opts.sources ? 'venues' : undefined);
    if (kind) message.kind = kind;
    if (opts.sources) {
      message.sourcesUsed = opts.sources.filter((x) => x.used).length;
      message.sourcesTotal = opts.sources.length;
    }
    const pending: PendingTick = { symbol, seq, t: tIso, price: text, volume, message };
    if (opts.sources) [pending.sources, pending.rule] = [opts.sources, opts.rule];
    if (kind) pending.kind = kind;
    this.pending.push(pending);
    if (this.pending.length > this.maxPending) {
      this.log.error(`tick writer: ${this.pending.length} ticks could not be stored; dropping them and re-reading the record`);
      this.reset();
    }
    this.arm();
    if (opts.flush) await this.flush();
    else this.flushSoon();
    return { symbol, seq, t: tIso, price: text, volume };
  }

  /** Hears each write's ticks, in order, once stored and announced; only the writing process (the feed's leader) does. */
  onStored(listener: (ticks: readonly PendingTick[]) => void): void {
    this.storedListeners.push(listener);
  }

  /** The last price this writer knows for a product (from the record on first use), or null. */
  async lastPrice(symbol: string): Promise<string | null> {
    const st = await this.state(symbol);
    return st?.lastPrice ?? null;
  }

  /** Epoch ms of the product's last tick (this writer's, or the record's on first use), or null before its first. */
  async lastTickAt(symbol: string): Promise<number | null> {
    const st = await this.state(symbol);
    return st && Number.isFinite(st.lastT) ? st.lastT : null;
  }

  /**
   * The catalogue's precision of a product as stored (re-read by the feed): it only changes when a scheduled
   * change is applied, which this writer already follows from that change's second on.
   */
  updatePrecision(symbol: string, precision: number): void {
    const st = this.ready.get(symbol);
    if (st && Number.isInteger(precision) && precision >= 0 && precision <= 8) st.precision = precision;
  }

  /**
   * The pending catalogue changes (all products): each is recorded in the block of its second once that second
   * comes, and a precision change applies to ticks from that second on. A change left out of a new schedule
   * (cancelled or refused) is forgotten unless its block is already being stored.
   */
  setSchedule(changes: readonly ScheduledChainChange[]): void {
    const ids = this.schedule.set(changes);
    for (const st of this.ready.values()) {
      for (const id of st.assembler.changeIds) {
        if (ids.has(id) || st.sealing >= 0) continue;
        st.assembler.dropChange(id);
        this.schedule.unplace(id);
        this.log.warn(`tick writer: catalogue change ${id} of ${st.symbol} withdrawn before its block was stored`);
      }
    }
    if (changes.length) this.arm();
  }

  /** Re-read the pending changes from the store (tests, and a store that can list them). */
  async refreshSchedule(): Promise<void> {
    if (this.store.pendingChanges) this.setSchedule(await this.store.pendingChanges());
  }

  /** The precision a tick of `symbol` at `tMs` is rounded to, or null before the product's state is known. */
  precisionAt(symbol: string, tMs: number): number | null {
    const st = this.ready.get(symbol);
    return st ? this.precisionOf(st, tMs) : null;
  }

  private precisionOf(st: SymbolState, tMs: number): number {
    return this.schedule.precisionAt(st.symbol, st.precision, tMs);
  }

  /** Hands each change whose time has come to its product's assembler (seeding the product's state if needed). */
  private placeDueChanges(now: number): void {
    for (const c of this.schedule.due(now)) {
      const st = this.ready.get(c.symbol);
      if (!st) {
        void this.state(c.symbol).catch(() => undefined); // placed at the next flush, once its state is read
        continue;
      }
      st.assembler.addChange(chainChangeOf(c), Math.max(st.assembler.sealedThrough, st.sealing) + 1);
      this.schedule.placedIn(c.id);
    }
  }

  /**
   * Write pending ticks and seal finished seconds now (after the write in flight); resolves once they are
   * stored and published. Rejects if Postgres refused the write (the ticks stay queued unless they conflict).
   */
  flush(opts: { sealAll?: boolean } = {}): Promise<void> {
    this.flushQueued = true;
    const run = this.queue.then(() => {
      this.flushQueued = false;
      return this.doFlush(opts.sealAll ?? false);
    });
    // The next write may start once this one is stored; its announcement is sent after this one's.
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run.then((r) => r.published);
  }

  /** Forget everything not yet stored and every product's state (after losing the feed lock, or a conflict). */
  reset(): void {
    this.generation++;
    this.states.clear();
    this.ready.clear();
    this.pending = [];
  }

  /** Stop: wait (briefly) for the current second to end, then store and seal everything. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearImmediate(this.soon);
    this.timer = this.soon = null;
    const lastT = Math.max(-Infinity, ...[...this.ready.values()].filter((s) => s.assembler.pendingCount > 0).map((s) => s.lastT));
    if (Number.isFinite(lastT)) {
      const wait = Math.min(1500, (Math.floor(lastT / 1000) + 1) * 1000 + this.sealGraceMs - this.now());
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    this.closed = true;
    await this.flush({ sealAll: true });
  }

  private arm(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => {
      this.flush().catch((e: unknown) => this.warnEvery('flush', `tick writer: storing ticks failed, will retry: ${(e as Error).message}`));
    }, this.flushIntervalMs);
    this.timer.unref?.();
  }

  /**
   * The group commit: one flush on the next turn of the event loop, so ticks written together (the feed's
   * boundary ticks of every product) share it; none while a flush is already queued, which takes them all.
   */
  private flushSoon(): void {
    if (this.soon || this.flushQueued || this.failing || this.closed) return;
    this.soon = setImmediate(() => {
      this.soon = null;
      if (this.flushQueued) return;
      this.flush().catch((e: unknown) => this.warnEvery('flush', `tick writer: storing ticks failed, will retry: ${(e as Error).message}`));
    });
  }

  private tellStored(ticks: readonly PendingTick[]): void {
    for (const listener of this.storedListeners) {
      try {
        listener(ticks);
      } catch (e) {
        this.warnEvery('listener', `tick writer: a listener of stored ticks failed: ${(e as Error).message}`);
      }
    }
  }

  /** A failure repeated every batch (Postgres or Redis down) is logged at most every 10 s. */
  private warnEvery(key: string, message: string): void {
    const now = Date.now();
    if ((this.warned.get(key) ?? 0) > now - 10_000) return;
    this.warned.set(key, now);
    this.log.warn(message);
  }

  private priceText(precision: number, price: string): string {
    if (!isDecimal(price) || price.startsWith('-')) throw new RangeError(`bad price: ${String(price).slice(0, 40)}`);
    if (decimalPlaces(price) > precision) throw new RangeError(`price ${price} has more than ${precision} decimals`);
    const scaled = decimalToScaled(price, precision);
    if (scaled <= 0n) throw new RangeError('price must be positive');
    return scaledToDecimal(scaled, precision);
  }

  private state(symbol: string): Promise<SymbolState | null> {
    let p = this.states.get(symbol);
    if (!p) {
      const generation = this.generation;
      p = this.store.seed(symbol, this.now()).then((seed) => {
        if (!seed) {
          if (this.generation === generation) this.states.delete(symbol); // a product added later is found then
          return null;
        }
        const last = seed.lastBlock;
        const unsealed = seed.unsealed.filter((k) => !last || Math.floor(Date.parse(k.t) / 1000) > last.second);
        if (unsealed.length !== seed.unsealed.length)
          this.log.error(`tick writer: ${symbol} has ${seed.unsealed.length - unsealed.length} ticks outside any block`);
        const st: SymbolState = {
          symbol,
          precision: seed.precision,
          nextSeq: seed.lastSeq === null ? 1n : BigInt(seed.lastSeq) + 1n,
          lastT: seed.lastTick ? Date.parse(seed.lastTick.t) : -Infinity,
          lastPrice: seed.lastTick?.price ?? null,
          assembler: new BlockAssembler(symbol, last, unsealed, last?.lastSeq ?? null),
          sealing: -1,
          stats: new LiveStats(seed.minutes),
        };
        if (this.generation === generation) this.ready.set(symbol, st);
        return st;
      });
      p.catch(() => this.states.delete(symbol));
      this.states.set(symbol, p);
    }
    return p;
  }

  /**
   * One write: every pending tick and the blocks of the seconds that ended, in one commit; then their
   * announcement, started at once and not waited for (`published`), so the next write need not wait for Redis.
   * A block holds every tick of its second: each tick the assembler holds is stored already or in this write.
   */
  private async doFlush(sealAll: boolean): Promise<{ published: Promise<void> }> {
    const done = { published: Promise.resolve() };
    const generation = this.generation;
    const ticks = this.pending;
    this.pending = [];
    const now = this.now();
    this.placeDueChanges(now);
    const blocks: SymbolBlock[] = [];
    for (const st of this.ready.values()) {
      if (st.assembler.pendingCount === 0) continue;
      for (const b of st.assembler.seal(now, this.sealGraceMs, sealAll)) {
        blocks.push({ ...b, symbol: st.symbol });
        st.sealing = b.second;
      }
    }
    if (ticks.length === 0 && blocks.length === 0) return done;
    const changed = blocks.some((b) => b.changes?.length);
    try {
      await this.store.commit({ ticks, blocks });
    } catch (e) {
      for (const b of blocks) {
        const st = this.ready.get(b.symbol);
        if (st) st.sealing = -1;
      }
      if (isConflict(e)) {
        this.log.error(`tick writer: another writer stored these ticks first (${(e as Error).message}); re-reading the record`);
        if (this.generation === generation) this.reset();
        return done;
      }
      if (e instanceof ChangeWithdrawnError) {
        // Cancelled or refused after it was placed: the blocks are sealed again without it at the next write.
        this.log.error(`tick writer: ${e.message}; its block is sealed without it`);
        for (const st of this.ready.values()) st.assembler.dropChange(e.changeId);
        this.schedule.forget(e.changeId, false);
        if (this.generation === generation) this.pending = [...ticks, ...this.pending];
        this.flushSoon();
        return done;
      }
      if (this.generation === generation) this.pending = [...ticks, ...this.pending];
      this.failing = true;
      throw e;
    }
    this.failing = false;
    if (this.generation !== generation) return done;
    for (const b of blocks) {
      const st = this.ready.get(b.symbol);
      st?.assembler.commit([b]);
      if (st) st.sealing = -1;
      for (const c of b.changes ?? []) {
        // Applied: the catalogue now holds the new value, and the schedule no longer needs to say it.
        if (st && c.field === 'precision') st.precision = JSON.parse(c.to) as number;
        this.schedule.forget(c.id, true);
      }
    }
    if (changed) void this.bus.catalogueChanged?.().catch(() => undefined);
    if (ticks.length) {
      done.published = this.bus
        .publish(ticks)
        .catch((e: unknown) => {
          this.warnEvery('publish', `tick writer: publishing ${ticks.length} ticks failed: ${(e as Error).message}`);
        })
        .then(() => this.tellStored(ticks));
    }
    if (this.pending.length) this.flushSoon(); // ticks that came during a failed write's retry
    return done;
  }
}
