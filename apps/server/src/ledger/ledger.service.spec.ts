import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { USER_ACCOUNT_KINDS } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { LedgerRepository, type UsersAccountRow } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import type { EntrySpec } from './ledger.types.js';

const em = { name: 'the caller transaction' } as unknown as EntityManager;
/** Every account of a user, ids `<user>-<kind>`. */
const accountsOf = (userId: string): UsersAccountRow[] => USER_ACCOUNT_KINDS.map((kind) => ({ user_id: userId, kind, id: `${userId}-${kind}` }));

function setup() {
  const { sut: built, mocks } = newTestService(LedgerService);
  const sut = built as LedgerService; // the harness answers `unknown` for the service's type
  return { sut, repo: mocks.get<LedgerRepository>(LedgerRepository) };
}

describe('LedgerService.userAccountIds (the one cache of account ids)', () => {
  it('reads a user once through the caller em; the second call does not reach the repository', async () => {
    const { sut, repo } = setup();
    repo.findUserAccounts.mockResolvedValue(accountsOf('u1'));
    const first = await sut.userAccountIds(em, 'u1');
    const second = await sut.userAccountIds(em, 'u1');
    expect(first).toMatchObject({ cash: 'u1-cash', escrow: 'u1-escrow', demo: 'u1-demo', demo_escrow: 'u1-demo_escrow' });
    expect(second).toBe(first);
    expect(repo.findUserAccounts).toHaveBeenCalledTimes(1);
    expect(repo.findUserAccounts).toHaveBeenCalledWith(em, 'u1');
  });

  it('refuses a user missing an account kind, and remembers nothing for them', async () => {
    const { sut, repo } = setup();
    repo.findUserAccounts.mockResolvedValue(accountsOf('u2').filter((a) => a.kind !== 'hold'));
    await expect(sut.userAccountIds(em, 'u2')).rejects.toThrow('user u2 has no hold account');
    await expect(sut.userAccountIds(em, 'u2')).rejects.toThrow('user u2 has no hold account');
    expect(repo.findUserAccounts).toHaveBeenCalledTimes(2);
  });

  it('reads several users in one statement for those not cached, shares the cache with the single read, and leaves out incomplete users', async () => {
    const { sut, repo } = setup();
    repo.findUserAccounts.mockResolvedValue(accountsOf('u1'));
    await sut.userAccountIds(em, 'u1');
    repo.findUsersAccounts.mockResolvedValue([...accountsOf('u3'), ...accountsOf('u4').slice(0, 2)]);
    const got = await sut.usersAccountIds(em, ['u1', 'u3', 'u3', 'u4', 'u5']);
    expect(repo.findUsersAccounts).toHaveBeenCalledWith(em, ['u3', 'u4', 'u5']);
    expect([...got.keys()].sort()).toEqual(['u1', 'u3']);
    expect(got.get('u3')?.escrow).toBe('u3-escrow');
    // u3 is now cached for the single read as well
    expect((await sut.userAccountIds(em, 'u3')).cash).toBe('u3-cash');
    expect(repo.findUserAccounts).toHaveBeenCalledTimes(1);
    // all cached: no statement at all
    await sut.usersAccountIds(em, ['u1', 'u3']);
    expect(repo.findUsersAccounts).toHaveBeenCalledTimes(1);
  });
});

describe('LedgerService.platformAccountId', () => {
  it('is read once per kind, and a missing one says to run the seed', async () => {
    const { sut, repo } = setup();
    repo.findPlatformAccountId.mockImplementation(async (_em, kind) => (kind === 'house' ? '7' : null));
    expect(await sut.platformAccountId(em, 'house')).toBe('7');
    expect(await sut.platformAccountId(em, 'house')).toBe('7');
    expect(repo.findPlatformAccountId).toHaveBeenCalledTimes(1);
    await expect(sut.platformAccountId(em, 'demo_house')).rejects.toThrow('platform account demo_house is missing: run the seed');
  });
});

