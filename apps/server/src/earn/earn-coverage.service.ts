import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { EarnCoverage } from '@candor/contracts';
import { addDays, earnDaysCovered, formatCents, highestCoveredRate } from '@candor/domain';
import { Clock } from '../common/clock.js';
import { toCents } from '../database/rows.js';
import { ReadCoalescer } from '../ledger/read-coalescer.js';
import { EarnCoverageRepository } from './earn-coverage.repository.js';
import { loadVersions } from './earn-settings.js';

/** The cover at one rate, in cents: what a settings change is checked against. */
export interface CoverageAtRate {
  equity: number;
  balance: number;
  dailyIncome: number;
  daysCovered: number | null;
  /** The highest rate the equity covers for 30 days at these balances. */
  maxRate: string;
}

/**
 * Who pays Yu'e Bao's income and for how long it can: the interest paid so far, the platform's own equity,
 * today's income at the current rate and balances, and the whole days that equity covers. Every figure is a
 * ledger balance (docs/earn.md, "Who pays the income"). Public reads arriving together share one statement.
 */
@Injectable()
export class EarnCoverageService {
  private readonly reads = new ReadCoalescer<EarnCoverage>(
    async () => new Map([['all', await this.compute()]]),
    () => {
      throw new Error('coverage read lost');
    },
    1,
  );

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly repo: EarnCoverageRepository,
  ) {}

  /** The public figures, fresh (a read never gets an answer computed before it arrived). */
  coverage(): Promise<EarnCoverage> {
    return this.reads.read('all');
  }

  /** The cover at `dailyRate` on the balances now, read in `em` (a settings change's transaction). */
  async atRate(dailyRate: string, em: EntityManager = this.ds.manager): Promise<CoverageAtRate> {
    // One after the other: the statements share `em`'s connection.
    const ledger = await this.repo.ledger(em);
    const income = await this.repo.dailyIncome(dailyRate, em);
    const equity = toCents(ledger.equity);
    const balance = toCents(ledger.balance);
    const dailyIncome = toCents(income);
    return { equity, balance, dailyIncome, daysCovered: earnDaysCovered(equity, dailyIncome), maxRate: highestCoveredRate(equity, balance) };
  }

  private async compute(): Promise<EarnCoverage> {
    const now = this.clock.now();
    const versions = await loadVersions(this.ds.manager);
    // The rate of the day now accruing: the one the next posting pays, as GET /api/earn shows it.
    const rate = versions.forDate(addDays(versions.nextPosting(now).date, -1)).dailyRate;
    const [ledger, income] = await Promise.all([this.repo.ledger(), this.repo.dailyIncome(rate)]);
    const equity = toCents(ledger.equity);
    const dailyIncome = toCents(income);
    return {
      interestPaid: formatCents(toCents(ledger.interest_paid)),
      equity: formatCents(equity),
      dailyIncome: formatCents(dailyIncome),
      daysCovered: earnDaysCovered(equity, dailyIncome),
      rate,
      computedAt: now.toISOString(),
    };
  }
}
