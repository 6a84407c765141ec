import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { limitPeriod, type LimitPeriod } from '@candor/domain';
import type { LimitsResponse, Order } from '@candor/contracts';
import { ledgerCheck, startAppOnOwnDatabase, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { balanceOf, fundCash, runningBalanceMismatches, sleep } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { Clock } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';

/**
 * Self-set responsible-trading limits through the api: each money limit refuses one cent past its edge and
 * lets it through again when its period (in the platform's zone, Asia/Taipei) ends, on the test's clock; a raise
 * waits 24 hours; parallel orders cannot overshoot a loss limit; a time-out or self-exclusion closes trading,
 * deposits and Yu'e Bao transfers in, never withdrawals or transfers out. Real orders trade on fake exchanges.
 */
class TestClock extends Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

const TZ = 'Asia/Taipei';
const HOUR = 3_600_000;
let t: TestApp;
let feed: VenueFeed;
let symbol: string;
let methodId: string;
let admin: { auth: { Authorization: string } };
const clock = new TestClock();

beforeAll(async () => {
  // Its own database: its Yu'e Bao lots are made on a moved clock, days ahead, and would start other tests' catch-up there.
  t = await startAppOnOwnDatabase('limits', { PLATFORM_TIMEZONE: TZ }, { clock });
  feed = await startVenueFeed(t);
  admin = await loginOperator(t);
  symbol = await createVenueProduct(t, { expiries: [{ seconds: 1, payoutRate: '0.85' }], minStakeCents: 1 });
  await feed.tick(symbol, '50.00');
  const m = await t
    .http()
    .post('/api/admin/deposit-methods')
    .set(admin.auth)
    .send({ type: 'bank', names: { 'zh-TW': '銀行' }, details: { bank: 'Bank' }, minAmount: '0.01', maxAmount: 100000 })
    .expect(201);
  methodId = m.body.id;
}, 120_000);
afterAll(async () => {
  await feed?.close();
  await t?.close();
});
afterEach(async () => {
  clock.offsetMs = 0;
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
});

const limits = async (u: LoggedIn): Promise<LimitsResponse> => (await t.http().get('/api/me/limits').set(u.auth).expect(200)).body;
const put = (u: LoggedIn, body: Record<string, unknown>) => t.http().put('/api/me/limits').set(u.auth).send(body);
const deposit = (u: LoggedIn, amount: string) => t.http().post('/api/deposits').set(u.auth).set('Accept-Language', 'en').send({ methodId, amount });
const order = (u: LoggedIn, amount: string, account: 'real' | 'demo' = 'real') =>
  t.http().post('/api/orders').set(u.auth).send({ symbol, direction: 'up', amount, durationSeconds: 1, account });
const periodEnd = (p: LimitPeriod) => limitPeriod(clock.now(), p, TZ).end;
/** Moves the test's clock to `at` (the api's limits read it; prices and orders keep the real time). */
const moveTo = (at: Date) => {
  clock.offsetMs = at.getTime() - Date.now();
};

/** A real order of `amount` that loses: placed up, the price falls, settled by the worker's own service. */
async function losingOrder(u: LoggedIn, amount: string): Promise<void> {
  const placed = (await order(u, amount).expect(201)).body as Order;
  await feed.tick(symbol, '49.00');
  await sleep(Math.max(0, Date.parse(placed.expiresAt) - Date.now() + 20));
  await feed.tickAfter(symbol, Date.parse(placed.expiresAt));
  await new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService)).settleWindow(0, Date.now() + 60_000);
  const settled = (await t.http().get(`/api/orders/${placed.id}`).set(u.auth).expect(200)).body as Order;
  expect(settled).toMatchObject({ status: 'settled', outcome: 'loss' });
  await feed.tick(symbol, '50.00');
}