describe('LedgerService.post and postBatch', () => {
  const entry = (key: string | null, amount = 100): EntrySpec => ({
    type: 'order_stake',
    userId: 'u1',
    refType: 'order',
    refId: key,
    uniqueKey: key,
    postings: [
      { accountId: '1', amount: -amount },
      { accountId: '2', amount },
    ],
  });

  it('refuses an unbalanced entry before any statement', async () => {
    const { sut, repo } = setup();
    await expect(
      sut.post(em, {
        ...entry('k'),
        postings: [
          { accountId: '1', amount: -5 },
          { accountId: '2', amount: 4 },
        ],
      }),
    ).rejects.toThrow('entry does not balance: -1');
    expect(repo.postEntry).not.toHaveBeenCalled();
  });

  it('needs a unique key per entry, once per batch', async () => {
    const { sut, repo } = setup();
    await expect(sut.postBatch(em, [entry(null)])).rejects.toThrow('every entry needs a unique key');
    await expect(sut.postBatch(em, [entry('a'), entry('a')])).rejects.toThrow('unique key a twice in one batch');
    expect(repo.postEntries).not.toHaveBeenCalled();
  });

  it('sends the batch as columns in one call and answers null for a key already posted', async () => {
    const { sut, repo } = setup();
    repo.postEntries.mockResolvedValue([
      { out_status: 'posted', out_entry_id: '10', out_entry_no: 'J1' },
      { out_status: 'duplicate', out_entry_id: null, out_entry_no: null },
    ]);
    const got = await sut.postBatch(em, [entry('a', 300), entry('b', 200)]);
    expect(got).toEqual([{ id: '10', entryNo: 'J1' }, null]);
    expect(repo.postEntries).toHaveBeenCalledWith(em, {
      types: ['order_stake', 'order_stake'],
      users: ['u1', 'u1'],
      refTypes: ['order', 'order'],
      refIds: ['a', 'b'],
      uniqueKeys: ['a', 'b'],
      memos: [null, null],
      sizes: [2, 2],
      accounts: ['1', '2', '1', '2'],
      amounts: [-300, 300, -200, 200],
    });
  });

  it('fails when the database answers a different number of entries', async () => {
    const { sut, repo } = setup();
    repo.postEntries.mockResolvedValue([]);
    await expect(sut.postBatch(em, [entry('a')])).rejects.toThrow('postBatch: 0 answers for 1 entries');
  });
});

describe('LedgerService.postSet and check', () => {
  it('counts posted and duplicate entries and the money moved', async () => {
    const { sut, repo } = setup();
    repo.postSet.mockResolvedValue([
      { status: 'posted', n: 3, moved: '4500' },
      { status: 'duplicate', n: 1, moved: '4500' },
    ]);
    const set = { ctes: 'x AS (SELECT 1)', entries: 'SELECT 1', params: [1] };
    expect(await sut.postSet(em, set)).toEqual({ posted: 3, duplicate: 1, moved: 4500 });
    expect(repo.postSet).toHaveBeenCalledWith(em, set);
  });

  it('is ok only when the balances sum to zero and every account matches its postings', async () => {
    const { sut, repo } = setup();
    repo.totals.mockResolvedValue({ accounts: 12, total: 0 });
    repo.mismatchedAccounts.mockResolvedValue([]);
    expect(await sut.check(em)).toEqual({ ok: true, accounts: 12, imbalance: '0.00', mismatched: [] });
    repo.totals.mockResolvedValue({ accounts: 12, total: -150 });
    repo.mismatchedAccounts.mockResolvedValue([{ id: '5', balance: '100', postings: '250' }]);
    expect(await sut.check(em)).toEqual({
      ok: false,
      accounts: 12,
      imbalance: '-1.50',
      mismatched: [{ accountId: '5', balance: '1.00', postings: '2.50' }],
    });
  });
});
