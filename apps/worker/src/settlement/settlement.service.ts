import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { LedgerService, returnedRows } from '@candor/api/ledger/ledger.service';
import { ORDER_COLUMNS } from '@candor/api/orders/order-view';
import { SETTLEMENT_EVENTS, type SettlementEvents } from './settlement-events.js';
import { settlementEntry, type SettledRow } from './settlement-entry.js';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The settlement statement: $1/$2 the window [lo, hi) of expiresAt, $3 the most orders. Claims ready
 * orders (a later tick is stored) FOR UPDATE SKIP LOCKED, finds each one's closing tick, flips them
 * open -> settled with the domain's outcome and amounts, and returns them with the user's two accounts.
 */
export const SETTLE_SQL = `WITH win AS MATERIALIZED (
           SELECT $1::timestamptz AS lo, $2::timestamptz AS hi
         ), latest AS MATERIALIZED (
           -- per symbol in the window, once: the time of its newest stored tick
           SELECT s.symbol, (SELECT x.t FROM ticks x WHERE x.symbol = s.symbol ORDER BY x.t DESC LIMIT 1) AS t
             FROM (SELECT DISTINCT o.symbol FROM orders o, win
                    WHERE o.status = 'open' AND o.expires_at >= win.lo AND o.expires_at < win.hi) s
         ), due AS MATERIALIZED (
           -- ready: a tick LATER than the order's expiry is stored
           SELECT o.id, o.user_id, o.account, o.symbol, o.direction, o.open_price, o.expires_at
             FROM orders o
             JOIN latest l ON l.symbol = o.symbol AND l.t > o.expires_at
             CROSS JOIN win
            WHERE o.status = 'open' AND o.expires_at >= win.lo AND o.expires_at < win.hi
            ORDER BY o.expires_at, o.id
            LIMIT $3
              FOR UPDATE OF o SKIP LOCKED
         ), result AS (
           -- the close: the last tick at or before expiresAt (same time: the later-recorded)
           SELECT d.id, c.seq, c.t, c.price,
                  CASE WHEN c.price = d.open_price THEN 'tie'
                       WHEN (d.direction = 'up') = (c.price > d.open_price) THEN 'win'
                       ELSE 'loss' END AS outcome,
                  ca.id AS cash_account_id, ea.id AS escrow_account_id
             FROM due d
            CROSS JOIN LATERAL (
              SELECT x.seq, x.t, x.price FROM ticks x
               WHERE x.symbol = d.symbol
                 AND x.t = (SELECT max(y.t) FROM ticks y WHERE y.symbol = d.symbol AND y.t <= d.expires_at)
               ORDER BY x.seq DESC LIMIT 1) c
             JOIN ledger_accounts ca ON ca.user_id = d.user_id AND ca.kind = CASE d.account WHEN 'real' THEN 'cash' ELSE 'demo' END
             JOIN ledger_accounts ea ON ea.user_id = d.user_id AND ea.kind = CASE d.account WHEN 'real' THEN 'escrow' ELSE 'demo_escrow' END
         )
         UPDATE orders o
            SET status = 'settled', close_price = r.price, close_tick_seq = r.seq, closed_at = r.t, outcome = r.outcome,
                payout = CASE r.outcome WHEN 'win' THEN o.amount + floor(o.amount * o.payout_rate)::bigint WHEN 'tie' THEN o.amount ELSE 0 END,
                pnl = CASE r.outcome WHEN 'win' THEN floor(o.amount * o.payout_rate)::bigint WHEN 'tie' THEN 0 ELSE -o.amount END,
                settled_at = clock_timestamp()
           FROM result r
          WHERE o.id = r.id AND o.status = 'open'
         RETURNING ${ORDER_COLUMNS.split(',').map((c) => `o.${c.trim()}`).join(', ')}, r.cash_account_id, r.escrow_account_id`;

/** Most orders settled in one transaction (10 000 orders expiring in one second settle together). */
export const SETTLE_BATCH_LIMIT = 10_000;

