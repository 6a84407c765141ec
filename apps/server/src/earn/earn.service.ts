import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EarnIncomeDay, EarnRecord, EarnRecordType, EarnSummary, EarnTransfer, EarnTransferBody, Page } from '@candor/contracts';
import {
  addDays,
  annualizedCompounded,
  annualizedSimple,
  earnAmountProblem,
  formatCents,
  incomePer10kCents,
  localDate,
  localDay,
  lotSchedule,
  parseMoney,
  sevenDayYield,
  takeForTransferOut,
  type Cents,
} from '@candor/domain';
import { Clock } from '../common/clock.js';
import { LimitsService } from '../limits/limits.service.js';
import { DomainError } from '../common/domain-error.js';
import { answerOrRethrow, findIdempotent, idempotencyClaim, runIdempotent, type IdempotentResult } from '../common/idempotency.js';
import { EventBus } from '../events/event-bus.js';
import { LedgerService } from '../ledger/ledger.service.js';
import type { PostingSpec } from '../ledger/ledger.types.js';
import { toCents } from '../database/rows.js';
import { loadHolidays, loadVersions } from './earn-settings.js';
import { EarnCoverageService } from './earn-coverage.service.js';
import { EarnRepository, type IncomeRow, type RecordsPosition, type TransferRow } from './earn.repository.js';

export function toTransfer(r: TransferRow): EarnTransfer {
  const base = {
    id: String(r.id),
    type: r.direction,
    amount: formatCents(toCents(r.amount)),
    createdAt: new Date(r.created_at).toISOString(),
    status: r.status,
  };
  if (r.direction === 'out') return base;
  return {
    ...base,
    tradeDate: r.trade_date!,
    confirmAt: new Date(r.confirm_at!).toISOString(),
    firstIncomeOn: r.first_income_on!,
    withdrawableAt: new Date(r.withdrawable_at!).toISOString(),
    remaining: formatCents(toCents(r.remaining)),
  };
}

const toIncomeRecord = (r: IncomeRow): EarnRecord => ({
  id: `income-${r.date}`,
  type: 'income',
  amount: formatCents(toCents(r.amount)),
  createdAt: new Date(r.posted_at).toISOString(),
  status: 'done',
  date: r.date,
});

/** The records cursor: base64url of `createdAt|rank|seq` (rank 1 a transfer with its id, 0 an income with its date). */
function recordsCursor(p: RecordsPosition): string {
  return Buffer.from(`${p.createdAt}|${p.rank}|${p.seq}`).toString('base64url');
}
function parseRecordsCursor(cursor: string | undefined): RecordsPosition | null {
  if (!cursor) return null;
  const [createdAt, rank, seq] = Buffer.from(cursor, 'base64url').toString().split('|');
  const ok =
    createdAt !== undefined &&
    !Number.isNaN(Date.parse(createdAt)) &&
    ((rank === '1' && /^\d{1,18}$/.test(seq ?? '')) || (rank === '0' && /^\d{4}-\d{2}-\d{2}$/.test(seq ?? '') && !Number.isNaN(Date.parse(seq!))));
  if (!ok) throw new DomainError('VALIDATION_FAILED', 'cursor');
  return { createdAt: new Date(createdAt).toISOString(), rank: rank === '1' ? 1 : 0, seq: seq! };
}

/**
 * A user's Yu'e Bao: the figures, transfers in (cash -> earn_pending, as a lot with its dates) and out
 * (withdrawable lots oldest first, and income, -> cash), the records and the income by day. Every rule
 * comes from libs/domain; every time from the injected clock (docs/earn.md).
 */
