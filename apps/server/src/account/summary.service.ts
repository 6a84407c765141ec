import { Inject, Injectable } from '@nestjs/common';
import { formatCents } from '@candor/domain';
import type { Summary } from '@candor/contracts';
import { LedgerService } from '../ledger/ledger.service.js';
import { toCents } from '../database/rows.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SummaryRepository } from './summary.repository.js';

/**
 * Personal-center totals, read from the ledger. Profit and loss is the sum of the user's real-account
 * trading entries (payouts and losses against the house), so it can never disagree with the records.
 */
@Injectable()
export class SummaryService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly summaries: SummaryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forUser(userId: string): Promise<Summary> {
    const b = await this.ledger.balances(userId);
    const earn = b.earn_pending + b.earn_confirmed;
    const [pnl, pending] = await Promise.all([this.summaries.pnl(userId, this.config.PLATFORM_TIMEZONE), this.summaries.pendingDeposits(userId)]);
    const pendingDeposits = toCents(pending);
    return {
      totalAssets: formatCents(b.cash + b.hold + b.escrow + earn),
      available: formatCents(b.cash),
      frozen: formatCents(b.hold),
      inOrders: formatCents(b.escrow),
      earn: formatCents(earn),
      pnlTotal: formatCents(toCents(pnl?.total)),
      pnlToday: formatCents(toCents(pnl?.today)),
      pendingDeposits: formatCents(pendingDeposits),
      // Withdrawals in review are held on the ledger (`frozen`); deposits in review are only requests.
      inReview: formatCents(pendingDeposits + b.hold),
    };
  }
}
