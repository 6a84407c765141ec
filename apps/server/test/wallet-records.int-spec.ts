import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { fundCash } from './support/trading.js';
import { LedgerService } from '../src/ledger/ledger.service.js';

// Capital records are one row per action: an action's first posting on the available balance (or a
// Yu'e Bao income), with the entries that finish it folded in. Paging by keyset must still give every
// action exactly once, newest first, with and without filters.
let t: TestApp;
let u: LoggedIn;
let other: LoggedIn;

/** cash -> hold, as a withdrawal request moves it. */
async function hold(userId: string, cents: number): Promise<void> {
  const ledger = t.app.get(LedgerService);
  await ledger.transaction(async (em) => {
    const ids = await ledger.userAccountIds(em, userId);
    await ledger.post(em, {
      type: 'withdrawal',
      userId,
      refType: 'test',
      refId: userId,
      postings: [
        { accountId: ids.cash, amount: -cents },
        { accountId: ids.hold, amount: cents },
      ],
    });
  });
}

/** Every page of GET /api/wallet/records with the given filters, `limit` rows at a time. */
async function allPages(query: string, limit: number): Promise<{ id: string; type: string; account: string }[]> {
  const out: { id: string; type: string; account: string }[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const path: string = `/api/wallet/records?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const body: { items: { id: string; type: string; account: string }[]; nextCursor: string | null } = (await t.http().get(path).set(u.auth).expect(200)).body;
    out.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('paging did not end');
}

beforeAll(async () => {
  t = await startApp();
  u = await createUser(t);
  other = await createUser(t);
  for (let i = 1; i <= 6; i++) {
    await fundCash(t, u.id, 1_000 * i);
    await fundCash(t, other.id, 77);
    if (i % 2 === 0) await hold(u.id, 100 * i);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('capital records paging', () => {
  it('pages through every action exactly once, newest first, one row per action', async () => {
    const expected: { id: string }[] = await t.ds.query(
      `SELECT p.id::text AS id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id = $1 AND a.kind = 'cash' ORDER BY p.id DESC`,
      [u.id],
    );
    // 6 fundings and 3 holds: nine actions, each one row (the hold's second leg is not one).
    expect(expected).toHaveLength(9);
    for (const limit of [1, 2, 5, 9, 50]) {
      const got = await allPages('', limit);
      expect(got.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    }
    const accounts = new Set((await allPages('', 5)).map((r) => r.account));
    expect(accounts).toEqual(new Set(['cash']));
  });

  it('keeps the type and date filters across pages', async () => {
    const holds = await allPages('&type=withdrawal', 2);
    expect(holds).toHaveLength(3);
    expect(holds.every((r) => r.type === 'withdrawal')).toBe(true);
    const [{ mid }] = await t.ds.query(
      `SELECT p.created_at AS mid FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = $1 ORDER BY p.id LIMIT 1 OFFSET 6`,
      [u.id],
    );
    const from = new Date(mid).toISOString();
    const later: { id: string }[] = await t.ds.query(
      `SELECT p.id::text AS id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id = $1 AND a.kind = 'cash' AND p.created_at >= $2 ORDER BY p.id DESC`,
      [u.id, from],
    );
    expect(later.length).toBeGreaterThan(0);
    expect((await allPages(`&from=${encodeURIComponent(from)}`, 4)).map((r) => r.id)).toEqual(later.map((r) => r.id));
    expect(await ledgerCheck(t)).toMatchObject({ ok: true });
  });

  it("shows nothing of another user's movements", async () => {
    const mine = await allPages('', 50);
    const theirs: { id: string }[] = await t.ds.query(
      `SELECT p.id::text AS id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = $1 AND a.kind = 'cash'`,
      [other.id],
    );
    expect(theirs).toHaveLength(6);
    expect(mine.some((r) => theirs.some((x) => x.id === r.id))).toBe(false);
  });
});
