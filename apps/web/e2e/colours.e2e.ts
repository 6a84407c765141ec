// Browser test of the reader's price colours and of a page whose chunk failed to load (issue 48). Rise in red
// is the default in zh-TW, rise in green in en; the settings page switches it, and the price list, the buy-up
// button, the chart's rising candles, its legend of the user's open orders and each price's flash follow at
// once. A fresh product's hourly and daily charts say the history is short. A page whose chunk request failed shows the loading
// error; navigating away and back asks again, and once the network is back "retry" loads it without a reload.
// axe reads the price list and the detail page in both colour schemes (red and green text differ in contrast).
// Screenshots in screenshots/colours-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
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
// A price's flash at its start (styles/app.css --c-rise-tint / --c-fall-tint): the chart's green and red, faint.
const FLASH_GREEN = 'rgba(22, 163, 74, 0.14)';
const FLASH_RED = 'rgba(229, 72, 77, 0.14)';

let redis: Redis;
let context: BrowserContext;
let page: Page;
let user: RegisteredUser;
let product: Product;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  const products = await call<Product[]>('GET', API.products);
  const open = products.find((p) => p.status === 'open' && p.expiries.length > 0);
  if (!open) throw new Error('no product');
  product = open;
  user = await registerUser(redis, 'colours', { confirmEmail: false });
  // Two demo orders of the longest expiry, open through the test: the chart's legend shows one of each direction.
  const longest = Math.max(...product.expiries.map((e) => e.seconds));
  for (const direction of ['up', 'down'] as const) {
    const res = await fetch(`${BASE}/api${API.orders}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}`, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ symbol: product.symbol, direction, amount: '10', durationSeconds: longest, account: 'demo' }),
    });
    expect(res.status).toBe(201);
  }
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

/**
 * The colour of a price's flash at its start, for an up-tick and a down-tick: a flashing cell's animation is
 * stopped at its first frame and read (each tick re-mounts the cell, so the next one flashes as usual).
 */
async function flashColours(): Promise<{ up: string; down: string }> {
  await page.evaluate(() => ((window as unknown as { __flash: Record<string, string> }).__flash = {}));
  const seen = await page.waitForFunction(
    () => {
      const flash = (window as unknown as { __flash: Record<string, string> }).__flash;
      for (const el of document.querySelectorAll('[data-testid="price"][data-direction]')) {
        const dir = el.getAttribute('data-direction') ?? '';
        const animation = el.getAnimations()[0];
        if (!animation || flash[dir]) continue;
        animation.pause();
        animation.currentTime = 0;
        flash[dir] = getComputedStyle(el).backgroundColor;
      }
      return flash.up && flash.down ? flash : null;
    },
    null,
    { timeout: 45_000, polling: 50 },
  );
  return (await seen.jsonValue()) as { up: string; down: string };
}