export interface WindowState { open: number; nextExpiryMs: number | null }

/**
 * Settlement (DESIGN.md "Trading"): for every open order in a window whose symbol already has a
 * tick LATER than the order's expiry, the close is the last tick at or before expiresAt (ties in
 * time: the later-recorded), the outcome and amounts follow the domain rule, and in ONE transaction
 * the orders flip `open -> settled` conditionally (`... AND status = 'open'`) and their money moves
 * through `LedgerService.postBatch` (one entry per order, the house row updated once per batch).
 * Rows are taken `FOR UPDATE SKIP LOCKED`, so a second settler (a re-run job, the sweeper, another
 * worker) never waits on or double-settles the same order: it settles what is left, or nothing.
 */
@Injectable()
export class SettlementService {
  private readonly log = new Logger('settlement');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    @Optional() @Inject(SETTLEMENT_EVENTS) private readonly events?: SettlementEvents,
  ) {}

  /**
   * Settles every ready open order with fromMs <= expiresAt < toMs, in transactions of up to
   * `limit` orders, and returns the settled rows. Orders still waiting for a later tick stay open.
   */
  async settleWindow(fromMs: number, toMs: number, limit = SETTLE_BATCH_LIMIT): Promise<SettledRow[]> {
    const all: SettledRow[] = [];
    for (;;) {
      const rows = await this.ledger.transaction((em) => this.settleBatch(em, fromMs, toMs, limit));
      if (rows.length) {
        all.push(...rows);
        this.publish(rows);
      }
      if (rows.length < limit) return all;
    }
  }

  /** Open orders left in the window and the earliest expiry among them. */
  async windowState(fromMs: number, toMs: number): Promise<WindowState> {
    const [row]: { open: number; next: Date | null }[] = await this.ds.query(
      `SELECT count(*)::int AS open, min(expires_at) AS next FROM orders
        WHERE status = 'open' AND expires_at >= $1::timestamptz AND expires_at < $2::timestamptz`,
      [iso(fromMs), iso(toMs)],
    );
    return { open: row?.open ?? 0, nextExpiryMs: row?.next ? new Date(row.next).getTime() : null };
  }

  /** Expiry seconds (epoch) of open orders in [fromMs, toMs), for re-creating lost settle jobs. */
  async openSeconds(fromMs: number, toMs: number, max = 10_000): Promise<number[]> {
    const rows: { s: string }[] = await this.ds.query(
      `SELECT DISTINCT floor(extract(epoch FROM expires_at))::bigint AS s FROM orders
        WHERE status = 'open' AND expires_at >= $1::timestamptz AND expires_at < $2::timestamptz
        ORDER BY 1 LIMIT $3`,
      [iso(fromMs), iso(toMs), max],
    );
    return rows.map((r) => Number(r.s));
  }

  /** One transaction: claim, close and pay up to `limit` ready orders of the window. */
  async settleBatch(em: EntityManager, fromMs: number, toMs: number, limit: number): Promise<SettledRow[]> {
    const rows = returnedRows<SettledRow>(
      await em.query(
        SETTLE_SQL,
        [iso(fromMs), iso(toMs), limit],
      ),
    );
    if (rows.length === 0) return rows;
    const [house, demoHouse] = await Promise.all([this.ledger.platformAccountId(em, 'house'), this.ledger.platformAccountId(em, 'demo_house')]);
    const entries = rows.map((r) => settlementEntry(r, r.account === 'demo' ? demoHouse : house));
    const posted = await this.ledger.postBatch(em, entries);
    const missing = posted.filter((p) => p === null).length;
    if (missing) throw new Error(`settlement: ${missing} orders flipped to settled but their entries already existed`);
    return rows;
  }

  /** Pushes `order` and `wallet` to each user's room after the commit; a failure here never undoes a settlement. */
  private publish(rows: SettledRow[]): void {
    if (!this.events) return;
    this.events.settled(rows).catch((e) => this.log.warn(`settlement events not published: ${(e as Error).message}`));
  }
}
