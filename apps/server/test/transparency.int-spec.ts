import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { addDays } from '@candor/domain';
import { isTransparencyComputed, type AdminDashboard, type TransparencyFigures, type TransparencyResponse } from '@candor/contracts';
import { REDIS_KEYS, type LedgerCheckPayload } from '@candor/cross-process';
import { ledgerCheck, startAppOnOwnDatabase, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { fundCash, runningBalanceMismatches, sleep, waitFor } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { SystemClock } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { LedgerCheckProcessor } from '../src/ledger/ledger-check.processor.js';
import { EarnCoverageService } from '../src/earn/earn-coverage.service.js';
import { LiabilitiesService } from '../src/liabilities/liabilities.service.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import { TransparencyCache } from '../src/transparency/transparency-cache.js';
import { TransparencyRepository } from '../src/transparency/transparency.repository.js';
import { TransparencyService } from '../src/transparency/transparency.service.js';
import { insertTradedAccounts, isChainHeadAt, oracle, startTransparencyWorker } from './support/transparency.js';

jest.setTimeout(120_000);

/**
 * GET /api/transparency: no token, no user's data, exactly the job's cached result; the figures equal SQL
 * written apart from the job's repository after scripted real orders; the loss share stays null under 100
 * accounts; the worker computes at its start and the answer only changes when the job runs again.
 */
// A database of its own: the figures are platform-wide (every account, order and house posting), and the test
// writes backdated traded accounts and runs a whole worker on the real clock, which other tests must not see.
let t: TestApp;
let feed: VenueFeed;
let settlement: SettlementService;
let job: TransparencyService;

beforeAll(async () => {
  t = await startAppOnOwnDatabase('transparency');
  feed = await startVenueFeed(t);
  settlement = new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService));
  job = new TransparencyService(
    new TransparencyRepository(t.ds),
    new TransparencyCache(t.redis),
    t.app.get(LiabilitiesService),
    t.app.get(EarnCoverageService),
    new SystemClock(),
    t.redis,
  );
  // "Before the first run": this Redis may hold a previous run's figures.
  await t.redis.del(REDIS_KEYS.transparencyFigures);
});
afterAll(async () => {
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
  await feed?.close();
  await t?.close();
});

const publicFigures = async (): Promise<TransparencyResponse> => (await t.http().get('/api/transparency').expect(200)).body;
const computed = async (): Promise<TransparencyFigures> => {
  const r = await publicFigures();
  if (!isTransparencyComputed(r)) throw new Error('not computed');
  return r;
};
const place = async (u: LoggedIn, body: Record<string, unknown>) => {
  const r = await t
    .http()
    .post('/api/orders')
    .set(u.auth)
    .send({ durationSeconds: 2, account: 'real', ...body });
  expect({ status: r.status, body: r.status === 201 ? null : r.body }).toEqual({ status: 201, body: null });
  return r.body as { id: string; expiresAt: string };
};

