// Browser test of a catalogue change as a user sees it, through the real path end to end: an admin (admin
// API, TOTP) gives ETHUSDT a single 10 s expiry, a user (375x812, zh-TW) opens a demo order on it, and the
// admin schedules a change of its price decimals for the earliest time allowed. The product page announces
// it in words with its time in the reader's time zone, in zh-TW and in en, and its history lists it as
// scheduled; the order's receipt shows the terms it opened with and checks out on the device; an order whose
// expiry would reach the change is refused with its time. When it takes effect (the feed records it in the
// tick chain) the notice goes without a reload, and the user's account activity shows it as a system entry
// with the change in words. Screenshots at 375x812 in screenshots/catalogue-changes-*.png.
//
// The change must take effect while the test runs, so the platform must run with a short
// CATALOGUE_NOTICE_HOURS (0.005 h = 18 s; the floor is then the product's longest expiry, 10 s, + 60 s): with
// a longer notice the test fails at once and says so.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import {
  API,
  type AccountActivity,
  type AdminProduct,
  type CatalogueChange,
  type Order,
  type OrderReceipt,
  type Page as ListPage,
  type Product,
  type ScheduledChangeResponse,
} from '@candor/contracts';
import { resources, translate, type Locale } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, call, eventually, operatorToken, registerUser, send, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
/** A product no other browser test trades or edits, streamed by the fake exchanges. */
const SYMBOL = 'ETHUSDT';
const EXPIRY = 10;
/** The browser's time zone, so the times the test expects are the times the page writes. */
const TIME_ZONE = 'Asia/Taipei';
/** Longest the change may be scheduled ahead for this test to wait for it (the floor is 70 s). */
const MAX_WAIT_MS = 120_000;
const zh = resources['zh-TW'];

/**
 * An announced time as a reader in TIME_ZONE sees it: the month in words, 24-hour clock, seconds only when it has
 * some (the app's lib/format.ts, formatAnnouncedTime). A page that wrote it in another zone would not match.
 */
function announced(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(date.getUTCSeconds() ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    timeZone: TIME_ZONE,
  }).format(date);
}

/** A precision change in words, as the app's formatter (catalogueChanges.ts) writes it from the translations. */
function precisionText(locale: Locale, from: number, to: number): string {
  return translate(locale, 'market:changes.precision', { from: String(from), to: String(to) });
}

const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

