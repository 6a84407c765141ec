import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LedgerService } from '../../ledger/ledger.service.js';
import { SETTLEMENT_EVENTS, type SettlementEvents } from './settlement-events.js';
import { RuleCache, settlementEntry, type SettledRow } from './settlement-entry.js';
import { SettlementRepository } from './settlement.repository.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { EventBus } from '../../events/event-bus.js';
import type { AppEvents } from '../../events/app-events.js';
import { formatCents } from '@candor/domain';
import { toCents } from '../../database/rows.js';

// The statement's text, for the integration spec that explains its plan.

const iso = (ms: number): string => new Date(ms).toISOString();

/** The `order.settled` event of a settled or voided row; `pnl` as money text ("8.50", "-10.00"; "0.00" when voided). */
export function settledEvent(r: SettledRow): AppEvents['order.settled'] {
  return { userId: r.user_id, orderId: r.id, symbol: r.symbol, outcome: r.status === 'settled' ? r.outcome : null, pnl: formatCents(toCents(r.pnl)) };
}

/**
 * Most orders settled in one transaction. Every order of a transaction becomes visible at its commit,
 * and a batch holds the house row from its account locks to its commit (the postings insert is most of
 * that), so batches of a burst commit one after another either way: smaller batches make the first
 * orders of a burst visible sooner at no cost in throughput (docs/performance.md holds the measurements).
 * The SETTLE_BATCH_LIMIT setting overrides it.
 */
export const SETTLE_BATCH_LIMIT = 1_000;
/**
 * Settlement transactions run at a time for one window. They take disjoint orders (SKIP LOCKED); one
 * claims and closes its orders and inserts its journal entries while the other holds the house row
 * (postBatch locks accounts in the ledger's lock order, so they cannot deadlock). SETTLE_PARALLEL overrides it.
 */
export const SETTLE_PARALLEL = 2;
/** An expiry inside a halt: the first valid tick within this many ms after it closes the order, else it is voided. */
export const SETTLE_GRACE_MS = 10_000;
/** The feed's default staleness limit, when no configuration is given (unit tests). */
export const SETTLE_STALE_MS = 5_000;

export interface WindowState {
  open: number;
  nextExpiryMs: number | null;
}

/**
 * Settlement: an open order closes on the last tick at or before its expiry once a LATER tick of its symbol
 * is stored; in ONE transaction per batch the orders flip `open -> settled` (conditionally) and their money
 * moves through `LedgerService.postBatch`. Claiming through open_orders FOR UPDATE SKIP LOCKED lets several
 * settlers (a re-run job, the sweeper, another worker) run at once: none waits on another's orders, none
 * settles an order twice, none deadlocks (docs/internals.md, "Settlement").
 */
