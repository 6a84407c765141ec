import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { formatCents } from '@candor/domain';
import type { Summary } from '@candor/contracts';
import { LedgerService } from '../ledger/ledger.service.js';
import { toCents } from '../database/rows.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * Personal-center totals, read from the ledger. Profit and loss is the sum of the user's real-account
 * trading entries (payouts and losses against the house), so it can never disagree with the records.
 */
@Injectable()
export class SummaryService {
  constructor(
    private readonly ledger: LedgerService,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forUser(userId: string): Promise<Summary> {
    const b = await this.ledger.balances(userId);
    const earn = b.earn_pending + b.earn_confirmed;
    // The house account's postings in the user's order entries, negated, are the user's trading result.
    const [pnl]: { total: string; today: string }[] = await this.ds.query(
      `SELECT coalesce(-sum(p.amount), 0)::bigint AS total,
              coalesce(-sum(p.amount) FILTER (WHERE e.created_at >= (date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2)), 0)::bigint AS today
         FROM journal_entries e
         JOIN postings p ON p.entry_id = e.id
         JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NULL AND a.kind = 'house'
        WHERE e.user_id = $1 AND e.type IN ('order_payout', 'order_loss')`,
      [userId, this.config.PLATFORM_TIMEZONE],
    );
    return {
      totalAssets: formatCents(b.cash + b.hold + b.escrow + earn),
      available: formatCents(b.cash),
      frozen: formatCents(b.hold),
      inOrders: formatCents(b.escrow),
      earn: formatCents(earn),
      pnlTotal: formatCents(toCents(pnl?.total)),
      pnlToday: formatCents(toCents(pnl?.today)),
    };
  }
}
