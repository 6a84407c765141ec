// Browser test of the trading flow: a user registered through the API logs in through the UI,
// opens a 24/7 product, buys up on the demo account with the shortest expiry, watches the
// countdown, sees the settled result arrive over the socket, finds the order among the closed
// positions with both prices, and opens its receipt. Screenshots at 375x812 in screenshots/.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type Order, type OrderReceipt, type Product } from '@candor/contracts';
import { receiptRecordSeconds } from '@candor/domain';
import { resources, translate } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { REDIS_KEYS } from '@candor/cross-process';

const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const INVITE = process.env.E2E_INVITE_CODE ?? '';
const zh = resources['zh-TW'];

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers a fresh user through the API, reading the captcha answer from Redis (`captcha:<id>`), where the server keeps it. */
async function registerUser(redis: Redis): Promise<{ email: string; password: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `trader${stamp}@example.com`;
  const password = 'Trade-e2e-2024';
  const { captchaId } = await call<{ captchaId: string }>('GET', API.captcha);
  const captchaCode = await redis.get(REDIS_KEYS.captcha(captchaId));
  expect(captchaCode).toMatch(/^\d{4}$/);
  const { registrationToken } = await call<{ registrationToken: string }>('POST', API.registerCheck, {
    email,
    phone: `+8869${stamp.slice(-8)}`,
    inviteCode: INVITE,
    captchaId,
    captchaCode,
  });
  await call('POST', API.register, { registrationToken, password, confirmPassword: password, tradePassword: '246810', confirmTradePassword: '246810' });
  return { email, password };
}

