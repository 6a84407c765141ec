import { describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { Clock } from '../common/clock.js';
import { AdminEarnRepository } from './admin-earn.repository.js';
import { AdminEarnService } from './admin-earn.service.js';
import type { VersionRow } from './earn-settings.queries.js';
import { EarnRepository } from './earn.repository.js';
import { EarnCoverageService, type CoverageAtRate } from './earn-coverage.service.js';

// Monday 2 March 2026, 10:00 in Taipei: the next posting is Tuesday's 08:00 cut-off.
const now = new Date('2026-03-02T02:00:00Z');
const who = { operatorId: 'op1', ip: '10.0.0.9' };
const seed: VersionRow = {
  id: '1',
  effective_date: '1970-01-01',
  effective_at: new Date(0),
  daily_rate: '0.0001',
  cutoff: '08:00',
  timezone: 'Asia/Taipei',
  min_amount: '2000',
  daily_in_limit: 60,
  daily_out_limit: 60,
  operator_id: null,
  created_at: new Date(0),
};

/** An EntityManager whose only statement is the settings read (the repositories are fakes). */
const settingsEm = (rows: VersionRow[]) => ({ query: jest.fn(async () => rows) }) as unknown as EntityManager;

function setup() {
  const { sut: built, mocks } = newTestService(AdminEarnService, [[Clock, { now: () => now }]]);
  const sut = built as AdminEarnService; // the harness answers `unknown` for the service's type
  const ds = mocks.get<DataSource>(DataSource);
  const tx = settingsEm([seed]);
  ds.manager = settingsEm([seed]);
  ds.transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => fn(tx)) as never);
  const coverage = mocks.get<EarnCoverageService>(EarnCoverageService);
  // No holder yet unless a test says otherwise: any rate is covered.
  coverage.atRate.mockResolvedValue({ equity: 0, balance: 0, dailyIncome: 0, daysCovered: null, maxRate: '0.1' });
  return {
    coverage,
    sut,
    ds,
    tx,
    admin: mocks.get<AdminEarnRepository>(AdminEarnRepository),
    repo: mocks.get<EarnRepository>(EarnRepository),
    audit: mocks.get<AuditService>(AuditService),
  };
}

describe('AdminEarnService.updateSettings', () => {
  it.each<[string, object, string]>([
    ['a daily rate out of range', { dailyRate: '2' }, 'dailyRate'],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['a minimum of nothing', { minAmount: '0' }, 'minAmount'],
    ['a minimum that is not money', { minAmount: 'lots' }, 'minAmount'],
  ])('refuses %s before any write', async (_c, body, field) => {
    const { sut, ds } = setup();
    await expect(sut.updateSettings(body, who)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect(ds.transaction).not.toHaveBeenCalled();
  });

  it('locks the settings, stores a new version effective from the next cut-off, and audits it in the same transaction', async () => {
    const { sut, tx, admin, audit } = setup();
    admin.insertVersion.mockResolvedValue('2');
    await sut.updateSettings({ dailyRate: '0.0002', minAmount: '50' }, who);
    expect(admin.lockSettings).toHaveBeenCalledWith(tx);
    expect(admin.lockSettings.mock.invocationCallOrder[0]).toBeLessThan(admin.insertVersion.mock.invocationCallOrder[0]!);
    expect(admin.insertVersion).toHaveBeenCalledWith(
      tx,
      {
        dailyRate: '0.0002',
        cutoff: '08:00',
        timezone: 'Asia/Taipei',
        minAmount: 50_00,
        dailyInLimit: 60,
        dailyOutLimit: 60,
        operatorId: 'op1',
        effectiveDate: '2026-03-03',
        effectiveAt: new Date('2026-03-03T00:00:00Z'),
      },
      now,
    );
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({
        operatorId: 'op1',
        action: 'earn.settings_update',
        targetType: 'earn_settings',
        targetId: '2',
        details: expect.objectContaining({ effectiveDate: '2026-03-03', after: expect.objectContaining({ dailyRate: '0.0002', minAmount: '50.00' }) }),
        ip: '10.0.0.9',
      }),
      tx,
    );
  });
});

