import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The ledger figures behind Yu'e Bao's cover (bigint as text). */
export interface CoverageLedgerRow {
  /** -balance of interest_expense: every earn_income entry's amount. */
  interest_paid: string;
  /** balance of house + balance of interest_expense. */
  equity: string;
  /** All holders' earn_confirmed + earn_pending. */
  balance: string;
}

/** Yu'e Bao's cover read from the ledger: the platform's own accounts and the holders' shares. */
@Injectable()
export class EarnCoverageRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * The platform's equity (the house's result net of the income paid: only settlement posts to `house`, only
   * the income posting to `interest_expense`), the income paid, and all Yu'e Bao shares.
   */
  async ledger(em: EntityManager = this.ds.manager): Promise<CoverageLedgerRow> {
    const [row]: CoverageLedgerRow[] = await em.query(
      `SELECT coalesce((SELECT -balance FROM ledger_accounts WHERE user_id IS NULL AND kind = 'interest_expense'), 0)::bigint::text AS interest_paid,
              coalesce((SELECT sum(balance) FROM ledger_accounts WHERE user_id IS NULL AND kind IN ('house', 'interest_expense')), 0)::bigint::text AS equity,
              coalesce((SELECT sum(balance) FROM ledger_accounts WHERE user_id IS NOT NULL AND kind IN ('earn_confirmed', 'earn_pending')), 0)::bigint::text AS balance`,
    );
    return row!;
  }

  /** A day's income at `dailyRate` on each holder's earn_confirmed + earn_pending, rounded down per holder as the posting does. */
  async dailyIncome(dailyRate: string, em: EntityManager = this.ds.manager): Promise<string> {
    const [row]: { income: string }[] = await em.query(
      `SELECT coalesce(sum(floor(h.b * $1::numeric)), 0)::bigint::text AS income
         FROM (SELECT user_id, sum(balance) AS b FROM ledger_accounts
                WHERE user_id IS NOT NULL AND kind IN ('earn_confirmed', 'earn_pending') GROUP BY user_id HAVING sum(balance) > 0) h`,
      [dailyRate],
    );
    return row?.income ?? '0';
  }
}