describe('catalogue changes in the browser', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let admin: string;
  let original: AdminProduct;
  let scheduled: ScheduledChangeResponse | null = null;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    admin = await operatorToken();
    const products = await call<AdminProduct[]>('GET', API.adminProducts, undefined, admin);
    const found = products.find((p) => p.symbol === SYMBOL);
    if (!found) throw new Error(`${SYMBOL} is not in the catalogue: ${products.map((p) => p.symbol).join(', ')}`);
    original = found;
    context = await launchBrowser({ timezoneId: TIME_ZONE });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    // Leave the product as other runs expect it: its expiries back, no change left waiting.
    if (admin && original) {
      const pending = scheduled
        ? await send('DELETE', `${API.adminProducts}/${SYMBOL}/scheduled-changes/${scheduled.scheduledChange.id}`, undefined, admin)
        : null;
      if (pending && pending.status !== 204 && pending.status !== 409) console.warn(`cancelling the change: ${pending.status}`);
      await send('PATCH', `${API.adminProducts}/${SYMBOL}`, { expiries: original.expiries }, admin);
    }
    await context?.close();
    redis?.disconnect();
  });

  it('announces a precision change on the product page, refuses orders that would reach it, and shows it in the account activity', async () => {
    try {
      await changeFlow();
    } catch (err) {
      await screenshot(page, 'catalogue-changes-failure').catch(() => undefined);
      throw err;
    }
  }, 300_000);

  async function signIn(user: RegisteredUser): Promise<void> {
    const res = await page.request.post(`${BASE}/api${API.login}`, { data: { email: user.email, password: user.password } });
    expect(res.status()).toBe(200);
  }

  /** The page again in `locale`, from its top (a reload returns to where the page was scrolled). */
  async function setLanguage(locale: Locale): Promise<void> {
    await page.evaluate((lng) => {
      localStorage.setItem('candor.lang', lng);
      window.scrollTo(0, 0);
    }, locale);
    await page.reload();
  }

  /** A demo order through the api: the price must be fresh, so a refusal for a stale one is asked again. */
  async function placeDemoOrder(token: string): Promise<Order> {
    const body = { symbol: SYMBOL, direction: 'up', amount: '10', durationSeconds: EXPIRY, account: 'demo' };
    const placed = await eventually(
      `a demo order on ${SYMBOL}`,
      () => send<Order & { error?: { code: string } }>('POST', API.orders, body, token),
      (r) => r.status === 201 || (r.status !== 422 && r.status !== 503),
      15_000,
    );
    expect(placed.status).toBe(201);
    return placed.body;
  }

  async function changeFlow(): Promise<void> {
    // One short expiry: the change may then come 70 s after it is scheduled.
    await call<AdminProduct>('PATCH', `${API.adminProducts}/${SYMBOL}`, { expiries: [{ seconds: EXPIRY, payoutRate: '0.85' }] }, admin);

    const user = await registerUser(redis, 'catalogue');
    const order = await placeDemoOrder(user.token);
    expect(order).toMatchObject({ precision: original.precision, priceVenues: original.priceVenues });

    // The precision change, for the earliest time allowed (no effectiveAt: the default).
    const to = original.precision + 1;
    const res = await send<ScheduledChangeResponse>('PATCH', `${API.adminProducts}/${SYMBOL}`, { precision: to }, admin);
    expect({ status: res.status, body: res.status === 202 ? null : res.body }).toEqual({ status: 202, body: null });
    scheduled = res.body;
    const change = res.body.scheduledChange;
    expect(change).toMatchObject({ field: 'precision', from: original.precision, to });
    const effectiveAt = Date.parse(change.effectiveAt);
    if (effectiveAt - Date.now() > MAX_WAIT_MS)
      throw new Error(`the change takes effect at ${change.effectiveAt}: the platform must run with a short CATALOGUE_NOTICE_HOURS (e.g. 0.005)`);
    const publicProduct = await call<Product>('GET', `${API.products}/${SYMBOL}`);
    expect(publicProduct.scheduledChanges.map((c) => c.id)).toEqual([change.id]);

    // The product page, in zh-TW (the default): the change in words, with its time in the reader's zone.
    await signIn(user);
    await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${SYMBOL}`);
    const notice = page.getByTestId('scheduled-changes');
    await notice.waitFor({ timeout: 15_000 });
    const item = notice.locator(`[data-testid=scheduled-change][data-field=precision]`);
    await expect(item.getAttribute('data-effective-at')).resolves.toBe(change.effectiveAt);
    const sentence = (locale: Locale) =>
      translate(locale, 'market:changes.sentence', { what: precisionText(locale, original.precision, to), time: announced(change.effectiveAt, locale) });
    await expect(item.textContent()).resolves.toBe(sentence('zh-TW'));
    await expect(notice.textContent()).resolves.toContain(zh.market.changes.openOrders);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'catalogue-changes-01-notice-zh-TW');

    // Its history lists it as scheduled.
    await page.getByTestId('catalogue-history-toggle').click();
    const listed = page.locator(`[data-testid=catalogue-change][data-field=precision]`).first();
    await listed.waitFor({ timeout: 10_000 });
    await expect(listed.getAttribute('data-status')).resolves.toBe('pending');
    await expect(listed.getByTestId('catalogue-change-status').textContent()).resolves.toBe(zh.market.changes.status.pending);
    await page.getByTestId('catalogue-history').scrollIntoViewIfNeeded();
    await screenshot(page, 'catalogue-changes-02-history-zh-TW');

    // The same page in English.
    await setLanguage('en');
    await item.waitFor({ timeout: 15_000 });
    await expect(item.textContent()).resolves.toBe(sentence('en'));
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'catalogue-changes-03-notice-en');
    await setLanguage('zh-TW');
    await notice.waitFor({ timeout: 15_000 });

    // The receipt of the order opened before the change: the terms it opened with, checked on the device.
    await eventually(
      'the order settled',
      () => call<OrderReceipt>('GET', `${API.orders}/${order.id}/receipt`, undefined, user.token),
      (r) => r.order.status !== 'open',
      15_000,
    );
    await page.goto(`${BASE}/#/pages/order/receipt?id=${order.id}`);
    // The terms are part of the proof, one tap below the result.
    await page.getByTestId('receipt-proof-toggle').click({ timeout: 15_000 });
    const terms = page.getByTestId('receipt-terms');
    await terms.waitFor({ timeout: 15_000 });
    await expect(terms.getByTestId('receipt-precision').textContent()).resolves.toBe(String(original.precision));
    await expect(terms.locator('[data-testid=receipt-markets] li').allTextContents()).resolves.toEqual(
      original.priceVenues.map((v) => `${v.venue === 'okx' ? 'OKX' : v.venue[0]!.toUpperCase() + v.venue.slice(1)} ${v.symbol}`),
    );
    await expect(terms.textContent()).resolves.toContain(translate('zh-TW', 'receipt:terms.note', { precision: original.precision }));
    await terms.scrollIntoViewIfNeeded();
    await screenshot(page, 'catalogue-changes-04-receipt-terms-zh-TW');
    const verdict = page.getByTestId('receipt-check-result');
    for (let attempt = 0; ; attempt++) {
      await page.getByTestId('receipt-check').click();
      await verdict.waitFor({ timeout: 15_000 });
      const reason = await verdict.getAttribute('data-reason');
      if (!(reason === 'unsealed' || reason === 'incomplete') || attempt >= 5) break;
      await page.waitForTimeout(1_000); // the feed seals each second shortly after it ends
    }
    await expect(verdict.getAttribute('data-ok')).resolves.toBe('true');

    await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${SYMBOL}`);
    await notice.waitFor({ timeout: 15_000 });

    // A few seconds before it, an order whose expiry would reach it is refused, with the time of the change.
    await sleepUntil(effectiveAt - 6_000);
    await page.getByTestId('account-demo').click();
    await page.getByTestId(`expiry-${EXPIRY}`).click();
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    await page.getByTestId('buy-up').click();
    const answer = await refused;
    expect(answer.status()).toBe(422);
    const envelope = (await answer.json()) as { error: { code: string; effectiveAt?: string } };
    expect(envelope.error).toMatchObject({ code: 'CATALOGUE_CHANGE_PENDING', effectiveAt: change.effectiveAt });
    const expected = translate('zh-TW', 'common:error.catalogueChangePending', { time: announced(change.effectiveAt, 'zh-TW') });
    await page.getByTestId('toast').filter({ hasText: expected }).waitFor({ timeout: 5_000 });
    await screenshot(page, 'catalogue-changes-05-refused-zh-TW');

    // It takes effect: applied in the history and the tick chain, the product's precision is the new one, and
    // the notice goes away on the page without a reload.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const history = await eventually(
      'the change applied',
      () => call<ListPage<CatalogueChange>>('GET', `${API.products}/${SYMBOL}/changes`),
      (h) => h.items.find((c) => c.id === change.id)?.status !== 'pending',
      effectiveAt - Date.now() + 30_000,
    );
    const applied = history.items.find((c) => c.id === change.id)!;
    expect(applied).toMatchObject({ status: 'applied', refusedReason: null });
    expect(applied.blockSecond).toBe(String(Math.floor(effectiveAt / 1000)));
    await expect(call<Product>('GET', `${API.products}/${SYMBOL}`)).resolves.toMatchObject({ precision: to, scheduledChanges: [] });
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
    await expect(page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)).resolves.toBe(true);

    // The account activity (operator actions): a system entry naming the product and the change in words.
    const activity = await eventually(
      'the change in the account activity',
      () => call<ListPage<AccountActivity>>('GET', '/me/activity', undefined, user.token),
      (p) => p.items.some((e) => e.action === 'product.change_applied'),
      15_000,
    );
    const entry = activity.items.find((e) => e.action === 'product.change_applied')!;
    expect(entry).toMatchObject({ role: 'system', reason: null, symbol: SYMBOL, change: { field: 'precision', from: original.precision, to } });
    await page.goto(`${BASE}/#/pages/activity/activity`);
    const row = page.locator('[data-testid=activity][data-action="product.change_applied"]').first();
    await row.waitFor({ timeout: 15_000 });
    await expect(row.textContent()).resolves.toContain(zh.records.action.product_change_applied);
    await expect(row.getByTestId('activity-product').textContent()).resolves.toBe(translate('zh-TW', 'records:activity.product', { symbol: SYMBOL }));
    await expect(row.getByTestId('activity-change').textContent()).resolves.toBe(precisionText('zh-TW', original.precision, to));
    await expect(row.textContent()).resolves.toContain(translate('zh-TW', 'records:activity.by', { role: zh.records.role.system }));
    await screenshot(page, 'catalogue-changes-06-activity-zh-TW');

    await setLanguage('en');
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getByTestId('activity-change').textContent()).resolves.toBe(precisionText('en', original.precision, to));
    await screenshot(page, 'catalogue-changes-07-activity-en');

    // Back on the product page, its history says the change is in effect.
    await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${SYMBOL}`);
    await page.getByTestId('catalogue-history-toggle').click();
    const done = page.locator(`[data-testid=catalogue-change][data-field=precision]`).first();
    await done.waitFor({ timeout: 10_000 });
    await expect(done.getAttribute('data-status')).resolves.toBe('applied');
    await page.getByTestId('catalogue-history').scrollIntoViewIfNeeded();
    await screenshot(page, 'catalogue-changes-08-history-en');
    scheduled = null;
  }
});