/** The detail page's buy-up button background, the chart's rising candle colour and its order legend's colours. */
async function detailColours(): Promise<{ buyUp: string; chartUp: string | null; legend: Record<string, string[]> }> {
  await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${product.symbol}`);
  const buyUp = page.getByTestId('buy-up');
  await buyUp.waitFor({ timeout: 20_000 });
  const chart = page.getByTestId('candle-chart');
  await chart.waitFor({ timeout: 20_000 });
  await page.locator('[data-testid="chart-order"][data-direction="down"]').waitFor({ timeout: 20_000 });
  // Each order's border and direction label, by its direction.
  const legend = await page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="chart-order"]')].map((li) => [
        li.getAttribute('data-direction') ?? '',
        [getComputedStyle(li).borderLeftColor, getComputedStyle(li.firstElementChild!).color],
      ]),
    ),
  );
  return { buyUp: await buyUp.evaluate((el) => getComputedStyle(el).backgroundColor), chartUp: await chart.getAttribute('data-up-colour'), legend };
}

/** The detail page's colours in a scheme: a rise in `rise` (the buy-up button, rising candles, an up order). */
function expectedDetail(rise: 'red' | 'green') {
  const [up, down] = rise === 'red' ? [RED, GREEN] : [GREEN, RED];
  return { buyUp: up, chartUp: rise === 'red' ? CHART_RED : CHART_GREEN, legend: { up: [up, up], down: [down, down] } };
}

function expectedFlash(rise: 'red' | 'green') {
  return rise === 'red' ? { up: FLASH_RED, down: FLASH_GREEN } : { up: FLASH_GREEN, down: FLASH_RED };
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
    expect(await flashColours()).toEqual(expectedFlash('red'));
    await screenshot(page, 'colours-list-zh-TW-red');
    await expectNoSeriousAxe('colours-list-zh-TW-red');
    expect(await detailColours()).toEqual(expectedDetail('red'));
    await screenshot(page, 'colours-detail-zh-TW-red');
    await expectNoSeriousAxe('colours-detail-zh-TW-red');

    await page.goto(`${BASE}/#/pages/set/set`);
    await page.getByTestId('rise-green').click();
    await expect(page.getByTestId('rise-green').getAttribute('aria-checked')).resolves.toBe('true');
    await screenshot(page, 'colours-settings-zh-TW');
    expectList(await listColours(), GREEN, RED);
    expect(await flashColours()).toEqual(expectedFlash('green'));
    await screenshot(page, 'colours-list-zh-TW-green');
    await expectNoSeriousAxe('colours-list-zh-TW-green');
    expect(await detailColours()).toEqual(expectedDetail('green'));
    await screenshot(page, 'colours-detail-zh-TW-green');
    await expectNoSeriousAxe('colours-detail-zh-TW-green');
  }, 120_000);

  it('rises in green in en by default, and in red once chosen, kept after a reload', async () => {
    await openIn('en');
    expect(await page.evaluate(() => document.documentElement.dataset.rise)).toBe('green');
    expectList(await listColours(), GREEN, RED);
    expect(await flashColours()).toEqual(expectedFlash('green'));
    await screenshot(page, 'colours-list-en-green');
    await expectNoSeriousAxe('colours-list-en-green');
    expect(await detailColours()).toEqual(expectedDetail('green'));
    await screenshot(page, 'colours-detail-en-green');
    await expectNoSeriousAxe('colours-detail-en-green');

    await page.goto(`${BASE}/#/pages/set/set`);
    await page.getByTestId('rise-red').click();
    await page.reload();
    await page.getByTestId('rise-red').waitFor();
    await expect(page.getByTestId('rise-red').getAttribute('aria-checked')).resolves.toBe('true');
    expectList(await listColours(), RED, GREEN);
    expect(await flashColours()).toEqual(expectedFlash('red'));
    await screenshot(page, 'colours-list-en-red');
    await expectNoSeriousAxe('colours-list-en-red');
    expect(await detailColours()).toEqual(expectedDetail('red'));
    await screenshot(page, 'colours-detail-en-red');
    await expectNoSeriousAxe('colours-detail-en-red');
  }, 120_000);
});

describe('the hourly and daily charts of a fresh product', () => {
  it('say there is not enough history yet instead of drawing one lonely candle, and offer the minute chart', async () => {
    // A fresh product: its hourly and daily histories as the server sends them, cut to their newest candle (a
    // platform that has run for hours or days has more, and draws them).
    const fresh = /\/api\/products\/[^/]+\/candles\?(.*&)?interval=(1h|1d)\b/;
    await page.route(fresh, async (route) => {
      const res = await route.fetch();
      const candles = (await res.json()) as Candle[];
      await route.fulfill({ response: res, json: candles.slice(-1) });
    });
    try {
      const hourly = await call<Candle[]>('GET', `${API.products}/${product.symbol}/candles?interval=1h`);
      expect(hourly.length).toBeGreaterThan(0);
      await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${product.symbol}`);
      await page.getByTestId('candle-chart').waitFor({ timeout: 20_000 });
      const state = page.getByTestId('chart-short-history');
      for (const interval of ['1h', '1d'] as const) {
        await page.getByTestId(`interval-${interval}`).click();
        await state.waitFor({ timeout: 20_000 });
        await expect(page.getByTestId('candle-chart').count()).resolves.toBe(0);
        await screenshot(page, `colours-chart-${interval}-short-history`);
        // The way out: the minute chart, drawn.
        await state.getByRole('button').click();
        await page.getByTestId('candle-chart').waitFor({ timeout: 20_000 });
        await expect(page.getByTestId('interval-1m').getAttribute('aria-selected')).resolves.toBe('true');
      }
    } finally {
      await page.unroute(fresh);
    }
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
