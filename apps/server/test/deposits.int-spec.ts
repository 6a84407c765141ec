import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { balanceOf } from './support/trading.js';

let t: TestApp;
let admin: { auth: { Authorization: string } };
let reviewer: { auth: { Authorization: string } };
let bankMethodId: string;
beforeAll(async () => {
  t = await startApp();
  admin = await loginOperator(t);
  reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
  const created = await t
    .http()
    .post('/api/admin/deposit-methods')
    .set(admin.auth)
    .send({
      type: 'bank',
      names: { 'zh-TW': '銀行轉帳', en: 'Bank transfer' },
      details: { bank: 'First Bank', accountName: 'Candor Ltd', accountNumber: '123-456-789' },
      instructions: { 'zh-TW': '請在附言填寫訂單號', en: 'Put the order number in the reference' },
      minAmount: '100',
      maxAmount: '50000',
    })
    .expect(201);
  bankMethodId = created.body.id;
});
afterAll(async () => {
  await t.close();
});

const deposit = (u: LoggedIn, amount: string, extra: Record<string, unknown> = {}) =>
  t
    .http()
    .post('/api/deposits')
    .set(u.auth)
    .send({ methodId: bankMethodId, amount, ...extra });
const expectLedgerOk = async () => expect((await ledgerCheck(t)).ok).toBe(true);

describe('deposit methods', () => {
  it('users see the enabled ones in their language, zh-TW as the fallback; a disabled one disappears and refuses deposits', async () => {
    const u = await createUser(t);
    const en = await t.http().get('/api/deposit-methods').set(u.auth).set('Accept-Language', 'en').expect(200);
    expect(en.body.find((m: { id: string }) => m.id === bankMethodId)).toEqual({
      id: bankMethodId,
      type: 'bank',
      name: 'Bank transfer',
      details: { bank: 'First Bank', accountName: 'Candor Ltd', accountNumber: '123-456-789' },
      instructions: 'Put the order number in the reference',
      minAmount: '100.00',
      maxAmount: '50000.00',
    });
    const ja = await t.http().get('/api/deposit-methods?lang=ja').set(u.auth).expect(200);
    expect(ja.body.find((m: { id: string }) => m.id === bankMethodId).name).toBe('銀行轉帳');

    const crypto = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(admin.auth)
      .send({
        type: 'crypto',
        names: { 'zh-TW': 'USDT' },
        details: { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
        minAmount: 20,
        maxAmount: 1000,
      })
      .expect(201);
    await t.http().patch(`/api/admin/deposit-methods/${crypto.body.id}`).set(admin.auth).send({ enabled: false }).expect(200);
    const after = await t.http().get('/api/deposit-methods').set(u.auth).expect(200);
    expect(after.body.map((m: { id: string }) => m.id)).not.toContain(crypto.body.id);
    const refused = await deposit(u, '50', { methodId: crypto.body.id }).expect(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'methodId' });
    const audit = await t.ds.query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [crypto.body.id]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['deposit_method.create', 'deposit_method.update']);
  });

  it('only admins edit them; bad methods are refused with their field', async () => {
    await t.http().post('/api/admin/deposit-methods').set(reviewer.auth).send({}).expect(403);
    const noName = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(admin.auth)
      .send({ type: 'bank', names: { en: 'x' }, details: { a: 'b' }, minAmount: 1, maxAmount: 2 })
      .expect(400);
    expect(noName.body.error.code).toBe('VALIDATION_FAILED');
    const upsideDown = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(admin.auth)
      .send({ type: 'bank', names: { 'zh-TW': 'x' }, details: { a: 'b' }, minAmount: 10, maxAmount: 5 })
      .expect(400);
    expect(upsideDown.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'maxAmount' });
    await t.http().patch('/api/admin/deposit-methods/not-a-uuid').set(admin.auth).send({ enabled: false }).expect(404);
  });

  it('deletes a method never used (audited); a used one is refused with 409 and can only be disabled', async () => {
    const body = { type: 'bank', names: { 'zh-TW': '待刪除' }, details: { bank: 'X' }, minAmount: 1, maxAmount: 1000 };
    const unused = await t.http().post('/api/admin/deposit-methods').set(admin.auth).send(body).expect(201);
    expect((await t.http().delete(`/api/admin/deposit-methods/${unused.body.id}`).set(reviewer.auth)).status).toBe(403);
    await t.http().delete(`/api/admin/deposit-methods/${unused.body.id}`).set(admin.auth).expect(204);
    const listed = await t.http().get('/api/admin/deposit-methods').set(admin.auth).expect(200);
    expect(listed.body.map((m: { id: string }) => m.id)).not.toContain(unused.body.id);
    const [audit] = await t.ds.query(`SELECT details FROM audit_log WHERE action = 'deposit_method.delete' AND target_id = $1`, [unused.body.id]);
    expect(audit.details.before).toMatchObject({ id: unused.body.id });
    await t.http().delete(`/api/admin/deposit-methods/${unused.body.id}`).set(admin.auth).expect(404);

    const used = await t.http().post('/api/admin/deposit-methods').set(admin.auth).send(body).expect(201);
    const u = await createUser(t);
    await t.http().post('/api/deposits').set(u.auth).send({ methodId: used.body.id, amount: '10' }).expect(201);
    const refused = await t.http().delete(`/api/admin/deposit-methods/${used.body.id}`).set(admin.auth);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'DEPOSIT_METHOD_IN_USE']);
    await t.http().patch(`/api/admin/deposit-methods/${used.body.id}`).set(admin.auth).send({ enabled: false }).expect(200);
    await t.http().delete('/api/admin/deposit-methods/not-a-uuid').set(admin.auth).expect(404);
  });
});

