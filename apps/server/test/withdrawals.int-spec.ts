import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { balanceOf, fundCash } from './support/trading.js';

let t: TestApp;
let admin: { auth: { Authorization: string } };
let reviewer: { auth: { Authorization: string } };
beforeAll(async () => {
  // The two-person threshold at 1,000.00 so the tests move small amounts.
  t = await startApp({ WITHDRAWAL_SECOND_APPROVAL_CENTS: '100000' });
  admin = await loginOperator(t);
  reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
});
afterAll(async () => {
  await t.close();
});

const TRC20 = { type: 'crypto', accountName: 'Chen Mei', nationality: 'Taiwan', network: 'TRC20', currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };

/** A user with `cents` of real cash and a bound account whose hold has passed. */
async function fundedUser(cents: number): Promise<LoggedIn> {
  const u = await createUser(t);
  await fundCash(t, u.id, cents);
  await t
    .http()
    .put('/api/withdrawal-account')
    .set(u.auth)
    .send({ ...TRC20, tradePassword: u.tradePassword })
    .expect(200);
  return u;
}
const withdraw = (u: LoggedIn, amount: string, extra: Record<string, unknown> = {}) =>
  t
    .http()
    .post('/api/withdrawals')
    .set(u.auth)
    .send({ amount, tradePassword: u.tradePassword, ...extra });
const cents = async (u: LoggedIn) => ({ cash: await balanceOf(t, u.id, 'cash'), hold: await balanceOf(t, u.id, 'hold') });
const clearing = async () =>
  Number((await t.ds.query(`SELECT balance FROM ledger_accounts WHERE user_id IS NULL AND kind = 'withdrawals_clearing'`))[0].balance);
const expectLedgerOk = async () => expect((await ledgerCheck(t)).ok).toBe(true);

