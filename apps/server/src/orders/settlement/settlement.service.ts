import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { LedgerService } from '../../ledger/ledger.service.js';
import { returnedRows } from '../../database/rows.js';
import { SETTLEMENT_EVENTS, type SettlementEvents } from './settlement-events.js';
import { RuleCache, settlementEntry, type SettledRow } from './settlement-entry.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The settlement statement: $1/$2 the window [lo, hi) of expiresAt, $3 the most orders, $4 the grace period
 * (ms), $5 now, $6 the feed's staleness limit (ms). Claims ready open orders from open_orders FOR UPDATE SKIP LOCKED and deletes their rows,
 * finds each one's closing tick, flips them open -> settled with the domain's outcome and amounts (or
 * open -> voided), and returns them (times as ISO text). Its cost follows the batch, not the window; the
 * conditional `status = 'open'` keeps the flip exactly once whatever open_orders holds
 * (docs/internals.md, "Settlement").
 *
 * An order's close is the last tick at or before its expiry, once a later tick is stored; but when that tick
 * is older than the staleness limit at the expiry, or a halt began at or after it and before the expiry
 * (the product had no valid price at its expiry, whatever the reason: an outage, a closed session), the
 * close is the first tick within the grace period after the expiry, and without one the order is voided
 * (its stake refunded) once the grace period is over (a later tick stored, or 2 s past it on the clock).
 * The outcome compares the prices at the decimals the order opened with.
 */
