// Browser test of the trading screens' fixes of issue 48: the account bar (switch and live balance) at the top,
// favourites on the product list (star, tab, stored on the server), an order's sheet that keeps its own
// product when the address changes to another, a countdown that starts within the chosen duration, "purchase
// successful" said in the sheet and not as a toast that follows to the next page, the order drawn on the
// chart until it settles, and demo chosen first when every product is demo only. axe on the list and the
// detail page. Screenshots at 375x812 in zh-TW and en.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type Order, type Product, type Wallet } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, call, registerUser, type RegisteredUser } from './support.js';

/** A wire price ("67205.38") as zh-TW shows it, digits grouped ("67,205.38"). */
function grouped(price: string): string {
  const [whole = '', fraction] = price.split('.');
  return `${BigInt(whole).toLocaleString('zh-TW')}${fraction === undefined ? '' : `.${fraction}`}`;
}

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const zh = resources['zh-TW'];
const en = resources.en;

async function seriousAxe(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.targets.join(', ')}`);
}

/** "mm:ss" or "h:mm:ss" as seconds. */
function seconds(text: string): number {
  return text
    .trim()
    .split(':')
    .reduce((acc, part) => acc * 60 + Number(part), 0);
}

async function logIn(page: Page, user: RegisteredUser): Promise<void> {
  await page.goto(`${BASE}/#/pages/login/login`);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
}

async function setLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
  await page.reload();
}

