// Browser test of price alerts (issue 48) at 375x812: the bell on a product's page opens the sheet, which
// starts at the current price and says on which side a typed level lies; an alert above and one below are
// set and listed, one is deleted; the sheet is axe clean. Then two alerts just either side of the price
// (the fake exchanges' random walk crosses one of them within seconds) fire: the system message is on the
// messages page in the reader's language. zh-TW and en; screenshots in screenshots/alerts-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type PriceAlert, type PriceAlertList, type Product, type SystemMessage, type Page as ListPage } from '@candor/contracts';
import { translate } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, call, registerUser, send, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const SYMBOL = 'BTCUSDT';

let context: BrowserContext;
let page: Page;
let user: RegisteredUser;

/** A price `fraction` away from `price` (0.1 = 10 % higher), with the product's decimals. */
const away = (price: string, fraction: number, precision: number) => (Number(price) * (1 + fraction)).toFixed(precision);

async function product(): Promise<Product> {
  return call<Product>('GET', `${API.products}/${SYMBOL}`);
}

async function waitFor<T>(what: string, fn: () => Promise<T | null | false | undefined>, timeoutMs = 30_000, everyMs = 250): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The serious and critical axe findings on the page as it is now, one line each. */
async function seriousAxe(label: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
}

/** The app in `lang` from the next load on (a hash-route change keeps the page, so it reloads). */
async function useLanguage(lang: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
  await page.reload();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

async function openSheet(): Promise<void> {
  await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${SYMBOL}`);
  const bell = page.getByTestId('alert-bell');
  await bell.waitFor({ timeout: 20_000 });
  const box = await bell.boundingBox();
  expect(box && box.width >= 44 && box.height >= 44).toBe(true);
  await bell.click();
  await page.getByTestId('alert-sheet').waitFor();
  await page.locator('[data-testid="alert-list"], [data-testid="alert-empty"]').first().waitFor({ timeout: 10_000 });
}

async function mine(): Promise<PriceAlert[]> {
  return (await call<PriceAlertList>('GET', API.priceAlerts, undefined, user.token)).items;
}

/** Types a level and sets the alert; waits until the list shows one more alert. */
async function setAlert(level: string, side: 'above' | 'below'): Promise<void> {
  const before = await page.getByTestId('alert-item').count();
  const input = page.getByTestId('alert-level');
  await input.fill(level);
  await expect(input.getAttribute('data-side')).resolves.toBe(side);
  await page.getByTestId('alert-create').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="alert-item"]').length === n, before + 1, { timeout: 10_000 });
}

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    user = await registerUser(redis, 'alerts', { confirmEmail: false });
  } finally {
    redis.disconnect();
  }
  context = await launchBrowser();
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE}/#/pages/login/login`);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
}, 120_000);

afterAll(async () => {
  await context?.close();
});

describe('price alerts', () => {
  it.each(['zh-TW', 'en'])(
    'sets an alert above and one below the price, lists them, deletes one, axe clean (%s)',
    async (lang) => {
      await useLanguage(lang);
      await openSheet();
      const p = await product();
      const input = page.getByTestId('alert-level');
      // It starts at the current price, which is neither side: the sheet says so.
      expect(Number(await input.inputValue())).toBeGreaterThan(0);
      const up = away(p.lastPrice!, 0.2, p.precision);
      const down = away(p.lastPrice!, -0.2, p.precision);
      const had = (await mine()).length;

      await setAlert(up, 'above');
      await expect(page.getByTestId('alert-level').evaluate((el) => el.closest('.field')?.querySelector('.field__hint')?.textContent)).resolves.toBe(
        translate(lang as 'en', 'market:alerts.sideAbove'),
      );
      await setAlert(down, 'below');
      expect((await mine()).filter((a) => a.symbol === SYMBOL && a.triggeredAt === null)).toHaveLength(had + 2);
      await expect(page.getByTestId('alert-count').textContent()).resolves.toBe(translate(lang as 'en', 'market:alerts.count', { n: had + 2, max: 20 }));
      expect(await seriousAxe(`alert sheet (${lang})`)).toEqual([]);
      await screenshot(page, `alerts-sheet-${lang}`);

      // Delete the one above: the list and the server lose it.
      const upRow = page.locator('[data-testid="alert-item"][data-direction="above"][data-fired="false"]').first();
      await upRow.getByTestId('alert-delete').click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="alert-item"]').length === n, had + 1, { timeout: 10_000 });
      const left = await mine();
      expect(left.some((a) => a.level === up)).toBe(false);
      expect(left.some((a) => a.level === down)).toBe(true);
      await screenshot(page, `alerts-deleted-${lang}`);

      await page.getByTestId('alert-sheet-close').click();
      await expect(page.getByTestId('alert-sheet').count()).resolves.toBe(0);
    },
    90_000,
  );

  it('a fired alert is a system message on the messages page, in the reader’s language', async () => {
    // Just either side of the price: the random walk of the fake exchanges reaches one of them within seconds.
    for (;;) {
      const p = await product();
      const a = await send('POST', API.priceAlerts, { symbol: SYMBOL, level: away(p.lastPrice!, 0.00003, p.precision), direction: 'above' }, user.token);
      const b = await send('POST', API.priceAlerts, { symbol: SYMBOL, level: away(p.lastPrice!, -0.00003, p.precision), direction: 'below' }, user.token);
      if (a.status === 201 || b.status === 201) break;
      expect([a.status, b.status]).toEqual([422, 422]); // the price moved past both meanwhile: again
    }
    const fired = await waitFor('a fired alert', async () => {
      const inbox = await call<ListPage<SystemMessage>>('GET', `${API.messages}?lang=en`, undefined, user.token);
      return inbox.items.find((m) => m.title.startsWith('Price alert: '));
    });
    expect(fired.body).toMatch(/(rose|fell) to your alert price: /);

    for (const lang of ['zh-TW', 'en']) {
      await useLanguage(lang);
      await page.goto(`${BASE}/#/pages/message/message`);
      const first = page.getByTestId('message').first();
      await first.waitFor({ timeout: 15_000 });
      const title = lang === 'en' ? 'Price alert: ' : '價格提醒：';
      await page.getByTestId('message').filter({ hasText: title }).first().getByRole('button').click();
      await expect(page.getByTestId('message-body').first().textContent()).resolves.toMatch(lang === 'en' ? /alert price/ : /提醒價位/);
      await screenshot(page, `alerts-message-${lang}`);
    }
  }, 90_000);
});
