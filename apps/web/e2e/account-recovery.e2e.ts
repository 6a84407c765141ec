// Browser tier (issue 52): account recovery and the registration a person can always complete, in Chromium against
// the platform browser-setup.mjs starts. Mail goes to the SMTP server of the test process, which keeps each message
// in E2E_MAIL_DIR: the test follows the links in them as a user would. The proof-of-work is solved by the app's own
// widget in the page; the requests are watched to see it sent.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { API } from '@candor/contracts';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { REDIS_KEYS } from '@candor/cross-process';
import { mailsTo, waitForLink } from '../../../scripts/testing/mailbox.mjs';
import { BASE, registerUser, send, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';
const INVITE_CODE = process.env.E2E_INVITE_CODE ?? '';
const LOGIN = '/pages/login/login';
const USER = '/pages/user/user';

let redis: Redis;
const contexts: BrowserContext[] = [];

const linkIn = (address: string, page: 'reset-password' | 'confirm-email', after = 0): Promise<string> => waitForLink(address, page, { after });

async function freshPage(): Promise<Page> {
  const context = await launchBrowser();
  contexts.push(context);
  return context.pages()[0] ?? (await context.newPage());
}

async function waitForRoute(page: Page, route: string) {
  await page.waitForFunction((r) => window.location.hash.split('?')[0] === `#${r}`, route, { timeout: 15_000 });
}

/** The JSON body of the next request to `apiPath`, once `act` made it, and its answer's status. */
async function sent(page: Page, apiPath: string, act: () => Promise<unknown>): Promise<{ body: Record<string, unknown>; status: number }> {
  const request = page.waitForRequest((r: Request) => new URL(r.url()).pathname === `/api${apiPath}` && r.method() === 'POST', { timeout: 60_000 });
  await act();
  const req = await request;
  const res = await req.response();
  return { body: (req.postDataJSON() ?? {}) as Record<string, unknown>, status: res?.status() ?? 0 };
}

/** Tab (forward) until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 25): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}; focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
}

async function seriousAxe(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.targets.join(', ')}`);
}

beforeAll(async () => {
  if (!BASE || !REDIS_URL || !MAIL_DIR || !INVITE_CODE)
    throw new Error('E2E_BASE_URL, E2E_REDIS_URL, E2E_MAIL_DIR and E2E_INVITE_CODE must be set (browser-setup.mjs)');
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  redis?.disconnect();
});

describe('forgot password', () => {
  let user: RegisteredUser;
  const NEW_PASSWORD = 'Recovered-2026x';

  beforeAll(async () => {
    user = await registerUser(redis, 'recover');
  }, 30_000);

  it('goes from the login page to a signed-in session with the new password, and ends every other session', async () => {
    // Another device, signed in before the reset.
    const other = await freshPage();
    expect((await other.request.post(`${BASE}/api${API.login}`, { data: { email: user.email, password: user.password } })).status()).toBe(200);
    await other.goto(`${BASE}/#${USER}`);
    await other.getByTestId('user-email').waitFor();

    const page = await freshPage();
    await page.goto(`${BASE}/#${LOGIN}`);
    await page.getByLabel('電子郵件').fill(user.email);
    await page.getByTestId('to-forgot-password').click();
    await waitForRoute(page, '/forgot-password');
    // The address typed on the login page came along.
    expect(await page.getByLabel('電子郵件').inputValue()).toBe(user.email);
    await page.getByTestId('pow').and(page.locator('[data-state="verified"]')).waitFor({ timeout: 30_000 });
    await screenshot(page, 'web-52-forgot-password');

    const mailsBefore = mailsTo(user.email).length;
    const request = await sent(page, API.passwordReset, () => page.getByTestId('forgot-submit').click());
    expect(request.status).toBe(202);
    // The widget's solution went with it (base64 JSON of altcha-lib's payload).
    expect(JSON.parse(Buffer.from(String(request.body.altcha), 'base64').toString('utf8'))).toMatchObject({ algorithm: 'SHA-256' });
    const known = await page.getByTestId('forgot-sent').innerText();
    expect(known).toContain(user.email);
    expect(known).toContain('30 分鐘');

    // An address without an account: the same words, and no mail.
    const unknown = `nobody.${Date.now()}@example.com`;
    await page.getByTestId('forgot-again').click();
    await page.getByLabel('電子郵件').fill(unknown);
    expect((await sent(page, API.passwordReset, () => page.getByTestId('forgot-submit').click())).status).toBe(202);
    expect((await page.getByTestId('forgot-sent').innerText()).replace(unknown, user.email)).toBe(known);

    const link = await linkIn(user.email, 'reset-password', mailsBefore);
    expect(link.startsWith(`${BASE}/#/reset-password?token=`)).toBe(true);
    expect(mailsTo(unknown)).toEqual([]);

    await page.goto(link);
    await page.getByTestId('reset-form').waitFor();
    // The registration's rule for the login password, checked before anything is sent.
    await page.getByLabel('新的登入密碼', { exact: true }).fill('short');
    await page.getByLabel('確認新的登入密碼').fill('short');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-form').getByText('密碼需為 8 至 64 個字元，並同時包含字母和數字').waitFor();
    await page.getByLabel('新的登入密碼', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('確認新的登入密碼').fill(NEW_PASSWORD);
    await screenshot(page, 'web-52-reset-password');
    expect((await sent(page, API.passwordResetConfirm, () => page.getByTestId('reset-submit').click())).status).toBe(204);
    await page.getByTestId('reset-done').getByText('所有裝置上的登入都已結束').waitFor();

    await page.getByTestId('reset-to-login').click();
    await waitForRoute(page, LOGIN);
    await page.getByLabel('電子郵件').fill(user.email);
    await page.getByLabel('登入密碼').fill(NEW_PASSWORD);
    const login = await sent(page, API.login, () => page.getByTestId('login-submit').click());
    expect(login.status).toBe(200);
    expect(typeof login.body.altcha).toBe('string');
    await waitForRoute(page, USER);
    await expect(page.getByTestId('user-email').innerText()).resolves.toBe(user.email);

    // The old password is gone, and the device signed in before the reset was signed out.
    expect((await send('POST', API.login, { email: user.email, password: user.password })).status).toBe(401);
    await other.goto(`${BASE}/#${USER}`);
    await other.reload();
    await waitForRoute(other, LOGIN);

    // The link works once: a second use says so, with the way to a new one.
    await page.goto(link);
    await page.getByLabel('新的登入密碼', { exact: true }).fill('Another-2026x');
    await page.getByLabel('確認新的登入密碼').fill('Another-2026x');
    expect((await sent(page, API.passwordResetConfirm, () => page.getByTestId('reset-submit').click())).status).toBe(400);
    await page.getByTestId('reset-invalid').waitFor();
    await page.getByTestId('reset-invalid').getByText('重設密碼連結無效或已過期').waitFor();
    await page.getByTestId('reset-new-link').click();
    await waitForRoute(page, '/forgot-password');
  }, 180_000);
});

describe('registration with the proof-of-work, keyboard only', () => {
  const stamp = Date.now().toString(36);
  const email = `a11y.${stamp}@example.com`;
  const phone = `137${String(Date.now()).slice(-8)}`;
  const password = 'Keyboard-2026x';

  it('takes the path without the graphic code with Tab, Space and Enter, announced and axe clean', async () => {
    const page = await freshPage();
    await page.goto(`${BASE}/#/pages/login/registerCheck`);
    await page.getByTestId('register-check-form').waitFor();

    // Nothing filled in: Enter on the first field sends nothing and lands on the first field to fix.
    await tabTo(page, 'input[name="email"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('register-check-form').getByRole('alert').first().waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');

    await page.keyboard.type(email);
    await tabTo(page, 'input[name="phone"]');
    await page.keyboard.type(phone);
    await tabTo(page, 'input[name="inviteCode"]');
    await page.keyboard.type(INVITE_CODE);
    // The alternative is a button named for what it does, reached in order after the graphic code.
    const switcher = page.getByRole('button', { name: '我無法辨識圖形驗證碼' });
    await switcher.waitFor();
    await tabTo(page, '[data-testid="register-switch-path"]');
    await page.keyboard.press('Space');
    await page.getByTestId('register-without-code').waitFor();
    expect(await page.locator('input[name="captchaCode"]').count()).toBe(0);
    // Focus stays on the same button, now offering the way back; the change was announced.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('register-switch-path');
    await page.getByRole('button', { name: '改用圖形驗證碼' }).waitFor();
    await page.getByRole('status').filter({ hasText: '已改為免圖形驗證碼的方式' }).waitFor();
    await page.getByTestId('pow').and(page.locator('[data-state="verified"]')).waitFor({ timeout: 30_000 });
    expect(await seriousAxe(page)).toEqual([]);
    await screenshot(page, 'web-52-register-accessible');

    await tabTo(page, '[data-testid="register-check-submit"]');
    const check = await sent(page, API.registerCheck, () => page.keyboard.press('Enter'));
    expect(check.status).toBe(200);
    expect(check.body).not.toHaveProperty('captchaId');
    expect(check.body).not.toHaveProperty('captchaCode');
    expect(typeof check.body.altcha).toBe('string');
    await waitForRoute(page, '/pages/login/register');

    await page.getByTestId('register-form').waitFor();
    for (const [name, value] of [
      ['password', password],
      ['confirmPassword', password],
      ['tradePassword', '246810'],
      ['confirmTradePassword', '246810'],
    ] as const) {
      await tabTo(page, `input[name="${name}"]`);
      await page.keyboard.type(value);
    }
    expect(await seriousAxe(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: '註冊成功' }).waitFor();
    await waitForRoute(page, LOGIN);

    // Log in with the keyboard (the proof-of-work goes along), and the personal center asks for the confirmation.
    await tabTo(page, 'input[name="password"]');
    await page.keyboard.type(password);
    const login = await sent(page, API.login, () => page.keyboard.press('Enter'));
    expect(login.status).toBe(200);
    expect(typeof login.body.altcha).toBe('string');
    await waitForRoute(page, USER);
    await page.getByTestId('email-banner').waitFor();
    expect(await seriousAxe(page)).toEqual([]);
    await screenshot(page, 'web-52-email-banner');

    // The confirmation link of the mail sent at registration: the banner goes.
    await page.goto(await linkIn(email, 'confirm-email'));
    await page.getByTestId('confirm-done').waitFor();
    await page.getByTestId('confirm-to-center').click();
    await waitForRoute(page, USER);
    await page.getByTestId('user-email').waitFor();
    await page.getByTestId('email-banner').waitFor({ state: 'detached' });
  }, 180_000);

  it('says when the path without the graphic code is overused', async () => {
    const page = await freshPage();
    await page.goto(`${BASE}/#/pages/login/registerCheck`);
    try {
      // The bucket counts per address and hour: exhaust it from the page's own address, then try in the form.
      const statuses = await page.evaluate(
        async ({ url, invite }) => {
          const out: number[] = [];
          for (let i = 0; i < 20 && !out.includes(429); i++) {
            const body = { email: `over${i}.${Date.now()}@example.com`, phone: '13700000000', inviteCode: invite, altcha: 'e30=' };
            out.push((await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status);
          }
          return out;
        },
        { url: `/api${API.registerCheck}`, invite: INVITE_CODE },
      );
      expect(statuses).toContain(429);
      await page.getByLabel('電子郵件').fill(`limited.${stamp}@example.com`);
      await page.getByLabel('手機號碼').fill(`136${String(Date.now()).slice(-8)}`);
      await page.getByLabel('開戶碼（邀請碼）').fill(INVITE_CODE);
      await page.getByTestId('register-switch-path').click();
      await page.getByTestId('pow').and(page.locator('[data-state="verified"]')).waitFor({ timeout: 30_000 });
      expect((await sent(page, API.registerCheck, () => page.getByTestId('register-check-submit').click())).status).toBe(429);
      await page.getByTestId('form-error').filter({ hasText: '嘗試次數過多' }).waitFor();
      await screenshot(page, 'web-52-register-rate-limited');
    } finally {
      // The hour-long bucket of 127.0.0.1 would outlive this run on a shared Redis.
      const keys = await redis.keys(`${REDIS_KEYS.rateLimitPrefix}accessible:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
  }, 90_000);
});
