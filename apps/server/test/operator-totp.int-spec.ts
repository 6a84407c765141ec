import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import { COMPRESS_THRESHOLD } from '../src/common/compression.js';
import { startApp, TEST_OPERATOR, type TestApp } from './support/app.js';
import { createOperator, loginOperator, operatorLoginBody, refreshCookieOf } from './support/factories.js';
import { currentTimeStep, totpCode } from './support/totp.js';
import { REDIS_KEYS } from '@candor/cross-process';

// Operators' second factor through the real api: codes required of admins, wrong and replayed codes
// refused, recovery codes once each, the per-operator failure limit, the enrolment of a first admin,
// and the 12-hour console refresh cookie.
let t: TestApp;
let admin: { auth: { Authorization: string } };
beforeAll(async () => {
  t = await startApp();
  admin = await loginOperator(t);
});
afterAll(async () => {
  await t.close();
});

const login = (body: Record<string, string>) => t.http().post('/api/admin/auth/login').send(body);
const codeOf = (r: { status: number; body: { error?: { code: string } } }) => [r.status, r.body.error?.code];

/** A new admin added through the api: no TOTP secret yet, so it has to enrol. */
async function newAdmin(): Promise<{ id: string; email: string; password: string }> {
  const email = `enrol-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@candor.test`;
  const r = await t.http().post('/api/admin/operators').set(admin.auth).send({ email, password: 'first-admin-pass', role: 'admin' }).expect(201);
  return { id: r.body.id, email, password: 'first-admin-pass' };
}

