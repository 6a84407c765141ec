import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** How many accounts traded in each period and how many of them ended it with a negative result. */
export interface AccountCountsRow {
  accounts_12m: number;
  losing_12m: number;
  accounts_90d: number;
  losing_90d: number;
}
/** One product's real orders settled in the 30 days (bigint sums as text). */
export interface ProductRow {
  symbol: string;
  orders: number;
  staked: string;
  paid: string;
}
export interface TickHeadRow {
  symbol: string;
  second: string;
  hash: string;
}
/** What recording a receipt check found. */
export type ReceiptCheckOutcome = 'recorded' | 'already' | 'open' | 'missing';

/**
 * The SQL of the public transparency figures (docs/transparency.md, "The public figures") and of the receipt
 * checks. Orders have no index on settled_at, on purpose: settling must stay a HOT update (no index names a
 * column settlement writes). The figures are one sequential pass over orders an hour, which the 12-month
 * period reads nearly all of anyway.
 */
@Injectable()
export class TransparencyRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Runs `fn` in one read-only REPEATABLE READ transaction: every figure of a run sees the same moment. */
  snapshot<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      await m.query('SET TRANSACTION READ ONLY');
      return fn(m);
    });
  }

  /**
   * Per account, the sum of its real orders settled in [from12m, to) and in [from90d, to); then how many
   * accounts have any and how many of those sums are negative. A voided order (a refund) is no trade.
   */
  async accountCounts(m: EntityManager, from12m: Date, from90d: Date, to: Date): Promise<AccountCountsRow> {
    const [row]: AccountCountsRow[] = await m.query(
      `WITH per_account AS (
         SELECT user_id,
                sum(pnl) AS result_12m,
                sum(pnl) FILTER (WHERE settled_at >= $2) AS result_90d
           FROM orders
          WHERE account = 'real' AND status = 'settled' AND settled_at >= $1 AND settled_at < $3
          GROUP BY user_id)
       SELECT count(*)::int AS accounts_12m,
              count(*) FILTER (WHERE result_12m < 0)::int AS losing_12m,
              count(result_90d)::int AS accounts_90d,
              count(*) FILTER (WHERE result_90d < 0)::int AS losing_90d
         FROM per_account`,
      [from12m, from90d, to],
    );
    return row!;
  }

  /** Every listed product, and any other that settled real orders in [from, to): count, stakes and payouts. */
  products(m: EntityManager, from: Date, to: Date): Promise<ProductRow[]> {
    return m.query(
      `WITH settled AS (
         SELECT symbol, count(*)::int AS orders, sum(amount) AS staked, sum(payout) AS paid
           FROM orders
          WHERE account = 'real' AND status = 'settled' AND settled_at >= $1 AND settled_at < $2
          GROUP BY symbol)
       SELECT p.symbol, coalesce(s.orders, 0) AS orders, coalesce(s.staked, 0)::bigint::text AS staked, coalesce(s.paid, 0)::bigint::text AS paid
         FROM products p LEFT JOIN settled s ON s.symbol = p.symbol
        WHERE p.enabled OR s.symbol IS NOT NULL
        ORDER BY p.symbol`,
      [from, to],
    );
  }

  /** The newest block of each product's tick chain (products without any block are left out). */
  tickHeads(m: EntityManager): Promise<TickHeadRow[]> {
    return m.query(
      `SELECT p.symbol, b.second::text AS second, b.hash
         FROM products p
         CROSS JOIN LATERAL (SELECT second, hash FROM tick_blocks WHERE symbol = p.symbol ORDER BY second DESC LIMIT 1) b
        ORDER BY p.symbol`,
    );
  }

  async receiptsChecked(m: EntityManager): Promise<number> {
    const [row]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM receipt_checks`);
    return row?.n ?? 0;
  }

  /**
   * Records that the owner checked a final order's receipt, once per order. `missing`: no such order of this
   * user (another user's order looks the same); `open`: not settled or voided yet.
   */
  async recordCheck(userId: string, orderId: string): Promise<ReceiptCheckOutcome> {
    const [row]: { status: string; inserted: boolean }[] = await this.ds.query(
      `WITH o AS (SELECT id, status FROM orders WHERE id = $1 AND user_id = $2),
            ins AS (INSERT INTO receipt_checks (order_id, user_id)
                    SELECT id, $2 FROM o WHERE status <> 'open'
                    ON CONFLICT (order_id) DO NOTHING RETURNING order_id)
       SELECT o.status, EXISTS (SELECT 1 FROM ins) AS inserted FROM o`,
      [orderId, userId],
    );
    if (!row) return 'missing';
    if (row.status === 'open') return 'open';
    return row.inserted ? 'recorded' : 'already';
  }
}
