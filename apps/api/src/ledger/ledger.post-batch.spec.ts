import { describe, expect, it } from '@jest/globals';
import { assertBalanced, planBatchPostings, type LockedAccount } from './ledger.service.js';
import { DomainError } from '../common/domain-error.js';

const accounts = (list: [string, number, boolean][]) => new Map<string, LockedAccount>(list.map(([id, balance, allowNegative]) => [id, { balance, allowNegative }]));

describe('assertBalanced', () => {
  it.each<[string, { accountId: string; amount: number }[], RegExp | null]>([
    ['balanced', [{ accountId: '1', amount: -5 }, { accountId: '2', amount: 5 }], null],
    ['three legs', [{ accountId: '1', amount: -5 }, { accountId: '2', amount: 8 }, { accountId: '3', amount: -3 }], null],
    ['one posting', [{ accountId: '1', amount: 0 }], /two or more/],
    ['unbalanced', [{ accountId: '1', amount: -5 }, { accountId: '2', amount: 4 }], /does not balance/],
    ['zero amount', [{ accountId: '1', amount: 0 }, { accountId: '2', amount: 0 }], /bad posting amount/],
    ['fraction', [{ accountId: '1', amount: -0.5 }, { accountId: '2', amount: 0.5 }], /bad posting amount/],
    ['same account twice', [{ accountId: '1', amount: -5 }, { accountId: '1', amount: 5 }], /twice/],
  ])('%s', (_n, postings, error) => {
    if (error) expect(() => assertBalanced(postings)).toThrow(error);
    else expect(() => assertBalanced(postings)).not.toThrow();
  });
});

describe('planBatchPostings', () => {
  it('gives each posting the running balance of its account in posting order and one delta per account', () => {
    // Three settled orders against one house account (id 1): win (house pays 85), loss (house gets 100), win (house pays 170).
    const plan = planBatchPostings(
      [
        { entryId: 'e1', postings: [{ accountId: '10', amount: -100 }, { accountId: '11', amount: 185 }, { accountId: '1', amount: -85 }] },
        { entryId: 'e2', postings: [{ accountId: '20', amount: -100 }, { accountId: '1', amount: 100 }] },
        { entryId: 'e3', postings: [{ accountId: '10', amount: -200 }, { accountId: '11', amount: 370 }, { accountId: '1', amount: -170 }] },
      ],
      accounts([['1', 1000, true], ['10', 300, false], ['11', 50, false], ['20', 100, false]]),
    );
    expect(plan.rows).toEqual([
      { entryId: 'e1', accountId: '10', amount: -100, balanceAfter: 200 },
      { entryId: 'e1', accountId: '11', amount: 185, balanceAfter: 235 },
      { entryId: 'e1', accountId: '1', amount: -85, balanceAfter: 915 },
      { entryId: 'e2', accountId: '20', amount: -100, balanceAfter: 0 },
      { entryId: 'e2', accountId: '1', amount: 100, balanceAfter: 1015 },
      { entryId: 'e3', accountId: '10', amount: -200, balanceAfter: 0 },
      { entryId: 'e3', accountId: '11', amount: 370, balanceAfter: 605 },
      { entryId: 'e3', accountId: '1', amount: -170, balanceAfter: 845 },
    ]);
    const byId = Object.fromEntries(plan.accounts.map((a) => [a.accountId, a]));
    expect(byId).toEqual({
      '10': { accountId: '10', delta: -300, finalBalance: '0' },
      '11': { accountId: '11', delta: 555, finalBalance: '605' },
      '1': { accountId: '1', delta: -155, finalBalance: '845' },
      '20': { accountId: '20', delta: -100, finalBalance: '0' },
    });
  });

  it('lets an account that may go negative go negative (the house)', () => {
    const plan = planBatchPostings([{ entryId: 'e', postings: [{ accountId: '1', amount: -500 }, { accountId: '2', amount: 500 }] }], accounts([['1', 0, true], ['2', 0, false]]));
    expect(plan.rows[0]!.balanceAfter).toBe(-500);
  });

  it('refuses a posting that takes a non-negative account below zero at its point in the batch, even if a later one would refill it', () => {
    let err: unknown;
    try {
      planBatchPostings(
        [
          { entryId: 'e1', postings: [{ accountId: '2', amount: -60 }, { accountId: '1', amount: 60 }] },
          { entryId: 'e2', postings: [{ accountId: '2', amount: -60 }, { accountId: '1', amount: 60 }] },
          { entryId: 'e3', postings: [{ accountId: '1', amount: -100 }, { accountId: '2', amount: 100 }] },
        ],
        accounts([['1', 0, true], ['2', 100, false]]),
      );
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  });

  it('refuses an account it was not given', () => {
    expect(() => planBatchPostings([{ entryId: 'e', postings: [{ accountId: '9', amount: -1 }, { accountId: '1', amount: 1 }] }], accounts([['1', 0, true]]))).toThrow(/does not exist/);
  });
});
