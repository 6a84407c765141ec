import { randomInt, randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import { generateSecret } from 'otplib';
import type { OperatorRole } from '@candor/contracts';
import type { TestApp } from './app.js';
import { totpCode } from './totp.js';
import { TEST_INVITE_CODE, TEST_OPERATOR } from './app.js';
import { REDIS_KEYS } from '@candor/cross-process';

let counter = 0;
export function uniqueEmail(tag = 'user'): string {
  return `${tag}.${Date.now().toString(36)}.${++counter}.${randomInt(1e6)}@example.com`;
}
export function uniquePhone(): string {
  return `139${String(randomInt(1e8)).padStart(8, '0')}`;
}

/** A captcha and its answer, read from Redis as a test may (the app has no bypass). */
export async function solveCaptcha(t: TestApp): Promise<{ captchaId: string; captchaCode: string }> {
  const res = await t.http().get('/api/auth/captcha').expect(200);
  const captchaId = res.body.captchaId as string;
  const captchaCode = await t.redis.get(REDIS_KEYS.captcha(captchaId));
  if (!captchaCode) throw new Error('captcha answer missing in Redis');
  return { captchaId, captchaCode };
}

export interface NewUser {
  id: string;
  email: string;
  phone: string;
  password: string;
  tradePassword: string;
  inviteCode: string;
}

export async function registerUser(
  t: TestApp,
  opts: Partial<{ email: string; phone: string; password: string; tradePassword: string; inviteCode: string }> = {},
): Promise<NewUser> {
  const email = opts.email ?? uniqueEmail();
  const phone = opts.phone ?? uniquePhone();
  const password = opts.password ?? 'secret-pass-1';
  const tradePassword = opts.tradePassword ?? '246810';
  const code = opts.inviteCode ?? TEST_INVITE_CODE;
  const check = await t
    .http()
    .post('/api/auth/register/check')
    .send({ email, phone, inviteCode: code, ...(await solveCaptcha(t)) });
  expect(check.status).toBe(200);
  const reg = await t.http().post('/api/auth/register').send({
    registrationToken: check.body.registrationToken,
    password,
    confirmPassword: password,
    tradePassword,
    confirmTradePassword: tradePassword,
  });
  expect(reg.status).toBe(201);
  const me = await t.ds.query(`SELECT invite_code FROM users WHERE id = $1`, [reg.body.userId]);
  return { id: reg.body.userId, email, phone, password, tradePassword, inviteCode: me[0].invite_code };
}

export interface LoggedIn extends NewUser {
  token: string;
  cookie: string;
  auth: { Authorization: string };
}

export function refreshCookieOf(setCookie: string[] | string | undefined, name = 'candor_rt'): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const c = list.find((s) => s.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie set`);
  return c.split(';')[0]!;
}

export async function login(t: TestApp, email: string, password: string): Promise<{ token: string; cookie: string }> {
  const res = await t.http().post('/api/auth/login').send({ email, password });
  expect(res.status).toBe(200);
  return { token: res.body.accessToken, cookie: refreshCookieOf(res.headers['set-cookie']) };
}

/** createUser(): registered through both steps and logged in. */
/**
 * A registered, signed-in user. Its e-mail address counts as confirmed (as after following the mailed link, which
 * mail.int-spec.ts tests), so money can leave; `emailConfirmed: false` keeps it as registration leaves it.
 */
/**
 * A registered, signed-in user. By default the account is ready for everything (address confirmed, identity
 * verified, as the status column says; tests of verification itself pass `kycVerified: false`).
 */
export async function createUser(
  t: TestApp,
  opts: Parameters<typeof registerUser>[1] & { emailConfirmed?: boolean; kycVerified?: boolean } = {},
): Promise<LoggedIn> {
  const { emailConfirmed = true, kycVerified = true, ...registration } = opts;
  const u = await registerUser(t, registration);
  if (emailConfirmed) await t.ds.query(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [u.id]);
  if (kycVerified) await t.ds.query(`UPDATE users SET kyc_status = 'verified' WHERE id = $1`, [u.id]);
  const { token, cookie } = await login(t, u.email, u.password);
  return { ...u, token, cookie, auth: { Authorization: `Bearer ${token}` } };
}

export interface OperatorCreds {
  email: string;
  password: string;
  /** Base32; set for admins (who must give a code), absent for roles that sign in with the password alone. */
  totpSecret?: string;
}

/**
 * Logs an operator in through the api, with the current TOTP code when it has a secret. Many tests sign
 * the same operator in within one 30-second step, and the api accepts each step once: so the stored last
 * step is cleared first (replay protection itself is tested in operator-totp.int-spec.ts).
 */
export async function loginOperator(t: TestApp, creds: OperatorCreds = TEST_OPERATOR): Promise<{ token: string; auth: { Authorization: string } }> {
  const res = await t
    .http()
    .post('/api/admin/auth/login')
    .send(await operatorLoginBody(t, creds));
  expect(res.status).toBe(200);
  return { token: res.body.accessToken, auth: { Authorization: `Bearer ${res.body.accessToken}` } };
}

/** The login body of an operator, with a fresh current TOTP code when it has a secret (see loginOperator). */
export async function operatorLoginBody(t: TestApp, creds: OperatorCreds = TEST_OPERATOR): Promise<{ email: string; password: string; totp?: string }> {
  if (!creds.totpSecret) return { email: creds.email, password: creds.password };
  await t.ds.query(`UPDATE operators SET totp_last_step = NULL WHERE lower(email) = lower($1)`, [creds.email]);
  return { email: creds.email, password: creds.password, totp: await totpCode(creds.totpSecret) };
}

/** An extra operator with a given role, inserted directly, with an enrolled TOTP secret (every role signs in with one) unless `enrolled: false`. */
export async function createOperator(t: TestApp, role: OperatorRole, opts: { enrolled?: boolean } = {}): Promise<OperatorCreds & { id: string }> {
  const { PasswordHasher } = await import('../../src/auth/password-hasher.js');
  const { deriveTotpKey, encryptSecret } = await import('../../src/auth/totp/totp-crypto.js');
  const email = `op-${role}-${randomUUID().slice(0, 8)}@candor.test`;
  const password = 'operator-pass-9';
  const totpSecret = opts.enrolled === false ? undefined : generateSecret();
  const secretEnc = totpSecret ? encryptSecret(deriveTotpKey(t.config.TOTP_ENCRYPTION_KEY ?? t.config.JWT_SECRET), totpSecret) : null;
  const [row]: { id: string }[] = await t.ds.query(
    `INSERT INTO operators (email, password_hash, role, totp_secret_enc, totp_enrolled_at) VALUES ($1, $2, $3, $4, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END) RETURNING id`,
    [email, await new PasswordHasher().hash(password), role, secretEnc],
  );
  return { id: row!.id, email, password, ...(totpSecret ? { totpSecret } : {}) };
}
