// Browser test of the trade statistics page (issue 48): a user with settled real and demo orders opens it
// from the personal center and from the positions page, switches real / demo and 7 / 30 / 90 days, and reads
// the same figures the api answers (win rate, settled orders, net result in the rise colour of the language),
// a chart of every day of the period with its table for screen readers, and the products. A user without
// orders sees the empty state. axe on each state; screenshots at 375x812 in zh-TW and en.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type Deposit, type Order, type OrderStatistics, type Page as ListPage, type Product } from '@candor/contracts';
import { formatCents } from '@candor/domain';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, call, eventually, operatorToken, registerUser, verifyUser, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const STATS = '/#/pages/statistics/statistics';
const zh = resources['zh-TW'];
const en = resources.en;
/** --c-down and --c-up of styles/app.css: a rise is red in zh-TW, green in en. */
const RED = 'rgb(200, 40, 46)';
const GREEN = 'rgb(20, 118, 56)';
const pageErrors: string[] = [];

async function seriousAxe(page: Page, label: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id}: ${v.help} at ${v.targets.join(', ')}`);
}

async function placeOrder(user: RegisteredUser, body: Record<string, unknown>): Promise<Order> {
  const res = await fetch(`${BASE}/api${API.orders}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}`, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Order;
}

/** The net result as the page shows it in zh-TW and en: a sign, two decimals (small amounts have no grouping). */
function shownNet(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

/** Waits for the page's figures (or its empty state) after a change of account or period. */
async function ready(page: Page, account: 'real' | 'demo', days: number, state: 'ready' | 'empty' = 'ready'): Promise<void> {
  await page
    .waitForSelector(`[data-testid="statistics-page"][data-account="${account}"][data-days="${days}"]`, { timeout: 10_000 })
    .catch(async (e: unknown) => {
      const main = await page.evaluate(() => document.querySelector('main')?.outerHTML.slice(0, 600) ?? 'no main');
      await screenshot(page, `statistics-failure-${account}-${days}`);
      throw new Error(`${String(e)}\nat ${page.url()}\n${main}\n${pageErrors.join('\n')}`);
    });
  await page.waitForSelector(`[data-testid="statistics-body"][data-state="${state}"]`, { timeout: 15_000 });
  if (state === 'ready') await page.waitForSelector(`[data-testid="statistics-chart"][data-days="${days}"]`, { timeout: 15_000 });
}

describe('trade statistics page', () => {
  let user: RegisteredUser;
  let context: BrowserContext;
  let page: Page;
  const settled: Record<'real' | 'demo', Order[]> = { real: [], demo: [] };

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    try {
      user = await registerUser(redis, 'stats');
    } finally {
      redis.disconnect();
    }
    const operator = await operatorToken();
    await verifyUser(user, operator);
    const method = await call<{ id: string }>(
      'POST',
      '/admin/deposit-methods',
      {
        type: 'bank',
        names: { 'zh-TW': '銀行轉帳（統計測試）', en: 'Bank transfer (statistics test)' },
        details: { bank: 'E2E Bank' },
        minAmount: '1',
        maxAmount: '100000',
      },
      operator,
    );
    const deposit = await call<Deposit>('POST', '/deposits', { methodId: method.id, amount: '500' }, user.token);
    await call('POST', `/admin/deposits/${deposit.id}/approve`, undefined, operator);

    const products = await call<Product[]>('GET', API.products);
    const real = products.find((p) => p.status === 'open' && p.priceSource.kind === 'venues' && p.expiries.length > 0);
    expect(real).toBeDefined();
    const seconds = Math.min(...real!.expiries.map((e) => e.seconds));
    const orders = [
      await placeOrder(user, { symbol: real!.symbol, direction: 'up', amount: '10', durationSeconds: seconds, account: 'real' }),
      await placeOrder(user, { symbol: real!.symbol, direction: 'down', amount: '12.5', durationSeconds: seconds, account: 'real' }),
      await placeOrder(user, { symbol: real!.symbol, direction: 'up', amount: '20', durationSeconds: seconds, account: 'demo' }),
    ];
    // The worker settles them shortly after their expiry.
    for (const account of ['real', 'demo'] as const) {
      settled[account] = (
        await eventually(
          `${account} orders settled`,
          () => call<ListPage<Order>>('GET', `${API.orders}?status=settled&account=${account}`, undefined, user.token),
          (p) => p.items.length === orders.filter((o) => o.account === account).length,
          (seconds + 40) * 1000,
          1000,
        )
      ).items;
    }

    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      // A failed render is logged by the page's error boundary; a refused request is the api's to judge.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(`console error: ${m.text()}`);
    });
    const login = await page.request.post(`${BASE}/api${API.login}`, { data: { email: user.email, password: user.password } });
    expect(login.status()).toBe(200);
    await page.goto(`${BASE}/`);
    await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
  });

  it('shows real and demo over 7, 30 and 90 days as the api counts them, with the rise colours, in zh-TW', async () => {
    // From the personal center's menu.
    await page.goto(`${BASE}/#/pages/user/user`);
    await page.getByTestId('menu-statistics').click();
    await page.waitForURL((url) => url.hash.startsWith('#/pages/statistics/statistics'));
    await page.getByTestId('account-real').click();
    await ready(page, 'real', 30);
    await expect(page.locator('h1').textContent()).resolves.toBe(zh.stats.title);
    const problems: string[] = [];

    for (const account of ['real', 'demo'] as const) {
      await page.getByTestId(`account-${account}`).click();
      for (const days of [7, 30, 90] as const) {
        await page.getByTestId(`stats-days-${days}`).click();
        await ready(page, account, days);
        const api = await call<OrderStatistics>(
          'GET',
          `${API.orderStatistics}?account=${account}&days=${days}&tz=${encodeURIComponent(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone))}`,
          undefined,
          user.token,
        );
        const net = settled[account].reduce((s, o) => s + Math.round(Number(o.pnl) * 100), 0);
        expect(api.totals.orders).toBe(settled[account].length);
        expect(api.totals.net).toBe(formatCents(net));
        await expect(page.getByTestId('stats-orders').textContent()).resolves.toBe(String(settled[account].length));
        await expect(page.getByTestId('stats-net').textContent()).resolves.toBe(shownNet(net));
        const colour = await page.getByTestId('stats-net').evaluate((el) => getComputedStyle(el).color);
        if (net !== 0) expect(colour).toBe(net > 0 ? RED : GREEN);
        expect(await page.getByTestId('statistics-chart').getAttribute('data-days')).toBe(String(days));
        // Screen readers get the days with orders, exact to the cent.
        const rows = await page.getByTestId('statistics-day').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
        expect(rows).toEqual(api.byDay.filter((d) => d.orders > 0).map((d) => d.date));
        expect(await page.getByTestId('stats-products').locator('li').count()).toBe(api.byProduct.length);
        problems.push(...(await seriousAxe(page, `${account} ${days}`)));
        if (days === 7 || (account === 'demo' && days === 90)) await screenshot(page, `statistics-${account}-${days}-zh-TW`);
      }
    }
    expect(problems).toEqual([]);
    // Switching the account and the period renders the page and its chart again without a script error.
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('is reachable from the positions page and reads in English with the rise in green', async () => {
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.goto(`${BASE}/#/pages/order/order?tab=closed`);
    await page.reload();
    await page.getByTestId('to-statistics').click();
    await page.waitForURL((url) => url.hash.startsWith('#/pages/statistics/statistics'));
    await page.getByTestId('account-real').click();
    await page.getByTestId('stats-days-7').click();
    await ready(page, 'real', 7);
    await expect(page.locator('h1').textContent()).resolves.toBe(en.stats.title);
    const net = settled.real.reduce((s, o) => s + Math.round(Number(o.pnl) * 100), 0);
    if (net !== 0) expect(await page.getByTestId('stats-net').evaluate((el) => getComputedStyle(el).color)).toBe(net > 0 ? GREEN : RED);
    await expect(page.getByTestId('statistics-chart-summary').textContent()).resolves.toContain('7');
    expect(await seriousAxe(page, 'en real 7')).toEqual([]);
    await screenshot(page, 'statistics-real-7-en');
    await page.getByTestId('account-demo').click();
    await page.getByTestId('stats-days-90').click();
    await ready(page, 'demo', 90);
    await screenshot(page, 'statistics-demo-90-en');
    expect(pageErrors).toEqual([]);
    await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
  }, 60_000);

  it('says so when a user has no settled orders in the period', async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    let fresh: RegisteredUser;
    try {
      fresh = await registerUser(redis, 'stats-empty', { confirmEmail: false });
    } finally {
      redis.disconnect();
    }
    const other = await launchBrowser();
    try {
      const p = other.pages()[0] ?? (await other.newPage());
      const login = await p.request.post(`${BASE}/api${API.login}`, { data: { email: fresh.email, password: fresh.password } });
      expect(login.status()).toBe(200);
      for (const [lang, texts] of [
        ['zh-TW', zh],
        ['en', en],
      ] as const) {
        await p.goto(`${BASE}/`);
        await p.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
        await p.goto(`${BASE}${STATS}?days=7`);
        await p.reload();
        await p.getByTestId('account-real').click();
        await ready(p, 'real', 7, 'empty');
        await expect(p.getByTestId('empty-state').locator('.state__title').textContent()).resolves.toBe(texts.stats.empty.title);
        expect(await seriousAxe(p, `empty ${lang}`)).toEqual([]);
        await screenshot(p, `statistics-empty-${lang}`);
      }
    } finally {
      await other.close();
    }
  }, 90_000);
});
