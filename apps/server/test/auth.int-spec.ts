import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, TEST_INVITE_CODE, type TestApp } from './support/app.js';
import { createUser, login, refreshCookieOf, registerUser, solveCaptcha, uniqueEmail, uniquePhone } from './support/factories.js';
import { REDIS_KEYS } from '@candor/cross-process';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.close();
});

async function step1(body: Record<string, unknown>) {
  return t.http().post('/api/auth/register/check').send(body);
}

describe('registration in two steps', () => {
  it('serves the graphic code as a picture: an SVG framing one PNG, no glyph outlines; the answer in Redis', async () => {
    const r = await t.http().get('/api/auth/captcha').expect(200);
    expect(r.body).toEqual({ captchaId: expect.any(String), svg: expect.stringMatching(/^<svg /) });
    expect(r.body.svg).not.toMatch(/<path|<text/);
    expect(r.body.svg.match(/<image [^>]*href="data:image\/png;base64,/g)).toHaveLength(1);
    expect(await t.redis.get(REDIS_KEYS.captcha(r.body.captchaId))).toMatch(/^\d{4}$/);
  });

  it('without the graphic code, registration wants the proof-of-work even when the configuration does not (the accessible path)', async () => {
    const r = await step1({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
  });

  it('registers, opens the accounts with the 10,000.00 demo grant, records the inviter, and logs in', async () => {
    const inviter = await registerUser(t);
    const u = await registerUser(t, { inviteCode: inviter.inviteCode });
    const [row] = await t.ds.query(`SELECT invited_by_user_id, registration_code FROM users WHERE id = $1`, [u.id]);
    expect(row.invited_by_user_id).toBe(inviter.id);
    expect(row.registration_code).toBe(inviter.inviteCode);
    const [seedUser] = await t.ds.query(`SELECT invited_by_user_id FROM users WHERE id = $1`, [inviter.id]);
    expect(seedUser.invited_by_user_id).toBeNull();

    const { token, cookie } = await login(t, u.email, u.password);
    expect(cookie).toMatch(/^candor_rt=/);
    const me = await t.http().get('/api/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body).toMatchObject({ id: u.id, email: u.email, level: 'ordinary', creditScore: 100, kycStatus: 'not_submitted' });
    expect(me.body.phone).toBe(`${u.phone.slice(0, 3)}****${u.phone.slice(-4)}`);
    expect(me.body.inviteCode).toMatch(/^[A-Z2-9]{8}$/);

    const wallet = await t.http().get('/api/wallet').set('Authorization', `Bearer ${token}`).expect(200);
    expect(wallet.body).toEqual({ available: '0.00', frozen: '0.00', inOrders: '0.00', earn: '0.00', total: '0.00', demo: '10000.00' });
    const summary = await t.http().get('/api/me/summary').set('Authorization', `Bearer ${token}`).expect(200);
    expect(summary.body).toEqual({
      totalAssets: '0.00',
      available: '0.00',
      frozen: '0.00',
      inOrders: '0.00',
      earn: '0.00',
      pnlTotal: '0.00',
      pnlToday: '0.00',
      pendingDeposits: '0.00',
      inReview: '0.00',
    });

    const demoRecords = await t.http().get('/api/wallet/records?account=demo').set('Authorization', `Bearer ${token}`).expect(200);
    expect(demoRecords.body.items).toHaveLength(1);
    expect(demoRecords.body.items[0]).toMatchObject({ type: 'demo_grant', amount: '10000.00', balanceAfter: '10000.00', account: 'demo' });
    const particulars = await t.http().get(`/api/wallet/records/${demoRecords.body.items[0].id}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(particulars.body.postings).toEqual([
      expect.objectContaining({ account: 'demo_issuer', owner: 'platform', amount: '-10000.00', type: 'demo_grant' }),
      expect.objectContaining({ account: 'demo', owner: 'you', amount: '10000.00', type: 'demo_grant' }),
    ]);
  });

  it('answers each catalogue error with its code, field and a translated message', async () => {
    const existing = await registerUser(t);
    let r = await step1({ email: existing.email.toUpperCase(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE, ...(await solveCaptcha(t)) });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([409, 'USER_EXISTS', 'email']);
    r = await step1({ email: uniqueEmail(), phone: existing.phone, inviteCode: TEST_INVITE_CODE, ...(await solveCaptcha(t)) });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([409, 'USER_EXISTS', 'phone']);

    r = await t
      .http()
      .post('/api/auth/register/check')
      .set('Accept-Language', 'en')
      .send({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: 'NOPE1234', ...(await solveCaptcha(t)) });
    expect([r.status, r.body.error.code, r.body.error.message]).toEqual([400, 'INVITATION_CODE_INVALID', 'Invitation code error']);

    const c = await solveCaptcha(t);
    const wrong = c.captchaCode === '0000' ? '1111' : '0000';
    r = await t
      .http()
      .post('/api/auth/register/check')
      .set('Accept-Language', 'zh-TW')
      .send({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE, captchaId: c.captchaId, captchaCode: wrong });
    expect([r.status, r.body.error.code, r.body.error.field, r.body.error.message]).toEqual([400, 'CAPTCHA_INVALID', 'captchaCode', '驗證碼錯誤']);
    // Single use: the right answer no longer works after a failed attempt.
    r = await step1({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE, ...c });
    expect(r.body.error.code).toBe('CAPTCHA_INVALID');

    const ok = await step1({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE, ...(await solveCaptcha(t)) });
    expect(ok.status).toBe(200);
    const token = ok.body.registrationToken;
    r = await t
      .http()
      .post('/api/auth/register')
      .set('Accept-Language', 'ja')
      .send({ registrationToken: token, password: 'secret-pass-1', confirmPassword: 'secret-pass-2', tradePassword: '123456', confirmTradePassword: '123456' });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([400, 'PASSWORD_MISMATCH', 'confirmPassword']);
    expect(r.body.error.message).not.toBe('');
    r = await t
      .http()
      .post('/api/auth/register')
      .send({ registrationToken: token, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', tradePassword: '123456', confirmTradePassword: '654321' });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([400, 'TRADE_PASSWORD_MISMATCH', 'confirmTradePassword']);
    // The token survives a mismatch, so the user can correct step 2.
    r = await t
      .http()
      .post('/api/auth/register')
      .send({ registrationToken: token, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', tradePassword: '123456', confirmTradePassword: '123456' });
    expect(r.status).toBe(201);
    // ...and is gone after success.
    r = await t
      .http()
      .post('/api/auth/register')
      .send({ registrationToken: token, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', tradePassword: '123456', confirmTradePassword: '123456' });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([400, 'VALIDATION_FAILED', 'registrationToken']);
  });

  it('refuses a second registration racing for the same e-mail', async () => {
    const email = uniqueEmail();
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const r = await step1({ email, phone: uniquePhone(), inviteCode: TEST_INVITE_CODE, ...(await solveCaptcha(t)) });
      tokens.push(r.body.registrationToken);
    }
    const body = (registrationToken: string) => ({
      registrationToken,
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      tradePassword: '123456',
      confirmTradePassword: '123456',
    });
    const results = await Promise.all(tokens.map((tk) => t.http().post('/api/auth/register').send(body(tk))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('USER_EXISTS');
    const rows = await t.ds.query(`SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)`, [email]);
    expect(rows[0].n).toBe(1);
  });
});

describe('login', () => {
  it('answers INVALID_CREDENTIALS for a wrong password or an unknown e-mail, then asks for a captcha', async () => {
    const u = await registerUser(t);
    let r = await t.http().post('/api/auth/login').send({ email: u.email, password: 'wrong-pass-1' });
    expect([r.status, r.body.error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    r = await t.http().post('/api/auth/login').send({ email: uniqueEmail(), password: 'whatever-1' });
    expect([r.status, r.body.error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    await t.http().post('/api/auth/login').send({ email: u.email, password: 'wrong-pass-2' });
    await t.http().post('/api/auth/login').send({ email: u.email, password: 'wrong-pass-3' });
    // Three failures: even the right password now needs a captcha.
    r = await t.http().post('/api/auth/login').send({ email: u.email, password: u.password });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([400, 'CAPTCHA_INVALID', 'captchaCode']);
    r = await t
      .http()
      .post('/api/auth/login')
      .send({ email: u.email, password: u.password, ...(await solveCaptcha(t)) });
    expect(r.status).toBe(200);
    // Success clears the counter.
    r = await t.http().post('/api/auth/login').send({ email: u.email, password: u.password });
    expect(r.status).toBe(200);
  });

  it("keeps each attempt on the account in its sign-in history, failed ones with why, never another user's", async () => {
    const u = await createUser(t);
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    let r = await t.http().post('/api/auth/login').set('User-Agent', ua).send({ email: u.email, password: 'wrong-pass-1' });
    expect(r.status).toBe(401);
    // An unknown e-mail has no owner: nothing is kept for it.
    await t.http().post('/api/auth/login').send({ email: uniqueEmail(), password: 'whatever-1' });
    r = await t.http().post('/api/auth/login').set('User-Agent', ua).send({ email: u.email, password: u.password });
    expect(r.status).toBe(200);
    const history = await t.http().get('/api/me/logins').set(u.auth).expect(200);
    expect(history.body.items.map((e: { ok: boolean; reason: string | null; device: string | null }) => [e.ok, e.reason, e.device === ua])).toEqual([
      [true, null, true],
      [false, 'password', true],
      [true, null, false],
    ]);
    for (const e of history.body.items) {
      expect(Object.keys(e).sort()).toEqual(['at', 'device', 'ip', 'ok', 'reason']);
      expect(Date.parse(e.at)).toBeLessThanOrEqual(Date.now());
    }
    const stranger = await createUser(t);
    const theirs = await t.http().get('/api/me/logins').set(stranger.auth).expect(200);
    expect(theirs.body.items).toHaveLength(1);
    expect((await t.http().get('/api/me/logins')).status).toBe(401);

    // A disabled account's attempt with the right password is kept as refused.
    await t.ds.query(`UPDATE users SET disabled_at = now(), disabled_reason = 'test' WHERE id = $1`, [stranger.id]);
    r = await t.http().post('/api/auth/login').send({ email: stranger.email, password: stranger.password });
    expect([r.status, r.body.error.code]).toEqual([403, 'ACCOUNT_DISABLED']);
    const [kept] = await t.ds.query(`SELECT ok, reason FROM login_events WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [stranger.id]);
    expect(kept).toEqual({ ok: false, reason: 'disabled' });
  });

  it('keeps the newest 100 attempts of an account', async () => {
    const u = await createUser(t);
    await t.ds.query(`INSERT INTO login_events (user_id, ip, ok, reason) SELECT $1, '10.0.0.' || g, false, 'password' FROM generate_series(1, 120) g`, [u.id]);
    await login(t, u.email, u.password);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM login_events WHERE user_id = $1`, [u.id]);
    expect(n).toBe(100);
    const history = await t.http().get('/api/me/logins').set(u.auth).expect(200);
    expect(history.body.items).toHaveLength(100);
    expect(history.body.items[0]).toMatchObject({ ok: true, reason: null });
    expect(history.body.items[99]).toMatchObject({ ip: '10.0.0.22' });
  });

  it('needs a valid token on protected routes', async () => {
    for (const h of [undefined, 'Bearer nonsense', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
      const req = t.http().get('/api/me');
      const r = await (h ? req.set('Authorization', h) : req);
      expect([r.status, r.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});

describe('refresh tokens', () => {
  it('rotates on use and revokes the whole session when an old token is replayed', async () => {
    const u = await createUser(t);
    const r1 = await t.http().post('/api/auth/refresh').set('Cookie', u.cookie).expect(200);
    const setCookie = r1.headers['set-cookie'] as unknown as string[];
    expect(setCookie.join(';')).toMatch(/HttpOnly/i);
    expect(setCookie.join(';')).toMatch(/SameSite=Strict/i);
    const second = refreshCookieOf(setCookie);
    expect(second).not.toBe(u.cookie);
    const newAccess = r1.body.accessToken as string;
    await t.http().get('/api/me').set('Authorization', `Bearer ${newAccess}`).expect(200);

    // Replaying the first (consumed) token: reuse detected.
    const replay = await t.http().post('/api/auth/refresh').set('Cookie', u.cookie);
    expect([replay.status, replay.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    // The whole session is gone: the newest refresh token and the access token die with it.
    const after = await t.http().post('/api/auth/refresh').set('Cookie', second);
    expect(after.status).toBe(401);
    const me = await t.http().get('/api/me').set('Authorization', `Bearer ${newAccess}`);
    expect(me.status).toBe(401);
    const [s] = await t.ds.query(`SELECT revoked_reason FROM sessions WHERE subject_id = $1`, [u.id]);
    expect(s.revoked_reason).toBe('refresh_reuse');
  });

  it('logout revokes the session and clears the cookie', async () => {
    const u = await createUser(t);
    const out = await t.http().post('/api/auth/logout').set('Cookie', u.cookie).expect(204);
    expect((out.headers['set-cookie'] as unknown as string[]).join(';')).toMatch(/candor_rt=;/);
    expect((await t.http().get('/api/me').set(u.auth)).status).toBe(401);
    expect((await t.http().post('/api/auth/refresh').set('Cookie', u.cookie)).status).toBe(401);
  });

  it("lists sessions and ends another one remotely; never another user's", async () => {
    const u = await createUser(t);
    const other = await login(t, u.email, u.password);
    const list = await t.http().get('/api/auth/sessions').set(u.auth).expect(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const target = list.body.find((s: { current: boolean }) => !s.current).id;

    const stranger = await createUser(t);
    const denied = await t.http().delete(`/api/auth/sessions/${target}`).set(stranger.auth);
    expect([denied.status, denied.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${other.token}`)).status).toBe(200);

    await t.http().delete(`/api/auth/sessions/${target}`).set(u.auth).expect(204);
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${other.token}`)).status).toBe(401);
    expect((await t.http().get('/api/auth/sessions').set(u.auth)).body).toHaveLength(1);
  });
  it('signs out every other device and keeps the current one', async () => {
    const u = await createUser(t);
    const [second, third] = [await login(t, u.email, u.password), await login(t, u.email, u.password)];
    const stranger = await createUser(t);
    const r = await t.http().delete('/api/auth/sessions').set(u.auth).expect(200);
    expect(r.body).toEqual({ revoked: 2 });
    for (const other of [second, third]) expect((await t.http().get('/api/me').set('Authorization', `Bearer ${other.token}`)).status).toBe(401);
    expect((await t.http().get('/api/me').set(u.auth)).status).toBe(200);
    const list = await t.http().get('/api/auth/sessions').set(u.auth).expect(200);
    expect(list.body.map((s: { current: boolean }) => s.current)).toEqual([true]);
    // Another user's sessions are untouched.
    expect((await t.http().get('/api/me').set(stranger.auth)).status).toBe(200);
    expect((await t.http().delete('/api/auth/sessions').set(u.auth).expect(200)).body).toEqual({ revoked: 0 });
  });

  it('does not list a session whose refresh token ran out', async () => {
    const u = await createUser(t);
    await login(t, u.email, u.password);
    const [stale] = await t.ds.query(`SELECT id FROM sessions WHERE subject_id = $1 ORDER BY created_at DESC LIMIT 1`, [u.id]);
    await t.ds.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [stale.id]);
    const list = await t.http().get('/api/auth/sessions').set(u.auth).expect(200);
    expect(list.body.map((s: { id: string }) => s.id)).not.toContain(stale.id);
    expect(list.body).toHaveLength(1);
  });
});

describe('self-service password changes', () => {
  it('changes the login password with the old one and ends the other sessions', async () => {
    const u = await createUser(t);
    const other = await login(t, u.email, u.password);
    let r = await t
      .http()
      .post('/api/me/password')
      .set(u.auth)
      .send({ kind: 'login', oldPassword: 'not-it-123', newPassword: 'brand-new-9', confirmPassword: 'brand-new-9' });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([422, 'OLD_PASSWORD_INVALID', 'oldPassword']);
    r = await t
      .http()
      .post('/api/me/password')
      .set(u.auth)
      .send({ kind: 'login', oldPassword: u.password, newPassword: 'brand-new-9', confirmPassword: 'brand-new-8' });
    expect(r.body.error.code).toBe('PASSWORD_MISMATCH');
    r = await t.http().post('/api/me/password').set(u.auth).send({ kind: 'login', oldPassword: u.password, newPassword: 'short', confirmPassword: 'short' });
    expect([r.body.error.code, r.body.error.field]).toEqual(['VALIDATION_FAILED', 'newPassword']);
    await t
      .http()
      .post('/api/me/password')
      .set(u.auth)
      .send({ kind: 'login', oldPassword: u.password, newPassword: 'brand-new-9', confirmPassword: 'brand-new-9' })
      .expect(204);
    expect((await t.http().post('/api/auth/login').send({ email: u.email, password: u.password })).status).toBe(401);
    await login(t, u.email, 'brand-new-9');
    expect((await t.http().get('/api/me').set(u.auth)).status).toBe(200);
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${other.token}`)).status).toBe(401);
  });

  it('changes the transaction password (6 digits) with the old one', async () => {
    const u = await createUser(t);
    let r = await t
      .http()
      .post('/api/me/password')
      .set(u.auth)
      .send({ kind: 'trade', oldPassword: u.tradePassword, newPassword: '13579', confirmPassword: '13579' });
    expect([r.body.error.code, r.body.error.field]).toEqual(['VALIDATION_FAILED', 'newPassword']);
    r = await t
      .http()
      .post('/api/me/password')
      .set(u.auth)
      .send({ kind: 'trade', oldPassword: u.tradePassword, newPassword: '135791', confirmPassword: '135792' });
    expect(r.body.error.code).toBe('TRADE_PASSWORD_MISMATCH');
    await t
      .http()
      .post('/api/me/password')
      .set(u.auth)
      .send({ kind: 'trade', oldPassword: u.tradePassword, newPassword: '135791', confirmPassword: '135791' })
      .expect(204);
    r = await t
      .http()
      .post('/api/me/password')
      .set(u.auth)
      .send({ kind: 'trade', oldPassword: u.tradePassword, newPassword: '111111', confirmPassword: '111111' });
    expect(r.body.error.code).toBe('OLD_PASSWORD_INVALID');
  });
});

