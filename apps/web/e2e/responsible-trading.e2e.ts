// Browser test of responsible trading (issue 50): the user sets a daily deposit limit on the Responsible trading
// page (reached from the personal center), a deposit above it is refused and the form says which limit and when it
// resets, in the user's language; a raise is shown as waiting with its time; a time-out asks to confirm first; the
// session reminder appears with the time spent. Screenshots at 375x812 in English and zh-TW.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type AdminDepositMethod, type LimitsResponse } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, call, operatorToken, registerUser, verifyUser, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const en = resources.en;
const zh = resources['zh-TW'];
const PAGE = '/#/responsible-trading';
const DEPOSIT = '/#/pages/deposit/deposit';

describe('responsible trading', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let method: AdminDepositMethod;
  let user: RegisteredUser;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    const admin = await operatorToken();
    const stamp = Date.now();
    method = await call<AdminDepositMethod>(
      'POST',
      '/admin/deposit-methods',
      {
        type: 'bank',
        names: { 'zh-TW': `E2E 限額 ${stamp}`, en: `E2E limits ${stamp}` },
        details: { bankName: 'E2E Bank', accountName: 'Candor Ltd', accountNumber: '6222020200112233' },
        minAmount: '1.00',
        maxAmount: '50000.00',
      },
      admin,
    );
    user = await registerUser(redis, 'limits');
    await verifyUser(user, admin);
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${BASE}/#/pages/login/login`);
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.reload();
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('sets a daily deposit limit from the personal center, and a deposit above it is refused with the limit and its reset time', async () => {
    await page.goto(`${BASE}/#/pages/user/user`);
    await page.getByTestId('menu-responsible').click();
    await page.getByTestId('responsible-trading-page').waitFor();
    await page.getByTestId('limit-depositDay').waitFor();
    await screenshot(page, 'limits-01-page-en');

    const box = page.getByTestId('limit-depositDay');
    await box.pressSequentially('100.5');
    // What was typed stays as typed.
    await expect(box.inputValue()).resolves.toBe('100.5');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api${API.limits}`) && r.request().method() === 'PUT');
    await page.getByTestId('limits-save').click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ depositDay: '100.50' });
    expect(((await answer.json()) as LimitsResponse).limits.depositDay).toBe('100.50');

    await page.goto(`${BASE}${DEPOSIT}`);
    await page.getByTestId(`method-${method.id}`).click();
    await page.locator('input[name="amount"]').pressSequentially('150');
    await page.getByTestId('deposit-submit').click();
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/deposits') && r.request().method() === 'POST');
    await page.getByTestId('confirm-ok').click();
    const refused = await posted;
    expect(refused.status()).toBe(422);
    const error = ((await refused.json()) as { error: { code: string; limit: string; resetsAt: string } }).error;
    expect(error).toMatchObject({ code: 'LIMIT_REACHED', limit: 'depositDay' });
    const said = page.locator('.field__error, .form-alert, [role="alert"]').filter({ hasText: en.limits.names.depositDay });
    await said.first().waitFor();
    const text = (await said.first().textContent()) ?? '';
    expect(text).toContain(en.limits.refused.reached.split('{{limit}}')[0]!.trim());
    expect(text).toContain(en.limits.names.depositDay);
    // The reset time is written out (a month name and the minutes), not left as the raw ISO time.
    expect(text).not.toContain(error.resetsAt);
    expect(text).toMatch(/\d{2}:\d{2}/);
    await screenshot(page, 'limits-02-deposit-refused-en');
  });

  it('a raise waits with its time; a time-out asks first; zh-TW', async () => {
    await page.goto(`${BASE}${PAGE}`);
    const box = page.getByTestId('limit-depositDay');
    await box.waitFor();
    await box.fill('');
    await box.pressSequentially('500');
    await page.getByTestId('limits-save').click();
    await page.getByTestId('limits-pending').waitFor();
    await expect(page.getByTestId('limits-pending').textContent()).resolves.toContain(en.limits.names.depositDay);

    await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
    await page.reload();
    await page.getByTestId('limits-pending').waitFor();
    await expect(page.getByTestId('limits-intro').textContent()).resolves.toContain('Asia/Taipei');
    await screenshot(page, 'limits-03-page-zh-TW');
    await page.getByTestId('timeOut-start').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await expect(page.getByTestId('confirm-dialog').textContent()).resolves.toContain(zh.limits.timeOut.confirmTitle_other.replace('{{count}}', '1'));
    await screenshot(page, 'limits-04-time-out-confirm-zh-TW');
    await page.getByTestId('confirm-cancel').click();
    // Nothing was started by opening the question.
    expect((await call<LimitsResponse>('GET', API.limits, undefined, user.token)).timeOutUntil).toBeUndefined();
  });

  it('shows the session reminder with the time spent, and OK dismisses it', async () => {
    await call('PUT', API.limits, { reminderMinutes: 5 }, user.token);
    // This tab's session began 12 minutes ago: the reminder is due at once.
    await page.evaluate(() => sessionStorage.setItem('candor.sessionStart', String(Date.now() - 12 * 60_000)));
    await page.reload();
    const reminder = page.getByTestId('session-reminder');
    await reminder.waitFor({ timeout: 15_000 });
    await expect(reminder.textContent()).resolves.toContain('12');
    await screenshot(page, 'limits-05-reminder-zh-TW');
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.reload();
    await reminder.waitFor({ timeout: 15_000 });
    await expect(reminder.textContent()).resolves.toContain(en.limits.reminder.title);
    await screenshot(page, 'limits-06-reminder-en');
    await page.getByTestId('session-reminder-ok').click();
    await expect(reminder.count()).resolves.toBe(0);
  });
});
