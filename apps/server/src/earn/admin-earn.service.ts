import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminEarnSettings, EarnDashboard, EarnHoliday, EarnHolidayBody, EarnHolidaysImport, EarnRun, EarnSettingsBody } from '@candor/contracts';
import {
  addDays,
  formatCents,
  isEarnRateCovered,
  isEarnRateRaise,
  isValidDailyRate,
  isValidTimeZone,
  MAX_AMOUNT_CENTS,
  normalizeDecimal,
  parseMoney,
} from '@candor/domain';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { AuditService } from '../admin/audit.service.js';
import { toCents } from '../database/rows.js';
import { loadVersions, toSettingsView, type EarnVersion } from './earn-settings.js';
import { AdminEarnRepository } from './admin-earn.repository.js';
import { EarnRepository, type RunRow } from './earn.repository.js';
import { EarnCoverageService } from './earn-coverage.service.js';

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
    private readonly admin: AdminEarnRepository,
    private readonly coverage: EarnCoverageService,
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
      await this.admin.lockSettings(em);
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
      if (isEarnRateRaise(base.dailyRate, next.dailyRate)) await this.assertCovered(em, next.dailyRate);
      const effective = versions.effectiveFor(now, next);
      const id = await this.admin.insertVersion(em, { ...next, effectiveDate: effective.date, effectiveAt: effective.at }, now);
      const view = (v: typeof next) => ({ ...v, minAmount: formatCents(v.minAmount), operatorId: undefined });
      await this.audit.record(
        {
          operatorId: who.operatorId,
          action: 'earn.settings_update',
          targetType: 'earn_settings',
          targetId: id,
          details: { before: view(base), after: view(next), effectiveDate: effective.date, effectiveAt: effective.at.toISOString() },
          ip: who.ip,
        },
        em,
      );
    });
    return this.settings();
  }

  /**
   * A raised rate must be paid for: the platform's equity covers its income on today's balances for at least
   * 30 days (read under the settings lock, in the change's transaction). A lower or unchanged rate never asks.
   */
  private async assertCovered(em: EntityManager, dailyRate: string): Promise<void> {
    const cover = await this.coverage.atRate(dailyRate, em);
    if (isEarnRateCovered(cover.daysCovered)) return;
    const days = cover.daysCovered ?? 0;
    throw new DomainError('EARN_RATE_NOT_COVERED', 'dailyRate', { days, maxRate: cover.maxRate }, { daysCovered: cover.daysCovered, maxRate: cover.maxRate });
  }

  async holidays(q: { from?: string; to?: string }): Promise<EarnHoliday[]> {
    return this.admin.holidays(q.from ?? null, q.to ?? null);
  }

  /** Adds a holiday, or renames the one on that date. Lots already made keep their dates. */
  async addHoliday(body: EarnHolidayBody, who: Who): Promise<EarnHoliday> {
    return this.ds.transaction(async (em) => {
      const row = await this.admin.upsertHoliday(em, body.date, body.name);
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
      const name = await this.admin.deleteHoliday(em, date);
      if (name === null) throw new DomainError('NOT_FOUND');
      await this.audit.record(
        { operatorId: who.operatorId, action: 'earn.holiday_remove', targetType: 'earn_holiday', targetId: date, details: { name }, ip: who.ip },
        em,
      );
    });
  }

  /** Adds the listed dates (an existing date gets the new name), in one transaction and one audit entry. */
  async importHolidays(list: readonly EarnHolidayBody[], who: Who): Promise<EarnHolidaysImport> {
    const byDate = new Map(list.map((h) => [h.date, h.name])); // a date listed twice: the last name counts
    return this.ds.transaction(async (em) => {
      const rows = await this.admin.upsertHolidays(em, [...byDate.keys()], [...byDate.values()]);
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
    const [shares, expected, expense, runs] = await Promise.all([
      this.admin.shares(),
      // Each holder's share confirmed by the start of the day now accruing, with the income so far, at that day's rate.
      this.admin.expectedIncome(start, versions.forDate(nextIncomeDate).dailyRate),
      this.admin.interestPaid(),
      this.repo.recentRuns(7),
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
      nextPostingExpected: formatCents(toCents(expected)),
      interestExpenseTotal: formatCents(toCents(expense)),
      recentRuns: runs.map(toRun),
    };
  }
}
