import { describe, expect, it } from '@jest/globals';
import { USER_ACCOUNT_KINDS, type UserAccountKind } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { LedgerService } from '../ledger/ledger.service.js';
import type { UserAccountIds } from '../ledger/ledger.types.js';
import { WalletRepository, type RecordRow } from './wallet.repository.js';
import { RECENT_RECORDS, WalletService } from './wallet.service.js';

const ids = Object.fromEntries(USER_ACCOUNT_KINDS.map((k, i) => [k, String(100 + i)])) as UserAccountIds;
const record = (id: number, kind: UserAccountKind = 'cash'): RecordRow => ({
  id: String(id),
  entry_no: `J${id}`,
  type: 'deposit',
  amount: '1050',
  balance_after: '2100',
  created_at: new Date('2026-12-01T00:00:00Z'),
  ref_type: 'deposit',
  ref_id: 'd1',
  kind,
  withdrawal_status: null,
  order_status: null,
  order_outcome: null,
  order_payout: null,
  withdrawal_returned: null,
});

function setup(accounts: UserAccountIds | null = ids) {
  const { sut: built, mocks } = newTestService(WalletService);
  const sut = built as WalletService; // the harness answers `unknown` for the service's type
  const ledger = mocks.get<LedgerService>(LedgerService);
  const repo = mocks.get<WalletRepository>(WalletRepository);
  ledger.usersAccountIds.mockResolvedValue(new Map(accounts ? [['u1', accounts]] : []));
  return { sut, ledger, repo };
}

describe('WalletService.records', () => {
  it("reads the cash and income accounts from the ledger's cached account ids, in one statement, with a cursor when there is more", async () => {
    const { sut, repo } = setup();
    repo.recordsPage.mockResolvedValue([record(9), { ...record(8, 'earn_confirmed'), type: 'earn_income', ref_type: null, ref_id: null }, record(7)]);
    const page = await sut.records('u1', { type: 'deposit', limit: 2, cursor: '10' });
    expect(repo.recordsPage).toHaveBeenCalledWith({
      balance: { id: ids.cash, kind: 'cash' },
      income: { id: ids.earn_confirmed, kind: 'earn_confirmed' },
      type: 'deposit',
      from: undefined,
      to: undefined,
      cursor: '10',
      limit: 2,
    });
    expect(page.items.map((r) => [r.id, r.action, r.account, r.amount, r.balanceAfter, r.ref])).toEqual([
      ['9', 'deposit', 'cash', '10.50', '21.00', 'deposit:d1'],
      ['8', 'earn_income', 'earn_confirmed', '10.50', '21.00', null],
    ]);
    expect(page.nextCursor).toBe('8');
  });

  it('reads only the demo accounts for the demo account, and has no cursor on the last page', async () => {
    const { sut, repo } = setup();
    repo.recordsPage.mockResolvedValue([record(3, 'demo')]);
    const page = await sut.records('u1', { account: 'demo', limit: 20 });
    expect(repo.recordsPage.mock.calls[0]![0]).toMatchObject({ balance: { id: ids.demo, kind: 'demo' } });
    expect(repo.recordsPage.mock.calls[0]![0].income).toBeUndefined();
    expect(page.nextCursor).toBeNull();
  });

  it('answers an empty page, without reading postings, for a user without accounts', async () => {
    const { sut, repo } = setup(null);
    expect(await sut.records('u1', { limit: 20 })).toEqual({ items: [], nextCursor: null });
    expect(repo.recordsPage).not.toHaveBeenCalled();
  });
});

describe('WalletService.record', () => {
  it('refuses an id beyond bigint as invalid and a malformed one as not found, before any read', async () => {
    const { sut, repo } = setup();
    await expect(sut.record('u1', '99999999999999999999')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
    await expect(sut.record('u1', 'abc')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repo.findRecord).not.toHaveBeenCalled();
  });

  it("reads an order's and a withdrawal's status and what came back from them", async () => {
    const { sut, repo } = setup();
    repo.recordsPage.mockResolvedValue([
      { ...record(3), type: 'order_stake', amount: '-1000', order_status: 'settled', order_outcome: 'win', order_payout: '1850' },
      { ...record(2), type: 'withdrawal', amount: '-2000', withdrawal_status: 'failed', withdrawal_returned: '2000' },
      { ...record(1), type: 'order_stake', amount: '-500', order_status: 'voided', order_payout: '500' },
    ]);
    const page = await sut.records('u1', { limit: 20 });
    expect(page.items.map((r) => [r.action, r.status, r.amount, r.returned])).toEqual([
      ['order', 'win', '-10.00', '18.50'],
      ['withdrawal', 'failed', '-20.00', '20.00'],
      ['order', 'void', '-5.00', '5.00'],
    ]);
  });

  it("is not found when the posting is not the user's, and otherwise comes with its entry's postings", async () => {
    const { sut, repo } = setup();
    repo.findRecord.mockResolvedValueOnce(null);
    await expect(sut.record('u1', '5')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    repo.findRecord.mockResolvedValueOnce({ ...record(5), entry_id: '42' });
    const at = new Date('2026-12-01T00:00:00Z');
    repo.actionPostings.mockResolvedValue([
      { kind: 'deposits_clearing', owner: 'platform', amount: '-1050', entry_no: 'J5', type: 'deposit', created_at: at },
      { kind: 'cash', owner: 'you', amount: '1050', entry_no: 'J5', type: 'deposit', created_at: at },
    ]);
    const got = await sut.record('u1', '5');
    expect(repo.actionPostings).toHaveBeenCalledWith('42', { type: 'deposit', id: 'd1' });
    expect(got.postings).toEqual([
      { account: 'deposits_clearing', owner: 'platform', amount: '-10.50', entryNo: 'J5', type: 'deposit', createdAt: at.toISOString() },
      { account: 'cash', owner: 'you', amount: '10.50', entryNo: 'J5', type: 'deposit', createdAt: at.toISOString() },
    ]);
  });
});

describe('WalletService.userMoney', () => {
  it('is not found for an unknown user', async () => {
    const { sut, ledger, repo } = setup();
    repo.kycStatus.mockResolvedValue(null);
    await expect(sut.userMoney('u1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(ledger.balances).not.toHaveBeenCalled();
    expect(repo.recordsPage).not.toHaveBeenCalled();
  });

  it('shows the balances, the newest real-account records and the verification status', async () => {
    const { sut, ledger, repo } = setup();
    repo.kycStatus.mockResolvedValue('verified');
    ledger.balances.mockResolvedValue({ cash: 100, hold: 0, escrow: 0, earn_pending: 0, earn_confirmed: 0, demo: 5, demo_escrow: 0 });
    repo.recordsPage.mockResolvedValue([record(1)]);
    const got = await sut.userMoney('u1');
    expect(got).toMatchObject({ userId: 'u1', kycStatus: 'verified', balances: { available: '1.00', demo: '0.05' } });
    expect(got.recentRecords.map((r) => r.id)).toEqual(['1']);
    expect(repo.recordsPage.mock.calls[0]![0]).toMatchObject({ limit: RECENT_RECORDS });
  });
});
