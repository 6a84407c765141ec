import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** How many requests of a review queue wait, and when the oldest came (null when none). */
export interface WaitingRow {
  deposits: number;
  deposits_oldest: Date | null;
  withdrawals: number;
  withdrawals_oldest: Date | null;
  kyc: number;
  kyc_oldest: Date | null;
}
/** Open orders of one account kind (bigint stake as text). */
export interface OpenOrdersRow {
  account: 'real' | 'demo';
  count: number;
  stake: string;
}
/** The house account's postings summed per day: `day` is width_bucket's 1 to N over the given bounds (bigint as text). */
export interface HouseDayRow {
  day: number;
  result: string;
}
/** Yu'e Bao's money across all holders and the income it paid (bigint as text). */
export interface EarnTotalsRow {
  confirmed: string;
  pending: string;
  income_today: string;
  income_total: string;
}

/**
 * The dashboard's SQL: each read goes through an index (docs/console.md, "Dashboard"): the review queues'
 * partial indexes, `orders_open_expiry` for open orders, `users_created` for new users and the BRIN index
 * `postings_created_brin` for the house's and Yu'e Bao's postings of a period.
 */
@Injectable()
export class DashboardRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async newUsersSince(since: Date): Promise<number> {
    const [row]: { n: number }[] = await this.ds.query(`SELECT count(*)::int AS n FROM users WHERE created_at >= $1`, [since]);
    return row?.n ?? 0;
  }

  async waiting(): Promise<WaitingRow> {
    const [row]: WaitingRow[] = await this.ds.query(
      `SELECT (SELECT count(*) FROM deposits WHERE status = 'in_review')::int AS deposits,
              (SELECT min(created_at) FROM deposits WHERE status = 'in_review') AS deposits_oldest,
              (SELECT count(*) FROM withdrawals WHERE status = 'in_review')::int AS withdrawals,
              (SELECT min(created_at) FROM withdrawals WHERE status = 'in_review') AS withdrawals_oldest,
              (SELECT count(*) FROM kyc_submissions WHERE status = 'pending')::int AS kyc,
              (SELECT min(submitted_at) FROM kyc_submissions WHERE status = 'pending') AS kyc_oldest`,
    );
    return row!;
  }

  openOrders(): Promise<OpenOrdersRow[]> {
    return this.ds.query(
      `SELECT account, count(*)::int AS count, coalesce(sum(amount), 0)::bigint::text AS stake FROM orders WHERE status = 'open' GROUP BY account`,
    );
  }

  /**
   * The house account's postings per day of `bounds` (N + 1 instants): what users lost on real orders minus
   * what they won. Only settlement posts to the house account (order_loss, order_payout); demo orders have
   * their own `demo_house`, so nothing else is in this sum.
   */
  houseByDay(bounds: readonly Date[]): Promise<HouseDayRow[]> {
    return this.ds.query(
      `SELECT width_bucket(p.created_at, $1::timestamptz[]) AS day, sum(p.amount)::bigint::text AS result
         FROM postings p
        WHERE p.account_id = (SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = 'house')
          AND p.created_at >= ($1::timestamptz[])[1] AND p.created_at < ($1::timestamptz[])[array_length($1::timestamptz[], 1)]
        GROUP BY 1`,
      [bounds],
    );
  }

  /** Holders' confirmed and pending shares, and the income paid since `since` and ever (the interest_expense account's postings). */
  async earn(since: Date): Promise<EarnTotalsRow> {
    const [row]: EarnTotalsRow[] = await this.ds.query(
      `WITH expense AS (SELECT id, balance FROM ledger_accounts WHERE user_id IS NULL AND kind = 'interest_expense')
       SELECT (SELECT coalesce(sum(a.balance), 0) FROM earn_holders h JOIN ledger_accounts a ON a.user_id = h.user_id AND a.kind = 'earn_confirmed')::bigint::text AS confirmed,
              (SELECT coalesce(sum(a.balance), 0) FROM earn_holders h JOIN ledger_accounts a ON a.user_id = h.user_id AND a.kind = 'earn_pending')::bigint::text AS pending,
              (SELECT coalesce(-sum(p.amount), 0) FROM postings p WHERE p.account_id = (SELECT id FROM expense) AND p.created_at >= $1)::bigint::text AS income_today,
              (SELECT coalesce(-sum(balance), 0) FROM expense)::bigint::text AS income_total`,
      [since],
    );
    return row!;
  }
}
