// Browser test of the reader's price colours and of a page whose chunk failed to load (issue 48). Rise in red
// is the default in zh-TW, rise in green in en; the settings page switches it, and the price list, the buy-up
// button and the chart's rising candles follow at once. A page whose chunk request failed shows the loading
// error; navigating away and back asks again, and once the network is back "retry" loads it without a reload.
// axe reads the price list and the detail page in both colour schemes (red and green text differ in contrast).
// Screenshots in screenshots/colours-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type Candle, type Product } from '@candor/contracts';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, call, registerUser, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
// styles/app.css --c-up / --c-down, and the chart's green and red (features/market/chartColors.ts).
const GREEN = 'rgb(20, 118, 56)';
const RED = 'rgb(200, 40, 46)';
const CHART_GREEN = '#16a34a';
const CHART_RED = '#e5484d';

let redis: Redis;
let context: BrowserContext;
let page: Page;
let user: RegisteredUser;
let product: Product;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  const products = await call<Product[]>('GET', API.products);
  const open = products.find((p) => p.status === 'open') ?? products[0];
  if (!open) throw new Error('no product');
  product = open;
  user = await registerUser(redis, 'colours', { confirmEmail: false });
  // Service workers blocked: the test's request routes must see the chunk requests, which a worker would answer.
  context = await launchBrowser({ serviceWorkers: 'block' });
  page = context.pages()[0] ?? (await context.newPage());
}, 120_000);

afterAll(async () => {
  await context?.close();
  redis?.disconnect();
});

let signedIn = false;

/** Signs the user in once, then opens the app in `lang` with no colour chosen (the language's default). */
async function openIn(lang: string): Promise<void> {
  await page.goto(`${BASE}/#/pages/login/login`);
  await page.evaluate((l) => {
    localStorage.setItem('candor.lang', l);
    localStorage.removeItem('candor.rise');
  }, lang);
  await page.reload();
  // The language's file arrives after the reload; the colours follow it.
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  if (signedIn) return;
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
  signedIn = true;
}

/** Each listed price's colour beside its trend (the sign of its 24h change), once some price has moved. */
async function listColours(): Promise<{ trend: string; colour: string }[]> {
  await page.goto(`${BASE}/#/pages/product/product`);
  await page.locator('[data-testid="price"][data-trend="rise"], [data-testid="price"][data-trend="fall"]').first().waitFor({ timeout: 30_000 });
  // Queried and read in one synchronous step: a price cell is re-mounted on each tick (its flash).
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="price"][data-trend="rise"], [data-testid="price"][data-trend="fall"]')].map((p) => ({
      trend: p.getAttribute('data-trend') ?? '',
      colour: getComputedStyle(p).color,
    })),
  );
}

/** The detail page's buy-up button background and the chart's rising candle colour. */
async function detailColours(): Promise<{ buyUp: string; chartUp: string | null }> {
  await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${product.symbol}`);
  const buyUp = page.getByTestId('buy-up');
  await buyUp.waitFor({ timeout: 20_000 });
  const chart = page.getByTestId('candle-chart');
  await chart.waitFor({ timeout: 20_000 });
  return { buyUp: await buyUp.evaluate((el) => getComputedStyle(el).backgroundColor), chartUp: await chart.getAttribute('data-up-colour') };
}

/** No serious or critical axe finding on the page as it is now. */
async function expectNoSeriousAxe(where: string): Promise<void> {
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} at ${v.targets.join(', ')}`)).toEqual([]);
}

function expectList(rows: { trend: string; colour: string }[], rise: string, fall: string): void {
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.colour).toBe(r.trend === 'rise' ? rise : fall);
}