describe('operator login with TOTP', () => {
  it('asks an admin for the code, refuses a wrong one, and accepts the current one', async () => {
    const op = await createOperator(t, 'admin');
    expect(codeOf(await login({ email: op.email, password: op.password }))).toEqual([401, 'TOTP_REQUIRED']);
    const without = await login({ email: op.email, password: op.password });
    expect(without.body.error.enrollmentToken).toBeUndefined();
    const current = await totpCode(op.totpSecret!);
    const wrong = current === '000000' ? '111111' : '000000';
    expect(codeOf(await login({ email: op.email, password: op.password, totp: wrong }))).toEqual([401, 'TOTP_INVALID']);
    // A code two steps old is outside the one-step drift window.
    expect(codeOf(await login({ email: op.email, password: op.password, totp: await totpCode(op.totpSecret!, -3) }))).toEqual([401, 'TOTP_INVALID']);
    const ok = await login({ email: op.email, password: op.password, totp: current }).expect(200);
    expect(ok.body.operator).toMatchObject({ email: op.email, role: 'admin' });
    expect(ok.body.operator.permissions).toContain('operators.manage');
    // The password is checked first: a right code with a wrong password tells nothing about the code.
    expect(codeOf(await login({ email: op.email, password: 'wrong-password', totp: current }))).toEqual([401, 'INVALID_CREDENTIALS']);
  });

  it('refuses a code a second time (replay), and a code of an earlier step once a later one was used', async () => {
    const op = await createOperator(t, 'admin');
    const code = await totpCode(op.totpSecret!);
    await login({ email: op.email, password: op.password, totp: code }).expect(200);
    expect(codeOf(await login({ email: op.email, password: op.password, totp: code }))).toEqual([401, 'TOTP_INVALID']);
    const [row] = await t.ds.query(`SELECT totp_last_step FROM operators WHERE id = $1`, [op.id]);
    expect(Number(row.totp_last_step)).toBeGreaterThanOrEqual(currentTimeStep() - 1);
    // The next step's code (one step of clock drift) is still fresh; after it, the previous one is not.
    await login({ email: op.email, password: op.password, totp: await totpCode(op.totpSecret!, 1) }).expect(200);
    expect(codeOf(await login({ email: op.email, password: op.password, totp: await totpCode(op.totpSecret!, -1) }))).toEqual([401, 'TOTP_INVALID']);
  });

  it('asks every role for the second factor: a reviewer without one is offered enrolment, not a session', async () => {
    const reviewer = await createOperator(t, 'reviewer', { enrolled: false });
    const r = await login({ email: reviewer.email, password: reviewer.password });
    expect(codeOf(r)).toEqual([401, 'TOTP_REQUIRED']);
    expect(r.body.error.enrollmentToken).toEqual(expect.any(String));
    expect(r.body.accessToken).toBeUndefined();
    const enrolled = await createOperator(t, 'reviewer');
    expect(codeOf(await login({ email: enrolled.email, password: enrolled.password }))).toEqual([401, 'TOTP_REQUIRED']);
    const ok = await login(await operatorLoginBody(t, enrolled)).expect(200);
    expect(ok.body.operator.permissions).not.toContain('operators.manage');
  });

  it('stores the secret encrypted, never in clear', async () => {
    const [row] = await t.ds.query(`SELECT totp_secret_enc FROM operators WHERE lower(email) = lower($1)`, [TEST_OPERATOR.email]);
    expect(row.totp_secret_enc).toMatch(/^v1\./);
    expect(row.totp_secret_enc).not.toContain(TEST_OPERATOR.totpSecret);
  });

  it('locks the second factor after five wrong codes, even for the right code, and audits the failures', async () => {
    const op = await createOperator(t, 'admin');
    const right = await totpCode(op.totpSecret!);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect(codeOf(await login({ email: op.email, password: op.password, totp: wrong }))).toEqual([401, 'TOTP_INVALID']);
    const locked = await login({ email: op.email, password: op.password, totp: right });
    expect(codeOf(locked)).toEqual([429, 'RATE_LIMITED']);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    const audit = await t.http().get(`/api/admin/audit?action=operator.totp_failed&limit=10`).set(admin.auth).expect(200);
    expect(audit.body.items.filter((i: { targetId: string }) => i.targetId === op.id)).toHaveLength(5);
    // The lock lasts its window; clearing it (as the window's end does) lets the right code in.
    await t.redis.del(REDIS_KEYS.totpFailures(op.id));
    await login({ email: op.email, password: op.password, totp: right }).expect(200);
  });

  it('sets a console refresh cookie of 12 hours', async () => {
    const r = await t
      .http()
      .post('/api/admin/auth/login')
      .send(await operatorLoginBody(t))
      .expect(200);
    const cookie = ([r.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('candor_ort='))!;
    expect(cookie).toMatch(/Max-Age=43200/);
    const [row] = await t.ds.query(
      `SELECT extract(epoch FROM t.expires_at - s.created_at)::int AS ttl FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
        WHERE s.subject_type = 'operator' ORDER BY s.created_at DESC LIMIT 1`,
    );
    expect(Math.abs(row.ttl - 43200)).toBeLessThan(60);
  });
});

describe('enrolment of an admin without TOTP', () => {
  it('answers an enrolment token, shows a secret and QR code, confirms with a first code, and hands out recovery codes that work once', async () => {
    const op = await newAdmin();
    const first = await login({ email: op.email, password: op.password });
    expect(codeOf(first)).toEqual([401, 'TOTP_REQUIRED']);
    const enrollmentToken = first.body.error.enrollmentToken as string;
    expect(enrollmentToken.length).toBeGreaterThan(20);
    // A code without a secret changes nothing: still TOTP_REQUIRED with a new token.
    expect(codeOf(await login({ email: op.email, password: op.password, totp: '123456' }))).toEqual([401, 'TOTP_REQUIRED']);

    const started = await t.http().post('/api/admin/auth/enrollment').set('Accept-Encoding', 'br, gzip').send({ enrollmentToken }).expect(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    // Long enough to be compressed, but it holds the secret: never compressed (its length could leak it).
    expect(started.text.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(started.headers['content-encoding']).toBeUndefined();
    expect(started.body.otpauthUrl).toContain(`secret=${started.body.secret}`);
    expect(started.body.qrSvg).toMatch(/^<svg/);
    const secret = started.body.secret as string;

    const wrong = (await generate({ secret })) === '000000' ? '111111' : '000000';
    const bad = await t.http().post('/api/admin/auth/enrollment/confirm').send({ enrollmentToken, totp: wrong });
    expect(codeOf(bad)).toEqual([401, 'TOTP_INVALID']);
    const done = await t
      .http()
      .post('/api/admin/auth/enrollment/confirm')
      .send({ enrollmentToken, totp: await generate({ secret }) })
      .expect(200);
    expect(done.body.operator).toMatchObject({ email: op.email, role: 'admin' });
    expect(refreshCookieOf(done.headers['set-cookie'], 'candor_ort')).toMatch(/^candor_ort=/);
    const codes = done.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    await t
      .http()
      .get('/api/admin/me')
      .set({ Authorization: `Bearer ${done.body.accessToken}` })
      .expect(200);

    // The token is spent; recovery codes are kept only as hashes.
    expect(
      codeOf(
        await t
          .http()
          .post('/api/admin/auth/enrollment/confirm')
          .send({ enrollmentToken, totp: await generate({ secret }) }),
      ),
    ).toEqual([401, 'UNAUTHENTICATED']);
    const stored: { code_hash: string }[] = await t.ds.query(`SELECT code_hash FROM operator_recovery_codes WHERE operator_id = $1`, [op.id]);
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.code_hash.trim())).not.toContain(codes[0]);

    // Now a login needs a code; a recovery code works once, typed in any case.
    expect(codeOf(await login({ email: op.email, password: op.password }))).toEqual([401, 'TOTP_REQUIRED']);
    await login({ email: op.email, password: op.password, totp: codes[0]!.toUpperCase() }).expect(200);
    expect(codeOf(await login({ email: op.email, password: op.password, totp: codes[0]! }))).toEqual([401, 'TOTP_INVALID']);
    const audit = await t.http().get(`/api/admin/audit?operatorId=${op.id}&limit=20`).set(admin.auth).expect(200);
    const actions = audit.body.items.map((i: { action: string }) => i.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.totp_enrolled', 'operator.recovery_code_used']));
  });

  it('refuses an unknown enrolment token', async () => {
    const r = await t
      .http()
      .post('/api/admin/auth/enrollment')
      .send({ enrollmentToken: 'x'.repeat(32) });
    expect(codeOf(r)).toEqual([401, 'UNAUTHENTICATED']);
  });
});
