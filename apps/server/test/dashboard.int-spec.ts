import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { formatCents, statisticsDays } from '@candor/domain';
import type { AdminDashboard } from '@candor/contracts';
import { bullPrefix, QUEUES, REDIS_KEYS } from '@candor/cross-process';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { fundCash, runningBalanceMismatches, sleep } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { LedgerCheckProcessor } from '../src/ledger/ledger-check.processor.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import { taiwanId } from '../../../scripts/testing/kyc.mjs';

jest.setTimeout(120_000);

/**
 * GET /api/admin/dashboard after a scripted day: users register, deposits are made (one approved, one left
 * waiting), a withdrawal waits, real orders settle as a win and a loss, demo and real orders stay open, a
 * verification waits, money goes into Yu'e Bao, a job fails in a queue and the worker's ledger check runs.
 * Every figure is then compared with SQL over the database written here independently of the dashboard's
 * repository (orders' own results for the house, balances for Yu'e Bao), and with the scenario's own
 * deltas; roles without dashboard.read get 403.
 */
type Auth = { auth: { Authorization: string } };
let t: TestApp;
let feed: VenueFeed;
let settlement: SettlementService;
let admin: Auth;
const TZ = 'Asia/Taipei';

beforeAll(async () => {
  t = await startApp({ PLATFORM_TIMEZONE: TZ });
  feed = await startVenueFeed(t);
  settlement = new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService));
  admin = await loginOperator(t);
});
afterAll(async () => {
  await feed?.close();
  await t?.close();
});

const dashboard = async (who: Auth = admin): Promise<AdminDashboard> => (await t.http().get('/api/admin/dashboard').set(who.auth).expect(200)).body;
const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await t.ds.query(sql, params)) as T[])[0]!;
const cents = (money: string): number => Math.round(Number(money) * 100);

