// Browser test of the console's user detail and layout (issue 48): the admin opens a fresh user from the Users list
// and reads their profile, balances and sessions; the review menu shows how many deposits wait; no console page
// scrolls sideways at 1280x800; axe finds no serious or critical issue on the new page. Screenshots in
// screenshots/console-user-detail.png and console-pending-badges.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API } from '@candor/contracts';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { CONSOLE, ok, operatorLogin, registerUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const ROUTES = [
  '',
  'users',
  'deposits',
  'withdrawals',
  'kyc',
  'deposit-methods',
  'messages',
  'audit',
  'products',
  'queues',
  'operators',
  'earn',
  'content',
  'invitations',
];

describe('the user detail and the console at 1280 px', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let admin: string;
  let user: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    expect(REDIS_URL).not.toBe('');
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    user = await registerUser(redis, 'detail');
    context = await launchBrowser({ viewport: { width: 1280, height: 800 } });
    page = context.pages()[0] ?? (await context.newPage());
    admin = await operatorLogin(page);
    // A deposit waiting for review, for the menu's badge and the user's activity.
    const method = await ok<{ id: string }>(
      'POST',
      '/admin/deposit-methods',
      { type: 'bank', names: { 'zh-TW': 'E2E 銀行' }, details: { bank: 'E2E' }, minAmount: 1, maxAmount: 1000 },
      admin,
    );
    await ok('POST', API.deposits, { methodId: method.id, amount: '12.34' }, user.token);
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('opens a user from the users list and shows profile, money, deposits and sessions', async () => {
    await page.goto(`${CONSOLE}#/users?q=${encodeURIComponent(user.email)}`);
    await page.locator('[data-testid=user-detail-link]').first().click();
    await page.waitForURL(new RegExp(`#/users/${user.id}$`));
    await page.locator('[data-testid=user-detail]').waitFor();
    expect(await page.locator('[data-testid=user-profile]').textContent()).toContain(user.email);
    await page.locator('[data-testid=user-balances]').waitFor();
    expect(await page.locator('[data-testid=user-deposits]').textContent()).toContain('12.34');
    expect(await page.locator('[data-testid=user-sessions] tbody tr').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('[data-testid=user-audit-link]').getAttribute('href')).toContain(`userId=${user.id}`);
    const axe = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(axe.map((v) => `${v.id} at ${v.targets.join(', ')}`)).toEqual([]);
    await screenshot(page, 'console-user-detail');
  });

  it('shows how many deposits wait beside the review menu item', async () => {
    const badge = page.locator('[data-testid=pending-deposits]');
    await badge.waitFor();
    expect(Number(await badge.textContent())).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'console-pending-badges');
  });

  it('no console page scrolls sideways at 1280x800', async () => {
    const wide: string[] = [];
    for (const route of [...ROUTES, `users/${user.id}`]) {
      await page.goto(`${CONSOLE}#/${route}`);
      await page.locator('main.content h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      if (scroll > client) wide.push(`#/${route}: ${scroll} > ${client}`);
    }
    expect(wide).toEqual([]);
  }, 120_000);
});