describe('isolation between users', () => {
  it("cannot read another user's records", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const aRecords = await t.http().get('/api/wallet/records?account=demo').set(a.auth).expect(200);
    const id = aRecords.body.items[0].id;
    const r = await t.http().get(`/api/wallet/records/${id}`).set(b.auth);
    expect([r.status, r.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const bRecords = await t.http().get('/api/wallet/records?account=demo').set(b.auth).expect(200);
    expect(bRecords.body.items.map((x: { id: string }) => x.id)).not.toContain(id);
    const me = await t.http().get('/api/me').set(b.auth).expect(200);
    expect(me.body.id).toBe(b.id);
  });
});

describe('bad input never reaches a 500', () => {
  const cases: [string, string, unknown, string | undefined][] = [
    ['missing everything', '/api/auth/register/check', {}, 'email'],
    ['wrong types', '/api/auth/register/check', { email: 42, phone: [], inviteCode: {}, captchaId: null, captchaCode: 1234 }, 'email'],
    [
      'bad e-mail',
      '/api/auth/register/check',
      { email: 'not-an-email', phone: '13812345678', inviteCode: 'ABCD', captchaId: 'x', captchaCode: '1234' },
      'email',
    ],
    ['bad phone', '/api/auth/register/check', { email: 'a@b.co', phone: '12345', inviteCode: 'ABCD', captchaId: 'x', captchaCode: '1234' }, 'phone'],
    [
      'captcha of 5 digits',
      '/api/auth/register/check',
      { email: 'a@b.co', phone: '13812345678', inviteCode: 'ABCD', captchaId: 'x', captchaCode: '12345' },
      'captchaCode',
    ],
    ['unknown field', '/api/auth/login', { email: 'a@b.co', password: 'x', isAdmin: true }, 'isAdmin'],
    ['huge string', '/api/auth/login', { email: 'a'.repeat(20000), password: 'x' }, 'email'],
    ['array body', '/api/auth/login', [1, 2, 3], undefined],
    [
      'weak password',
      '/api/auth/register',
      { registrationToken: 't', password: 'abc', confirmPassword: 'abc', tradePassword: '123456', confirmTradePassword: '123456' },
      'password',
    ],
    [
      'trade password not digits',
      '/api/auth/register',
      { registrationToken: 't', password: 'secret-pass-1', confirmPassword: 'secret-pass-1', tradePassword: 'abcdef', confirmTradePassword: 'abcdef' },
      'tradePassword',
    ],
    ['nickname too long', '/api/me', { nickname: 'x'.repeat(300) }, undefined],
  ];
  it.each(cases)('%s -> 400 VALIDATION_FAILED', async (_name, path, body, field) => {
    const u = path === '/api/me' ? await createUser(t) : null;
    const req = path === '/api/me' ? t.http().patch(path).set(u!.auth) : t.http().post(path);
    const r = await req.send(body as object);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    if (field) expect(r.body.error.field).toBe(field);
    expect(typeof r.body.error.message).toBe('string');
    expect(r.body.error.requestId).toBe(r.headers['x-request-id']);
  });

  it('malformed JSON and an oversized body are 400, not 500', async () => {
    let r = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ');
    expect([r.status, r.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    r = await t
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'p'.repeat(200_000) }));
    expect([r.status, r.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('unknown routes are 404 NOT_FOUND in the asked language', async () => {
    const r = await t.http().get('/api/no-such-thing').set('Accept-Language', 'en');
    expect([r.status, r.body.error.code, r.body.error.message]).toEqual([404, 'NOT_FOUND', 'Not found']);
    const q = await t.http().get('/api/no-such-thing?lang=zh-TW');
    expect(q.body.error.message).toBe('未找到');
  });
});

describe('ledger', () => {
  it('keeps the invariant after registrations', async () => {
    await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    const check = await ledgerCheck(t);
    expect(check).toMatchObject({ ok: true, imbalance: '0.00', mismatched: [] });
    expect(check.accounts).toBeGreaterThan(6);
  });

  it('refuses an unbalanced entry and an overdraft in the database itself', async () => {
    const u = await registerUser(t);
    const [acc] = await t.ds.query(`SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'cash'`, [u.id]);
    await expect(t.ds.query(`UPDATE ledger_accounts SET balance = -1 WHERE id = $1`, [acc.id])).rejects.toThrow(/ledger_accounts_non_negative/);
    await expect(
      t.ds.transaction(async (em) => {
        const [e] = await em.query(
          `INSERT INTO journal_entries (entry_no, type) VALUES ('T' || substr(md5(random()::text), 1, 20), 'adjustment') RETURNING id`,
        );
        await em.query(`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, 5, 5)`, [e.id, acc.id]);
      }),
    ).rejects.toThrow(/does not balance/);
    // Two entries in one statement, the second one off by a cent: the statement is refused, naming it.
    const [other] = await t.ds.query(`SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'escrow'`, [u.id]);
    let second = '';
    const refused = await t.ds
      .transaction(async (em) => {
        const entries: { id: string }[] = await em.query(
          `INSERT INTO journal_entries (entry_no, type) SELECT 'T' || substr(md5(random()::text), 1, 20), 'adjustment' FROM generate_series(1, 2) RETURNING id`,
        );
        second = String(entries[1]!.id);
        await em.query(
          `INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $3, 5, 5), ($1, $4, -5, -5), ($2, $3, 5, 10), ($2, $4, -4, -9)`,
          [entries[0]!.id, second, other.id, acc.id],
        );
      })
      .then(
        () => 'accepted',
        (e: Error) => e.message,
      );
    expect(second).not.toBe('');
    expect(refused).toContain(`journal entry ${second} does not balance`);
    await expect(t.ds.query(`DELETE FROM postings WHERE id = (SELECT min(id) FROM postings)`)).rejects.toThrow(/append-only/);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('refuses postings that name a missing entry or account, and never lets a referenced account go or change its id', async () => {
    const u = await registerUser(t);
    const [acc] = await t.ds.query(`SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'cash'`, [u.id]);
    const [other] = await t.ds.query(`SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'escrow'`, [u.id]);
    // Balanced, but the entry does not exist.
    await expect(
      t.ds.query(`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES (999999999, $1, 5, 5), (999999999, $2, -5, -5)`, [
        acc.id,
        other.id,
      ]),
    ).rejects.toThrow(/journal entry 999999999, which does not exist/);
    // A real, balanced entry, but one posting names an account that does not exist.
    await expect(
      t.ds.transaction(async (em) => {
        const [e] = await em.query(
          `INSERT INTO journal_entries (entry_no, type) VALUES ('T' || substr(md5(random()::text), 1, 20), 'adjustment') RETURNING id`,
        );
        await em.query(`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, 5, 5), ($1, 999999999, -5, -5)`, [e.id, acc.id]);
      }),
    ).rejects.toThrow(/ledger account 999999999, which does not exist/);
    await expect(t.ds.query(`DELETE FROM ledger_accounts WHERE id = $1`, [acc.id])).rejects.toThrow(/never removed/);
    await expect(t.ds.query(`TRUNCATE ledger_accounts CASCADE`)).rejects.toThrow(/never removed/);
    // An identity column refuses any new id but its DEFAULT; the trigger refuses that one.
    await expect(t.ds.query(`UPDATE ledger_accounts SET id = DEFAULT WHERE id = $1`, [acc.id])).rejects.toThrow(/cannot change/);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});