describe('GET and PUT /api/me/limits', () => {
  it('starts with no limits; bad values are 400 with the field', async () => {
    const u = await createUser(t);
    expect(await limits(u)).toEqual({
      limits: {
        depositDay: null,
        depositWeek: null,
        depositMonth: null,
        lossDay: null,
        lossWeek: null,
        lossMonth: null,
        stakePerOrder: null,
        reminderMinutes: null,
      },
      pending: [],
      timezone: TZ,
    });
    for (const [body, field] of [
      [{ depositDay: '-1' }, 'depositDay'],
      [{ lossWeek: '1.234' }, 'lossWeek'],
      [{ stakePerOrder: 'ten' }, 'stakePerOrder'],
      [{ reminderMinutes: 2 }, 'reminderMinutes'],
      [{ somethingElse: 1 }, undefined],
    ] as const) {
      const r = await put(u, body).expect(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      if (field) expect(r.body.error.field).toBe(field);
    }
    await t.http().get('/api/me/limits').expect(401);
    // An operator's token is not a user's: no operator reaches these routes.
    expect([401, 403]).toContain((await t.http().put('/api/me/limits').set(admin.auth).send({ depositDay: null })).status);
  });

  it('a lower limit applies at once; a higher or removed one after 24 hours, with a message', async () => {
    const u = await createUser(t);
    expect((await put(u, { depositDay: '100', reminderMinutes: 30 }).expect(200)).body.limits).toMatchObject({ depositDay: '100.00', reminderMinutes: 30 });
    expect((await put(u, { depositDay: '80.50' }).expect(200)).body).toMatchObject({ limits: { depositDay: '80.50' }, pending: [] });
    const raisedAt = clock.now().getTime();
    const raised = (await put(u, { depositDay: '200', lossDay: '5' }).expect(200)).body as LimitsResponse;
    expect(raised.limits).toMatchObject({ depositDay: '80.50', lossDay: '5.00' });
    expect(raised.pending).toHaveLength(1);
    expect(raised.pending[0]).toMatchObject({ name: 'depositDay', value: '200.00' });
    expect(Date.parse(raised.pending[0]!.effectiveAt) - raisedAt).toBeGreaterThanOrEqual(24 * HOUR - 1000);
    expect(Date.parse(raised.pending[0]!.effectiveAt) - raisedAt).toBeLessThanOrEqual(24 * HOUR + 5000);
    const inbox = await t.http().get('/api/messages').set(u.auth).set('Accept-Language', 'en').expect(200);
    expect(inbox.body.items[0]).toMatchObject({ title: 'Limit change waiting', body: expect.stringContaining('“Daily deposit” (new value: 200.00)') });

    // Until the cooling-off ends, the old limit holds.
    await deposit(u, '80.50').expect(201);
    expect((await deposit(u, '0.01').expect(422)).body.error).toMatchObject({ code: 'LIMIT_REACHED', limit: 'depositDay' });
    moveTo(new Date(Date.parse(raised.pending[0]!.effectiveAt) - 1000));
    expect((await limits(u)).limits.depositDay).toBe('80.50');
    moveTo(new Date(Date.parse(raised.pending[0]!.effectiveAt)));
    expect(await limits(u)).toMatchObject({ limits: { depositDay: '200.00' }, pending: [] });

    // Removing waits too.
    const removed = (await put(u, { lossDay: null }).expect(200)).body as LimitsResponse;
    expect(removed.limits.lossDay).toBe('5.00');
    expect(removed.pending).toEqual([{ name: 'lossDay', value: null, effectiveAt: expect.any(String) }]);
    // Lowering while a raise waits applies the lower value at once and drops the raise.
    expect((await put(u, { lossDay: '4' }).expect(200)).body).toMatchObject({ limits: { lossDay: '4.00' }, pending: [] });
  });
});

describe('deposit limits', () => {
  it.each<[string, LimitPeriod]>([
    ['depositDay', 'day'],
    ['depositWeek', 'week'],
    ['depositMonth', 'month'],
  ])('%s refuses one cent past the edge and resets when its period ends', async (name, period) => {
    const u = await createUser(t);
    await put(u, { [name]: '100.00' }).expect(200);
    await deposit(u, '60.00').expect(201);
    await deposit(u, '40.00').expect(201);
    const refused = await deposit(u, '0.01').expect(422);
    expect(refused.body.error).toMatchObject({ code: 'LIMIT_REACHED', limit: name, resetsAt: periodEnd(period).toISOString() });
    expect(refused.body.error.message).toMatch(/responsible-trading limit/);
    // Deposits are stamped by the database's clock, so the moved clock sees this period's own deposits as before it:
    // what is checked here is that the earlier period's no longer count.
    moveTo(periodEnd(period));
    await deposit(u, '100.00').expect(201);
  });

  it('parallel deposits cannot pass the limit together', async () => {
    const u = await createUser(t);
    await put(u, { depositDay: '100.00' }).expect(200);
    const answers = await Promise.all(Array.from({ length: 12 }, () => deposit(u, '10.00')));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 422).every((r) => r.body.error.code === 'LIMIT_REACHED')).toBe(true);
  });
});

describe('order limits', () => {
  it('stake per order: the edge passes, one cent more is refused; demo orders are never limited', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 100_00);
    await put(u, { stakePerOrder: '5.00' }).expect(200);
    await order(u, '5.00').expect(201);
    const refused = await order(u, '5.01').expect(422);
    expect(refused.body.error).toMatchObject({ code: 'LIMIT_REACHED', limit: 'stakePerOrder', field: 'amount' });
    expect(refused.body.error.resetsAt).toBeUndefined();
    await order(u, '50.00', 'demo').expect(201);
    await put(u, { lossDay: '0', depositDay: '0' }).expect(200);
    await order(u, '50.00', 'demo').expect(201);
  });

  it.each<[string, LimitPeriod]>([
    ['lossDay', 'day'],
    ['lossWeek', 'week'],
    ['lossMonth', 'month'],
  ])('%s: a settled loss plus the new stake may reach the limit, not pass it; it resets with its period', async (name, period) => {
    const u = await createUser(t);
    await fundCash(t, u.id, 100_00);
    await put(u, { [name]: '10.00' }).expect(200);
    await losingOrder(u, '6.00');
    await order(u, '4.01').expect(422);
    // An open stake counts as a possible loss: 6 lost + 4 open reaches the limit, so nothing more fits.
    await order(u, '4.00').expect(201);
    const refused = await order(u, '0.01').expect(422);
    expect(refused.body.error).toMatchObject({ code: 'LIMIT_REACHED', limit: name, resetsAt: periodEnd(period).toISOString() });
    // The next period counts only losses settled in it (the open 4.00 is still a possible loss).
    moveTo(periodEnd(period));
    await order(u, '6.00').expect(201);
    await order(u, '0.01').expect(422);
  });

  it('50 parallel orders against a loss limit cannot overshoot it', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 1_000_00);
    await put(u, { lossDay: '100.00' }).expect(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(u, '7.00')));
    const placed = answers.filter((r) => r.status === 201);
    expect(placed).toHaveLength(14); // 14 x 7.00 = 98.00; a 15th would make 105.00
    expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 422 && r.body.error.code === 'LIMIT_REACHED')).toBe(true);
    expect(await balanceOf(t, u.id, 'escrow')).toBe(98_00);
  });
});