@Injectable()
export class SettlementService {
  private readonly log = new Logger('settlement');
  /** The pushes of committed batches, one after another. */
  private pushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: SettlementRepository,
    private readonly ledger: LedgerService,
    @Optional() @Inject(SETTLEMENT_EVENTS) private readonly events?: SettlementEvents,
    @Optional() @Inject(APP_CONFIG) config?: Partial<Pick<AppConfig, 'SETTLE_BATCH_LIMIT' | 'SETTLE_PARALLEL' | 'SETTLE_GRACE_MS' | 'FEED_STALE_MS'>>,
    @Optional() private readonly bus?: EventBus,
  ) {
    this.batchLimit = config?.SETTLE_BATCH_LIMIT ?? SETTLE_BATCH_LIMIT;
    this.parallel = config?.SETTLE_PARALLEL ?? SETTLE_PARALLEL;
    this.graceMs = config?.SETTLE_GRACE_MS ?? SETTLE_GRACE_MS;
    this.staleMs = config?.FEED_STALE_MS ?? SETTLE_STALE_MS;
  }

  /** Most orders per transaction, and transactions at a time per window (the validated settings). */
  readonly batchLimit: number;
  readonly parallel: number;
  /** How long after an expiry in a halt a valid tick may still close the order (SETTLE_GRACE_MS). */
  readonly graceMs: number;
  /** A last tick older than this at the expiry closes the order by the halt rule (FEED_STALE_MS). */
  readonly staleMs: number;

  /**
   * Settles every ready open order with fromMs <= expiresAt < toMs, in transactions of up to
   * `limit` orders, `lanes` of them at a time (default SETTLE_PARALLEL; one lane when few orders
   * are expected saves the second lane's empty pass), and returns the settled rows. Orders still
   * waiting for a later tick stay open.
   *
   * The `order`/`wallet` pushes of each batch go out as soon as it commits, in one message
   * (RedisSettlementEvents), on the next turn of the event loop, also when a later batch fails.
   */
  async settleWindow(fromMs: number, toMs: number, opts: { limit?: number; lanes?: number } = {}): Promise<SettledRow[]> {
    const limit = opts.limit ?? this.batchLimit;
    const lanes = Math.max(1, opts.lanes ?? this.parallel);
    const all: SettledRow[] = [];
    const lane = async () => {
      for (;;) {
        const rows = await this.ledger.transaction((em) => this.settleBatch(em, fromMs, toMs, limit));
        if (rows.length) {
          all.push(...rows);
          this.publish(rows);
        }
        if (rows.length < limit) return;
      }
    };
    const results = await Promise.allSettled(Array.from({ length: lanes }, lane));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return all;
  }

  /** Open orders left in the window and the earliest expiry among them. */
  async windowState(fromMs: number, toMs: number): Promise<WindowState> {
    const row = await this.repo.windowState(iso(fromMs), iso(toMs));
    return { open: row.open, nextExpiryMs: row.next ? new Date(row.next).getTime() : null };
  }

  /** Expiry seconds (epoch) of open orders in [fromMs, toMs), for re-creating lost settle jobs. */
  async openSeconds(fromMs: number, toMs: number, max = 10_000): Promise<number[]> {
    return this.repo.openSeconds(iso(fromMs), iso(toMs), max);
  }

  /** One transaction: claim, close and pay up to `limit` ready orders of the window. */
  async settleBatch(em: EntityManager, fromMs: number, toMs: number, limit: number): Promise<SettledRow[]> {
    const settled = await this.repo.closeReady(em, {
      from: iso(fromMs),
      to: iso(toMs),
      limit,
      graceMs: this.graceMs,
      now: iso(Date.now()),
      staleMs: this.staleMs,
    });
    if (settled.length === 0) return [];
    // One connection per transaction: these run one after another (the platform ids and users' account ids are cached).
    const house = await this.ledger.platformAccountId(em, 'house');
    const demoHouse = await this.ledger.platformAccountId(em, 'demo_house');
    const accounts = await this.ledger.usersAccountIds(
      em,
      settled.map((r) => r.user_id),
    );
    const rows = settled as SettledRow[];
    const rules = new RuleCache();
    const entries = rows.map((r) => {
      const a = accounts.get(r.user_id);
      if (!a) throw new Error(`settlement: user ${r.user_id} has no ledger accounts`);
      const demo = r.account === 'demo';
      r.cash_account_id = demo ? a.demo : a.cash;
      r.escrow_account_id = demo ? a.demo_escrow : a.escrow;
      return settlementEntry(r, demo ? demoHouse : house, rules);
    });
    const posted = await this.ledger.postBatch(em, entries);
    const missing = posted.filter((p) => p === null).length;
    if (missing) throw new Error(`settlement: ${missing} orders flipped to settled but their entries already existed`);
    return rows;
  }

  /**
   * Pushes `order` and `wallet` to each user's room after a commit, on the next turn of the event
   * loop (the next batch's statement goes first); a failure here never undoes a settlement. One
   * batch's pushes at a time, in commit order: each reads the wallets after the previous one has
   * gone out, so a user's last `wallet` push is never older than an earlier one.
   */
  private publish(rows: SettledRow[]): void {
    const events = this.events;
    if (!events) return;
    const nextTurn = new Promise<void>((r) => setImmediate(r));
    this.pushing = Promise.all([this.pushing, nextTurn])
      .then(() => events.settled(rows))
      .catch((e) => this.log.warn(`settlement events not published: ${(e as Error).message}`));
    // `order.settled` for each order (push notifications), apart from the socket pushes: nothing here waits for
    // its handlers, which queue their work (EventBus.publish never rejects).
    const bus = this.bus;
    if (bus) void nextTurn.then(() => Promise.all(rows.map((r) => bus.publish('order.settled', settledEvent(r)))));
  }
}
