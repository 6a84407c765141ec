// Shared helpers of the web browser tests that span the web app and the console: api calls, a user
// registered through the API (the captcha answer read from Redis) and the operator signed in with a
// fresh TOTP code. Used by money-flow.e2e.ts, records.e2e.ts and catalogue-changes.e2e.ts.
import { tokenOf, waitForLink } from '../../../scripts/testing/mailbox.mjs';
import { expect } from '@jest/globals';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { API } from '@candor/contracts';
import { freshTotp } from '../../../scripts/testing/totp.mjs';
import { verifyIdentity } from '../../../scripts/testing/kyc.mjs';
import { REDIS_KEYS } from '@candor/cross-process';

export const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
export const TRADE_PASSWORD = '246810';
const INVITE = process.env.E2E_INVITE_CODE ?? '';
const OPERATOR_EMAIL = process.env.E2E_OPERATOR_EMAIL ?? '';
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
const OPERATOR_PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? '';
/** Base32 TOTP secret of the seeded operator, where the platform asks operators for a second factor. */
const OPERATOR_TOTP_SECRET = process.env.E2E_OPERATOR_TOTP_SECRET ?? '';

/** One api call: its status and parsed body, whatever the status. */
export async function send<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** One api call that must succeed: its body. */
export async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const r = await send<T>(method, path, body, token);
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export interface RegisteredUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/**
 * A fresh user registered through the API (the captcha answer read from Redis, `captcha:<id>`), with an access token.
 * Its e-mail address is confirmed through the link mailed to it (withdrawals wait for that) unless `confirmEmail` is false.
 */
export async function registerUser(redis: Redis, prefix: string, { confirmEmail = true } = {}): Promise<RegisteredUser> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${prefix}${stamp}@example.com`;
  const password = 'Flow-e2e-2024';
  const { captchaId } = await call<{ captchaId: string }>('GET', API.captcha);
  const captchaCode = await redis.get(REDIS_KEYS.captcha(captchaId));
  expect(captchaCode).toMatch(/^\d{4}$/);
  const { registrationToken } = await call<{ registrationToken: string }>('POST', API.registerCheck, {
    email,
    phone: `+8869${stamp.slice(-8)}`,
    inviteCode: INVITE,
    captchaId,
    captchaCode,
  });
  const { userId } = await call<{ userId: string }>('POST', API.register, {
    registrationToken,
    password,
    confirmPassword: password,
    tradePassword: TRADE_PASSWORD,
    confirmTradePassword: TRADE_PASSWORD,
  });
  const { accessToken } = await call<{ accessToken: string }>('POST', API.login, { email, password });
  if (confirmEmail) await call('POST', API.emailConfirm, { token: tokenOf(await waitForLink(email, 'confirm-email')) });
  return { id: userId, email, password, token: accessToken };
}

/**
 * Signs the operator in through the api from inside `page`'s browser, so the refresh cookie lands there
 * and the console restores the session from it. With a TOTP secret it sends a code of a time step this
 * run has not used yet (`freshTotp`). Returns the operator's access token.
 */
export async function operatorLogin(page: Page): Promise<string> {
  expect(OPERATOR_EMAIL).not.toBe('');
  const data = {
    email: OPERATOR_EMAIL,
    password: OPERATOR_PASSWORD,
    ...(OPERATOR_TOTP_SECRET ? { totp: await freshTotp(OPERATOR_TOTP_SECRET) } : {}),
  };
  const res = await page.request.post(`${BASE}/api${API.adminLogin}`, { data });
  const body = (await res.json()) as { accessToken?: string };
  if (res.status() !== 200 || !body.accessToken) throw new Error(`operator login -> ${res.status()} ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** The operator's access token, signed in through the api alone (no browser); a fresh TOTP code when needed. */
export async function operatorToken(): Promise<string> {
  expect(OPERATOR_EMAIL).not.toBe('');
  const body = {
    email: OPERATOR_EMAIL,
    password: OPERATOR_PASSWORD,
    ...(OPERATOR_TOTP_SECRET ? { totp: await freshTotp(OPERATOR_TOTP_SECRET) } : {}),
  };
  return (await call<{ accessToken: string }>('POST', API.adminLogin, body)).accessToken;
}

/**
 * Verifies the user's identity through the api (a submission with two generated photos, approved by the
 * operator): withdrawals need a verified account, and the tests that withdraw are about something else.
 */
export async function verifyUser(user: { token: string }, operatorToken: string): Promise<void> {
  await verifyIdentity({ base: BASE, userToken: user.token, operatorToken });
}

/** Polls `read` until `ok` holds (server-side effects of a click), failing with the last value. */
export async function eventually<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000, everyMs = 250): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, everyMs));
    last = await read();
  }
  return last;
}

/** Credits the user's cash through the ledger's own function (balanced against the deposits clearing account). */
export async function fundCash(userId: string, cents: number): Promise<void> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT (SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'cash') AS cash,
              (SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = 'deposits_clearing') AS clearing`,
      [userId],
    );
    await db.query(`SELECT candor_post_entry('adjustment', $1::uuid, 'test', $1::text, NULL, 'e2e funding', $2::bigint[], $3::bigint[])`, [
      userId,
      [rows[0].clearing, rows[0].cash],
      [-cents, cents],
    ]);
  } finally {
    await db.end();
  }
}
