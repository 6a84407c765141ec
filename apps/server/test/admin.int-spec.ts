import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REDIS_KEYS } from '@candor/cross-process';
import { ledgerCheck, startApp, TEST_OPERATOR, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, operatorLoginBody, refreshCookieOf } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.close();
});

describe('operator console api', () => {
  it('logs the seeded operator in, shows the role, and writes the login to the audit log', async () => {
    const res = await t
      .http()
      .post('/api/admin/auth/login')
      .send(await operatorLoginBody(t))
      .expect(200);
    expect(res.body.operator).toMatchObject({ email: TEST_OPERATOR.email, role: 'admin' });
    expect(refreshCookieOf(res.headers['set-cookie'], 'candor_ort')).toMatch(/^candor_ort=/);
    const auth = { Authorization: `Bearer ${res.body.accessToken}` };
    const me = await t.http().get('/api/admin/me').set(auth).expect(200);
    expect(me.body.role).toBe('admin');
    const audit = await t.http().get('/api/admin/audit?action=operator.login&limit=5').set(auth).expect(200);
    expect(audit.body.items[0]).toMatchObject({ action: 'operator.login', operatorEmail: TEST_OPERATOR.email });
  });

  it('keeps user tokens out of the console and operator tokens out of the user api', async () => {
    const u = await createUser(t);
    const r = await t.http().get('/api/admin/audit').set(u.auth);
    expect([r.status, r.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const op = await loginOperator(t);
    expect((await t.http().get('/api/me').set(op.auth)).status).toBe(401);
  });

  it('records failed operator logins and answers INVALID_CREDENTIALS', async () => {
    const r = await t.http().post('/api/admin/auth/login').send({ email: TEST_OPERATOR.email, password: 'wrong-password' });
    expect([r.status, r.body.error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const op = await loginOperator(t);
    const audit = await t.http().get('/api/admin/audit?action=operator.login_failed&limit=1').set(op.auth).expect(200);
    expect(audit.body.items[0].details).toEqual({ email: TEST_OPERATOR.email });
  });

  it('serves the ledger check to every operator role', async () => {
    const reviewer = await createOperator(t, 'reviewer');
    const op = await loginOperator(t, reviewer);
    const r = await t.http().get('/api/admin/ledger/check').set(op.auth).expect(200);
    expect(r.body).toMatchObject({ ok: true, imbalance: '0.00' });
    expect(r.body).toHaveProperty('lastScheduled');
  });

  it('the audit log is append-only in the database', async () => {
    await loginOperator(t);
    await expect(t.ds.query(`UPDATE audit_log SET action = 'nothing' WHERE id = (SELECT max(id) FROM audit_log)`)).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
  });

  it('lets a user read what operators recorded about their account, and only theirs', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const [op] = await t.ds.query(`SELECT id FROM operators WHERE email = $1`, [TEST_OPERATOR.email]);
    await t.ds.query(`INSERT INTO audit_log (operator_id, action, target_type, target_id, user_id) VALUES ($1, 'user.note', 'user', $2, $3)`, [
      op.id,
      u.id,
      u.id,
    ]);
    const mine = await t.http().get('/api/me/operator-actions').set(u.auth).expect(200);
    expect(mine.body.items.map((i: { action: string }) => i.action)).toEqual(['user.note']);
    const theirs = await t.http().get('/api/me/operator-actions').set(other.auth).expect(200);
    expect(theirs.body.items).toEqual([]);
  });

  it('pages the audit log with a cursor', async () => {
    const op = await loginOperator(t);
    await loginOperator(t);
    await loginOperator(t);
    const first = await t.http().get('/api/admin/audit?limit=2').set(op.auth).expect(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toBe(first.body.items[1].id);
    const next = await t.http().get(`/api/admin/audit?limit=2&cursor=${first.body.nextCursor}`).set(op.auth).expect(200);
    expect(BigInt(next.body.items[0].id)).toBeLessThan(BigInt(first.body.items[1].id));
    const bad = await t.http().get('/api/admin/audit?limit=0').set(op.auth);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});

describe('operator user search', () => {
  it('finds users by e-mail fragment, id or invitation code with masked phones, pages, refuses bad input, and audits the search', async () => {
    const u = await createUser(t, { kycVerified: false });
    const op = await loginOperator(t);
    const fragment = u.email.split('@')[0]!;
    const r = await t
      .http()
      .get(`/api/admin/users?q=${encodeURIComponent(fragment)}`)
      .set(op.auth)
      .expect(200);
    expect(r.body.items).toHaveLength(1);
    expect(r.body.items[0]).toMatchObject({ id: u.id, email: u.email, kycStatus: 'not_submitted' });
    expect(r.body.items[0].phone).toBe(`${u.phone.slice(0, 3)}****${u.phone.slice(-4)}`);
    const byId = await t.http().get(`/api/admin/users?q=${u.id}`).set(op.auth).expect(200);
    expect(byId.body.items.map((i: { id: string }) => i.id)).toEqual([u.id]);
    expect((await t.http().get('/api/admin/users?q=').set(op.auth).expect(200)).body.items.length).toBeGreaterThan(0);
    // An invitation code (any case) finds its owner and who registered with it.
    const invited = await createUser(t, { inviteCode: u.inviteCode, kycVerified: false });
    const byCode = await t.http().get(`/api/admin/users?q=${u.inviteCode.toLowerCase()}`).set(op.auth).expect(200);
    expect(byCode.body.items.map((i: { id: string }) => i.id).sort()).toEqual([u.id, invited.id].sort());
    const wildcard = await t.http().get('/api/admin/users?q=%25').set(op.auth).expect(200);
    expect(wildcard.body.items).toEqual([]); // a literal %, not "everything"
    const page = await t.http().get('/api/admin/users?limit=1').set(op.auth).expect(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.nextCursor).toBe(page.body.items[0].id);
    const bad = await t.http().get('/api/admin/users?cursor=nope').set(op.auth);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await t.http().get('/api/admin/users').set(u.auth)).status).toBe(401);
    const audit = await t.http().get('/api/admin/audit?action=users.search&limit=10').set(op.auth).expect(200);
    expect(audit.body.items.map((i: { details: { q: string | null } }) => i.details.q)).toContain(fragment);
  });
});

describe('rate limits', () => {
  it('answers 429 RATE_LIMITED past the login limit', async () => {
    const limited = await startApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    try {
      await limited.redis.eval("for _,k in ipairs(redis.call('keys',ARGV[1])) do redis.call('del',k) end", 0, `${REDIS_KEYS.rateLimitPrefix}*`);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.http().post('/api/auth/login').set('Accept-Language', 'en').send({ email: 'nobody@example.com', password: 'x' });
        statuses.push(r.status);
        if (r.status === 429) {
          expect(r.body.error).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts; please wait and try again' });
          // Seconds until the one-minute window ends.
          expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.redis.eval("for _,k in ipairs(redis.call('keys',ARGV[1])) do redis.call('del',k) end", 0, `${REDIS_KEYS.rateLimitPrefix}*`);
      await limited.close();
    }
  });
});