describe('time-out and self-exclusion', () => {
  async function user(): Promise<LoggedIn> {
    const u = await createUser(t);
    await fundCash(t, u.id, 500_00);
    await t
      .http()
      .put('/api/withdrawal-account')
      .set(u.auth)
      .send({
        type: 'crypto',
        accountName: 'R',
        nationality: 'T',
        network: 'TRC20',
        currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        tradePassword: u.tradePassword,
      })
      .expect(200);
    return u;
  }
  const earn = (u: LoggedIn, dir: 'in' | 'out', amount: string) => t.http().post(`/api/earn/transfer-${dir}`).set(u.auth).send({ amount });
  const withdraw = (u: LoggedIn, amount: string) => t.http().post('/api/withdrawals').set(u.auth).send({ amount, tradePassword: u.tradePassword });

  it('bad lengths are 400', async () => {
    const u = await createUser(t);
    for (const days of [0, 43, 1.5, '3']) await t.http().post('/api/me/time-out').set(u.auth).send({ days }).expect(400);
    for (const months of [5, 61]) await t.http().post('/api/me/self-exclusion').set(u.auth).send({ months }).expect(400);
  });

  it('a time-out closes real trading, deposits and transfers in, never withdrawals or transfers out; it cannot be shortened', async () => {
    const u = await user();
    await earn(u, 'in', '100.00').expect(201);
    const now = clock.now().getTime();
    const r = (await t.http().post('/api/me/time-out').set(u.auth).send({ days: 2 }).expect(200)).body as LimitsResponse;
    expect(Date.parse(r.timeOutUntil!) - now).toBeGreaterThanOrEqual(48 * HOUR - 1000);
    // A shorter one leaves the end where it was.
    expect((await t.http().post('/api/me/time-out').set(u.auth).send({ days: 1 }).expect(200)).body.timeOutUntil).toBe(r.timeOutUntil);
    const refused = await order(u, '1.00').expect(403);
    expect(refused.body.error).toMatchObject({ code: 'SELF_EXCLUDED', until: r.timeOutUntil, reason: 'time_out' });
    await order(u, '1.00', 'demo').expect(201);
    expect((await deposit(u, '10.00').expect(403)).body.error.code).toBe('SELF_EXCLUDED');
    expect((await earn(u, 'in', '100.00').expect(403)).body.error.code).toBe('SELF_EXCLUDED');
    await withdraw(u, '50.00').expect(201);
    // A day on, the lot may leave Yu'e Bao; the time-out still runs.
    moveTo(new Date(now + 25 * HOUR));
    await earn(u, 'out', '100.00').expect(201);
    await order(u, '1.00').expect(403);
    // Lowering a limit is not a way out, and no route lifts it early.
    await put(u, { stakePerOrder: '1' }).expect(200);
    expect((await limits(u)).timeOutUntil).toBe(r.timeOutUntil);
    moveTo(new Date(Date.parse(r.timeOutUntil!)));
    expect((await limits(u)).timeOutUntil).toBeUndefined();
    await order(u, '1.00').expect(201);
    await deposit(u, '10.00').expect(201);
  });

  it('a self-exclusion of 6 months blocks the same, and a later time-out does not shorten it', async () => {
    const u = await user();
    const r = (await t.http().post('/api/me/self-exclusion').set(u.auth).send({ months: 6 }).expect(200)).body as LimitsResponse;
    const days = (Date.parse(r.selfExcludedUntil!) - clock.now().getTime()) / (24 * HOUR);
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(185);
    await t.http().post('/api/me/time-out').set(u.auth).send({ days: 1 }).expect(200);
    const refused = await order(u, '1.00').expect(403);
    expect(refused.body.error).toMatchObject({ code: 'SELF_EXCLUDED', until: r.selfExcludedUntil, reason: 'self_exclusion' });
    await deposit(u, '10.00').expect(403);
    await earn(u, 'in', '100.00').expect(403);
    await withdraw(u, '20.00').expect(201);
    moveTo(new Date(Date.parse(r.selfExcludedUntil!) - 1000));
    await order(u, '1.00').expect(403);
    expect(await limits(u)).toMatchObject({ selfExcludedUntil: r.selfExcludedUntil });
  });
});
