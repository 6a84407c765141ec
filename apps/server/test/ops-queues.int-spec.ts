import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { translate } from '@candor/i18n';
import { ledgerCheck, startApp, TEST_OPERATOR, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, operatorLoginBody, refreshCookieOf } from './support/factories.js';
import { bullPrefix, QUEUES } from '@candor/cross-process';

let t: TestApp;
let housekeeping: Queue;
const jobId = `ops-test-${randomUUID()}`;

beforeAll(async () => {
  t = await startApp();
  housekeeping = new Queue(QUEUES.housekeeping.name, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix() });
  // A job the dashboard should list: delayed an hour, removed again in afterAll (a worker would only prune expired keys).
  await housekeeping.add(QUEUES.housekeeping.jobs.pruneIdempotencyKeys, { requestedAt: new Date().toISOString() }, { jobId, delay: 3_600_000 });
});
afterAll(async () => {
  await housekeeping.remove(jobId).catch(() => undefined);
  await housekeeping.close();
  await t.close();
});

/** An admin's ops cookie (`candor_ops=...`) and the Set-Cookie line it came in. */
async function opsCookie(auth: { Authorization: string }): Promise<{ cookie: string; line: string; body: { url: string; expiresAt: string } }> {
  const res = await t.http().post('/api/admin/ops/session').set(auth).expect(200);
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return { cookie: refreshCookieOf(lines, 'candor_ops'), line: lines.find((l) => l.startsWith('candor_ops='))!, body: res.body };
}

describe('the queues dashboard at /ops/queues', () => {
  it('sends a browser without the ops cookie to the console, and answers its data 401', async () => {
    const page = await t.http().get('/ops/queues').expect(302);
    expect(page.headers.location).toBe('/console/#/queues');
    expect((await t.http().get('/ops/queues/queue/settlement').expect(302)).headers.location).toBe('/console/#/queues');
    const data = await t.http().get('/ops/queues/api/queues').set('Accept-Language', 'en');
    expect([data.status, data.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(data.body.error.message).toBe(translate('en', 'errors:UNAUTHENTICATED'));
    expect((await t.http().get('/ops/queues/api/queues')).body.error.message).toBe(translate('zh-TW', 'errors:UNAUTHENTICATED'));
    expect((await t.http().get('/ops/queues/static/favicon-32x32.png')).status).toBe(401);
  });

  it('opens only for admins, with an httpOnly SameSite=Strict cookie scoped to /ops, and audits it', async () => {
    const user = await createUser(t);
    expect((await t.http().post('/api/admin/ops/session').set(user.auth)).status).toBe(401);
    const reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
    const refused = await t.http().post('/api/admin/ops/session').set(reviewer.auth);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect(refused.headers['set-cookie']).toBeUndefined();

    const admin = await loginOperator(t);
    const before = Date.now();
    const { line, body } = await opsCookie(admin.auth);
    expect(line).toMatch(/; Path=\/ops(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Max-Age=3600/);
    expect(body.url).toBe('/ops/queues');
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_601_000);
    const audit = await t.http().get('/api/admin/audit?action=ops.session&limit=1').set(admin.auth).expect(200);
    expect(audit.body.items[0]).toMatchObject({ action: 'ops.session', operatorEmail: TEST_OPERATOR.email, details: { url: '/ops/queues' } });
  });

  it('does not take a console or user token in place of the ops cookie', async () => {
    const admin = await loginOperator(t);
    const user = await createUser(t);
    for (const token of [admin.token, user.auth.Authorization.slice(7)]) {
      expect((await t.http().get('/ops/queues/api/queues').set('Cookie', `candor_ops=${token}`)).status).toBe(401);
      expect((await t.http().get('/ops/queues/api/queues').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    }
  });

  it('serves the board and lists every queue, read-only, with the jobs waiting in them', async () => {
    const admin = await loginOperator(t);
    const { cookie } = await opsCookie(admin.auth);
    const page = await t.http().get('/ops/queues').set('Cookie', cookie).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<base href="/ops/queues/"');
    expect(page.text).toContain('<title>Candor queues</title>');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const asset = await t.http().get(`/ops/queues/${script}`).set('Cookie', cookie).expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);

    const all = await t.http().get('/ops/queues/api/queues').set('Cookie', cookie).expect(200);
    const queues = all.body.queues as { name: string; readOnlyMode: boolean; allowRetries: boolean }[];
    expect(queues.map((q) => q.name).sort()).toEqual(
      Object.values(QUEUES)
        .map((q) => q.name)
        .sort(),
    );
    expect(queues.every((q) => q.readOnlyMode && !q.allowRetries)).toBe(true);

    const delayed = await t
      .http()
      .get('/ops/queues/api/queues?activeQueue=housekeeping&status=delayed&page=1&jobsPerPage=100')
      .set('Cookie', cookie)
      .expect(200);
    const hk = (delayed.body.queues as { name: string; counts: { delayed: number }; jobs: { id: string; name: string }[] }[]).find(
      (q) => q.name === 'housekeeping',
    )!;
    expect(hk.counts.delayed).toBeGreaterThanOrEqual(1);
    expect(hk.jobs).toContainEqual(expect.objectContaining({ id: jobId, name: QUEUES.housekeeping.jobs.pruneIdempotencyKeys }));
    const one = await t.http().get(`/ops/queues/api/queues/housekeeping/${jobId}`).set('Cookie', cookie).expect(200);
    expect(one.body.status).toBe('delayed');
  });

  it('refuses every job action, so a job only moves by the worker', async () => {
    const admin = await loginOperator(t);
    const { cookie } = await opsCookie(admin.auth);
    const actions: [string, string][] = [
      ['put', `/ops/queues/api/queues/housekeeping/${jobId}/promote`],
      ['put', `/ops/queues/api/queues/housekeeping/${jobId}/clean`],
      ['put', '/ops/queues/api/queues/housekeeping/promote'],
      ['put', '/ops/queues/api/queues/settlement/retry/failed'],
      ['put', '/ops/queues/api/queues/settlement/clean/completed'],
      ['put', '/ops/queues/api/queues/settlement/pause'],
      ['put', '/ops/queues/api/queues/settlement/obliterate'],
      ['post', '/ops/queues/api/queues/settlement/add'],
      ['patch', `/ops/queues/api/queues/housekeeping/${jobId}/update-data`],
    ];
    for (const [method, path] of actions) {
      const r = await (method === 'put' ? t.http().put(path) : method === 'post' ? t.http().post(path) : t.http().patch(path)).set('Cookie', cookie).send({});
      expect([path, r.status, r.body.error?.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    expect(await (await housekeeping.getJob(jobId))?.getState()).toBe('delayed');
    expect(await housekeeping.isPaused()).toBe(false);
  });

  it('stops taking the cookie once its console session is logged out', async () => {
    const res = await t
      .http()
      .post('/api/admin/auth/login')
      .send(await operatorLoginBody(t))
      .expect(200);
    const auth = { Authorization: `Bearer ${res.body.accessToken}` };
    const refresh = refreshCookieOf(res.headers['set-cookie'], 'candor_ort');
    const { cookie } = await opsCookie(auth);
    await t.http().get('/ops/queues/api/queues').set('Cookie', cookie).expect(200);
    await t.http().post('/api/admin/auth/logout').set('Cookie', refresh).expect(204);
    expect((await t.http().get('/ops/queues/api/queues').set('Cookie', cookie)).status).toBe(401);
    expect((await t.http().get('/ops/queues').set('Cookie', cookie)).status).toBe(302);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});
