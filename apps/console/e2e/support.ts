// Shared helpers of the console's browser tests: api calls, a user registered through the API (the
// captcha answer read from Redis, where the server keeps it) and the operator signed in from inside the
// browser with a fresh TOTP code.
import { tokenOf, waitForLink } from '../../../scripts/testing/mailbox.mjs';
import { expect } from '@jest/globals';
import type { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { ADMIN_AUTH, API } from '@candor/contracts';
import { freshTotp } from '../../../scripts/testing/totp.mjs';
import { enrolledOperatorToken as enrolledOperator } from '../../../scripts/testing/operators.mjs';
import { REDIS_KEYS } from '@candor/cross-process';

export const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
export const CONSOLE = `${BASE}/console/`;
const EMAIL = process.env.E2E_OPERATOR_EMAIL ?? '';
const PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? '';
const INVITE = process.env.E2E_INVITE_CODE ?? '';
/** Base32 TOTP secret of the seeded operator, where the platform asks operators for a second factor. */
const OPERATOR_TOTP_SECRET = process.env.E2E_OPERATOR_TOTP_SECRET ?? '';
export const TRADE_PASSWORD = '246810';

export interface Answer<T> {
  status: number;
  body: T;
}
export async function call<T>(method: string, path: string, body?: unknown, token?: string, lang = 'zh-TW'): Promise<Answer<T>> {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
export async function ok<T>(method: string, path: string, body?: unknown, token?: string, lang?: string): Promise<T> {
  const r = await call<T>(method, path, body, token, lang);
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * A fresh user registered through the API (the captcha answer read from Redis, where the server keeps it), logged in,
 * with the e-mail address confirmed through the link mailed to it (money leaves only for a confirmed address).
 */
export async function registerUser(
  redis: Redis,
  prefix = 'money',
  inviteCode = INVITE,
): Promise<{ id: string; email: string; password: string; token: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${prefix}${stamp}@example.com`;
  const password = 'Money-e2e-2024';
  const { captchaId } = await ok<{ captchaId: string }>('GET', API.captcha);
  const captchaCode = await redis.get(REDIS_KEYS.captcha(captchaId));
  expect(captchaCode).toMatch(/^\d{4}$/);
  const { registrationToken } = await ok<{ registrationToken: string }>('POST', API.registerCheck, {
    email,
    phone: `+8869${stamp.slice(-8)}`,
    inviteCode,
    captchaId,
    captchaCode,
  });
  const reg = await ok<{ userId: string }>('POST', API.register, {
    registrationToken,
    password,
    confirmPassword: password,
    tradePassword: TRADE_PASSWORD,
    confirmTradePassword: TRADE_PASSWORD,
  });
  const { accessToken } = await ok<{ accessToken: string }>('POST', API.login, { email, password });
  await ok('POST', API.emailConfirm, { token: tokenOf(await waitForLink(email, 'confirm-email')) });
  return { id: reg.userId, email, password, token: accessToken };
}

/**
 * Signs the operator in through the api from inside the browser, so the refresh cookie lands in the
 * browser and the console restores the session from it (the login page has its own test). With a
 * TOTP secret it sends a code of a time step this run has not used yet.
 */
export async function operatorLogin(page: Page): Promise<string> {
  const data = { email: EMAIL, password: PASSWORD, ...(OPERATOR_TOTP_SECRET ? { totp: await freshTotp(OPERATOR_TOTP_SECRET) } : {}) };
  const res = await page.request.post(`${BASE}/api${API.adminLogin}`, { data });
  const body = (await res.json()) as { accessToken?: string };
  if (res.status() !== 200 || !body.accessToken) throw new Error(`operator login -> ${res.status()} ${JSON.stringify(body)}`);
  return body.accessToken;
}

/**
 * A second operator of `role`, added by the admin (`adminToken`) and enrolled in TOTP through the api as
 * every role must be at its first sign-in; answers its access token (four eyes need another operator).
 */
export function enrolledOperatorToken(adminToken: string, role: 'reviewer' | 'finance' | 'support' | 'admin' = 'reviewer'): Promise<string> {
  return enrolledOperator({ base: BASE, paths: { API, ADMIN_AUTH }, adminToken, role });
}
