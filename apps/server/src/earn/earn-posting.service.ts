import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { addDays, formatCents, incomeDatesDue } from '@candor/domain';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Clock } from '../common/clock.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { toCents } from '../database/rows.js';
import { loadVersions, type EarnVersions } from './earn-settings.js';
import { confirmEntries, EarnPostingRepository, incomeEntries } from './earn-posting.repository.js';

// The lock's statement, for the spec that holds it to stop a worker mid-job.

/** What one run of the cut-off job did (the job's result in the queues dashboard). */
export interface EarnPostResult {
  /** The clock's time the run worked at. */
  at: string;
  /** Confirmation entries (one per user and date), the money moved, and the step's wall time. */
  confirmed: { entries: number; amount: string; ms: number };
  /** The income dates posted (or finished) by this run, in order, each with its wall time. */
  dates: { date: string; holders: number; income: string; batches: number; ms: number }[];
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Yu'e Bao's cut-off job, set-based: confirms every due lot in one statement, then posts each due income date
 * in date order, a batch of holders per statement (EARN_INCOME_BATCH), each batch its own transaction. The
 * primary key (user, date) of earn_income makes each income once, ever: a rerun, a crash half-way or a late
 * start pays nobody twice and skips no day (docs/earn.md, "The cut-off job").
 */
@Injectable()
export class EarnPostingService {
  private readonly log = new Logger('earn');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly repo: EarnPostingRepository,
  ) {}

  /** The whole job at the clock's now: confirmations, then every income date due, oldest first. */
  async run(): Promise<EarnPostResult> {
    const now = this.clock.now();
    const confirmed = await this.confirmDue(now);
    const dates = await this.postIncomeDue(now);
    if (confirmed.entries || dates.length) {
      this.log.log(
        `confirmed ${confirmed.amount} for ${confirmed.entries} holders; income ${dates.map((d) => `${d.date}: ${d.income} to ${d.holders}`).join(', ') || 'none due'}`,
      );
    }
    return { at: now.toISOString(), confirmed, dates };
  }

  /** Lots whose confirmation time has come, earn_pending -> earn_confirmed, in one transaction. */
  async confirmDue(now: Date): Promise<EarnPostResult['confirmed']> {
    const started = performance.now();
    return this.ds.transaction('READ COMMITTED', async (em) => {
      await this.repo.beginJobTransaction(em);
      // Holder rows first, in one statement, as transfers take them: the lots and accounts after cannot deadlock.
      await this.repo.lockDueHolders(em, now);
      const r = await this.ledger.postSet(em, confirmEntries(now));
      // Each (user, date) is confirmed in one run; a key already posted would leave lots and ledger apart.
      if (r.duplicate) throw new Error(`earn confirm: ${r.duplicate} confirmations were already posted`);
      return { entries: r.posted, amount: formatCents(r.moved), ms: Math.round(performance.now() - started) };
    });
  }

  /** The first income date not yet fully posted, or null when nothing was ever confirmed. */
  async firstUnposted(em: EntityManager = this.ds.manager): Promise<string | null> {
    const r = await this.repo.runDates(em);
    if (r.open) return r.open;
    if (r.last) return addDays(r.last, 1);
    // Only before the first run ever: this reads every lot.
    return this.repo.dayBeforeFirstIncome(em);
  }

  /** The income dates due at `now` (their posting instant has come), oldest first. */
  async datesDue(now: Date, versions?: EarnVersions): Promise<string[]> {
    const first = await this.firstUnposted();
    if (!first) return [];
    const v = versions ?? (await loadVersions(this.ds.manager));
    return incomeDatesDue(first, now, (d) => v.forDate(d));
  }

  async postIncomeDue(now: Date): Promise<EarnPostResult['dates']> {
    const versions = await loadVersions(this.ds.manager);
    const out: EarnPostResult['dates'] = [];
    for (const date of await this.datesDue(now, versions)) out.push(await this.postIncome(date, now, versions));
    return out;
  }

  /** Every holder's income of one date, a batch per transaction, then the date marked finished. */
  async postIncome(date: string, now: Date, versions: EarnVersions): Promise<EarnPostResult['dates'][number]> {
    const started = performance.now();
    const v = versions.forDate(date);
    const start = versions.cutoffOn(date);
    const end = versions.cutoffOn(addDays(date, 1));
    await this.repo.startRun(date, end, v.id, v.dailyRate, now);
    const expense = await this.ledger.platformAccountId(this.ds.manager, 'interest_expense');
    let lo = NIL_UUID;
    let batches = 0;
    for (;;) {
      const hi = await this.repo.holderAfter(lo, this.config.EARN_INCOME_BATCH - 1);
      await this.ds.transaction('READ COMMITTED', async (em) => {
        await this.repo.beginJobTransaction(em);
        const r = await this.ledger.postSet(em, incomeEntries({ lo, hi, date, dailyRate: v.dailyRate, start, end, now, expenseAccountId: expense }));
        if (r.duplicate) throw new Error(`earn income ${date}: ${r.duplicate} entries were already posted`);
      });
      batches++;
      if (!hi) break;
      lo = hi;
    }
    const run = await this.repo.finishRun(date, now);
    return { date, holders: run?.holders ?? 0, income: formatCents(toCents(run?.income_total)), batches, ms: Math.round(performance.now() - started) };
  }
}