describe('trading in the browser', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let product: Product;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    // A product that trades around the clock and is open now (crypto in the seed).
    const products = await call<Product[]>('GET', API.products);
    const open = products.filter((p) => p.status === 'open' && p.expiries.length > 0);
    const found = open.find((p) => p.symbol === 'BTCUSDT') ?? open.find((p) => p.category === 'crypto') ?? open[0];
    if (!found) throw new Error(`no open product to trade: ${products.map((p) => `${p.symbol}:${p.status}`).join(', ')}`);
    product = found;
    context = await launchBrowser();
    // Records the app's haptic feedback (navigator.vibrate) instead of vibrating.
    await context.addInitScript(() => {
      const felt: unknown[] = [];
      Object.defineProperty(window, '__vibrations', { value: felt });
      navigator.vibrate = ((pattern: unknown) => felt.push(pattern) > 0) as Navigator['vibrate'];
    });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('buys up on demo, sees the countdown and the settled result, then finds it with its receipt', async () => {
    try {
      await tradeFlow();
    } catch (err) {
      await screenshot(page, 'trading-failure').catch(() => undefined);
      throw err;
    }
  }, 180_000);

  async function tradeFlow(): Promise<void> {
    const user = await registerUser(redis);

    // Log in through the UI.
    await page.goto(`${BASE}/#/pages/login/login`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });

    // Products -> the product's detail page with its live price and chart.
    await page.goto(`${BASE}/#/pages/product/product`);
    await page.getByTestId(`product-${product.symbol}`).click();
    await page.waitForURL((url) => url.hash.includes(`symbol=${product.symbol}`));
    await page.getByTestId('candle-chart').waitFor({ timeout: 20_000 });
    await page.getByTestId('live-indicator').and(page.locator('[data-live="true"]')).waitFor({ timeout: 15_000 });
    await screenshot(page, 'trading-01-detail');

    // The chart is sized to its box when made and follows the box when it narrows or widens (rotation).
    const chartFits = () =>
      page.waitForFunction(() => {
        const box = document.querySelector('[data-testid="candle-chart"]');
        const drawn = box?.querySelector('table')?.getBoundingClientRect().width;
        const width = box?.getBoundingClientRect().width ?? 0;
        // Within a pixel: the chart takes whole pixels of a box that may have a fraction.
        return drawn !== undefined && width > 0 && Math.abs(drawn - width) <= 1;
      });
    await chartFits();
    const viewport = page.viewportSize()!;
    const chartWidth = () => page.getByTestId('candle-chart').evaluate((el) => el.clientWidth);
    const wide = await chartWidth();
    await page.setViewportSize({ width: viewport.width - 60, height: viewport.height });
    await chartFits();
    expect(await chartWidth()).toBeLessThan(wide);
    await page.setViewportSize(viewport);
    await chartFits();
    expect(await chartWidth()).toBe(wide);

    // Demo account, shortest expiry.
    await page.getByTestId('account-demo').click();
    const shortest = Math.min(...product.expiries.map((e) => e.seconds));
    await page.getByTestId(`expiry-${shortest}`).click();
    await expect(page.getByTestId('balance').textContent()).resolves.toMatch(/\d/);
    await page.getByTestId('trade-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'trading-02-panel');

    // Buy up: the request carries an Idempotency-Key; "purchase successful" and the countdown show.
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    await page.getByTestId('buy-up').click();
    const response = await placed;
    expect(response.status()).toBe(201);
    expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const order = (await response.json()) as Order;
    expect(order).toMatchObject({ symbol: product.symbol, direction: 'up', account: 'demo', durationSeconds: shortest, status: 'open' });

    // "Purchase successful" is said in the order's sheet (a toast would follow the user to the next page).
    await page.getByTestId('order-placed').filter({ hasText: zh.trade.placed }).waitFor({ timeout: 5_000 });
    const felt = () => page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations);
    await expect(felt()).resolves.toEqual([30]); // a short buzz for the order
    const sheet = page.getByTestId('order-sheet');
    await sheet.getByTestId('order-countdown').waitFor();
    const first = await sheet.getByTestId('order-countdown').textContent();
    // It counts down live: the text changes within a few seconds (a second per second, on a busy machine later).
    const changed = await page
      .waitForFunction((before) => document.querySelector('[data-testid="order-sheet"] [data-testid="order-countdown"]')?.textContent !== before, first, {
        timeout: 5_000,
      })
      .then(
        () => true,
        () => false,
      );
    expect({ first, changed }).toEqual({ first, changed: true });
    await screenshot(page, 'trading-03-countdown');

    // The result arrives over the socket, without a reload.
    const result = sheet.getByTestId('order-result');
    await result.waitFor({ timeout: (shortest + 20) * 1000 });
    const outcome = await result.getAttribute('data-outcome');
    expect(['win', 'loss', 'tie']).toContain(outcome);
    // ...and another for the result: a double buzz for a win, a long one for a loss, a short one for a tie.
    const resultPattern = { win: [40, 60, 40], loss: 120, tie: 50 }[outcome as 'win' | 'loss' | 'tie'];
    await expect(felt()).resolves.toEqual([30, resultPattern]);
    // Prices are shown grouped in the reader's style ("67,267.50"), every digit as sent.
    await expect(sheet.getByTestId('order-close-price').textContent()).resolves.toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
    await screenshot(page, 'trading-04-result');

    // Closed positions list it with both prices.
    await sheet.getByTestId('order-sheet-close').click();
    const listed = page.waitForResponse((r) => r.url().includes('/api/orders?') && r.url().includes('status=settled'));
    await page.goto(`${BASE}/#/pages/order/order?tab=closed`);
    const list = await listed;
    const listBody = (await list.json()) as { items: Order[] };
    expect({ status: list.status(), ids: listBody.items.map((o) => o.id) }).toEqual({ status: 200, ids: expect.arrayContaining([order.id]) });
    const card = page.locator(`[data-testid="closed-order"][data-order-id="${order.id}"]`);
    await card.waitFor({ timeout: 15_000 });
    const openPrice = (await card.getByTestId('closed-order-open-price').textContent())?.trim();
    const closePrice = (await card.getByTestId('closed-order-close-price').textContent())?.trim();
    expect(openPrice?.replace(/,/g, '')).toBe(order.openPrice);
    expect(closePrice).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
    await expect(card.getByTestId('outcome').getAttribute('data-outcome')).resolves.toBe(outcome);
    await screenshot(page, 'trading-05-closed');

    // Its receipt: both ticks, with their block hashes.
    const receiptResponse = page.waitForResponse((r) => r.url().includes(`/api/orders/${order.id}/receipt`));
    await card.click();
    const receipt = (await (await receiptResponse).json()) as OrderReceipt;
    await page.getByTestId('receipt').waitFor();
    // It opens with the result and the two prices; the proof (hashes, blocks, commands) is one tap below.
    await expect(page.getByTestId('receipt-result').getAttribute('data-kind')).resolves.toBe(outcome);
    await expect(page.getByTestId('receipt-summary-entry-price').textContent()).resolves.toBe(openPrice);
    await expect(page.getByTestId('receipt-summary-exit-price').textContent()).resolves.toBe(closePrice);
    await expect(page.getByTestId('receipt-entry-hash').isVisible()).resolves.toBe(false);
    await page.getByTestId('receipt-proof-toggle').click();
    await expect(page.getByTestId('receipt-entry-price').textContent()).resolves.toBe(openPrice);
    await expect(page.getByTestId('receipt-exit-price').textContent()).resolves.toBe(closePrice);
    await expect(page.getByTestId('receipt-entry-hash').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('receipt-exit-hash').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    // The screen groups digits in the reader's style; the receipt's wire prices are plain decimals.
    expect(receipt.entryTick.price).toBe(openPrice?.replaceAll(',', ''));
    expect(receipt.exitTick?.price).toBe(closePrice?.replaceAll(',', ''));
    await screenshot(page, 'trading-06-receipt');

    // Prices from the (fake) exchanges: each tick lists every quote that made it, used or dropped, with the rule.
    for (const [which, tick] of [
      ['entry', receipt.entryTick],
      ['exit', receipt.exitTick!],
    ] as const) {
      expect(tick.sources?.filter((s) => s.used).length).toBeGreaterThanOrEqual(tick.rule!.quorum);
      await expect(page.locator(`[data-testid=receipt-${which}-source]`).count()).resolves.toBe(tick.sources!.length);
      await expect(page.locator(`[data-testid=receipt-${which}-source][data-used=true]`).count()).resolves.toBe(tick.sources!.filter((s) => s.used).length);
      await expect(page.getByTestId(`receipt-${which}-median`).textContent()).resolves.toContain(tick.price);
    }
    await expect(page.getByTestId('receipt-close-rule').getAttribute('data-rule')).resolves.toBe('expiry');
    await page.getByTestId('receipt-exit-sources').scrollIntoViewIfNeeded();
    await screenshot(page, 'trading-06-receipt-sources');

    // Checked on the device: the blocks' hash chain, both ticks, the close rule, outcome and amounts.
    const verdict = page.getByTestId('receipt-check-result');
    for (let attempt = 0; ; attempt++) {
      await page.getByTestId('receipt-check').click();
      await verdict.waitFor({ timeout: 15_000 });
      const reason = await verdict.getAttribute('data-reason');
      if (!(reason === 'unsealed' || reason === 'incomplete') || attempt >= 5) break;
      await page.waitForTimeout(1_000); // the feed seals each second shortly after it ends
    }
    await expect(verdict.getAttribute('data-ok')).resolves.toBe('true');
    await verdict.scrollIntoViewIfNeeded();
    await screenshot(page, 'trading-07-verified');

    // The technical steps, in the page's language (not the API's English text), with this order's numbers.
    await page.locator('details:has([data-testid="receipt-technical"]) > summary', { hasText: zh.receipt.technical }).click();
    const technical = (await page.getByTestId('receipt-technical').textContent()) ?? '';
    const origin = await page.evaluate(() => window.location.origin);
    const o = receipt.order;
    const { from, to } = receiptRecordSeconds(Date.parse(o.openedAt), Date.parse(o.closedAt ?? o.expiresAt));
    const base = `${origin}/api${API.products}/${o.symbol}`;
    const tr = (key: string, values: Record<string, string | number>) => translate('zh-TW', `receipt:tech.${key}`, values);
    expect(technical).toBe(
      [
        tr('records', { symbol: o.symbol, from, to, blocks: `GET ${base}/blocks?from=${from}&to=${to}`, ticks: `GET ${base}/ticks` }),
        `${tr('chain', { command: `node scripts/verify-chain.mjs ${o.symbol} ${from} ${to} --api ${origin}` })} ${tr('venues', { command: `node scripts/verify-venues.mjs ${o.id}` })}`,
        `${tr('ticks', { seq: receipt.entryTick.seq, price: receipt.entryTick.price })} ${tr('exit', { seq: receipt.exitTick!.seq, price: receipt.exitTick!.price, expiresAt: new Date(o.expiresAt).toISOString() })}`,
        tr('result', { rate: o.payoutRate }),
      ].join('\n'),
    );
    expect(technical).toContain(`node scripts/verify-chain.mjs ${receipt.order.symbol} `);
    expect(technical).not.toContain('Get the public record');
    expect(technical).not.toMatch(/\{\{/);
    await page.getByTestId('receipt-technical').scrollIntoViewIfNeeded();
    await screenshot(page, 'trading-08-technical');
  }
});