describe('trading screens', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let products: Product[];
  let product: Product;
  let other: Product;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    products = await call<Product[]>('GET', API.products);
    const open = products.filter((p) => p.status === 'open' && p.expiries.length > 0);
    product = open.find((p) => p.symbol === 'BTCUSDT') ?? open.find((p) => p.category === 'crypto') ?? open[0]!;
    other = products.find((p) => p.symbol !== product.symbol && p.name !== product.name)!;
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('favourites: a star per product for a signed-in user, kept on the server, and a tab that shows them', async () => {
    await page.goto(`${BASE}/#/pages/product/product`);
    await page.getByTestId(`product-${product.symbol}`).waitFor();
    // A visitor has no star (favourites need an account) and no favourites tab.
    await expect(page.getByTestId(`star-${product.symbol}`).count()).resolves.toBe(0);
    await expect(page.getByTestId('tab-favourites').count()).resolves.toBe(0);

    const user = await registerUser(redis, 'fav', { confirmEmail: false });
    await logIn(page, user);
    await page.goto(`${BASE}/#/pages/product/product`);
    const star = page.getByTestId(`star-${product.symbol}`);
    await star.waitFor();
    await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
    const put = page.waitForResponse((r) => r.url().includes(`${API.watchlist}/${product.symbol}`) && r.request().method() === 'PUT');
    await star.click();
    expect((await put).status()).toBe(204);
    await expect(star.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(call<{ symbols: string[] }>('GET', API.watchlist, undefined, user.token)).resolves.toEqual({ symbols: [product.symbol] });

    await page.getByTestId('tab-favourites').click();
    await page.waitForURL((url) => url.hash.includes('tab=favourites'));
    const rows = page.locator('[data-testid="product-list"] [data-testid^="product-"]');
    await expect(rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).resolves.toEqual([`product-${product.symbol}`]);
    expect(await seriousAxe(page)).toEqual([]);
    await screenshot(page, 'trade-favourites-zh-TW');
    await setLanguage(page, 'en');
    await page.getByTestId(`star-${product.symbol}`).waitFor();
    await expect(page.getByTestId('tab-favourites').textContent()).resolves.toBe(en.market.watchlist.favourites);
    await screenshot(page, 'trade-favourites-en');
    await setLanguage(page, 'zh-TW');

    // Removing it empties the tab (and the server's list).
    await page.getByTestId(`star-${product.symbol}`).click();
    await page.getByText(zh.market.watchlist.empty).waitFor();
    await expect(call<{ symbols: string[] }>('GET', API.watchlist, undefined, user.token)).resolves.toEqual({ symbols: [] });
    await page.getByTestId('tab-all').click();
    await page.getByTestId(`product-${other.symbol}`).waitFor();
    expect(await seriousAxe(page)).toEqual([]);
  }, 120_000);

  it('the account bar (switch and balance) at the top of the product list and the positions page too', async () => {
    const user = await registerUser(redis, 'bar', { confirmEmail: false });
    const wallet = await call<Wallet>('GET', API.wallet, undefined, user.token);
    await context.close();
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
    await logIn(page, user);
    const bar = page.getByTestId('account-bar');
    const balance = bar.getByTestId('account-balance');
    for (const [path, ready] of [
      ['/#/pages/product/product', 'products'],
      ['/#/pages/order/order', 'orders'],
    ] as const) {
      await page.goto(`${BASE}${path}`);
      await page.getByTestId(ready).waitFor();
      // One choice across the screens: demo shows the demo balance, real the available money.
      await page.getByTestId('account-demo').click();
      await expect(bar.getAttribute('data-account')).resolves.toBe('demo');
      await expect(balance.locator('strong').textContent()).resolves.toBe(grouped(wallet.demo));
      await expect(balance.textContent()).resolves.toContain(zh.trade.balance.demo);
      await page.getByTestId('account-real').click();
      await expect(balance.getAttribute('data-account')).resolves.toBe('real');
      await expect(balance.locator('strong').textContent()).resolves.toBe(grouped(wallet.available));
      await expect(balance.textContent()).resolves.toContain(zh.trade.balance.available);
      // Above the page's content, at the top of the screen.
      const box = await bar.boundingBox();
      expect(box && box.y < 120).toBe(true);
      expect(await seriousAxe(page)).toEqual([]);
      await page.getByTestId('account-demo').click();
      await screenshot(page, `trade-bar-${ready}-zh-TW`);
      await setLanguage(page, 'en');
      await page.getByTestId(ready).waitFor();
      await expect(balance.textContent()).resolves.toContain(en.trade.balance.demo);
      await screenshot(page, `trade-bar-${ready}-en`);
      await setLanguage(page, 'zh-TW');
    }
    // The choice made on the positions page holds on the product list.
    await page.goto(`${BASE}/#/pages/product/product`);
    await page.getByTestId('products').waitFor();
    await expect(bar.getAttribute('data-account')).resolves.toBe('demo');
  }, 120_000);

  it('an open order: its own sheet, countdown and chart line until it settles; no toast on the next page', async () => {
    const user = await registerUser(redis, 'sheet', { confirmEmail: false });
    // A browser of its own: the first test's refresh cookie and cached session stay out of it.
    await context.close();
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
    await logIn(page, user);
    await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${product.symbol}`);
    await page.getByTestId('candle-chart').waitFor({ timeout: 20_000 });

    // The account bar at the top: the switch and the chosen account's balance.
    const bar = page.getByTestId('account-bar');
    await page.getByTestId('account-demo').click();
    await expect(bar.getAttribute('data-account')).resolves.toBe('demo');
    await expect(bar.getByTestId('account-balance').textContent()).resolves.toMatch(/\d/);
    const before = (await bar.getByTestId('account-balance').textContent()) ?? '';
    expect(await seriousAxe(page)).toEqual([]);

    const shortest = Math.min(...product.expiries.map((e) => e.seconds));
    await page.getByTestId(`expiry-${shortest}`).click();
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    await page.getByTestId('buy-up').click();
    const response = await placed;
    expect(response.status()).toBe(201);
    const order = (await response.json()) as Order;

    // The countdown starts within the duration (never 00:31 for a 30-second order).
    const sheet = page.getByTestId('order-sheet');
    const countdown = sheet.getByTestId('order-countdown');
    await countdown.waitFor();
    const first = seconds((await countdown.locator('div').first().textContent()) ?? '');
    expect(first).toBeLessThanOrEqual(shortest);
    expect(first).toBeGreaterThanOrEqual(shortest - 5);
    // "Purchase successful" in the sheet, not as a toast.
    await sheet.getByTestId('order-placed').filter({ hasText: zh.trade.placed }).waitFor();
    await expect(page.getByTestId('toast').filter({ hasText: zh.trade.placed }).count()).resolves.toBe(0);
    // The balance at the top follows the stake, live.
    await page.waitForFunction((text) => document.querySelector('[data-testid="account-bar"] [data-testid="account-balance"]')?.textContent !== text, before, {
      timeout: 10_000,
    });

    // The order on the chart: a line at its open price, and its legend with the countdown.
    const chart = page.getByTestId('candle-chart');
    await page.waitForFunction((id) => document.querySelector('[data-testid="candle-chart"]')?.getAttribute('data-order-lines')?.includes(id), order.id);
    const legend = page.locator(`[data-testid="chart-order"][data-order-id="${order.id}"]`);
    await legend.waitFor();
    await expect(legend.textContent()).resolves.toContain(grouped(order.openPrice));
    expect(seconds((await legend.getByTestId('chart-order-left').textContent()) ?? '')).toBeLessThanOrEqual(shortest);
    await screenshot(page, 'trade-detail-open-order-zh-TW');

    // The address changes to another product: the sheet keeps its order's product.
    await page.evaluate((s) => (window.location.hash = `#/pages/Detail/Detail?symbol=${s}`), other.symbol);
    await page.locator(`[data-testid="detail"][data-symbol="${other.symbol}"]`).waitFor();
    await page.getByText(other.name).first().waitFor();
    await expect(sheet.isVisible()).resolves.toBe(true);
    const sheetText = (await sheet.textContent()) ?? '';
    expect(sheetText).toContain(product.name);
    expect(sheetText).not.toContain(other.name);
    await expect(sheet.getByText(grouped(order.openPrice), { exact: true }).count()).resolves.toBe(1);
    // The other product's chart carries no line of this order.
    await chart.waitFor();
    await expect(chart.getAttribute('data-order-lines')).resolves.toBe('');

    // Back on the order's product, in English: the sheet and the line.
    await page.getByTestId('order-sheet-close').click();
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${product.symbol}`);
    await page.reload();
    await legend.waitFor({ timeout: 20_000 });
    await screenshot(page, 'trade-detail-open-order-en');
    await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
    await page.reload();
    await legend.waitFor({ timeout: 20_000 });

    // Settled: the line and its legend go.
    await page.waitForFunction((id) => !document.querySelector('[data-testid="candle-chart"]')?.getAttribute('data-order-lines')?.includes(id), order.id, {
      timeout: (shortest + 25) * 1000,
    });
    await expect(legend.count()).resolves.toBe(0);

    // A second order, then straight to another page: no "purchase successful" toast there.
    await page.getByTestId(`expiry-${shortest}`).click();
    const again = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    await page.getByTestId('buy-down').click();
    expect((await again).status()).toBe(201);
    await sheet.getByTestId('order-placed').waitFor();
    await page.goto(`${BASE}/#/pages/product/product`);
    await page.getByTestId('products').waitFor();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('toast').filter({ hasText: zh.trade.placed }).count()).resolves.toBe(0);
  }, 180_000);

  it('opens on demo when every product is demo only (and on real otherwise), until the user picks one', async () => {
    const fresh = await launchBrowser();
    try {
      const p = fresh.pages()[0] ?? (await fresh.newPage());
      await p.goto(`${BASE}/#/pages/Detail/Detail?symbol=${product.symbol}`);
      await p.getByTestId('account-bar').waitFor({ timeout: 20_000 });
      await p.waitForTimeout(500);
      await expect(p.getByTestId('account-bar').getAttribute('data-account')).resolves.toBe(
        products.every((x) => x.priceSource.kind === 'simulated' || x.priceSource.kind === 'replay') ? 'demo' : 'real',
      );

      // Every product demo only (simulated prices), as a platform without an exchange feed serves them.
      const simulated = (x: Product): Product => ({ ...x, priceSource: { ...x.priceSource, kind: 'simulated' } });
      await p.route(/\/api\/products(\/[A-Z0-9]+)?(\?.*)?$/, async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as Product | Product[];
        await route.fulfill({ response: res, json: Array.isArray(body) ? body.map(simulated) : simulated(body) });
      });
      await p.reload();
      await p.getByTestId('account-bar').waitFor({ timeout: 20_000 });
      await p.locator('[data-testid="account-bar"][data-account="demo"]').waitFor({ timeout: 10_000 });
      await expect(p.getByTestId('account-demo').getAttribute('aria-checked')).resolves.toBe('true');
      // A choice of the user's holds.
      await p.getByTestId('account-real').click();
      await p.reload();
      await p.getByTestId('account-bar').waitFor({ timeout: 20_000 });
      await p.waitForTimeout(500);
      await expect(p.getByTestId('account-bar').getAttribute('data-account')).resolves.toBe('real');
    } finally {
      await fresh.close();
    }
  }, 90_000);
});
