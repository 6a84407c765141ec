// Browser test of disabling a user's account in the console: the admin finds a fresh user on the Users
// page, disables the account with a reason (the user's token stops working and sign-in answers
// ACCOUNT_DISABLED), then enables it again and the user signs in. Screenshot in
// screenshots/console-user-disabled.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { call, CONSOLE, operatorLogin, registerUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const users = resources['zh-TW'].console.users;

describe("disabling a user's account in the console", () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let user: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    expect(REDIS_URL).not.toBe('');
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    user = await registerUser(redis, 'disable');
    context = await launchBrowser({ viewport: { width: 1280, height: 860 } });
    page = context.pages()[0] ?? (await context.newPage());
    await operatorLogin(page);
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('disables the account with a reason and enables it again', async () => {
    await page.goto(`${CONSOLE}#/users?q=${encodeURIComponent(user.email)}`);
    const access = page.locator('[data-testid=users-table] [data-testid=user-access]');
    await access.waitFor();
    expect(await access.textContent()).toBe(users.access.active);

    await page.click('[data-testid=user-disable]');
    // No reason, no disabling: the confirm button waits for one.
    expect(await page.locator('[data-testid=user-disable-confirm]').isDisabled()).toBe(true);
    await page.fill('[data-testid=user-disable-reason]', 'E2E: chargeback under review');
    await page.click('[data-testid=user-disable-confirm]');
    await page.waitForFunction((text) => document.querySelector('[data-testid=user-access]')?.textContent === text, users.access.disabled);
    await screenshot(page, 'console-user-disabled');

    expect((await call('GET', API.me, undefined, user.token)).status).toBe(401);
    const refused = await call<{ error: { code: string } }>('POST', API.login, { email: user.email, password: user.password });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 403, code: 'ACCOUNT_DISABLED' });

    await page.click('[data-testid=user-enable]');
    await page.waitForFunction((text) => document.querySelector('[data-testid=user-access]')?.textContent === text, users.access.active);
    expect((await call('POST', API.login, { email: user.email, password: user.password })).status).toBe(200);
  });
});
