// Browser test of the signed-in devices in the settings (issue 48): this device first and marked, each row with its
// first and last use; "log out all other devices" ends the other sessions (their tokens stop working) and keeps this
// one. Beside them, the sign-in history (issue 49) lists each attempt, a wrong password marked as failed. Screenshots
// in screenshots/web-sessions.png, web-sessions-en.png, web-logins.png and web-logins-en.png (375x812).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type LoginResponse } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, registerUser, send, call } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const sessions = resources['zh-TW'].user.sessions;
const logins = resources['zh-TW'].user.logins;
const loginsEn = resources.en.user.logins;

describe('signed-in devices', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('lists this device first and logs out all the others', async () => {
    const user = await registerUser(redis, 'sessions');
    // A wrong password first: the history shows it as failed.
    expect((await send('POST', API.login, { email: user.email, password: 'not-the-password-1' })).status).toBe(401);
    const other = await call<LoginResponse>('POST', API.login, { email: user.email, password: user.password });
    await page.goto(`${BASE}/#/pages/login/login`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });

    await page.goto(`${BASE}/#/pages/set/set`);
    const rows = page.getByTestId('session-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    expect(await rows.first().textContent()).toContain(sessions.current);
    expect(await rows.nth(1).textContent()).not.toContain(sessions.current);
    expect(await rows.first().textContent()).toContain(sessions.firstSeen.split('{{')[0]!);
    const axe = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(axe.map((v) => `${v.id} at ${v.targets.join(', ')}`)).toEqual([]);
    await screenshot(page, 'web-sessions');

    const attempts = page.getByTestId('login-row');
    await attempts.first().waitFor();
    const history = page.getByTestId('login-history');
    await history.scrollIntoViewIfNeeded();
    // Newest first: this browser's sign-in, the second login, the wrong password, registration's sign-in.
    expect(await attempts.first().textContent()).toContain(logins.ok);
    expect(await page.locator('[data-testid="login-row"][data-ok="false"]').first().textContent()).toContain(logins.failedPassword);
    await screenshot(page, 'web-logins');

    await page.getByTestId('logout-others').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=session-row]').length === 1);
    expect(await rows.first().textContent()).toContain(sessions.current);
    expect(await page.getByTestId('logout-others').count()).toBe(0);
    expect((await send('GET', API.me, undefined, other.accessToken)).status).toBe(401);
    expect((await send('GET', API.me, undefined, user.token)).status).toBe(401);

    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.reload();
    await rows.first().waitFor();
    await screenshot(page, 'web-sessions-en');
    await history.scrollIntoViewIfNeeded();
    expect(await page.locator('[data-testid="login-row"][data-ok="false"]').first().textContent()).toContain(loginsEn.failedPassword);
    await screenshot(page, 'web-logins-en');
  }, 90_000);
});
