import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A user's trading result in cents (pg's bigint, as text): all time, and since midnight in the platform's time zone. */
export interface PnlRow {
  total: string;
  today: string;
}

/** The personal center's reads of the ledger tables that LedgerService does not answer. */
@Injectable()
export class SummaryRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The sum in cents of the user's deposits still in review (not yet money on the ledger). */
  async pendingDeposits(userId: string): Promise<string> {
    const [row]: { total: string }[] = await this.ds.query(
      `SELECT coalesce(sum(amount), 0)::bigint AS total FROM deposits WHERE user_id = $1 AND status = 'in_review'`,
      [userId],
    );
    return row?.total ?? '0';
  }

  /** The house account's postings in the user's order entries, negated: the user's trading result. */
  async pnl(userId: string, timeZone: string): Promise<PnlRow | null> {
    const [pnl]: PnlRow[] = await this.ds.query(
      `SELECT coalesce(-sum(p.amount), 0)::bigint AS total,
              coalesce(-sum(p.amount) FILTER (WHERE e.created_at >= (date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2)), 0)::bigint AS today
         FROM journal_entries e
         JOIN postings p ON p.entry_id = e.id
         JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NULL AND a.kind = 'house'
        WHERE e.user_id = $1 AND e.type IN ('order_payout', 'order_loss')`,
      [userId, timeZone],
    );
    return pnl ?? null;
  }
}