export const SETTLE_SQL = `WITH RECURSIVE symbols AS (
           -- the tick record's symbols: a skip scan, one index probe each
           (SELECT x.symbol FROM ticks x ORDER BY x.symbol LIMIT 1)
           UNION ALL
           SELECT n.symbol FROM symbols s
            CROSS JOIN LATERAL (SELECT x.symbol FROM ticks x WHERE x.symbol > s.symbol ORDER BY x.symbol LIMIT 1) n
         ), latest AS MATERIALIZED (
           SELECT s.symbol, (SELECT max(x.t) FROM ticks x WHERE x.symbol = s.symbol) AS t FROM symbols s
         ), halts AS MATERIALIZED (
           -- halts that may hold an expiry of the window (a handful of rows)
           SELECT h.symbol, h.started_at FROM market_halts h
            WHERE h.started_at < $2::timestamptz AND (h.ended_at IS NULL OR h.ended_at > $1::timestamptz)
         ), claimed AS MATERIALIZED (
           -- in key order (earliest expiry first, then by turn and user), ready orders only, until $3 are locked
           -- (the readiness is a filter on the ordered index scan, not a join the planner could sort after):
           -- a later tick is stored, or the product was halted or its last tick is stale, and the grace period is over
           SELECT q.ctid AS row_id, q.order_id
             FROM open_orders q
            WHERE q.expires_at >= $1::timestamptz AND q.expires_at < $2::timestamptz
              AND (q.expires_at < (SELECT l.t FROM latest l WHERE l.symbol = q.symbol)
                   OR (q.expires_at < $5::timestamptz - ($4::int + 2000) * interval '1 millisecond'
                       AND (EXISTS (SELECT 1 FROM halts h WHERE h.symbol = q.symbol)
                            OR coalesce((SELECT l.t FROM latest l WHERE l.symbol = q.symbol) < q.expires_at - $6::int * interval '1 millisecond', true))))
            ORDER BY q.expires_at, q.turn, q.user_id, q.order_id
            LIMIT $3
              FOR UPDATE OF q SKIP LOCKED
         ), due AS MATERIALIZED (
           -- one index probe per claimed order (a join here was planned as a scan of all orders)
           SELECT o.id, o.symbol, o.direction, o.open_price, o.expires_at, coalesce(o.precision, scale(o.open_price)) AS precision
             FROM orders o
            WHERE o.id = ANY (ARRAY(SELECT c.order_id FROM claimed c)) AND o.status = 'open'
         ), closes AS MATERIALIZED (
           -- the close of each (symbol, expiry) once, not once per order (a burst shares a few of them):
           -- the last tick at or before expiresAt (same time: the later-recorded), and whether the halt rule
           -- applies: that tick is older than the staleness limit, or a halt began at or after it and before the expiry
           SELECT k.symbol, k.expires_at, c.seq, c.t, c.price,
                  (c.t IS NULL OR c.t < k.expires_at - $6::int * interval '1 millisecond'
                   OR EXISTS (SELECT 1 FROM halts h WHERE h.symbol = k.symbol AND h.started_at < k.expires_at
                                 AND h.started_at >= c.t)) AS halted
             FROM (SELECT DISTINCT d.symbol, d.expires_at FROM due d) k
             LEFT JOIN LATERAL (
              SELECT x.seq, x.t, x.price FROM ticks x
               WHERE x.symbol = k.symbol
                 AND x.t = (SELECT max(y.t) FROM ticks y WHERE y.symbol = k.symbol AND y.t <= k.expires_at)
               ORDER BY x.seq DESC LIMIT 1) c ON true
         ), graced AS MATERIALIZED (
           -- in a halt: the first tick within the grace period after the expiry
           SELECT c.symbol, c.expires_at, a.seq, a.t, a.price
             FROM closes c
            CROSS JOIN LATERAL (
              SELECT x.seq, x.t, x.price FROM ticks x
               WHERE x.symbol = c.symbol AND x.t > c.expires_at AND x.t <= c.expires_at + $4::int * interval '1 millisecond'
               ORDER BY x.t, x.seq LIMIT 1) a
            WHERE c.halted
         ), final AS (
           SELECT c.symbol, c.expires_at,
                  CASE WHEN c.halted THEN g.seq ELSE c.seq END AS seq,
                  CASE WHEN c.halted THEN g.t ELSE c.t END AS t,
                  CASE WHEN c.halted THEN g.price ELSE c.price END AS price,
                  (c.halted AND g.seq IS NULL) AS void
             FROM closes c
             LEFT JOIN graced g ON g.symbol = c.symbol AND g.expires_at = c.expires_at
             LEFT JOIN latest l ON l.symbol = c.symbol
            WHERE (NOT c.halted AND c.seq IS NOT NULL AND c.expires_at < l.t)
               OR (c.halted AND g.seq IS NOT NULL)
               OR (c.halted AND (c.expires_at + $4::int * interval '1 millisecond' < l.t
                                 OR c.expires_at + ($4::int + 2000) * interval '1 millisecond' < $5::timestamptz))
         ), result AS (
           SELECT d.id, f.seq, f.t, f.price, f.void,
                  CASE WHEN f.void THEN NULL
                       WHEN round(f.price, d.precision) = d.open_price THEN 'tie'
                       WHEN (d.direction = 'up') = (round(f.price, d.precision) > d.open_price) THEN 'win'
                       ELSE 'loss' END AS outcome
             FROM due d
             JOIN final f ON f.symbol = d.symbol AND f.expires_at = d.expires_at
         ), unlisted AS (
           -- the claimed rows leave open_orders: those settling now, and any whose order is not open
           -- (by the locked rows' ctids: a TID scan, not a scan of open_orders)
           DELETE FROM open_orders q
            WHERE q.ctid = ANY (ARRAY(
                    SELECT c.row_id FROM claimed c
                     WHERE c.order_id IN (SELECT r.id FROM result r) OR c.order_id NOT IN (SELECT d.id FROM due d)))
         )
         UPDATE orders o
            SET status = CASE WHEN r.void THEN 'voided' ELSE 'settled' END,
                close_price = r.price, close_tick_seq = r.seq, closed_at = r.t, outcome = r.outcome,
                payout = CASE WHEN r.void THEN o.amount WHEN r.outcome = 'win' THEN o.amount + floor(o.amount * o.payout_rate)::bigint
                              WHEN r.outcome = 'tie' THEN o.amount ELSE 0 END,
                pnl = CASE WHEN r.void THEN 0 WHEN r.outcome = 'win' THEN floor(o.amount * o.payout_rate)::bigint
                           WHEN r.outcome = 'tie' THEN 0 ELSE -o.amount END,
                void_reason = CASE WHEN r.void THEN 'halt' END,
                settled_at = clock_timestamp()
           FROM result r
          WHERE o.id = r.id AND o.status = 'open'
         RETURNING o.id, o.order_no, o.user_id, o.account, o.symbol, o.direction, o.amount, o.duration_seconds, o.payout_rate,
                   o.open_price, o.open_tick_seq, o.status, o.close_price, o.close_tick_seq, o.outcome, o.payout, o.pnl, o.void_reason,
                   o.precision, o.price_venues,
                   to_char(o.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS opened_at,
                   to_char(o.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at,
                   to_char(o.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS closed_at,
                   to_char(o.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS settled_at`;

/**
 * Planner setting for the settle statement: the seconds about to expire lie past open_orders' statistics,
 * so Postgres underestimates them and would claim by a bitmap scan and sort of the whole second. Without
 * bitmap scans the key-ordered index scan that stops at $3 wins whatever the estimate. The reset right after
 * leaves the ledger function's plans as everywhere else (docs/internals.md, "Settlement").
 */
