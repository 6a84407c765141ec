import { describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { USER_ACCOUNT_KINDS } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { Clock } from '../common/clock.js';
import { idempotencyClaim } from '../common/idempotency.js';
import { EventBus } from '../events/event-bus.js';
import { LedgerService } from '../ledger/ledger.service.js';
import type { UserAccountIds } from '../ledger/ledger.types.js';
import type { VersionRow } from './earn-settings.queries.js';
import { EarnRepository, type TransferRow } from './earn.repository.js';
import { EarnService } from './earn.service.js';

const now = new Date('2026-03-02T02:00:00Z');
const tx = { name: 'the transfer transaction' } as unknown as EntityManager;
const ids = Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, `a-${k}`])) as UserAccountIds;
const seed: VersionRow = {
  id: '1',
  effective_date: '1970-01-01',
  effective_at: new Date(0),
  daily_rate: '0.0001',
  cutoff: '08:00',
  timezone: 'Asia/Taipei',
  min_amount: '2000',
  daily_in_limit: 2,
  daily_out_limit: 2,
  operator_id: null,
  created_at: new Date(0),
};
const lot: TransferRow = {
  id: '41',
  user_id: 'u1',
  direction: 'in',
  amount: '10000',
  status: 'pending',
  created_at: now,
  remaining: '10000',
  trade_date: '2026-03-02',
  confirm_at: new Date('2026-03-03T00:00:00Z'),
  first_income_on: '2026-03-03',
  withdrawable_at: new Date('2026-03-03T00:00:00Z'),
};

/** The service on fakes; the data source's own manager answers the settings, holiday and idempotency reads. */
function setup(storedKey: unknown[] = []) {
  const { sut: built, mocks } = newTestService(EarnService, [[Clock, { now: () => now }]]);
  const sut = built as EarnService; // the harness answers `unknown` for the service's type
  const steps: string[] = [];
  const ds = mocks.get<DataSource>(DataSource);
  ds.manager = {
    query: jest.fn(async (sql: string) => (sql.includes('earn_settings') ? [seed] : sql.includes('idempotency_keys') ? storedKey : [])),
  } as unknown as EntityManager;
  const ledger = mocks.get<LedgerService>(LedgerService);
  ledger.transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => {
    const r = await fn(tx);
    steps.push('commit');
    return r;
  }) as never);
  ledger.userAccountIds.mockResolvedValue(ids);
  const repo = mocks.get<EarnRepository>(EarnRepository);
  repo.countsBetween.mockResolvedValue({ in: 0, out: 0 });
  repo.insertLot.mockResolvedValue(lot);
  const events = mocks.get<EventBus>(EventBus);
  events.publish.mockImplementation((async (name: string) => {
    steps.push(`publish ${name}`);
  }) as never);
  return { sut, ledger, repo, events, steps };
}

describe('EarnService.transferIn', () => {
  it('moves cash -> earn_pending as a new lot, and announces account.changed once the transfer has committed', async () => {
    const { sut, ledger, repo, events, steps } = setup();
    const got = await sut.transferIn('u1', { amount: '100' }, undefined);
    expect(got).toMatchObject({ status: 201, replayed: false, body: { id: '41', type: 'in', amount: '100.00' } });
    expect(repo.lockHolder).toHaveBeenCalledWith(tx, 'u1', now, true);
    expect(ledger.userAccountIds).toHaveBeenCalledWith(tx, 'u1');
    expect(ledger.post).toHaveBeenCalledWith(tx, {
      type: 'earn_in',
      userId: 'u1',
      refType: 'earn_transfer',
      refId: '41',
      uniqueKey: 'earn-in:41',
      postings: [
        { accountId: 'a-cash', amount: -100_00 },
        { accountId: 'a-earn_pending', amount: 100_00 },
      ],
    });
    expect(steps).toEqual(['commit', 'publish account.changed']);
    expect(events.publish).toHaveBeenCalledWith('account.changed', { userId: 'u1' });
  });

  it('announces nothing when the daily limit refuses the transfer', async () => {
    const { sut, repo, events } = setup();
    repo.countsBetween.mockResolvedValue({ in: 2, out: 0 });
    await expect(sut.transferIn('u1', { amount: '100' }, undefined)).rejects.toMatchObject({ code: 'EARN_DAILY_LIMIT' });
    expect(repo.insertLot).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('replays the answer stored under the key without moving money or announcing anything', async () => {
    const claim = idempotencyClaim('k-1', 'u1', 'earn-in', { amount: 100_00 })!;
    const answer = { id: '41', type: 'in', amount: '100.00' };
    const { sut, ledger, events } = setup([{ scope: 'earn-in', request_hash: claim.requestHash, status_code: 201, response: answer }]);
    expect(await sut.transferIn('u1', { amount: '100' }, 'k-1')).toEqual({ status: 201, body: answer, replayed: true });
    expect(ledger.transaction).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });
});
