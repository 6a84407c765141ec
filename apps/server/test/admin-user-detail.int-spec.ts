import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, login, loginOperator } from './support/factories.js';

let t: TestApp;
let admin: { auth: { Authorization: string } };
let support: { auth: { Authorization: string } };
let finance: { auth: { Authorization: string } };
beforeAll(async () => {
  t = await startApp();
  admin = await loginOperator(t);
  support = await loginOperator(t, await createOperator(t, 'support'));
  finance = await loginOperator(t, await createOperator(t, 'finance'));
});
afterAll(async () => {
  await t.close();
});

const views = async (userId: string) =>
  (await t.ds.query(`SELECT action FROM audit_log WHERE user_id = $1 AND action LIKE 'user.%_viewed' ORDER BY id`, [userId])).map(
    (r: { action: string }) => r.action,
  );

describe('GET /api/admin/users/:id', () => {
  it('answers the profile, verification, sessions and, with users.money, the newest deposits; each read audited for the user', async () => {
    const u = await createUser(t);
    await login(t, u.email, u.password);
    const method = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(admin.auth)
      .send({ type: 'bank', names: { 'zh-TW': '銀行' }, details: { bank: 'B' }, minAmount: 1, maxAmount: 1000 })
      .expect(201);
    await t.http().post('/api/deposits').set(u.auth).send({ methodId: method.body.id, amount: '12.5' }).expect(201);

    const res = await t.http().get(`/api/admin/users/${u.id}`).set(finance.auth).expect(200);
    expect(res.body).toMatchObject({ id: u.id, email: u.email, disabled: false, kycStatus: expect.any(String), inviteCode: expect.any(String) });
    expect(res.body.phone).toContain('****');
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.activity.deposits).toEqual([expect.objectContaining({ amount: '12.50', status: 'in_review' })]);
    expect(res.body.activity.orders).toEqual([]);
    expect(await views(u.id)).toEqual(['user.profile_viewed', 'user.sessions_viewed', 'user.money_viewed']);
    // The user reads these lines as operator actions.
    const mine = await t.http().get('/api/me/operator-actions').set(u.auth).expect(200);
    expect(mine.body.items.map((e: { action: string }) => e.action)).toContain('user.profile_viewed');
  });

  it('support reads the profile and sessions but not the money activity; no user token or stranger gets in', async () => {
    const u = await createUser(t);
    const res = await t.http().get(`/api/admin/users/${u.id}`).set(support.auth).expect(200);
    expect(res.body.activity).toBeNull();
    expect(await views(u.id)).toEqual(['user.profile_viewed', 'user.sessions_viewed']);

    const asUser = await t.http().get(`/api/admin/users/${u.id}`).set(u.auth);
    expect(asUser.status).toBe(401);
    expect((await t.http().get(`/api/admin/users/${u.id}`)).status).toBe(401);
    const unknown = await t.http().get('/api/admin/users/00000000-0000-0000-0000-000000000000').set(admin.auth);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    await t.http().get('/api/admin/users/not-an-id').set(admin.auth).expect(404);
  });
});
