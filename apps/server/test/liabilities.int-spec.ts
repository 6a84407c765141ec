import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { addDays, recordHash, verifyLiabilitiesChain, verifyLiabilitiesProof, type LiabilitiesProof } from '@candor/domain';
import type { LiabilitiesChainResponse } from '@candor/contracts';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { fundCash } from './support/trading.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { LiabilitiesService } from '../src/liabilities/liabilities.service.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

let t: TestApp;
let svc: LiabilitiesService;
beforeAll(async () => {
  t = await startApp();
  svc = t.app.get(LiabilitiesService);
});
afterAll(async () => {
  await t.close();
});

/** Moves `cents` of the user's cash to another of their accounts (a held withdrawal, a stake, Yu'e Bao). */
async function move(userId: string, kind: 'hold' | 'escrow' | 'earn_pending' | 'earn_confirmed', cents: number) {
  const ledger = t.app.get(LedgerService);
  await ledger.transaction(async (em) => {
    const ids = await ledger.userAccountIds(em, userId);
    await ledger.post(em, {
      type: 'adjustment',
      userId,
      refType: 'test',
      refId: userId,
      memo: `test: cash -> ${kind}`,
      postings: [
        { accountId: ids.cash, amount: -cents },
        { accountId: ids[kind], amount: cents },
      ],
    });
  });
}

/** What the ledger owes on all users' real accounts now (demo excluded), straight from ledger_accounts. */
async function ledgerOwedTotal(): Promise<string> {
  const [r] = await t.ds.query(
    `SELECT coalesce(sum(balance), 0)::text AS s FROM ledger_accounts WHERE user_id IS NOT NULL AND kind NOT IN ('demo', 'demo_escrow')`,
  );
  return r.s;
}

/** A date after every one published so far (the chain only grows forward; the test database outlives a run). */
async function nextDate(): Promise<string> {
  const [r] = await t.ds.query(`SELECT to_char(max(date), 'YYYY-MM-DD') AS d FROM liabilities_roots`);
  return r.d ? addDays(r.d, 1) : '2026-01-01';
}

const proofOf = async (u: LoggedIn) => (await t.http().get('/api/me/liabilities-proof').set(u.auth).expect(200)).body as LiabilitiesProof;

