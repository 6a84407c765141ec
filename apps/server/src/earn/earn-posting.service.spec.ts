import { describe, expect, it } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { APP_CONFIG } from '../config/config.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { EarnPostingRepository, incomeEntries, confirmEntries } from './earn-posting.repository.js';
import { EarnPostingService } from './earn-posting.service.js';
import { EarnVersions } from './earn-settings.js';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const now = new Date('2026-03-05T00:30:00Z');
// One version from the start: 1 % a day, cut-off 08:00 in Taipei (00:00 UTC).
const versions = new EarnVersions([
  {
    id: '1',
    effectiveDate: '1970-01-01',
    effectiveAt: new Date(0),
    dailyRate: '0.01',
    cutoff: '08:00',
    timezone: 'Asia/Taipei',
    minAmount: 20_00,
    dailyInLimit: 60,
    dailyOutLimit: 60,
    operatorId: null,
    createdAt: new Date(0),
  },
]);

/** The service with transactions that hand out numbered ems and log their steps. */
function setup() {
  const { sut: built, mocks } = newTestService(EarnPostingService, [[APP_CONFIG, { EARN_INCOME_BATCH: 2 }]]);
  const sut = built as EarnPostingService; // the harness answers `unknown` for the service's type
  const ds = mocks.get<DataSource>(DataSource);
  const repo = mocks.get<EarnPostingRepository>(EarnPostingRepository);
  const ledger = mocks.get<LedgerService>(LedgerService);
  const ems: EntityManager[] = [];
  ds.transaction.mockImplementation((async (_level: string, fn: (em: EntityManager) => Promise<unknown>) => {
    const em = { n: ems.length + 1 } as unknown as EntityManager;
    ems.push(em);
    return fn(em);
  }) as never);
  return { sut, ds, repo, ledger, ems };
}

describe('EarnPostingService.confirmDue', () => {
  it('locks the job and the due holders, then posts the confirmations in the same transaction', async () => {
    const { sut, repo, ledger, ems } = setup();
    ledger.postSet.mockResolvedValue({ posted: 4, duplicate: 0, moved: 123_45 });
    const got = await sut.confirmDue(now);
    expect(got).toMatchObject({ entries: 4, amount: '123.45' });
    expect(ems).toHaveLength(1);
    expect(repo.beginJobTransaction).toHaveBeenCalledWith(ems[0]);
    expect(repo.lockDueHolders).toHaveBeenCalledWith(ems[0], now);
    expect(ledger.postSet).toHaveBeenCalledWith(ems[0], confirmEntries(now));
  });

  it('fails (rolling back) when a confirmation was already posted', async () => {
    const { sut, ledger } = setup();
    ledger.postSet.mockResolvedValue({ posted: 3, duplicate: 1, moved: 0 });
    await expect(sut.confirmDue(now)).rejects.toThrow('earn confirm: 1 confirmations were already posted');
  });
});

describe('EarnPostingService.firstUnposted', () => {
  it('is the oldest unfinished run, else the day after the last run, else the day before the first income date of any lot', async () => {
    const { sut, repo } = setup();
    const em = {} as EntityManager;
    repo.runDates.mockResolvedValueOnce({ open: '2026-03-02', last: '2026-03-03' });
    expect(await sut.firstUnposted(em)).toBe('2026-03-02');
    repo.runDates.mockResolvedValueOnce({ open: null, last: '2026-03-03' });
    expect(await sut.firstUnposted(em)).toBe('2026-03-04');
    expect(repo.dayBeforeFirstIncome).not.toHaveBeenCalled();
    repo.runDates.mockResolvedValueOnce({ open: null, last: null });
    repo.dayBeforeFirstIncome.mockResolvedValueOnce(null);
    expect(await sut.firstUnposted(em)).toBeNull();
    expect(repo.dayBeforeFirstIncome).toHaveBeenCalledWith(em);
  });
});

describe('EarnPostingService.postIncome', () => {
  it('posts the holders a batch per transaction, from the first to past the last, then finishes the run', async () => {
    const { sut, repo, ledger, ems } = setup();
    ledger.platformAccountId.mockResolvedValue('99');
    repo.holderAfter.mockResolvedValueOnce('u2').mockResolvedValueOnce(null);
    ledger.postSet.mockResolvedValue({ posted: 2, duplicate: 0, moved: 0 });
    repo.finishRun.mockResolvedValue({ holders: 3, income_total: '150' });
    const got = await sut.postIncome('2026-03-04', now, versions);
    expect(got).toMatchObject({ date: '2026-03-04', holders: 3, income: '1.50', batches: 2 });
    // the run is the date's, its posting at the cut-off that ends the day
    const start = new Date('2026-03-04T00:00:00Z');
    const end = new Date('2026-03-05T00:00:00Z');
    expect(repo.startRun).toHaveBeenCalledWith('2026-03-04', end, '1', '0.01', now);
    // batch size 2: each edge is the holder one place after the previous edge
    expect(repo.holderAfter.mock.calls).toEqual([
      [NIL_UUID, 1],
      ['u2', 1],
    ]);
    const batch = { date: '2026-03-04', dailyRate: '0.01', start, end, now, expenseAccountId: '99' };
    expect(ledger.postSet.mock.calls).toEqual([
      [ems[0], incomeEntries({ ...batch, lo: NIL_UUID, hi: 'u2' })],
      [ems[1], incomeEntries({ ...batch, lo: 'u2', hi: null })],
    ]);
    expect(repo.beginJobTransaction.mock.calls).toEqual([[ems[0]], [ems[1]]]);
    expect(repo.finishRun).toHaveBeenCalledWith('2026-03-04', now);
  });

  it('stops at a batch whose entries were already posted', async () => {
    const { sut, repo, ledger } = setup();
    ledger.platformAccountId.mockResolvedValue('99');
    repo.holderAfter.mockResolvedValue(null);
    ledger.postSet.mockResolvedValue({ posted: 0, duplicate: 2, moved: 0 });
    await expect(sut.postIncome('2026-03-04', now, versions)).rejects.toThrow('earn income 2026-03-04: 2 entries were already posted');
    expect(repo.finishRun).not.toHaveBeenCalled();
  });
});