describe('withdrawals', () => {
  it('holds the amount at once, and a rejection gives it back with the reason on the timeline', async () => {
    const u = await fundedUser(50_000);
    const res = await withdraw(u, '120.50').expect(201);
    expect(res.body).toMatchObject({
      amount: '120.50',
      status: 'in_review',
      approvals: 0,
      approvalsRequired: 1,
      method: { type: 'crypto', masked: 'TR7NHq…Lj6t', network: 'TRC20' },
    });
    expect(res.body.orderNo).toMatch(/^W\d{8}\d{10}$/);
    expect(await cents(u)).toEqual({ cash: 37_950, hold: 12_050 });

    const rejected = await t.http().post(`/api/admin/withdrawals/${res.body.id}/reject`).set(reviewer.auth).send({ reason: 'Name does not match' }).expect(200);
    expect(rejected.body).toMatchObject({ status: 'failed', reason: 'Name does not match' });
    expect(await cents(u)).toEqual({ cash: 50_000, hold: 0 });
    const mine = await t.http().get(`/api/withdrawals/${res.body.id}`).set(u.auth).expect(200);
    expect(mine.body.timeline.map((s: { status: string; reason?: string }) => [s.status, s.reason])).toEqual([
      ['in_review', undefined],
      ['failed', 'Name does not match'],
    ]);
    const audit = await t.ds.query(`SELECT action, details FROM audit_log WHERE target_id = $1`, [res.body.id]);
    expect(audit).toEqual([
      { action: 'withdrawal.reject', details: expect.objectContaining({ reason: 'Name does not match', before: 'in_review', after: 'failed' }) },
    ]);
    const activity = await t.http().get('/api/me/activity').set(u.auth).expect(200);
    expect(activity.body.items[0]).toEqual({ at: expect.any(String), action: 'withdrawal.reject', role: 'reviewer', reason: 'Name does not match' });
    await expectLedgerOk();
  });

  it('an approval pays it out of the hold; a second decision is 409 ALREADY_DECIDED', async () => {
    const u = await fundedUser(50_000);
    const before = await clearing();
    const { body } = await withdraw(u, '300').expect(201);
    await t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(admin.auth).expect(200);
    expect(await cents(u)).toEqual({ cash: 20_000, hold: 0 });
    expect((await clearing()) - before).toBe(30_000);
    const again = await t.http().post(`/api/admin/withdrawals/${body.id}/reject`).set(reviewer.auth).send({ reason: 'late' }).expect(409);
    expect(again.body.error.code).toBe('ALREADY_DECIDED');
    const cancel = await t.http().post(`/api/withdrawals/${body.id}/cancel`).set(u.auth).expect(409);
    expect(cancel.body.error.code).toBe('WITHDRAWAL_NOT_CANCELLABLE');
    expect(await cents(u)).toEqual({ cash: 20_000, hold: 0 });
    await expectLedgerOk();
  });

  it('decisions racing on one withdrawal: exactly one wins, the money moves once', async () => {
    const u = await fundedUser(10_000);
    const { body } = await withdraw(u, '50').expect(201);
    const statuses = await Promise.all([
      t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(admin.auth),
      t.http().post(`/api/admin/withdrawals/${body.id}/reject`).set(reviewer.auth).send({ reason: 'race' }),
      t.http().post(`/api/withdrawals/${body.id}/cancel`).set(u.auth),
      t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(reviewer.auth),
    ]).then((rs) => rs.map((r) => r.status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const { cash, hold } = await cents(u);
    expect(hold).toBe(0);
    expect([5_000, 10_000]).toContain(cash);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM journal_entries WHERE ref_type = 'withdrawal' AND ref_id = $1`, [body.id]);
    expect(n).toBe(2);
    await expectLedgerOk();
  });

  it('the user cancels one in review: the money is back at once', async () => {
    const u = await fundedUser(10_000);
    const { body } = await withdraw(u, '99.99').expect(201);
    const res = await t.http().post(`/api/withdrawals/${body.id}/cancel`).set(u.auth).expect(200);
    expect(res.body.status).toBe('cancelled');
    expect(await cents(u)).toEqual({ cash: 10_000, hold: 0 });
    await t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(admin.auth).expect(409);
    await expectLedgerOk();
  });

  it('at or above the threshold: the first approval leaves it in review, the same operator again is refused, another pays it', async () => {
    const u = await fundedUser(200_000);
    const { body } = await withdraw(u, '1000.00').expect(201);
    expect(body.approvalsRequired).toBe(2);
    const first = await t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(admin.auth).expect(200);
    expect(first.body).toMatchObject({ status: 'in_review', approvals: 1 });
    expect(await cents(u)).toEqual({ cash: 100_000, hold: 100_000 });
    const same = await t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(admin.auth).expect(409);
    expect(same.body.error.code).toBe('SECOND_APPROVER_REQUIRED');
    const second = await t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(reviewer.auth).expect(200);
    expect(second.body).toMatchObject({ status: 'successful', approvals: 2 });
    expect(second.body.timeline.map((s: { status: string }) => s.status)).toEqual(['in_review', 'approved_once', 'successful']);
    expect(await cents(u)).toEqual({ cash: 100_000, hold: 0 });
    await expectLedgerOk();
  });

  it('100 parallel withdrawals that the balance covers 10 times: exactly 10 held, none negative', async () => {
    const u = await fundedUser(10_000);
    const codes = await Promise.all(Array.from({ length: 100 }, () => withdraw(u, '10.00').then((r) => r.status)));
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c !== 201).every((c) => c === 422)).toBe(true);
    expect(await cents(u)).toEqual({ cash: 0, hold: 10_000 });
    await expectLedgerOk();
  });

  it('a repeated Idempotency-Key answers the first withdrawal and holds once', async () => {
    const u = await fundedUser(10_000);
    const first = await withdraw(u, '25').set('Idempotency-Key', 'wd-1').expect(201);
    const again = await withdraw(u, '25.00').set('Idempotency-Key', 'wd-1').expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await cents(u)).toEqual({ cash: 7_500, hold: 2_500 });
    const other = await withdraw(u, '26').set('Idempotency-Key', 'wd-1').expect(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await expectLedgerOk();
  });

  it('refuses: no account bound, the hold after a change, a wrong transaction password, too little money, bad amounts', async () => {
    const unbound = await createUser(t);
    await fundCash(t, unbound.id, 10_000);
    expect((await withdraw(unbound, '10').expect(404)).body.error.code).toBe('WITHDRAWAL_ACCOUNT_NOT_BOUND');

    const u = await fundedUser(10_000);
    await t
      .http()
      .put('/api/withdrawal-account')
      .set(u.auth)
      .send({ ...TRC20, network: 'ERC20', currencyAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', tradePassword: u.tradePassword })
      .expect(200);
    const held = await withdraw(u, '10').expect(422);
    expect(held.body.error.code).toBe('WITHDRAWAL_HOLD_ACTIVE');
    expect(Date.parse(held.body.error.holdUntil) - Date.now()).toBeGreaterThan(23 * 3600_000);
    await t.ds.query(`UPDATE withdrawal_accounts SET hold_until = now() - interval '1 second' WHERE user_id = $1`, [u.id]);

    expect((await withdraw(u, '10', { tradePassword: '000000' }).expect(422)).body.error).toMatchObject({
      code: 'TRADE_PASSWORD_INVALID',
      field: 'tradePassword',
    });
    expect((await withdraw(u, '100.01').expect(422)).body.error.code).toBe('INSUFFICIENT_BALANCE');
    for (const [amount, code] of [
      ['0', 'AMOUNT_OUT_OF_RANGE'],
      ['-5', 'AMOUNT_OUT_OF_RANGE'],
      ['1.234', 'VALIDATION_FAILED'],
      ['ten', 'VALIDATION_FAILED'],
    ] as const) {
      const res = await withdraw(u, amount).expect(code === 'VALIDATION_FAILED' ? 400 : 422);
      expect(res.body.error).toMatchObject({ code, field: 'amount' });
    }
    const missing = await t.http().post('/api/withdrawals').set(u.auth).send({ tradePassword: u.tradePassword }).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'amount' });
    expect(await cents(u)).toEqual({ cash: 10_000, hold: 0 });
    const list = await t.http().get('/api/withdrawals').set(u.auth).expect(200);
    expect(list.body).toEqual({ items: [], nextCursor: null });
    await expectLedgerOk();
  });

  it("a user cannot see or cancel another user's withdrawal (404), and lists are their own, newest first, by cursor", async () => {
    const a = await fundedUser(10_000);
    const b = await fundedUser(10_000);
    const ids: string[] = [];
    for (const amount of ['1', '2', '3']) ids.push((await withdraw(a, amount).expect(201)).body.id);
    await t.http().get(`/api/withdrawals/${ids[0]}`).set(b.auth).expect(404);
    await t.http().post(`/api/withdrawals/${ids[0]}/cancel`).set(b.auth).expect(404);
    await t.http().get('/api/withdrawals/not-a-uuid').set(a.auth).expect(404);
    const page1 = await t.http().get('/api/withdrawals?limit=2').set(a.auth).expect(200);
    expect(page1.body.items.map((w: { amount: string }) => w.amount)).toEqual(['3.00', '2.00']);
    const page2 = await t.http().get(`/api/withdrawals?limit=2&cursor=${page1.body.nextCursor}`).set(a.auth).expect(200);
    expect(page2.body).toEqual({ items: [expect.objectContaining({ amount: '1.00' })], nextCursor: null });
    expect((await t.http().get('/api/withdrawals').set(b.auth).expect(200)).body.items).toEqual([]);
    await expectLedgerOk();
  });

  it('the review queue is for admins and reviewers: oldest first with the full account and balances; users and support are refused', async () => {
    const u = await fundedUser(10_000);
    const { body } = await withdraw(u, '40').expect(201);
    const queue = await t.http().get('/api/admin/withdrawals?status=in_review&limit=100').set(reviewer.auth).expect(200);
    const mine = queue.body.items.find((w: { id: string }) => w.id === body.id);
    expect(mine).toMatchObject({
      userId: u.id,
      userEmail: u.email,
      account: expect.objectContaining({ currency_address: TRC20.currencyAddress }),
      balances: { available: '60.00', held: '40.00' },
    });
    const times = queue.body.items.map((w: { createdAt: string }) => Date.parse(w.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));

    const support = await loginOperator(t, await createOperator(t, 'support'));
    await t.http().get('/api/admin/withdrawals').set(support.auth).expect(403);
    await t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(support.auth).expect(403);
    await t.http().get('/api/admin/withdrawals').set(u.auth).expect(401);
    await t.http().post(`/api/admin/withdrawals/${body.id}/approve`).set(u.auth).expect(401);
    const noReason = await t.http().post(`/api/admin/withdrawals/${body.id}/reject`).set(admin.auth).send({ reason: ' ' }).expect(400);
    expect(noReason.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'reason' });
    expect(await cents(u)).toEqual({ cash: 6_000, hold: 4_000 });
    await expectLedgerOk();
  });
});