describe('proof of liabilities', () => {
  let a: LoggedIn, b: LoggedIn, c: LoggedIn, d: LoggedIn;
  let date: string;

  beforeAll(async () => {
    [a, b, c, d] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t)];
    await fundCash(t, a.id, 1_000_000);
    await move(a.id, 'hold', 250_000); // a withdrawal waiting for review
    await fundCash(t, b.id, 777_777);
    await move(b.id, 'escrow', 12_345); // a stake on an open order
    await fundCash(t, c.id, 50_000);
    await move(c.id, 'earn_pending', 20_000);
    await move(c.id, 'earn_confirmed', 10_000);
    // d has only its demo money: its leaf sums to 0.
    date = await nextDate();
  });

  it("builds one consistent tree: every user's proof verifies, the sums are the ledger's real user accounts", async () => {
    const owedBefore = await ledgerOwedTotal();
    const res = await svc.publish(date);
    expect(res).toMatchObject({ date, built: true });
    expect(res.total).toBe(owedBefore);
    expect(await ledgerOwedTotal()).toBe(owedBefore);
    const [leaves] = await t.ds.query(`SELECT count(*)::int AS n, sum(balance)::text AS s FROM liabilities_leaves WHERE date = $1`, [date]);
    expect(leaves.s).toBe(res.total);
    expect(leaves.n).toBe(res.leaves);

    const expected = new Map([
      [a.id, '1000000'],
      [b.id, '777777'],
      [c.id, '50000'],
      [d.id, '0'],
    ]);
    for (const [u, balance] of [a, b, c, d].map((u) => [u, expected.get(u.id)!] as const)) {
      const p = await proofOf(u);
      expect({ date: p.date, root: p.root, total: p.total, balance: p.balance }).toEqual({ date, root: res.root, total: res.total, balance });
      expect(await verifyLiabilitiesProof(p, sha)).toEqual({ ok: true });
      expect(Object.keys(p).sort()).toEqual(['balance', 'date', 'leaf', 'path', 'root', 'salt', 'total']);
    }
    // Demo money is not owed: d holds only demo money, and it is not in any leaf.
    const [demo] = await t.ds.query(`SELECT balance::text AS b FROM ledger_accounts WHERE user_id = $1 AND kind = 'demo'`, [d.id]);
    expect(Number(demo.b)).toBeGreaterThan(0);

    // Every leaf of the tree (all users of the database) has a proof that verifies against the day's root.
    const users: { user_id: string }[] = await t.ds.query(`SELECT user_id FROM liabilities_leaves WHERE date = $1`, [date]);
    for (const { user_id } of users) expect(await verifyLiabilitiesProof(await svc.proof(user_id), sha)).toEqual({ ok: true });

    // Idempotent per date: the same record, nothing built again.
    expect(await svc.publish(date)).toMatchObject({ date, root: res.root, total: res.total, built: false });
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('the proof answers from the stored snapshot, for the caller alone, and needs a token', async () => {
    await fundCash(t, a.id, 1); // after the snapshot: not in the proof
    const pa = await proofOf(a);
    expect(pa.balance).toBe('1000000');
    const pb = await proofOf(b);
    const text = JSON.stringify(pa);
    // Nothing of B's identity or secret: neither its id, its e-mail nor its salt.
    for (const secret of [b.id, b.email, pb.salt, c.id]) expect(text).not.toContain(secret);
    // B's balance is in A's proof only if B's leaf happens to be A's sibling (a bare sum, no salt, no name).
    const siblingLeaf = pa.path[0];
    if (!(siblingLeaf && siblingLeaf.hash === pb.leaf)) expect(text).not.toContain('"777777"');
    // A query naming another user changes nothing: the path has no user id in it.
    const viaQuery = await t.http().get(`/api/me/liabilities-proof?userId=${b.id}`).set(a.auth);
    expect(viaQuery.status === 200 ? viaQuery.body.salt : viaQuery.status).not.toBe(pb.salt);

    const anon = await t.http().get('/api/me/liabilities-proof');
    expect({ status: anon.status, code: anon.body?.error?.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });

    // A user who registered after the snapshot has no leaf yet.
    const late = await createUser(t);
    const res = await t.http().get('/api/me/liabilities-proof').set(late.auth);
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it("chains each day to the previous record's hash, public without a token", async () => {
    await move(a.id, 'earn_pending', 1);
    const next = addDays(date, 1);
    const r2 = await svc.publish(next);
    const first = (await svc.chain()).find((x) => x.date === date)!;
    const body = (await t.http().get('/api/transparency/liabilities').expect(200)).body as LiabilitiesChainResponse;
    const second = body.items.find((x) => x.date === next)!;
    expect(second).toEqual({ date: next, root: r2.root, total: r2.total, previous: first.hash, hash: await recordHash(second, sha) });
    expect(first.hash).toBe(sha(`R|${first.date}|${first.root}|${first.total}|${first.previous}`));
    expect(await verifyLiabilitiesChain(body.items, sha)).toEqual({ ok: true });
    expect(await svc.latestPublished()).toEqual({ date: next, root: r2.root, total: r2.total });
    expect((await proofOf(a)).balance).toBe('1000001');
    // The chain only grows forward: a date never published but before the latest is refused (one published already
    // answers its record, which other test files' runs on the same database may have made).
    await expect(svc.publish('2000-01-01')).rejects.toThrow(/not after the latest published date/);
  });

  it('the published records are append-only; stored trees never change', async () => {
    for (const sql of [
      `UPDATE liabilities_roots SET total = total + 1 WHERE date = '${date}'`,
      `DELETE FROM liabilities_roots WHERE date = '${date}'`,
      `TRUNCATE liabilities_roots`,
      `UPDATE liabilities_leaves SET balance = 0 WHERE date = '${date}'`,
      `UPDATE liabilities_nodes SET data = '' WHERE date = '${date}'`,
    ])
      await expect(t.ds.query(sql)).rejects.toThrow(/append-only/);
    const [r] = await t.ds.query(`SELECT count(*)::int AS n FROM liabilities_roots WHERE date = $1`, [date]);
    expect(r.n).toBe(1);
  });

  it('a snapshot stays consistent while money moves: the leaves add up to the owed accounts of one moment', async () => {
    const users = [a, b, c];
    const moving = (async () => {
      for (let i = 0; i < 30; i++) await fundCash(t, users[i % 3]!.id, 100 + i);
    })();
    const res = await svc.publish(addDays(date, 2));
    await moving;
    // The service checks the leaves against the ledger inside its REPEATABLE READ transaction (it throws
    // otherwise); here the stored leaves add up to the published total.
    const [leaves] = await t.ds.query(`SELECT sum(balance)::text AS s FROM liabilities_leaves WHERE date = $1`, [res.date]);
    expect(leaves.s).toBe(res.total);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});