describe('GET /api/transparency', () => {
  it('answers "not computed yet" before the first run: 200, no token, every figure null', async () => {
    const res = await t.http().get('/api/transparency').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toEqual({
      computedAt: null,
      lossShare12m: null,
      lossShare90d: null,
      accountsCounted: null,
      accountsCounted90d: null,
      minAccounts: 100,
      products: [],
      receiptsChecked: null,
      tickHeads: [],
      ledgerCheck: null,
      liabilities: null,
      earn: null,
    });
  });

  describe('after scripted real orders', () => {
    let a: LoggedIn, b: LoggedIn, c: LoggedIn;
    let up: string, flat: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
      await Promise.all([fundCash(t, a.id, 100_000), fundCash(t, b.id, 100_000), fundCash(t, c.id, 100_000)]);
      up = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }], minStakeCents: 1 });
      flat = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.80' }], minStakeCents: 1 });
      await Promise.all([feed.tick(up, '100.00'), feed.tick(flat, '5.00')]);
      // a: wins 10.00 at 0.85 (+8.50) and loses 3.00 on `up` -> +5.50; b: loses 20.00 on `up` and ties 7.00 on `flat`
      // -> -20.00; c: ties 4.00 on `flat` -> 0; a's demo order and b's still-open order count nowhere.
      const placed = [
        await place(a, { symbol: up, direction: 'up', amount: '10.00' }),
        await place(a, { symbol: up, direction: 'down', amount: '3.00' }),
        await place(b, { symbol: up, direction: 'down', amount: '20.00' }),
        await place(b, { symbol: flat, direction: 'up', amount: '7.00' }),
        await place(c, { symbol: flat, direction: 'down', amount: '4.00' }),
      ];
      const o = placed.map((p) => p.id);
      [ids.aWin, ids.aLoss, ids.bLoss, ids.bTie, ids.cTie] = o;
      await Promise.all([feed.tick(up, '100.50'), feed.tick(flat, '5.00')]);
      // Past the last expiry (not a fixed wait: a slow machine places the five orders over seconds).
      const lastExpiry = Math.max(...placed.map((p) => Date.parse(p.expiresAt)));
      await sleep(Math.max(0, lastExpiry - Date.now()) + 300);
      // Later prices that would change every result: settlement uses the last tick at or before each expiry.
      await waitFor('the five orders settled', async () => {
        await Promise.all([feed.tick(up, '1.00'), feed.tick(flat, '9.00')]);
        await settlement.settleWindow(0, Date.now() + 60_000);
        const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND status = 'settled'`, [o]);
        return n === 5;
      });
      ids.bOpen = (await place(b, { symbol: up, direction: 'up', amount: '1.00', durationSeconds: 2 })).id;
    });

    it('records a receipt check once per final order of the caller, and refuses the rest with stable codes', async () => {
      const before = await oracle(t, new Date());
      const check = (u: LoggedIn | null, id: string) => {
        const r = t.http().post(`/api/orders/${id}/receipt/checked`);
        return u ? r.set(u.auth) : r;
      };
      await check(a, ids.aWin!).expect(204);
      await check(a, ids.aWin!).expect(204); // again: still one
      await check(a, ids.aLoss!).expect(204);
      expect((await check(b, ids.aLoss!).expect(404)).body.error.code).toBe('NOT_FOUND'); // not b's
      expect((await check(b, ids.bOpen!).expect(409)).body.error.code).toBe('ORDER_NOT_FINAL');
      expect((await check(a, 'not-a-uuid').expect(404)).body.error.code).toBe('NOT_FOUND');
      expect((await check(a, randomUUID()).expect(404)).body.error.code).toBe('NOT_FOUND');
      await check(null, ids.aWin!).expect(401);
      expect((await oracle(t, new Date())).receipts).toBe(before.receipts + 2);
    });

    it('answers what the job computed, equal to SQL over orders and the ledger, naming no user', async () => {
      // The worker's ledger check and a published liabilities root, as their own jobs leave them.
      await new LedgerCheckProcessor(t.app.get(LedgerService), t.redis).process({ id: 'transparency-test' } as Job<LedgerCheckPayload>);
      const [{ d }] = await t.ds.query(`SELECT to_char(max(date), 'YYYY-MM-DD') AS d FROM liabilities_roots`);
      await t.app.get(LiabilitiesService).publish(d ? addDays(d, 1) : '2026-01-01');

      const ran = await job.run();
      const body = await computed();
      expect(body).toEqual(ran);
      const want = await oracle(t, new Date(body.computedAt));

      // Hand-computed for this test's products: `up` kept 3.00 + 20.00 - 8.50 = 14.50 of 33.00 staked, paid 18.50.
      const mine = body.products.filter((p) => p.symbol === up || p.symbol === flat);
      expect(mine).toEqual(
        [
          { symbol: up, houseResult30d: '14.50', payoutRatio30d: '0.5606', ordersSettled30d: 3, staked30d: '33.00', paidOut30d: '18.50' },
          { symbol: flat, houseResult30d: '0.00', payoutRatio30d: '1.0000', ordersSettled30d: 2, staked30d: '11.00', paidOut30d: '11.00' },
        ].sort((x, y) => (x.symbol < y.symbol ? -1 : 1)),
      );
      // Every product against the independent SQL; their house results add up to the house account's order postings.
      expect(body.products.filter((p) => p.ordersSettled30d > 0)).toEqual(want.products);
      const houseCents = body.products.reduce((s, p) => s + Math.round(Number(p.houseResult30d) * 100), 0);
      expect(houseCents).toBe(want.houseFromLedger);

      expect({ accounts: body.accountsCounted, accounts90: body.accountsCounted90d }).toEqual({ accounts: want.accounts12m, accounts90: want.accounts90d });
      expect(body.lossShare12m).toBe(want.accounts12m >= 100 ? want.share12m : null);
      expect(body.receiptsChecked).toBe(want.receipts);
      const head = body.tickHeads.find((h) => h.symbol === up)!;
      expect(await isChainHeadAt(t, head, new Date(body.computedAt))).toBe(true);
      expect(head.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(body.ledgerCheck).toMatchObject({ ok: true, imbalance: '0.00' });
      expect(body.liabilities).toEqual(await t.app.get(LiabilitiesService).latestPublished());
      // Yu'e Bao's cover as the run read it: the same ledger figures the live endpoint answers (nothing moved since).
      const { computedAt: _at, ...cover } = (await t.http().get('/api/transparency/earn').expect(200)).body;
      expect({ ...body.earn, computedAt: undefined }).toEqual({ ...cover, computedAt: undefined });
      const [{ equity }] = await t.ds.query(
        `SELECT sum(balance)::bigint::text AS equity FROM ledger_accounts WHERE user_id IS NULL AND kind IN ('house', 'interest_expense')`,
      );
      expect(Math.round(Number(body.earn.equity) * 100)).toBe(Number(equity ?? 0));

      // Nothing of a user: no id, e-mail, phone or order id anywhere in the answer, and only the documented keys.
      const text = JSON.stringify(body);
      for (const u of [a, b, c]) for (const s of [u.id, u.email, u.phone]) expect(text).not.toContain(s);
      for (const id of Object.values(ids)) expect(text).not.toContain(id);
      expect(Object.keys(body).sort()).toEqual(
        [
          'accountsCounted',
          'accountsCounted90d',
          'computedAt',
          'earn',
          'ledgerCheck',
          'liabilities',
          'lossShare12m',
          'lossShare90d',
          'minAccounts',
          'products',
          'receiptsChecked',
          'tickHeads',
        ].sort(),
      );
      // A token changes nothing.
      expect((await t.http().get('/api/transparency').set(a.auth).expect(200)).body).toEqual(body);
    });
  });

  it('publishes no loss share under 100 accounts and the SQL share at 100, for each period apart', async () => {
    const now = new Date();
    const have = await oracle(t, now);
    // Up to 99 accounts in 12 months, ten of them with their only order 120 days ago (outside the 90 days), and one
    // 13 months ago (outside both): neither share is published.
    const old = await insertTradedAccounts(t, [
      { count: 10, lossEvery: 2, daysAgo: 120 },
      { count: 1, lossEvery: 1, daysAgo: 400 },
    ]);
    const add = 99 - have.accounts12m - 10;
    await insertTradedAccounts(t, [{ count: add, lossEvery: 3, daysAgo: 1 }]);
    let f = await job.run();
    let want = await oracle(t, new Date(f.computedAt));
    expect({ a: f.accountsCounted, a90: f.accountsCounted90d, s: f.lossShare12m, s90: f.lossShare90d }).toEqual({
      a: 99,
      a90: 89,
      s: null,
      s90: null,
    });
    expect(want.accounts12m).toBe(99);
    expect(old).toBe(11);

    // The 100th account: the 12-month share appears, the 90-day one (90 accounts) stays null.
    await insertTradedAccounts(t, [{ count: 1, lossEvery: 1, daysAgo: 0.01 }]);
    f = await job.run();
    want = await oracle(t, new Date(f.computedAt));
    expect(want.accounts12m).toBe(100);
    expect({ a: f.accountsCounted, s: f.lossShare12m, s90: f.lossShare90d }).toEqual({ a: 100, s: want.share12m, s90: null });
    expect(f.lossShare12m).toMatch(/^0\.\d{4}$/);
    expect((await computed()).lossShare12m).toBe(want.share12m);

    // Ten more recent accounts: the 90-day share too.
    await insertTradedAccounts(t, [{ count: 10, lossEvery: 2, daysAgo: 2 }]);
    f = await job.run();
    want = await oracle(t, new Date(f.computedAt));
    expect({ a90: f.accountsCounted90d, s90: f.lossShare90d, s: f.lossShare12m }).toEqual({ a90: 100, s90: want.share90d, s: want.share12m });
  });

  it('the worker computes at its start; the answer and the dashboard stay the cached result until the job runs again', async () => {
    await t.redis.del(REDIS_KEYS.transparencyFigures);
    expect((await publicFigures()).computedAt).toBeNull();
    const worker = await startTransparencyWorker(t);
    try {
      const first = await worker.waitForFigures();
      expect(await worker.schedulerEvery()).toBe(60 * 60 * 1000);
      // A receipt check recorded now is not in the answer until the next run.
      const u = await createUser(t);
      await insertTradedAccounts(t, [{ count: 1, lossEvery: 1, daysAgo: 0.01, userId: u.id, checked: true }]);
      await sleep(50);
      expect(await computed()).toEqual(first);
      const admin = await loginOperator(t);
      const dash = (await t.http().get('/api/admin/dashboard').set(admin.auth).expect(200)).body as AdminDashboard;
      expect(dash.transparency).toEqual(first);

      const second = await worker.runJob();
      expect(second.receiptsChecked).toBe(first.receiptsChecked + 1);
      expect(second.accountsCounted).toBe(first.accountsCounted + 1);
      expect(await computed()).toEqual(second);
      expect(((await t.http().get('/api/admin/dashboard').set(admin.auth).expect(200)).body as AdminDashboard).transparency).toEqual(second);
    } finally {
      await worker.close();
    }
  });
});
