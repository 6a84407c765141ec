import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator } from './support/factories.js';
import { fundCash } from './support/trading.js';

let t: TestApp;
let admin: { auth: { Authorization: string } };
let reviewer: { auth: { Authorization: string } };
let support: { auth: { Authorization: string } };
let finance: { auth: { Authorization: string } };
beforeAll(async () => {
  t = await startApp();
  admin = await loginOperator(t);
  reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
  support = await loginOperator(t, await createOperator(t, 'support'));
  finance = await loginOperator(t, await createOperator(t, 'finance'));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/users/:id/money', () => {
  it("answers the user's balances, the 10 newest real records newest first, and the stored KYC status", async () => {
    const u = await createUser(t);
    // 12 fundings of 1.00 .. 12.00: the answer holds the last 10, newest (12.00) first.
    for (let i = 1; i <= 12; i++) await fundCash(t, u.id, i * 100);
    await t.ds.query(`UPDATE users SET kyc_status = 'pending' WHERE id = $1`, [u.id]);

    const res = await t.http().get(`/api/admin/users/${u.id}/money`).set(reviewer.auth).expect(200);
    expect(res.body.userId).toBe(u.id);
    expect(res.body.kycStatus).toBe('pending');
    expect(res.body.balances).toMatchObject({ available: '78.00', frozen: '0.00' });
    expect(res.body.recentRecords).toHaveLength(10);
    expect(res.body.recentRecords.map((r: { amount: string }) => r.amount)).toEqual([
      '12.00',
      '11.00',
      '10.00',
      '9.00',
      '8.00',
      '7.00',
      '6.00',
      '5.00',
      '4.00',
      '3.00',
    ]);
    expect(res.body.recentRecords[0]).toMatchObject({ type: 'adjustment', account: 'cash', balanceAfter: '78.00' });
    // Demo money is not a real movement and stays out.
    expect(res.body.recentRecords.every((r: { account: string }) => r.account !== 'demo')).toBe(true);

    const fresh = await createUser(t, { kycVerified: false });
    const empty = await t.http().get(`/api/admin/users/${fresh.id}/money`).set(admin.auth).expect(200);
    expect(empty.body).toMatchObject({ kycStatus: 'not_submitted', balances: { available: '0.00' } });
    expect(empty.body.recentRecords).toEqual([]);
  });

  it('is for operators with users.money (admin, reviewer, finance), and 404 for an unknown or malformed id', async () => {
    const u = await createUser(t);
    await t.http().get(`/api/admin/users/${u.id}/money`).set(finance.auth).expect(200);
    const forbidden = await t.http().get(`/api/admin/users/${u.id}/money`).set(support.auth).expect(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    await t.http().get(`/api/admin/users/${u.id}/money`).set(u.auth).expect(401);
    await t.http().get(`/api/admin/users/${u.id}/money`).expect(401);
    await t.http().get('/api/admin/users/00000000-0000-4000-8000-000000000000/money').set(admin.auth).expect(404);
    const bad = await t.http().get('/api/admin/users/not-a-uuid/money').set(admin.auth).expect(404);
    expect(bad.body.error.code).toBe('NOT_FOUND');
  });
});
