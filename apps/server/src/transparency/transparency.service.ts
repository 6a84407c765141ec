import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { formatCents, lossShare, payoutRatio, transparencyPeriods, TRANSPARENCY_MIN_ACCOUNTS } from '@candor/domain';
import type { TransparencyFigures, TransparencyProduct } from '@candor/contracts';
import { Clock } from '../common/clock.js';
import { EarnCoverageService } from '../earn/earn-coverage.service.js';
import { REDIS } from '../redis/redis.module.js';
import { toCents } from '../database/rows.js';
import { readLastLedgerCheck } from '../ledger/last-ledger-check.js';
import { LiabilitiesService } from '../liabilities/liabilities.service.js';
import { TransparencyCache } from './transparency-cache.js';
import { TransparencyRepository, type ProductRow } from './transparency.repository.js';

/** A product's figures from its sums: the house keeps stakes minus payouts. */
export function productFigures(r: ProductRow): TransparencyProduct {
  const staked = BigInt(r.staked);
  const paid = BigInt(r.paid);
  return {
    symbol: r.symbol,
    houseResult30d: formatCents(toCents(r.staked) - toCents(r.paid)),
    payoutRatio30d: payoutRatio(paid, staked),
    ordersSettled30d: r.orders,
    staked30d: formatCents(toCents(r.staked)),
    paidOut30d: formatCents(toCents(r.paid)),
  };
}

/**
 * Computes the public transparency figures (docs/transparency.md, "The public figures") and caches them: run by
 * the worker's job only. The SQL figures come from one snapshot; the ledger check and the liabilities root are
 * the latest their own jobs recorded.
 */
@Injectable()
export class TransparencyService {
  private readonly log = new Logger('transparency');

  constructor(
    private readonly repo: TransparencyRepository,
    private readonly cache: TransparencyCache,
    private readonly liabilities: LiabilitiesService,
    private readonly earn: EarnCoverageService,
    private readonly clock: Clock,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async compute(): Promise<TransparencyFigures> {
    const now = this.clock.now();
    const p = transparencyPeriods(now);
    const sql = await this.repo.snapshot(async (m) => ({
      counts: await this.repo.accountCounts(m, p.from12m, p.from90d, p.to),
      products: await this.repo.products(m, p.from30d, p.to),
      heads: await this.repo.tickHeads(m),
      receipts: await this.repo.receiptsChecked(m),
    }));
    const [ledger, liabilities, earn] = await Promise.all([readLastLedgerCheck(this.redis), this.liabilities.latestPublished(), this.earn.coverage()]);
    const c = sql.counts;
    return {
      computedAt: now.toISOString(),
      lossShare12m: lossShare(c.accounts_12m, c.losing_12m),
      lossShare90d: lossShare(c.accounts_90d, c.losing_90d),
      accountsCounted: c.accounts_12m,
      accountsCounted90d: c.accounts_90d,
      minAccounts: TRANSPARENCY_MIN_ACCOUNTS,
      products: sql.products.map(productFigures),
      receiptsChecked: sql.receipts,
      tickHeads: sql.heads.map((h) => ({ symbol: h.symbol, second: Number(h.second), hash: h.hash })),
      ledgerCheck: ledger ? { at: ledger.checkedAt, ok: ledger.ok, accounts: ledger.accounts, imbalance: ledger.imbalance } : null,
      liabilities,
      earn,
    };
  }

  /** Computes and replaces the cached figures; answers them (the job's return value in the queues dashboard). */
  async run(): Promise<TransparencyFigures> {
    const figures = await this.compute();
    await this.cache.write(figures);
    this.log.log(
      `transparency: ${figures.accountsCounted} accounts in 12 months, loss share ${figures.lossShare12m ?? 'not published'}, ${figures.products.length} products`,
    );
    return figures;
  }
}
