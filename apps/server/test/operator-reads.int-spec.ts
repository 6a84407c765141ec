import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator } from './support/factories.js';
import { REDIS_KEYS } from '@candor/cross-process';

// Reads are visible: an operator's read of a user's money or access is in the audit log, and so in the
// user's own operator actions, once per operator, user and kind in ten minutes.
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

interface Entry {
  action: string;
  operatorRole: string | null;
  userId: string | null;
}

describe("operators' reads of a user's data", () => {
  it('an operator reads a user’s money: the user sees it in operator actions and account activity, once per window', async () => {
    const u = await createUser(t);
    const bystander = await createUser(t);
    const admin = await loginOperator(t);
    for (let i = 0; i < 3; i++) await t.http().get(`/api/admin/users/${u.id}/money`).set(admin.auth).expect(200);

    const mine = await t.http().get('/api/me/operator-actions').set(u.auth).expect(200);
    expect(mine.body.items.map((e: Entry) => [e.action, e.operatorRole, e.userId])).toEqual([['user.money_viewed', 'admin', u.id]]);
    const activity = await t.http().get('/api/me/activity').set(u.auth).expect(200);
    expect(activity.body.items.map((e: { action: string; role: string }) => [e.action, e.role])).toEqual([['user.money_viewed', 'admin']]);
    // Nobody else's list shows it.
    expect((await t.http().get('/api/me/operator-actions').set(bystander.auth).expect(200)).body.items).toEqual([]);
  });

  it('access reads are a kind of their own, another operator’s read is a line of its own, and a refused read is no line', async () => {
    const u = await createUser(t);
    const admin = await loginOperator(t);
    await t.http().get(`/api/admin/users/${u.id}/access`).set(admin.auth).expect(200);
    await t.http().get(`/api/admin/users/${u.id}/access`).set(admin.auth).expect(200);
    await t.http().get(`/api/admin/users/${u.id}/money`).set(admin.auth).expect(200);
    const finance = await loginOperator(t, await createOperator(t, 'finance'));
    await t.http().get(`/api/admin/users/${u.id}/money`).set(finance.auth).expect(200);
    // A user cannot read another's money through the console's route.
    await t.http().get(`/api/admin/users/${u.id}/money`).set(u.auth).expect(401);

    const mine = await t.http().get('/api/me/operator-actions').set(u.auth).expect(200);
    expect(mine.body.items.map((e: Entry) => `${e.action} ${e.operatorRole}`)).toEqual([
      'user.money_viewed finance',
      'user.money_viewed admin',
      'user.access_viewed admin',
    ]);
  });

  it('after the window a new read is a new line', async () => {
    const u = await createUser(t);
    const admin = await loginOperator(t);
    await t.http().get(`/api/admin/users/${u.id}/money`).set(admin.auth).expect(200);
    // The window is the Redis key's life: end it as ten minutes would.
    const keys = await t.redis.keys(REDIS_KEYS.operatorReadAudited('*', u.id, 'money'));
    expect(keys).toHaveLength(1);
    expect(await t.redis.ttl(keys[0]!)).toBeGreaterThan(590);
    await t.redis.del(keys[0]!);
    await t.http().get(`/api/admin/users/${u.id}/money`).set(admin.auth).expect(200);
    const mine = await t.http().get('/api/me/operator-actions').set(u.auth).expect(200);
    expect(mine.body.items.map((e: Entry) => e.action)).toEqual(['user.money_viewed', 'user.money_viewed']);
  });
});