describe('rise colour', () => {
  it('rises in red in zh-TW by default, and in green once chosen in the settings', async () => {
    await openIn('zh-TW');
    expect(await page.evaluate(() => document.documentElement.dataset.rise)).toBe('red');
    expectList(await listColours(), RED, GREEN);
    await screenshot(page, 'colours-list-zh-TW-red');
    await expectNoSeriousAxe('colours-list-zh-TW-red');
    expect(await detailColours()).toEqual({ buyUp: RED, chartUp: CHART_RED });
    await screenshot(page, 'colours-detail-zh-TW-red');
    await expectNoSeriousAxe('colours-detail-zh-TW-red');

    await page.goto(`${BASE}/#/pages/set/set`);
    await page.getByTestId('rise-green').click();
    await expect(page.getByTestId('rise-green').getAttribute('aria-checked')).resolves.toBe('true');
    await screenshot(page, 'colours-settings-zh-TW');
    expectList(await listColours(), GREEN, RED);
    await screenshot(page, 'colours-list-zh-TW-green');
    await expectNoSeriousAxe('colours-list-zh-TW-green');
    expect(await detailColours()).toEqual({ buyUp: GREEN, chartUp: CHART_GREEN });
    await screenshot(page, 'colours-detail-zh-TW-green');
    await expectNoSeriousAxe('colours-detail-zh-TW-green');
  }, 120_000);

  it('rises in green in en by default, and in red once chosen, kept after a reload', async () => {
    await openIn('en');
    expect(await page.evaluate(() => document.documentElement.dataset.rise)).toBe('green');
    expectList(await listColours(), GREEN, RED);
    await screenshot(page, 'colours-list-en-green');
    await expectNoSeriousAxe('colours-list-en-green');
    expect(await detailColours()).toEqual({ buyUp: GREEN, chartUp: CHART_GREEN });
    await screenshot(page, 'colours-detail-en-green');
    await expectNoSeriousAxe('colours-detail-en-green');

    await page.goto(`${BASE}/#/pages/set/set`);
    await page.getByTestId('rise-red').click();
    await page.reload();
    await page.getByTestId('rise-red').waitFor();
    await expect(page.getByTestId('rise-red').getAttribute('aria-checked')).resolves.toBe('true');
    expectList(await listColours(), RED, GREEN);
    await screenshot(page, 'colours-list-en-red');
    await expectNoSeriousAxe('colours-list-en-red');
    expect(await detailColours()).toEqual({ buyUp: RED, chartUp: CHART_RED });
    await screenshot(page, 'colours-detail-en-red');
    await expectNoSeriousAxe('colours-detail-en-red');
  }, 120_000);
});

describe('the hourly chart of a product with a short history', () => {
  it('says there is not enough history yet instead of drawing one lonely candle, and offers the minute chart', async () => {
    await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${product.symbol}`);
    await page.getByTestId('candle-chart').waitFor({ timeout: 20_000 });
    const hourly = await call<Candle[]>('GET', `${API.products}/${product.symbol}/candles?interval=1h`);
    await page.getByTestId('interval-1h').click();
    if (hourly.length >= 3) {
      // A platform that has run for hours has the history: the chart is drawn.
      await page.getByTestId('candle-chart').waitFor();
      return;
    }
    const state = page.getByTestId('chart-short-history');
    await state.waitFor({ timeout: 20_000 });
    await screenshot(page, 'colours-chart-1h-short-history');
    await state.getByRole('button').click();
    await page.getByTestId('candle-chart').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('interval-1m').getAttribute('aria-selected')).resolves.toBe('true');
  }, 60_000);
});

describe('a page whose chunk failed to load', () => {
  it('loads on retry once the network is back, without a reload', async () => {
    await page.goto(`${BASE}/#/pages/index/index`);
    await page.getByTestId('recommended-list').waitFor({ timeout: 20_000 });
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const chunk = /\/assets\/AboutPage-[^/]*\.js/;
    let blocked = 0;
    await page.route(chunk, (route) => {
      blocked += 1;
      return route.abort('internetdisconnected');
    });

    await page.evaluate(() => (location.hash = '#/pages/aboutUs/aboutUs'));
    await page.getByTestId('page-load-error').waitFor({ timeout: 20_000 });
    // Away and back while still offline: asked again (not the remembered failure), failed again.
    await page.goBack();
    await page.getByTestId('recommended-list').waitFor();
    await page.evaluate(() => (location.hash = '#/pages/aboutUs/aboutUs'));
    await page.getByTestId('page-load-error').waitFor({ timeout: 20_000 });
    expect(blocked).toBeGreaterThanOrEqual(2);

    await page.unroute(chunk);
    await page.getByTestId('page-load-error').getByRole('button').click();
    await page.getByTestId('page-load-error').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('main h1, main h2').first().waitFor();
    await expect(page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)).resolves.toBe(true);
  }, 90_000);
});