/** What SQL over the database says each figure is, written apart from the dashboard's repository. */
async function oracle(now: Date) {
  const { bounds, dates } = statisticsDays(now, 30, TZ);
  const todayStart = bounds[bounds.length - 2]!;
  const end = bounds[bounds.length - 1]!;
  const users = await one<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE created_at >= $1`, [todayStart]);
  const queue = (table: string, status: string, column: string) =>
    one<{ n: number; oldest: Date | null }>(`SELECT count(*)::int AS n, min(${column}) AS oldest FROM ${table} WHERE status = $1`, [status]);
  const open = (account: string) =>
    one<{ n: number; stake: string }>(`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS stake FROM orders WHERE status = 'open' AND account = $1`, [
      account,
    ]);
  // The house's result from the orders themselves: users' stakes lost minus their winnings, real orders only.
  // Other files on the shared database post to the house directly (the ledger batch function's tests), which
  // the dashboard counts as it sums the house account: those non-order entries are added here apart.
  const houseDays: { date: string; result: string }[] = await t.ds.query(
    `SELECT date, sum(result)::text AS result FROM (
       SELECT to_char(settled_at AT TIME ZONE $3, 'YYYY-MM-DD') AS date, -pnl AS result
         FROM orders WHERE account = 'real' AND status = 'settled' AND settled_at >= $1 AND settled_at < $2
       UNION ALL
       SELECT to_char(p.created_at AT TIME ZONE $3, 'YYYY-MM-DD'), p.amount
         FROM postings p JOIN journal_entries e ON e.id = p.entry_id
         JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NULL AND a.kind = 'house'
        WHERE e.type NOT IN ('order_payout', 'order_loss') AND p.created_at >= $1 AND p.created_at < $2
     ) x GROUP BY 1`,
    [bounds[0], end, TZ],
  );
  const earn = await one<{ held: string; paid: string; today: string }>(
    `SELECT (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE user_id IS NOT NULL AND kind IN ('earn_confirmed', 'earn_pending'))::text AS held,
            (SELECT coalesce(sum(p.amount), 0) FROM postings p JOIN journal_entries e ON e.id = p.entry_id
              JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NOT NULL
              WHERE e.type = 'earn_income')::text AS paid,
            (SELECT coalesce(sum(p.amount), 0) FROM postings p JOIN journal_entries e ON e.id = p.entry_id
              JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NOT NULL
              WHERE e.type = 'earn_income' AND e.created_at >= $1)::text AS today`,
    [todayStart],
  );
  return {
    dates,
    users: users.n,
    deposits: await queue('deposits', 'in_review', 'created_at'),
    withdrawals: await queue('withdrawals', 'in_review', 'created_at'),
    kyc: await queue('kyc_submissions', 'pending', 'submitted_at'),
    real: await open('real'),
    demo: await open('demo'),
    house: new Map(houseDays.map((d) => [d.date, Number(d.result)])),
    earn,
  };
}

async function kycJpeg(): Promise<Buffer> {
  const raw = Buffer.alloc(300 * 200 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i % 251) ^ ((i * 7919) & 0xff);
  return sharp(raw, { raw: { width: 300, height: 200, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe('GET /api/admin/dashboard', () => {
  it('answers every figure as SQL over the database says it after a day of activity', async () => {
    const before = await dashboard();

    // Users register; one deposits twice (one approved), another asks for a withdrawal.
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    const method = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(admin.auth)
      .send({ type: 'bank', names: { 'zh-TW': '銀行轉帳' }, details: { bank: 'First Bank' }, minAmount: '100', maxAmount: '50000' })
      .expect(201);
    const d1 = (await t.http().post('/api/deposits').set(a.auth).send({ methodId: method.body.id, amount: '150' }).expect(201)).body;
    await t.http().post('/api/deposits').set(a.auth).send({ methodId: method.body.id, amount: '220' }).expect(201);
    await t.http().post(`/api/admin/deposits/${d1.id}/approve`).set(admin.auth).expect(200);
    await withdrawalWaiting(b);

    // A verification waits.
    const jpeg = await kycJpeg();
    await t
      .http()
      .post('/api/kyc')
      .set(c.auth)
      .field('name', '王小明')
      .field('idNumber', taiwanId())
      .field('nationality', 'TW')
      .attach('front', jpeg, { filename: 'front.jpg', contentType: 'image/jpeg' })
      .attach('back', jpeg, { filename: 'back.jpg', contentType: 'image/jpeg' })
      .expect(201);

    // Real orders: a win and a loss settle; one stays open, as does a demo order.
    await fundCash(t, a.id, 100_000);
    const sym = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }], minStakeCents: 1 });
    const longSym = await createVenueProduct(t, { expiries: [{ seconds: 3600, payoutRate: '0.80' }], minStakeCents: 1 });
    await Promise.all([feed.tick(sym, '100.00'), feed.tick(longSym, '10.00')]);
    const win = await place(a, { symbol: sym, direction: 'up', amount: '40.00', durationSeconds: 2 });
    const loss = await place(a, { symbol: sym, direction: 'down', amount: '25.00', durationSeconds: 2 });
    await place(a, { symbol: longSym, direction: 'up', amount: '7.50', durationSeconds: 3600 });
    await place(a, { symbol: longSym, direction: 'down', amount: '3.00', durationSeconds: 3600, account: 'demo' });
    await feed.tick(sym, '100.01');
    await sleep(Math.max(0, Math.max(Date.parse(win.expiresAt), Date.parse(loss.expiresAt)) - Date.now() + 30));
    await feed.tick(sym, '100.02');
    const settled = await settlement.settleWindow(0, Date.now() + 60_000);
    expect(settled.map((r) => r.id)).toEqual(expect.arrayContaining([win.id, loss.id]));

    // Money into Yu'e Bao.
    await t.http().post('/api/earn/transfer-in').set(a.auth).send({ amount: '60' }).expect(201);

    // A job fails in a queue; the worker's ledger check runs (its own processor, keeping its record in Redis).
    // (BullMQ's manual processing: a worker that runs nothing on its own takes the job and fails it.)
    const connection = new Redis(t.config.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUES.housekeeping.name, { connection, prefix: bullPrefix() });
    const taker = new Worker(QUEUES.housekeeping.name, null, { connection, autorun: false, prefix: bullPrefix() });
    const added = await queue.add('dashboard-test-failed', { requestedAt: new Date().toISOString() }, { attempts: 1 });
    const taken = await taker.getNextJob('dashboard-test-token');
    expect(taken?.id).toBe(added.id);
    await taken!.moveToFailed(new Error('dashboard test'), 'dashboard-test-token', false);
    await taker.close();
    await new LedgerCheckProcessor(t.app.get(LedgerService), t.redis).process({ id: 'dashboard-test' } as never);

    const d = await dashboard();
    const o = await oracle(new Date(d.generatedAt));

    expect(d.timezone).toBe(TZ);
    expect(d.today).toBe(o.dates[o.dates.length - 1]);
    expect(d.users.newToday).toBe(o.users);
    expect(d.users.newToday - before.users.newToday).toBe(3);
    for (const k of ['deposits', 'withdrawals', 'kyc'] as const) {
      expect(d.queues[k].count).toBe(o[k].n);
      expect(d.queues[k].oldestAt).toBe(o[k].oldest ? new Date(o[k].oldest).toISOString() : null);
      expect(d.queues[k].oldestAgeSeconds).toBe(Math.floor((Date.parse(d.generatedAt) - new Date(o[k].oldest!).getTime()) / 1000));
    }
    expect(d.queues.deposits.count - before.queues.deposits.count).toBe(1);
    expect(d.queues.withdrawals.count - before.queues.withdrawals.count).toBe(1);
    expect(d.queues.kyc.count - before.queues.kyc.count).toBe(1);

    expect(d.openOrders.real).toEqual({ count: o.real.n, stake: formatCents(Number(o.real.stake)) });
    expect(d.openOrders.demo).toEqual({ count: o.demo.n, stake: formatCents(Number(o.demo.stake)) });
    // The day's own orders, as the figures above count them. (The settlement run settles every order due on the
    // shared database, other files' too, so the global figures' change is not this test's alone.)
    const [own] = await t.ds.query(
      `SELECT coalesce(sum(amount) FILTER (WHERE status = 'open' AND account = 'real'), 0)::int AS real,
              coalesce(sum(amount) FILTER (WHERE status = 'open' AND account = 'demo'), 0)::int AS demo,
              coalesce(-sum(pnl) FILTER (WHERE status = 'settled' AND account = 'real'), 0)::int AS house
         FROM orders WHERE user_id = $1`,
      [a.id],
    );
    expect(own).toEqual({ real: 750, demo: 300, house: -900 });

    // The house: the loss's 25.00 in, the win's 40.00 x 0.85 = 34.00 out: -9.00 today.
    expect(d.house.byDay.map((x) => x.date)).toEqual(o.dates);
    expect(d.house.byDay.map((x) => cents(x.result))).toEqual(o.dates.map((date) => o.house.get(date) ?? 0));
    expect(cents(d.house.today)).toBe(o.house.get(d.today) ?? 0);
    expect(cents(d.house.last30Days)).toBe([...o.house.values()].reduce((s, v) => s + v, 0));

    expect(cents(d.earn.balance)).toBe(Number(o.earn.held));
    expect(cents(d.earn.confirmed) + cents(d.earn.pending)).toBe(cents(d.earn.balance));
    expect(cents(d.earn.balance) - cents(before.earn.balance)).toBe(6_000);
    expect(cents(d.earn.incomeTotal)).toBe(Number(o.earn.paid));
    expect(cents(d.earn.incomeToday)).toBe(Number(o.earn.today));

    const housekeeping = d.jobs?.find((j) => j.name === QUEUES.housekeeping.name);
    expect(housekeeping).toEqual({ name: QUEUES.housekeeping.name, waiting: expect.any(Number), failed: await queue.getFailedCount() });
    expect(housekeeping!.failed).toBeGreaterThanOrEqual(1);
    expect(d.jobs!.map((j) => j.name).sort()).toEqual(
      Object.values(QUEUES)
        .map((q) => q.name)
        .sort(),
    );

    const last = JSON.parse((await t.redis.get(REDIS_KEYS.ledgerCheckLast))!);
    expect(d.ledger).toEqual({ checkedAt: last.checkedAt, ok: true, accounts: last.accounts, imbalance: '0.00' });
    await added.remove().catch(() => undefined);
    await queue.close();
    connection.disconnect();

    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
    expect(await runningBalanceMismatches(t.ds)).toBe(0);
  });

  it('refuses roles without dashboard.read, and a caller without a session', async () => {
    for (const role of ['reviewer', 'support'] as const) {
      const who = await loginOperator(t, await createOperator(t, role));
      const r = await t.http().get('/api/admin/dashboard').set(who.auth).expect(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
    }
    const finance = await loginOperator(t, await createOperator(t, 'finance'));
    await t.http().get('/api/admin/dashboard').set(finance.auth).expect(200);
    await t.http().get('/api/admin/dashboard').expect(401);
    const user = await createUser(t);
    await t.http().get('/api/admin/dashboard').set(user.auth).expect(401);
  });
});

async function place(u: LoggedIn, body: Record<string, unknown>): Promise<{ id: string; expiresAt: string }> {
  const r = await t
    .http()
    .post('/api/orders')
    .set(u.auth)
    .send({ account: 'real', ...body });
  expect({ status: r.status, body: r.status === 201 ? null : r.body }).toEqual({ status: 201, body: null });
  return r.body;
}

async function withdrawalWaiting(u: LoggedIn): Promise<void> {
  await t.ds.query(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [u.id]);
  await fundCash(t, u.id, 50_000);
  await t
    .http()
    .put('/api/withdrawal-account')
    .set(u.auth)
    .send({
      type: 'crypto',
      accountName: 'Chen Mei',
      nationality: 'Taiwan',
      network: 'TRC20',
      currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      tradePassword: u.tradePassword,
    })
    .expect(200);
  await t.http().post('/api/withdrawals').set(u.auth).send({ amount: '30', tradePassword: u.tradePassword }).expect(201);
}