describe('deposits', () => {
  it('deposit -> approve: the balance and the records right to the cent, decided once', async () => {
    const u = await createUser(t);
    const res = await deposit(u, '1234.56', { reference: 'TX-991' }).set('Accept-Language', 'en').expect(201);
    expect(res.body).toMatchObject({
      amount: '1234.56',
      status: 'in_review',
      reference: 'TX-991',
      method: { id: bankMethodId, type: 'bank', name: 'Bank transfer' },
    });
    expect(res.body.orderNo).toMatch(/^D\d{8}\d{10}$/);
    expect(await balanceOf(t, u.id, 'cash')).toBe(0);

    const queue = await t.http().get('/api/admin/deposits').set(reviewer.auth).expect(200);
    expect(queue.body.items.find((d: { id: string }) => d.id === res.body.id)).toMatchObject({
      userId: u.id,
      userEmail: u.email,
      balances: { available: '0.00', held: '0.00' },
    });

    const approved = await t.http().post(`/api/admin/deposits/${res.body.id}/approve`).set(reviewer.auth).expect(200);
    expect(approved.body.status).toBe('successful');
    expect(await balanceOf(t, u.id, 'cash')).toBe(123_456);
    const wallet = await t.http().get('/api/wallet').set(u.auth).expect(200);
    expect(wallet.body.available).toBe('1234.56');
    const records = await t.http().get('/api/wallet/records').set(u.auth).expect(200);
    expect(records.body.items[0]).toMatchObject({ type: 'deposit', amount: '1234.56', balanceAfter: '1234.56' });

    const again = await t.http().post(`/api/admin/deposits/${res.body.id}/reject`).set(admin.auth).send({ reason: 'twice' }).expect(409);
    expect(again.body.error.code).toBe('ALREADY_DECIDED');
    const mine = await t.http().get(`/api/deposits/${res.body.id}`).set(u.auth).expect(200);
    expect(mine.body.timeline.map((s: { status: string }) => s.status)).toEqual(['in_review', 'successful']);
    expect(await balanceOf(t, u.id, 'cash')).toBe(123_456);
    await expectLedgerOk();
  });

  it('deposit -> reject: nothing credited, the reason shown; parallel approvals credit once', async () => {
    const u = await createUser(t);
    const a = await deposit(u, '500').expect(201);
    const rejected = await t.http().post(`/api/admin/deposits/${a.body.id}/reject`).set(admin.auth).send({ reason: 'No transfer received' }).expect(200);
    expect(rejected.body).toMatchObject({ status: 'failed', reason: 'No transfer received' });
    expect(await balanceOf(t, u.id, 'cash')).toBe(0);

    const b = await deposit(u, '200').expect(201);
    const statuses = await Promise.all([admin, reviewer, admin].map((op) => t.http().post(`/api/admin/deposits/${b.body.id}/approve`).set(op.auth))).then(
      (rs) => rs.map((r) => r.status),
    );
    expect(statuses.sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(t, u.id, 'cash')).toBe(20_000);
    await expectLedgerOk();
  });

  it('refuses amounts outside the method, bad input and unknown methods; replays an Idempotency-Key', async () => {
    const u = await createUser(t);
    expect((await deposit(u, '99.99').expect(422)).body.error).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', field: 'amount' });
    expect((await deposit(u, '50000.01').expect(422)).body.error).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', field: 'amount' });
    expect((await deposit(u, 'abc').expect(400)).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'amount' });
    expect((await deposit(u, '100', { methodId: '00000000-0000-4000-8000-000000000000' }).expect(400)).body.error.field).toBe('methodId');
    expect((await deposit(u, '100', { reference: 'x'.repeat(129) }).expect(400)).body.error.field).toBe('reference');
    const first = await deposit(u, '150').set('Idempotency-Key', 'dep-1').expect(201);
    const replay = await deposit(u, '150.00').set('Idempotency-Key', 'dep-1').expect(201);
    expect(replay.body.id).toBe(first.body.id);
    expect((await t.http().get('/api/deposits').set(u.auth).expect(200)).body.items).toHaveLength(1);
    await expectLedgerOk();
  });

  it('takes a 66-character transaction hash (0x and 64 hex) as the reference, and up to 128 characters', async () => {
    const u = await createUser(t);
    const hash = `0x${'9f3a'.repeat(16)}`;
    expect(hash).toHaveLength(66);
    const res = await deposit(u, '100', { reference: hash }).expect(201);
    expect(res.body.reference).toBe(hash);
    const listed = (await t.http().get('/api/deposits').set(u.auth).expect(200)).body.items as { id: string; reference: string | null }[];
    expect(listed.find((d) => d.id === res.body.id)?.reference).toBe(hash);
    const longest = 'R'.repeat(128);
    expect((await deposit(u, '100', { reference: longest }).expect(201)).body.reference).toBe(longest);
    await expectLedgerOk();
  });

  it("exports the filtered capital records as CSV, the user's own only", async () => {
    const u = await createUser(t);
    for (const amount of ['100', '250.50']) {
      const d = await deposit(u, amount).expect(201);
      await t.http().post(`/api/admin/deposits/${d.body.id}/approve`).set(admin.auth).expect(200);
    }
    const res = await t.http().get('/api/wallet/records.csv?type=deposit').set(u.auth).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="capital-records-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('id,entryNo,createdAt,action,type,status,account,amount,returned,balanceAfter,ref');
    expect(lines.slice(1).map((l) => l.split(',').slice(3, 10))).toEqual([
      ['deposit', 'deposit', '', 'cash', '250.50', '', '350.50'],
      ['deposit', 'deposit', '', 'cash', '100.00', '', '100.00'],
    ]);
    const demo = await t.http().get('/api/wallet/records.csv?account=demo').set(u.auth).expect(200);
    expect(
      demo.text
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[3]),
    ).toEqual(['demo_grant']);
    const other = await createUser(t);
    const empty = await t.http().get('/api/wallet/records.csv?type=deposit').set(other.auth).expect(200);
    expect(empty.text.trim()).toBe('id,entryNo,createdAt,action,type,status,account,amount,returned,balanceAfter,ref');
    await t.http().get('/api/wallet/records.csv?type=nope').set(u.auth).expect(400);
    await t.http().get('/api/wallet/records.csv').expect(401);
  });

  it("is each user's own, and the review routes are for admins and reviewers", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const d = await deposit(a, '100').expect(201);
    await t.http().get(`/api/deposits/${d.body.id}`).set(b.auth).expect(404);
    expect((await t.http().get('/api/deposits').set(b.auth).expect(200)).body).toEqual({ items: [], nextCursor: null });
    const support = await loginOperator(t, await createOperator(t, 'support'));
    await t.http().get('/api/admin/deposits').set(support.auth).expect(403);
    await t.http().post(`/api/admin/deposits/${d.body.id}/approve`).set(support.auth).expect(403);
    await t.http().post(`/api/admin/deposits/${d.body.id}/approve`).set(a.auth).expect(401);
    await t.http().get('/api/admin/deposit-methods').set(a.auth).expect(401);
    await t.http().post('/api/deposits').send({ methodId: bankMethodId, amount: '100' }).expect(401);
    expect(await balanceOf(t, a.id, 'cash')).toBe(0);
    await expectLedgerOk();
  });
});
