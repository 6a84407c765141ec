// Browser test of the console's invitation codes (issue 49): the admin creates a typed code and a random one,
// a user registers with the typed code, its row counts them and links to the users search, which finds them;
// disabling the code marks the row and the api then refuses the code; axe finds no serious issue. Screenshots
// in screenshots/console-invitations-zh-TW.png and console-invitations-en.png (1280x800).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { call, CONSOLE, ok, operatorLogin, registerUser } from './support.js';
import { REDIS_KEYS } from '@candor/cross-process';

const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const zh = resources['zh-TW'].console.invitations;

describe('invitation codes in the console', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    expect(REDIS_URL).not.toBe('');
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    context = await launchBrowser({ viewport: { width: 1280, height: 800 } });
    page = context.pages()[0] ?? (await context.newPage());
    await operatorLogin(page);
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('creates codes, counts who registered with one, links to them, and disables it', async () => {
    const typed = `E2E${Date.now() % 10_000_000}`;
    await page.goto(`${CONSOLE}#/invitations`);
    await page.getByTestId('invitation-form').waitFor();
    await page.locator('input[name="code"]').fill(typed.toLowerCase());
    await page.getByTestId('invitation-create').click();
    await expect(page.getByTestId('invitation-created').textContent()).resolves.toBe(zh.created.replace('{{code}}', typed));
    const row = page.locator(`[data-testid="invitation-row"][data-code="${typed}"]`);
    await row.waitFor();
    // Empty: a random code of 8.
    await page.getByTestId('invitation-create').click();
    await page.getByTestId('invitation-created').filter({ hasNotText: typed }).waitFor();

    const user = await registerUser(redis, 'invited', typed);
    await page.reload();
    await row.waitFor();
    await expect(row.locator('td.num').textContent()).resolves.toBe('1');
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} at ${v.targets.join(', ')}`)).toEqual([]);
    await screenshot(page, 'console-invitations-zh-TW');

    await row.getByTestId('invitation-toggle').click();
    await page.locator(`[data-testid="invitation-row"][data-code="${typed}"][data-active="false"]`).waitFor();
    const { captchaId } = await ok<{ captchaId: string }>('GET', API.captcha);
    const captchaCode = await redis.get(REDIS_KEYS.captcha(captchaId));
    const refused = await call<{ error: { code: string } }>('POST', API.registerCheck, {
      email: `x${Date.now()}@example.com`,
      phone: '+886912000001',
      inviteCode: typed,
      captchaId,
      captchaCode,
    });
    expect([refused.status, refused.body.error.code]).toEqual([400, 'INVITATION_CODE_INVALID']);

    await row.locator('a.btn').click();
    await page.waitForURL(/#\/users\?q=/);
    await page.locator('[data-testid="users-table"]').waitFor();
    await expect(page.locator('[data-testid="users-table"] tbody tr').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid="users-table"]').textContent()).resolves.toContain(user.email);

    await page.evaluate(() => localStorage.setItem('candor.console.lang', 'en'));
    await page.goto(`${CONSOLE}#/invitations`);
    await page.getByTestId('invitations-table').waitFor();
    await screenshot(page, 'console-invitations-en');
  }, 120_000);
});
