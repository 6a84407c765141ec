// Browser test of exchange prices on screen, on the four fake exchanges the browser tier starts
// (scripts/testing/fake-venues.mjs, driven through E2E_VENUES_CONTROL): the product page names its
// exchanges with their quotes; two exchanges fall silent and the product halts (greyed price with the
// reason, buy buttons off, the list shows it), an order sent in the moment before the screen knows is
// refused with MARKET_HALTED and the screen catches up, and it all resumes by itself; a price without a
// tick for 3 s greys out with "waiting for prices", and a dropped socket says "reconnecting" and
// subscribes again by itself; simulated prices carry their badge and are demo only. The socket is
// routed through the test (Playwright's routeWebSocket) so it can hold events back or refuse to connect.
// Screenshots at 375x812 in screenshots/.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { API, type Product } from '@candor/contracts';
import { translate } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { FAKE_VOLUMES } from '../../../scripts/testing/fake-venues.mjs';
import { BASE, call, registerUser, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const CONTROL = process.env.E2E_VENUES_CONTROL ?? '';
const SILENT = ['okx', 'kraken'] as const;
/** The app's default language: the texts on screen. */
const zh = (key: string, vars?: Record<string, string | number>) => translate('zh-TW', key, vars);

/** What the test lets through the page's socket. */
const wire = { holdTicker: false, holdMarket: false, refuse: false };
const sockets: WebSocketRoute[] = [];

let context: BrowserContext;
let page: Page;
let user: RegisteredUser;
let product: Product;
let simulatedProduct: Product | undefined;

async function venues(path: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${CONTROL}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(204);
}
const silenceTwo = async (on: boolean) => {
  for (const venue of SILENT) await venues('/silence', { venue, on });
};
const serverStatus = async (symbol: string) => (await call<Product>('GET', `${API.products}/${symbol}`)).status;

async function waitFor<T>(what: string, fn: () => Promise<T | null | false>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The quote line's condition (live, stale, halted, closed, maintenance) on the detail page. */
const quoteState = () => page.getByTestId('quote-state');
const waitCondition = (condition: string, timeout = 20_000) => page.locator(`[data-testid="quote-state"][data-condition="${condition}"]`).waitFor({ timeout });

async function openDetail(symbol: string): Promise<void> {
  await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${symbol}`);
  await page.getByTestId('quote-state').waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  expect(CONTROL).toMatch(/^http:/);
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    user = await registerUser(redis, 'prices');
  } finally {
    redis.disconnect();
  }
  const products = await call<Product[]>('GET', API.products);
  product = products.find((p) => p.symbol === 'BTCUSDT')!;
  expect(product).toMatchObject({ status: 'open', priceSource: { kind: 'venues', quorum: 3, maxDeviationBps: 50 } });
  expect(product.priceSource.venues.map((v) => v.venue)).toEqual(['binance', 'okx', 'coinbase', 'kraken']);
  simulatedProduct = products.find((p) => p.priceSource.kind !== 'venues');

  context = await launchBrowser();
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (wire.refuse) return void ws.close({ code: 1011, reason: 'refused by the test' });
    sockets.push(ws);
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      const held = typeof m === 'string' && ((wire.holdTicker && m.startsWith('42["ticker"')) || (wire.holdMarket && m.startsWith('42["market"')));
      if (!held) ws.send(m);
    });
  });
  // socket.io's long-polling fallback is refused with the WebSocket, so "refuse" means no connection at all.
  await context.route(/\/socket\.io\/.*transport=polling/, (route) => (wire.refuse ? route.abort() : route.continue()));
  page = context.pages()[0] ?? (await context.newPage());
  const res = await page.request.post(`${BASE}/api${API.login}`, { data: { email: user.email, password: user.password } });
  expect(res.status()).toBe(200);
}, 60_000);

afterAll(async () => {
  if (CONTROL) await silenceTwo(false).catch(() => undefined);
  await context?.close();
});

/** Run `fn`, with a screenshot of the page as it was if it fails. */
async function step(name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    await screenshot(page, `prices-failure-${name}`).catch(() => undefined);
    throw err;
  }
}

describe('exchange prices in the browser', () => {
  it('shows the exchanges behind a price; two fall silent: halted, buttons off, the list shows it; then it resumes by itself', async () => {
    await step('halt', async () => {
      await openDetail(product.symbol);
      await waitCondition('live');
      const source = page.getByTestId('price-source');
      await expect(source.getByTestId('price-source-summary').textContent()).resolves.toBe(zh('market:price.median', { n: 4 }));
      // Every exchange quoted and used, each with its mid at least to the product's precision (a round
      // mid is sent as "67267" and shown as "67,267.00", or "67,267.000" beside a mid of three decimals),
      // grouped in the reader's style like every price.
      const midPattern = new RegExp(`^\\d{1,3}(,\\d{3})*\\.\\d{${product.precision},}$`);
      for (const v of ['binance', 'okx', 'coinbase', 'kraken']) {
        const row = source.getByTestId(`venue-${v}`);
        await row.and(page.locator('[data-used="true"]')).waitFor({ timeout: 15_000 });
        await expect(row.getByTestId('venue-mid').textContent()).resolves.toMatch(midPattern);
        await expect(row.getByTestId('venue-state').textContent()).resolves.toBe(zh('market:source.used'));
      }
      // All with as many decimals, so the column lines up.
      const mids = await source.getByTestId('venue-mid').allTextContents();
      expect(new Set(mids.map((m) => m.split('.')[1]?.length)).size).toBe(1);
      await expect(source.getByTestId('price-source-used').textContent()).resolves.toBe(zh('market:price.used', { used: 4, total: 4 }));
      await expect(source.textContent()).resolves.toContain(zh('market:source.rule', { quorum: 3, bps: 50 }));
      await expect(page.getByTestId('buy-up').isEnabled()).resolves.toBe(true);
      await expect(quoteState().textContent()).resolves.toContain(zh('market:price.median', { n: 4 }));
      // The 24h volume is the exchanges' own, summed (the platform's ticks trade nothing), and so is the turnover;
      // shown compact, as every volume.
      const volume = Object.values(FAKE_VOLUMES).reduce((a, b) => a + b, 0);
      const live = await waitFor('the four exchanges volume', async () => {
        const p = await call<Product>('GET', `${API.products}/${product.symbol}`);
        return p.volume24h === String(volume) ? p : null;
      });
      expect(Number(live.amount24h) / volume / Number(live.lastPrice)).toBeCloseTo(1, 2);
      await page
        .locator(`[data-testid="volume24h"]:text-is("${new Intl.NumberFormat('zh-TW', { notation: 'compact', maximumFractionDigits: 2 }).format(volume)}")`)
        .waitFor();
      await screenshot(page, 'prices-01-detail');
      await source.scrollIntoViewIfNeeded();
      await screenshot(page, 'prices-02-sources');

      // Two of four exchanges fall silent: below the quorum of 3, the product halts (a `market` event).
      await silenceTwo(true);
      await waitCondition('halted', 30_000);
      await expect(quoteState().textContent()).resolves.toBe(zh('market:halt.quorum'));
      await expect(page.getByTestId('price').first().getAttribute('data-muted')).resolves.toBe('true');
      await expect(page.getByTestId('buy-up').isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('buy-down').isDisabled()).resolves.toBe(true);
      const note = page.getByTestId('buy-note');
      await expect(note.getAttribute('data-block')).resolves.toBe('halted');
      await expect(note.textContent()).resolves.toContain(zh('market:halt.quorum'));
      await expect(source.getByTestId('price-source-halt').textContent()).resolves.toBe(zh('market:halt.quorum'));
      // The silent exchanges are dropped as stale (the feed status is read every 2 s).
      for (const v of SILENT) {
        const row = source.getByTestId(`venue-${v}`);
        await row.and(page.locator('[data-used="false"][data-reason="stale"]')).waitFor({ timeout: 10_000 });
        await expect(row.getByTestId('venue-state').textContent()).resolves.toBe(zh('market:source.dropped', { reason: zh('market:source.reason.stale') }));
      }
      await page.getByTestId('buy-up').scrollIntoViewIfNeeded();
      await screenshot(page, 'prices-03-halted-panel');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'prices-04-halted');

      // The product list shows it too.
      const list = await context.newPage();
      try {
        await list.goto(`${BASE}/#/pages/product/product`);
        const row = list.getByTestId(`product-${product.symbol}`);
        await row.and(list.locator('[data-condition="halted"]')).waitFor({ timeout: 15_000 });
        await expect(row.getByTestId('price-note').textContent()).resolves.toBe(zh('market:haltShort.quorum'));
        await expect(row.getByTestId('price').getAttribute('data-muted')).resolves.toBe('true');
        await expect(row.textContent()).resolves.toContain(zh('market:status.halted'));
        await screenshot(list, 'prices-05-list-halted');
      } finally {
        await list.close();
      }

      // The exchanges speak again: it resumes by itself.
      await silenceTwo(false);
      await waitCondition('live', 30_000);
      await page.locator('[data-testid="buy-up"]:not([disabled])').waitFor({ timeout: 5_000 });
      await expect(page.getByTestId('buy-note').getAttribute('data-block')).resolves.toBeNull();
      await expect(page.getByTestId('price').first().getAttribute('data-muted')).resolves.toBeNull();
    });
  }, 150_000);

  it('an order sent before the screen learns of a halt is refused with MARKET_HALTED, and the screen catches up', async () => {
    await step('refused', async () => {
      await openDetail(product.symbol);
      await waitCondition('live');
      await page.getByTestId('account-demo').click();
      // The page does not hear of the halt: only the refusal can tell it.
      wire.holdMarket = true;
      try {
        await silenceTwo(true);
        await waitFor('the server to halt the product', async () => (await serverStatus(product.symbol)) === 'halted', 30_000);
        // The last tick arrived under 3 s ago: the screen still offers the buttons.
        const refused = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
        await page.getByTestId('buy-up').click({ timeout: 2_000 });
        const res = await refused;
        const body = (await res.json()) as { error: { code: string; reason?: string; message: string } };
        expect([res.status(), body.error.code, body.error.reason]).toEqual([422, 'MARKET_HALTED', 'quorum']);
        await page
          .getByTestId('toast')
          .filter({ hasText: zh('errors:MARKET_HALTED') })
          .waitFor({ timeout: 5_000 });
        // ...and reads the product again, so it shows the halt with its reason.
        await waitCondition('halted', 10_000);
        await expect(quoteState().textContent()).resolves.toBe(zh('market:halt.quorum'));
        await screenshot(page, 'prices-06-refused');
      } finally {
        wire.holdMarket = false;
        await silenceTwo(false);
      }
      await waitCondition('live', 30_000);
    });
  }, 120_000);

  it('greys a price without a tick for 3 s ("waiting for prices"); a dropped socket says "reconnecting" and subscribes again', async () => {
    await step('stale', async () => {
      await openDetail(product.symbol);
      await waitCondition('live');
      await page.getByTestId('live-indicator').and(page.locator('[data-live="true"]')).waitFor({ timeout: 15_000 });

      // Ticks stop reaching the page (the market itself goes on): after 3 s the price is no longer current.
      wire.holdTicker = true;
      const heldAt = Date.now();
      await waitCondition('stale', 10_000);
      expect(Date.now() - heldAt).toBeGreaterThan(2_000);
      await expect(serverStatus(product.symbol)).resolves.toBe('open');
      await expect(quoteState().textContent()).resolves.toBe(zh('market:price.waiting'));
      await expect(page.getByTestId('price').first().getAttribute('data-muted')).resolves.toBe('true');
      await expect(page.getByTestId('buy-up').isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('buy-note').getAttribute('data-block')).resolves.toBe('stale');
      await expect(page.getByTestId('buy-note').textContent()).resolves.toContain(zh('market:price.waiting'));
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'prices-07-waiting');
      wire.holdTicker = false;
      await waitCondition('live', 10_000);
      await expect(page.getByTestId('buy-up').isEnabled()).resolves.toBe(true);

      // The connection drops and cannot come back for a while: "reconnecting", and the price greys.
      wire.refuse = true;
      for (const ws of sockets.splice(0)) await ws.close({ code: 1001, reason: 'dropped by the test' }).catch(() => undefined);
      await page.getByTestId('live-indicator').and(page.locator('[data-live="false"]')).waitFor({ timeout: 10_000 });
      await expect(page.getByTestId('live-indicator').textContent()).resolves.toBe(zh('market:live.off'));
      await waitCondition('stale', 10_000);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'prices-08-reconnecting');
      // It comes back by itself, subscribes again, and prices flow: a tick newer than the reconnection.
      wire.refuse = false;
      await page.getByTestId('live-indicator').and(page.locator('[data-live="true"]')).waitFor({ timeout: 20_000 });
      const reconnectedAt = Date.now();
      await waitCondition('live', 10_000);
      const before = await page.getByTestId('price').first().textContent();
      await waitFor('a new price after the reconnection', async () => (await page.getByTestId('price').first().textContent()) !== before, 10_000, 200);
      expect(Date.now() - reconnectedAt).toBeLessThan(20_000);
    });
  }, 120_000);

  it('marks simulated prices "demo only" in the list and on the page; the real account cannot buy them, the demo account can', async () => {
    if (!simulatedProduct) throw new Error('the seed has no product on simulated prices');
    const sim = simulatedProduct;
    await step('simulated', async () => {
      await page.goto(`${BASE}/#/pages/product/product`);
      const row = page.getByTestId(`product-${sim.symbol}`);
      await row.waitFor({ timeout: 15_000 });
      await expect(row.getByTestId('simulated-badge').textContent()).resolves.toBe(zh('market:price.simulated'));
      // Exchange-priced rows carry no badge.
      await expect(page.getByTestId(`product-${product.symbol}`).getByTestId('simulated-badge').count()).resolves.toBe(0);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'prices-09-list-simulated');

      await openDetail(sim.symbol);
      await expect(quoteState().getByTestId('simulated-badge').textContent()).resolves.toBe(zh('market:price.simulated'));
      const source = page.getByTestId('price-source');
      await expect(source.getAttribute('data-kind')).resolves.toBe(sim.priceSource.kind);
      await expect(source.textContent()).resolves.toContain(zh('market:source.simulated'));
      await page.getByTestId('account-real').click();
      const note = page.getByTestId('buy-note');
      await expect(note.getAttribute('data-block')).resolves.toBe('simulated');
      await expect(note.textContent()).resolves.toContain(zh('market:trade.simulated'));
      await expect(page.getByTestId('buy-up').isDisabled()).resolves.toBe(true);
      await screenshot(page, 'prices-10-simulated');
      await page.getByTestId('buy-up').scrollIntoViewIfNeeded();
      await screenshot(page, 'prices-11-simulated-panel');
      // The demo account may trade it (when its market is open: forex and metals keep hours).
      await page.getByTestId('account-demo').click();
      await expect(note.getAttribute('data-block')).resolves.not.toBe('simulated');
      const status = await serverStatus(sim.symbol);
      if (status === 'open') await page.locator('[data-testid="buy-up"]:not([disabled])').waitFor({ timeout: 5_000 });
      else await expect(note.getAttribute('data-block')).resolves.toBe(status);
    });
  }, 90_000);

  it('explains the rule on its own page, reached from the product page', async () => {
    await step('rules', async () => {
      await openDetail(product.symbol);
      await page.getByTestId('price-rules-link').click();
      await page.getByTestId('prices-page').waitFor({ timeout: 15_000 });
      expect(page.url()).toContain('#/pages/prices/prices');
      await expect(page.locator('h1').textContent()).resolves.toBe(zh('prices:title'));
      const text = (await page.getByTestId('prices-page').textContent()) ?? '';
      expect(text).toContain(zh('prices:sections.rule.text', { quorum: 3, bps: 50, percent: '0.5%', staleSeconds: 5 }).split('\n\n')[0]);
      expect(text).toContain(zh('prices:sections.expiry.text', { graceSeconds: 10 }));
      expect(text).toContain('scripts/verify-venues.mjs');
      await screenshot(page, 'prices-12-rules');
      await page.getByTestId('prices-expiry').scrollIntoViewIfNeeded();
      await screenshot(page, 'prices-13-rules-halts');
      await page.getByTestId('prices-check').scrollIntoViewIfNeeded();
      await screenshot(page, 'prices-14-rules-check');

      // The same in English (a longer language in a narrow screen): the page and the exchanges' block.
      await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
      try {
        await page.reload();
        await page.getByTestId('prices-page').waitFor({ timeout: 15_000 });
        await expect(page.locator('h1').textContent()).resolves.toBe(translate('en', 'prices:title'));
        await screenshot(page, 'prices-15-rules-en');
        await openDetail(product.symbol);
        await waitCondition('live');
        await page.getByTestId('price-source').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('price-source-summary').textContent()).resolves.toBe('Median of 4 exchanges');
        await screenshot(page, 'prices-16-sources-en');
      } finally {
        await page.evaluate(() => localStorage.removeItem('candor.lang'));
      }
    });
  }, 60_000);
});