export const SETTLE_PLANNER_SQL = `SET LOCAL enable_bitmapscan = off`;
export const SETTLE_PLANNER_RESET_SQL = `RESET enable_bitmapscan`;

/**
 * Most orders settled in one transaction. Every order of a transaction becomes visible at its commit,
 * and a batch holds the house row from its account locks to its commit (the postings insert is most of
 * that), so batches of a burst commit one after another either way: a thousand makes the first orders
 * of a burst visible within a few hundred milliseconds at no cost in throughput (measured against
 * 2 000 and 5 000 in docs/performance.md). The SETTLE_BATCH_LIMIT setting overrides it.
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
interface TradingAccounts {
  cash: string;
  escrow: string;
  demo: string;
  demo_escrow: string;
}
const ACCOUNT_CACHE_MAX = 200_000;

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
  private readonly accountCache = new Map<string, TradingAccounts>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    @Optional() @Inject(SETTLEMENT_EVENTS) private readonly events?: SettlementEvents,
    @Optional() @Inject(APP_CONFIG) config?: Partial<Pick<AppConfig, 'SETTLE_BATCH_LIMIT' | 'SETTLE_PARALLEL' | 'SETTLE_GRACE_MS' | 'FEED_STALE_MS'>>,
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
    const [row]: { open: number; next: Date | null }[] = await this.ds.query(
      `SELECT count(*)::int AS open, min(expires_at) AS next FROM open_orders
        WHERE expires_at >= $1::timestamptz AND expires_at < $2::timestamptz`,
      [iso(fromMs), iso(toMs)],
    );
    return { open: row?.open ?? 0, nextExpiryMs: row?.next ? new Date(row.next).getTime() : null };
  }

  /** Expiry seconds (epoch) of open orders in [fromMs, toMs), for re-creating lost settle jobs. */
  async openSeconds(fromMs: number, toMs: number, max = 10_000): Promise<number[]> {
    const rows: { s: string }[] = await this.ds.query(
      `SELECT DISTINCT floor(extract(epoch FROM expires_at))::bigint AS s FROM open_orders
        WHERE expires_at >= $1::timestamptz AND expires_at < $2::timestamptz
        ORDER BY 1 LIMIT $3`,
      [iso(fromMs), iso(toMs), max],
    );
    return rows.map((r) => Number(r.s));
  }

  /** One transaction: claim, close and pay up to `limit` ready orders of the window. */
  async settleBatch(em: EntityManager, fromMs: number, toMs: number, limit: number): Promise<SettledRow[]> {
    await em.query(SETTLE_PLANNER_SQL);
    const settled = returnedRows<Omit<SettledRow, 'cash_account_id' | 'escrow_account_id'>>(
      await em.query(SETTLE_SQL, [iso(fromMs), iso(toMs), limit, this.graceMs, iso(Date.now()), this.staleMs]),
    );
    await em.query(SETTLE_PLANNER_RESET_SQL);
    if (settled.length === 0) return [];
    // One connection per transaction: these run one after another (the two platform ids are cached after the first batch).
    const house = await this.ledger.platformAccountId(em, 'house');
    const demoHouse = await this.ledger.platformAccountId(em, 'demo_house');
    const accounts = await this.userAccounts(
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

  /** The trading accounts of these users (ids never change: cached, one query for the users not seen yet). */
  private async userAccounts(em: EntityManager, userIds: readonly string[]): Promise<Map<string, TradingAccounts>> {
    const out = new Map<string, TradingAccounts>();
    const missing: string[] = [];
    for (const id of new Set(userIds)) {
      const hit = this.accountCache.get(id);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    if (missing.length) {
      const found: { user_id: string; kind: keyof TradingAccounts; id: string }[] = await em.query(
        `SELECT user_id, kind, id FROM ledger_accounts WHERE user_id = ANY($1::uuid[]) AND kind IN ('cash', 'escrow', 'demo', 'demo_escrow')`,
        [missing],
      );
      const fresh = new Map<string, Partial<TradingAccounts>>();
      for (const f of found) {
        let a = fresh.get(f.user_id);
        if (!a) fresh.set(f.user_id, (a = {}));
        a[f.kind] = String(f.id);
      }
      if (this.accountCache.size + fresh.size > ACCOUNT_CACHE_MAX) this.accountCache.clear();
      for (const [userId, a] of fresh) {
        if (!a.cash || !a.escrow || !a.demo || !a.demo_escrow) continue;
        this.accountCache.set(userId, a as TradingAccounts);
        out.set(userId, a as TradingAccounts);
      }
    }
    return out;
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
  }
}