@Injectable()
export class EarnService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly repo: EarnRepository,
    private readonly events: EventBus,
    private readonly limits: LimitsService,
    private readonly coverage: EarnCoverageService,
  ) {}

  async summary(userId: string): Promise<EarnSummary> {
    const now = this.clock.now();
    const versions = await loadVersions(this.ds.manager);
    const v = versions.inForceAt(now);
    const next = versions.nextPosting(now);
    const accruing = versions.forDate(addDays(next.date, -1));
    const day = localDay(now, v.timezone);
    const [balances, pendingOut, holder, runs, counts, cover] = await Promise.all([
      this.ledger.balances(userId),
      this.repo.pendingWithdrawable(userId, now),
      this.repo.holder(userId),
      this.repo.lastRuns(7),
      this.repo.countsBetween(this.ds.manager, userId, day.start, day.end),
      this.coverage.coverage(),
    ]);
    const last = runs[0];
    const yesterday = last ? await this.repo.incomeOf(userId, last.date) : 0;
    const days = runs.map((r) => ({ basis: toCents(r.basis_total), income: toCents(r.income_total) })).reverse();
    return {
      total: formatCents(balances.earn_confirmed + balances.earn_pending),
      confirmed: formatCents(balances.earn_confirmed),
      pending: formatCents(balances.earn_pending),
      withdrawable: formatCents(balances.earn_confirmed + pendingOut),
      yesterdayIncome: formatCents(yesterday),
      incomeDate: last?.date ?? null,
      totalIncome: formatCents(holder?.incomeTotal ?? 0),
      incomePer10k: formatCents(incomePer10kCents(last ? last.daily_rate : accruing.dailyRate)),
      sevenDayYield: sevenDayYield(days),
      dailyRate: accruing.dailyRate,
      annualizedRate: annualizedSimple(accruing.dailyRate),
      annualizedRateCompounded: annualizedCompounded(accruing.dailyRate),
      minAmount: formatCents(v.minAmount),
      dailyInLimit: v.dailyInLimit,
      dailyOutLimit: v.dailyOutLimit,
      remainingInToday: Math.max(0, v.dailyInLimit - counts.in),
      remainingOutToday: Math.max(0, v.dailyOutLimit - counts.out),
      countsResetAt: day.end.toISOString(),
      cutoff: v.cutoff,
      timezone: v.timezone,
      nextPostingAt: next.at.toISOString(),
      daysCovered: cover.daysCovered,
    };
  }

  /** cash -> earn_pending as a new lot, with the dates of the calendar in force now. */
  async transferIn(userId: string, body: EarnTransferBody, key: string | undefined): Promise<IdempotentResult<EarnTransfer>> {
    const amount = this.amountOf(body);
    const claim = idempotencyClaim(key, userId, 'earn-in', { amount });
    return this.idempotent(userId, claim, async () => {
      const now = this.clock.now();
      const versions = await loadVersions(this.ds.manager);
      const v = versions.inForceAt(now);
      const problem = earnAmountProblem(amount, v.minAmount);
      if (problem) throw new DomainError(problem, 'amount', { min: formatCents(v.minAmount) });
      const holidays = await loadHolidays(this.ds.manager, addDays(localDate(now, v.timezone), -1));
      const schedule = lotSchedule(now, versions.calendarAt(now, holidays));
      const day = localDay(now, v.timezone);
      return runIdempotent(
        (fn) => this.ledger.transaction(fn),
        claim,
        201,
        async (em) => {
          await this.limits.guardTransferIn(em, userId);
          await this.repo.lockHolder(em, userId, now, true);
          if ((await this.repo.countsBetween(em, userId, day.start, day.end)).in >= v.dailyInLimit) throw new DomainError('EARN_DAILY_LIMIT');
          const lot = await this.repo.insertLot(em, userId, amount, now, schedule);
          const ids = await this.ledger.userAccountIds(em, userId);
          await this.ledger.post(em, {
            type: 'earn_in',
            userId,
            refType: 'earn_transfer',
            refId: lot.id,
            uniqueKey: `earn-in:${lot.id}`,
            postings: [
              { accountId: ids.cash, amount: -amount },
              { accountId: ids.earn_pending, amount },
            ],
          });
          return toTransfer(lot);
        },
        this.ds.manager,
      );
    });
  }

  /** Income first, then withdrawable lots oldest first, -> cash (from earn_pending for lots not confirmed yet). */
  async transferOut(userId: string, body: EarnTransferBody, key: string | undefined): Promise<IdempotentResult<EarnTransfer>> {
    const amount = this.amountOf(body);
    const claim = idempotencyClaim(key, userId, 'earn-out', { amount });
    return this.idempotent(userId, claim, async () => {
      const now = this.clock.now();
      const v = (await loadVersions(this.ds.manager)).inForceAt(now);
      if (earnAmountProblem(amount, v.minAmount, null) === 'AMOUNT_OUT_OF_RANGE') throw new DomainError('AMOUNT_OUT_OF_RANGE', 'amount');
      const day = localDay(now, v.timezone);
      return runIdempotent(
        (fn) => this.ledger.transaction(fn),
        claim,
        201,
        async (em) => {
          const holder = await this.repo.lockHolder(em, userId, now, false);
          if (!holder) throw new DomainError('INSUFFICIENT_BALANCE', 'amount');
          const lots = await this.repo.liveLots(em, userId);
          const balance = lots.reduce((s, l) => s + toCents(l.remaining), holder.incomeRemaining);
          // Below the minimum only when it is everything that is left, so no remainder is ever stuck.
          const problem = earnAmountProblem(amount, v.minAmount, balance);
          if (problem) throw new DomainError(problem, 'amount', { min: formatCents(v.minAmount) });
          if ((await this.repo.countsBetween(em, userId, day.start, day.end)).out >= v.dailyOutLimit) throw new DomainError('EARN_DAILY_LIMIT');
          const taken = takeForTransferOut(
            amount,
            holder.incomeRemaining,
            lots.map((l) => ({
              id: l.id,
              remaining: toCents(l.remaining),
              createdAt: new Date(l.created_at),
              withdrawableAt: new Date(l.withdrawable_at!),
              confirmed: l.status === 'confirmed',
            })),
            now,
          );
          if (!taken.ok) throw new DomainError(taken.code, 'amount');
          const row = await this.repo.insertOut(em, userId, amount, now, taken.parts);
          const ids = await this.ledger.userAccountIds(em, userId);
          const fromPending = taken.parts.filter((p) => p.from === 'pending').reduce((s, p) => s + p.amount, 0);
          const fromConfirmed = amount - fromPending;
          const postings: PostingSpec[] = [{ accountId: ids.cash, amount }];
          if (fromPending > 0) postings.push({ accountId: ids.earn_pending, amount: -fromPending });
          if (fromConfirmed > 0) postings.push({ accountId: ids.earn_confirmed, amount: -fromConfirmed });
          await this.ledger.post(em, { type: 'earn_out', userId, refType: 'earn_transfer', refId: row.id, uniqueKey: `earn-out:${row.id}`, postings });
          return toTransfer(row);
        },
        this.ds.manager,
      );
    });
  }

  /** Transfers and income, newest first, by keyset (a cursor from the last page). */
  async records(userId: string, q: { type?: EarnRecordType; limit?: number; cursor?: string }): Promise<Page<EarnRecord>> {
    const limit = q.limit ?? 20;
    const after = parseRecordsCursor(q.cursor);
    const transfers = q.type === 'income' ? [] : await this.repo.transfersPage(userId, q.type ?? null, limit, after);
    const income = q.type === 'in' || q.type === 'out' ? [] : await this.repo.incomePage(userId, limit, after);
    const keyed = [
      ...transfers.map((r) => ({
        record: toTransfer(r) as EarnRecord,
        pos: { createdAt: new Date(r.created_at).toISOString(), rank: 1 as const, seq: String(r.id) },
      })),
      ...income.map((r) => ({ record: toIncomeRecord(r), pos: { createdAt: new Date(r.posted_at).toISOString(), rank: 0 as const, seq: r.date } })),
    ];
    keyed.sort((a, b) => comparePositions(b.pos, a.pos));
    const page = keyed.slice(0, limit);
    return { items: page.map((k) => k.record), nextCursor: keyed.length > limit ? recordsCursor(page[page.length - 1]!.pos) : null };
  }

  /** The user's income of the last `days` income dates up to the last one posted, oldest first, "0.00" where none. */
  async income(userId: string, days: number): Promise<EarnIncomeDay[]> {
    const now = this.clock.now();
    const [last] = await this.repo.lastRuns(1);
    const tz = (await loadVersions(this.ds.manager)).inForceAt(now).timezone;
    const end = last?.date ?? addDays(localDate(now, tz), -1);
    const start = addDays(end, 1 - days);
    const paid = await this.repo.incomeBetween(userId, start, end);
    return Array.from({ length: days }, (_, i) => {
      const date = addDays(start, i);
      return { date, income: formatCents(paid.get(date) ?? 0) };
    });
  }

  private amountOf(body: EarnTransferBody): Cents {
    const amount = parseMoney(body.amount);
    if (amount === null) throw new DomainError('VALIDATION_FAILED', 'amount');
    return amount;
  }

  /** Replays an earlier answer for the key, or does the work (and announces the committed transfer: the wallet push). */
  private async idempotent(
    userId: string,
    claim: ReturnType<typeof idempotencyClaim>,
    work: () => Promise<IdempotentResult<EarnTransfer>>,
  ): Promise<IdempotentResult<EarnTransfer>> {
    if (claim) {
      const earlier = await findIdempotent<EarnTransfer>(this.ds.manager, claim);
      if (earlier) return earlier;
    }
    try {
      const result = await work();
      if (!result.replayed) await this.events.publish('account.changed', { userId });
      return result;
    } catch (e) {
      return answerOrRethrow<EarnTransfer>(this.ds.manager, claim, e);
    }
  }
}

function comparePositions(a: RecordsPosition, b: RecordsPosition): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.rank === 1) return Number(BigInt(a.seq) - BigInt(b.seq));
  return a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0;
}