describe("AdminEarnService.updateSettings and the rate's cover", () => {
  const cover = (daysCovered: number | null): CoverageAtRate => ({ equity: 30_00, balance: 1_000_00, dailyIncome: 1_00, daysCovered, maxRate: '0.0003' });

  it('refuses a raise covered for 29 days, naming the days and the highest covered rate, before writing', async () => {
    const { sut, tx, admin, coverage } = setup();
    coverage.atRate.mockResolvedValue(cover(29));
    await expect(sut.updateSettings({ dailyRate: '0.0002' }, who)).rejects.toMatchObject({
      code: 'EARN_RATE_NOT_COVERED',
      field: 'dailyRate',
      details: { daysCovered: 29, maxRate: '0.0003' },
    });
    expect(coverage.atRate).toHaveBeenCalledWith('0.0002', tx);
    expect(admin.insertVersion).not.toHaveBeenCalled();
  });

  it.each<[string, number | null]>([
    ['exactly 30 days', 30],
    ['no income due', null],
  ])('allows a raise covered for %s', async (_c, days) => {
    const { sut, admin, coverage } = setup();
    coverage.atRate.mockResolvedValue(cover(days));
    admin.insertVersion.mockResolvedValue('2');
    await sut.updateSettings({ dailyRate: '0.0002' }, who);
    expect(admin.insertVersion).toHaveBeenCalled();
  });

  it.each<[string, string]>([
    ['a lower rate', '0.00005'],
    ['the same rate', '0.0001'],
  ])('never asks for cover for %s', async (_c, dailyRate) => {
    const { sut, admin, coverage } = setup();
    coverage.atRate.mockResolvedValue(cover(0));
    admin.insertVersion.mockResolvedValue('2');
    await sut.updateSettings({ dailyRate }, who);
    expect(coverage.atRate).not.toHaveBeenCalled();
    expect(admin.insertVersion).toHaveBeenCalled();
  });
});

describe('AdminEarnService holidays', () => {
  it('lists from open ends as nulls', async () => {
    const { sut, admin } = setup();
    admin.holidays.mockResolvedValue([{ date: '2026-10-10', name: 'National Day' }]);
    expect(await sut.holidays({ from: '2026-01-01' })).toEqual([{ date: '2026-10-10', name: 'National Day' }]);
    expect(admin.holidays).toHaveBeenCalledWith('2026-01-01', null);
  });

  it('audits an added holiday with the name it had before', async () => {
    const { sut, tx, admin, audit } = setup();
    admin.upsertHoliday.mockResolvedValue({ inserted: false, before: 'Old name' });
    expect(await sut.addHoliday({ date: '2026-10-10', name: 'National Day' }, who)).toEqual({ date: '2026-10-10', name: 'National Day' });
    expect(admin.upsertHoliday).toHaveBeenCalledWith(tx, '2026-10-10', 'National Day');
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'earn.holiday_add', details: { name: 'National Day', before: 'Old name' } }),
      tx,
    );
  });

  it('removing a date that is no holiday is not found and audits nothing', async () => {
    const { sut, admin, audit } = setup();
    admin.deleteHoliday.mockResolvedValue(null);
    await expect(sut.removeHoliday('2026-10-11', who)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('imports each date once (the last name listed wins) and counts what was added and what renamed', async () => {
    const { sut, tx, admin, audit } = setup();
    admin.upsertHolidays.mockResolvedValue([{ inserted: true }, { inserted: false }]);
    const got = await sut.importHolidays(
      [
        { date: '2026-10-10', name: 'first' },
        { date: '2026-10-09', name: 'Eve' },
        { date: '2026-10-10', name: 'National Day' },
      ],
      who,
    );
    expect(got).toEqual({ added: 1, updated: 1 });
    expect(admin.upsertHolidays).toHaveBeenCalledWith(tx, ['2026-10-10', '2026-10-09'], ['National Day', 'Eve']);
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'earn.holidays_import', details: expect.objectContaining({ added: 1, updated: 1 }) }),
      tx,
    );
  });
});

describe('AdminEarnService.dashboard', () => {
  it("adds up the holders' shares, the income expected at the next posting and paid so far, and the last runs", async () => {
    const { sut, admin, repo } = setup();
    admin.shares.mockResolvedValue({ confirmed: '100000', pending: '2500', holders: 3 });
    admin.expectedIncome.mockResolvedValue('10');
    admin.interestPaid.mockResolvedValue('777');
    repo.recentRuns.mockResolvedValue([]);
    repo.lastRuns.mockResolvedValue([]);
    const got = await sut.dashboard();
    expect(got).toMatchObject({
      confirmed: '1000.00',
      pending: '25.00',
      holders: 3,
      nextPostingExpected: '0.10',
      interestExpenseTotal: '7.77',
      yesterdayIncome: '0.00',
      incomeDate: null,
      nextIncomeDate: '2026-03-02',
      nextPostingAt: '2026-03-03T00:00:00.000Z',
      recentRuns: [],
    });
    // the day now accruing started at Monday's cut-off, at Monday's rate
    expect(admin.expectedIncome).toHaveBeenCalledWith(new Date('2026-03-02T00:00:00Z'), '0.0001');
    expect(repo.recentRuns).toHaveBeenCalledWith(7);
  });
});
