import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AdminEarnSettings, EarnDashboard, EarnHoliday, EarnHolidayBody, EarnHolidaysImport, EarnRun, EarnSettingsBody } from '@candor/contracts';
import { addDays, formatCents, isValidDailyRate, isValidTimeZone, MAX_AMOUNT_CENTS, normalizeDecimal, parseMoney } from '@candor/domain';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { AuditService } from '../admin/audit.service.js';
import { returnedRows, toCents } from '../database/rows.js';
import { loadVersions, toSettingsView, type EarnVersion } from './earn-settings.js';
import { EarnRepository, RUN_COLUMNS, type RunRow } from './earn.repository.js';

const toRun = (r: RunRow): EarnRun => ({
  date: r.date,
  postingAt: new Date(r.posting_at).toISOString(),
  dailyRate: normalizeDecimal(r.daily_rate),
  holders: r.holders,
  basisTotal: formatCents(toCents(r.basis_total)),
  incomeTotal: formatCents(toCents(r.income_total)),
  startedAt: new Date(r.started_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

interface Who {
  operatorId: string;
  ip: string | null;
}

/**
 * Operators' side of Yu'e Bao: settings (each change a new version, effective from the next posting and
 * never before), the holiday calendar, and the dashboard figures. Every change is audited in its transaction.
 */
@Injectable()
export class AdminEarnService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly repo: EarnRepository,
  ) {}

  async settings(): Promise<AdminEarnSettings> {
    const now = this.clock.now();
    const versions = await loadVersions(this.ds.manager);
    const next = versions.nextPosting(now);
    return {
      current: toSettingsView(versions.inForceAt(now)),
      next: toSettingsView(versions.forDate(next.date)),
      nextPostingAt: next.at.toISOString(),
      versions: versions.all().slice(0, 100).map(toSettingsView),
    };
  }

  async updateSettings(body: EarnSettingsBody, who: Who): Promise<AdminEarnSettings> {
    if (body.dailyRate !== undefined && !isValidDailyRate(body.dailyRate)) throw new DomainError('VALIDATION_FAILED', 'dailyRate');
    if (body.timezone !== undefined && !isValidTimeZone(body.timezone)) throw new DomainError('VALIDATION_FAILED', 'timezone');
    const minAmount = body.minAmount === undefined ? undefined : parseMoney(body.minAmount);
    if (minAmount !== undefined && (minAmount === null || minAmount < 1 || minAmount > MAX_AMOUNT_CENTS))
      throw new DomainError('VALIDATION_FAILED', 'minAmount');
    await this.ds.transaction(async (em) => {
      // One change at a time: each version's effective date is computed from the ones before it.
      await em.query(`LOCK TABLE earn_settings IN SHARE ROW EXCLUSIVE MODE`);
      const now = this.clock.now();
      const versions = await loadVersions(em);
      const base = versions.latest();
      const next: Omit<EarnVersion, 'id' | 'effectiveDate' | 'effectiveAt' | 'createdAt'> = {
        dailyRate: body.dailyRate !== undefined ? normalizeDecimal(body.dailyRate) : base.dailyRate,
        cutoff: body.cutoff ?? base.cutoff,
        timezone: body.timezone ?? base.timezone,
        minAmount: minAmount ?? base.minAmount,
        dailyInLimit: body.dailyInLimit ?? base.dailyInLimit,
        dailyOutLimit: body.dailyOutLimit ?? base.dailyOutLimit,
        operatorId: who.operatorId,
      };
      const effective = versions.effectiveFor(now, next);
      const [row]: { id: string }[] = await em.query(
        `INSERT INTO earn_settings (effective_date, effective_at, daily_rate, cutoff, timezone, min_amount, daily_in_limit, daily_out_limit, operator_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text`,
        [effective.date, effective.at, next.dailyRate, next.cutoff, next.timezone, next.minAmount, next.dailyInLimit, next.dailyOutLimit, who.operatorId, now],
      );
      const view = (v: typeof next) => ({ ...v, minAmount: formatCents(v.minAmount), operatorId: undefined });
      await this.audit.record(
        {
          operatorId: who.operatorId,
          action: 'earn.settings_update',
          targetType: 'earn_settings',
          targetId: row!.id,
          details: { before: view(base), after: view(next), effectiveDate: effective.date, effectiveAt: effective.at.toISOString() },
          ip: who.ip,
        },
        em,
      );
    });
    return this.settings();
  }

  async holidays(q: { from?: string; to?: string }): Promise<EarnHoliday[]> {
    return this.ds.query(
      `SELECT date::text AS date, name FROM earn_holidays WHERE ($1::date IS NULL OR date >= $1::date) AND ($2::date IS NULL OR date <= $2::date) ORDER BY date LIMIT 2000`,
      [q.from ?? null, q.to ?? null],
    );
  }

  /** Adds a holiday, or renames the one on that date. Lots already made keep their dates. */
  async addHoliday(body: EarnHolidayBody, who: Who): Promise<EarnHoliday> {
    return this.ds.transaction(async (em) => {
      const [row]: { inserted: boolean; before: string | null }[] = await em.query(
        `WITH old AS (SELECT name FROM earn_holidays WHERE date = $1::date)
         INSERT INTO earn_holidays (date, name) VALUES ($1, $2)
         ON CONFLICT (date) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
         RETURNING (xmax = 0) AS inserted, (SELECT name FROM old) AS before`,
        [body.date, body.name],
      );
      await this.audit.record(
        {
          operatorId: who.operatorId,
          action: 'earn.holiday_add',
          targetType: 'earn_holiday',
          targetId: body.date,
          details: { name: body.name, before: row?.before ?? null },
          ip: who.ip,
        },
        em,
      );
      return { date: body.date, name: body.name };
    });
  }

  async removeHoliday(date: string, who: Who): Promise<void> {
    await this.ds.transaction(async (em) => {
      const rows = returnedRows<{ name: string }>(await em.query(`DELETE FROM earn_holidays WHERE date = $1::date RETURNING name`, [date]));
      if (!rows[0]) throw new DomainError('NOT_FOUND');
      await this.audit.record(
        { operatorId: who.operatorId, action: 'earn.holiday_remove', targetType: 'earn_holiday', targetId: date, details: { name: rows[0].name }, ip: who.ip },
        em,
      );
    });
  }

  /** Adds the listed dates (an existing date gets the new name), in one transaction and one audit entry. */
  async importHolidays(list: readonly EarnHolidayBody[], who: Who): Promise<EarnHolidaysImport> {
    const byDate = new Map(list.map((h) => [h.date, h.name])); // a date listed twice: the last name counts
    return this.ds.transaction(async (em) => {
      const rows: { inserted: boolean }[] = await em.query(
        `INSERT INTO earn_holidays (date, name) SELECT d, n FROM unnest($1::date[], $2::text[]) AS x(d, n)
         ON CONFLICT (date) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
         RETURNING (xmax = 0) AS inserted`,
        [[...byDate.keys()], [...byDate.values()]],
      );
      const result = { added: rows.filter((r) => r.inserted).length, updated: rows.filter((r) => !r.inserted).length };
      await this.audit.record(
        {
          operatorId: who.operatorId,
          action: 'earn.holidays_import',
          targetType: 'earn_holiday',
          details: { ...result, holidays: [...byDate].map(([date, name]) => ({ date, name })) },
          ip: who.ip,
        },
        em,
      );
      return result;
    });
  }

  async dashboard(): Promise<EarnDashboard> {
    const now = this.clock.now();
    const versions = await loadVersions(this.ds.manager);
    const next = versions.nextPosting(now);
    const nextIncomeDate = addDays(next.date, -1);
    const start = versions.cutoffOn(nextIncomeDate);
    const [[shares], [expected], [expense], runs]: [
      { confirmed: string; pending: string; holders: number }[],
      { amount: string }[],
      { paid: string }[],
      RunRow[],
    ] = await Promise.all([
      this.ds.query(
        `SELECT coalesce(sum(a.balance) FILTER (WHERE a.kind = 'earn_confirmed'), 0)::bigint AS confirmed,
                coalesce(sum(a.balance) FILTER (WHERE a.kind = 'earn_pending'), 0)::bigint AS pending,
                count(DISTINCT h.user_id) FILTER (WHERE a.balance > 0)::int AS holders
           FROM earn_holders h JOIN ledger_accounts a ON a.user_id = h.user_id AND a.kind IN ('earn_confirmed', 'earn_pending')`,
      ),
      // Each holder's share confirmed by the start of the day now accruing, with the income so far, at that day's rate.
      this.ds.query(
        `SELECT coalesce(sum(floor(b.basis * $2::numeric)), 0)::bigint AS amount
           FROM (SELECT u.user_id, sum(u.amount) AS basis
                   FROM (SELECT user_id, remaining AS amount FROM earn_transfers WHERE remaining > 0 AND confirm_at <= $1
                         UNION ALL SELECT user_id, income_remaining FROM earn_holders WHERE income_remaining > 0) u
                  GROUP BY u.user_id) b`,
        [start, versions.forDate(nextIncomeDate).dailyRate],
      ),
      this.ds.query(`SELECT coalesce(-balance, 0)::bigint AS paid FROM ledger_accounts WHERE user_id IS NULL AND kind = 'interest_expense'`),
      this.ds.query(`SELECT ${RUN_COLUMNS} FROM earn_runs ORDER BY date DESC LIMIT 7`),
    ]);
    const last = (await this.repo.lastRuns(1))[0];
    return {
      confirmed: formatCents(toCents(shares?.confirmed)),
      pending: formatCents(toCents(shares?.pending)),
      holders: shares?.holders ?? 0,
      yesterdayIncome: formatCents(toCents(last?.income_total ?? 0)),
      incomeDate: last?.date ?? null,
      nextPostingAt: next.at.toISOString(),
      timezone: versions.forDate(next.date).timezone,
      nextIncomeDate,
      nextPostingExpected: formatCents(toCents(expected?.amount)),
      interestExpenseTotal: formatCents(toCents(expense?.paid)),
      recentRuns: runs.map(toRun),
    };
  }
}
