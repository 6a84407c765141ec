import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../database/rows.js';
import type { SettledRow } from './settlement-entry.js';

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

/** An order the settle statement closed, before its ledger accounts are known. */
export type ClosedRow = Omit<SettledRow, 'cash_account_id' | 'escrow_account_id'>;

/** The window [from, to) of expiries the settle statement works on, with its rules' parameters (ms, ISO times). */
export interface SettleWindow {
  from: string;
  to: string;
  limit: number;
  graceMs: number;
  now: string;
  staleMs: number;
}

/** Settlement's SQL: the settle statement and the reads of open_orders (the rules are in SETTLE_SQL's comment). */
@Injectable()
export class SettlementRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Claims, closes and flips up to `w.limit` ready orders of the window in `em`'s transaction (SETTLE_SQL). */
  async closeReady(em: EntityManager, w: SettleWindow): Promise<ClosedRow[]> {
    await em.query(SETTLE_PLANNER_SQL);
    const settled = returnedRows<ClosedRow>(await em.query(SETTLE_SQL, [w.from, w.to, w.limit, w.graceMs, w.now, w.staleMs]));
    await em.query(SETTLE_PLANNER_RESET_SQL);
    return settled;
  }

  /** Open orders expiring in [from, to), and the earliest of those expiries. */
  async windowState(from: string, to: string): Promise<{ open: number; next: Date | null }> {
    const [row]: { open: number; next: Date | null }[] = await this.ds.query(
      `SELECT count(*)::int AS open, min(expires_at) AS next FROM open_orders
        WHERE expires_at >= $1::timestamptz AND expires_at < $2::timestamptz`,
      [from, to],
    );
    return { open: row?.open ?? 0, next: row?.next ?? null };
  }

  /** Distinct expiry seconds (epoch) of open orders in [from, to), oldest first, at most `max`. */
  async openSeconds(from: string, to: string, max: number): Promise<number[]> {
    const rows: { s: string }[] = await this.ds.query(
      `SELECT DISTINCT floor(extract(epoch FROM expires_at))::bigint AS s FROM open_orders
        WHERE expires_at >= $1::timestamptz AND expires_at < $2::timestamptz
        ORDER BY 1 LIMIT $3`,
      [from, to, max],
    );
    return rows.map((r) => Number(r.s));
  }
}
