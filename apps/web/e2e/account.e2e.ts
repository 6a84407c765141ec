// Browser test of the account's own screens, as a verified user with money: the withdrawal account bound
// with the country, bank and address pickers (Taiwan's 縣市 / 區 / 地址) and shown with the card number only
// masked; the receipt opening with the result and checking itself on the device, the proof one tap below;
// the nickname edited in the personal center; and axe-core on every route of the app in zh-TW (money pages
// with their forms filled in), with no serious or critical violation. Screenshots at 375x812 in zh-TW and en.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type Deposit, type Order, type OrderReceipt, type Product, type WithdrawalAccount } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, TRADE_PASSWORD, call, eventually, operatorToken, registerUser, verifyUser, type RegisteredUser } from './support.js';

/** A wire price ("67205.38") as zh-TW shows it, digits grouped ("67,205.38"). */
function grouped(price: string): string {
  const [whole = '', fraction] = price.split('.');
  return `${BigInt(whole).toLocaleString('zh-TW')}${fraction === undefined ? '' : `.${fraction}`}`;
}

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const zh = resources['zh-TW'];
const CARD = '4111111111111111';

/** Every path of the app, read from the one place they are spelled (apps/web/src/lib/paths.ts). */
const ALL_PATHS = [...readFileSync(new URL('../src/lib/paths.ts', import.meta.url), 'utf8').matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map((m) => m[1]!);

let user: RegisteredUser;
let product: Product;
let order: Order;
let context: BrowserContext;
let page: Page;

/** Waits until the route's page is on screen: its main landmark, and no loading shapes. */
async function settled(p: Page): Promise<void> {
  await p.waitForLoadState('networkidle');
  await p.waitForFunction(() => document.querySelector('#root main, #root h1') !== null, null, { timeout: 5_000 }).catch(() => undefined);
  // A part that keeps loading (a chart waiting for data) is checked as it is: axe says what it lacks.
  await p
    .waitForFunction(() => !document.querySelector('[data-testid="page-skeleton"], [data-testid="skeleton-list"], [data-testid="loading"]'), null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
}

/** The UI language from the next load on (a hash-route change keeps the page, so it is reloaded). */
async function setLanguage(lang: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
  await page.reload();
}

async function open(route: string): Promise<void> {
  await page.goto(`${BASE}/#${route}`);
  await settled(page);
}

/** The serious and critical axe findings on the page as it is now, one line each. */
async function seriousAxe(label: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
}

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    user = await registerUser(redis, 'account');
  } finally {
    redis.disconnect();
  }
  const operator = await operatorToken();
  await verifyUser(user, operator);
  // Money on the real account: a deposit the operator approves.
  const method = await call<{ id: string }>(
    'POST',
    '/admin/deposit-methods',
    {
      type: 'bank',
      names: { 'zh-TW': '銀行轉帳（帳戶測試）', en: 'Bank transfer (account test)' },
      details: { bank: 'E2E Bank', account: '000123' },
      minAmount: '1',
      maxAmount: '100000',
    },
    operator,
  );
  const deposit = await call<Deposit>('POST', '/deposits', { methodId: method.id, amount: '1000' }, user.token);
  await call('POST', `/admin/deposits/${deposit.id}/approve`, undefined, operator);
  // A demo order of the shortest expiry: its receipt is read once it settles.
  const products = await call<Product[]>('GET', API.products);
  const open = products.filter((p) => p.status === 'open' && p.expiries.length > 0);
  product = open.find((p) => p.symbol === 'BTCUSDT') ?? open[0]!;
  const res = await fetch(`${BASE}/api${API.orders}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}`, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      symbol: product.symbol,
      direction: 'up',
      amount: '10',
      durationSeconds: Math.min(...product.expiries.map((e) => e.seconds)),
      account: 'demo',
    }),
  });
  expect(res.status).toBe(201);
  order = (await res.json()) as Order;
  context = await launchBrowser();
  page = context.pages()[0] ?? (await context.newPage());
  const login = await page.request.post(`${BASE}/api${API.login}`, { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  await page.goto(`${BASE}/`);
  await setLanguage('zh-TW');
}, 120_000);

afterAll(async () => {
  await context?.close();
});

/** Runs a test's steps, with a screenshot when one fails; each test starts and ends in zh-TW. */
async function guarded(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    await screenshot(page, `account-${name}-failure`).catch(() => undefined);
    throw err;
  } finally {
    await setLanguage('zh-TW').catch(() => undefined);
  }
}

describe('the withdrawal account', () => {
  it(
    'is bound with the country, bank and address pickers of Taiwan, and shows the card number only masked',
    () =>
      guarded('withdrawal', async () => {
        await open('/pages/account/account-detail');
        const form = page.getByTestId('account-form');
        // zh-TW starts in Taiwan: its banks with their codes, and 縣市 / 鄉鎮市區 / 詳細地址.
        await expect(page.getByTestId('account-nationality').inputValue()).resolves.toBe('TW');
        const banks = await page.getByTestId('account-bank-pick').locator('option').allTextContents();
        expect(banks).toEqual(
          expect.arrayContaining(['004 臺灣銀行', '005 土地銀行', '007 第一銀行', '822 中國信託', '808 玉山銀行', zh.money.accountForm.bankOther]),
        );
        await expect(page.getByTestId('account-address').getAttribute('data-country')).resolves.toBe('TW');
        await expect(page.getByTestId('account-address').textContent()).resolves.toContain(zh.money.accountForm.twCity);
        await expect(form.textContent()).resolves.not.toContain('州或省');

        // "Other" opens a field for the bank's name; another country has its own address parts.
        await page.getByTestId('account-bank-pick').selectOption({ label: zh.money.accountForm.bankOther });
        await form.locator('input[name="bank"]').waitFor();
        await page.getByTestId('account-nationality').selectOption('US');
        await expect(page.getByTestId('account-address').getAttribute('data-country')).resolves.toBe('other');
        await expect(page.getByTestId('account-bank-pick').count()).resolves.toBe(0);
        await form.locator('input[name="bank"]').waitFor();
        await page.getByTestId('account-nationality').selectOption('TW');

        await form.locator('input[name="accountName"]').fill('陳美');
        await page.getByTestId('account-bank-pick').selectOption('004 臺灣銀行');
        await form.locator('input[name="cardNumber"]').fill(CARD);
        await page.getByTestId('address-area').selectOption('臺北市');
        await page.getByTestId('address-town').fill('大安區');
        await page.getByTestId('address-street').fill('忠孝東路四段1號');
        await form.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
        await screenshot(page, 'account-01-bind-zh-TW');
        const put = page.waitForResponse((r) => r.url().endsWith(`/api${API.withdrawalAccount}`) && r.request().method() === 'PUT');
        await page.getByTestId('account-submit').click();
        const response = await put;
        expect(response.status()).toBe(200);
        expect(response.request().postDataJSON()).toMatchObject({
          nationality: 'TW',
          bank: '004 臺灣銀行',
          region: '臺北市 大安區 忠孝東路四段1號',
          cardNumber: CARD,
        });
        const saved = (await response.json()) as WithdrawalAccount;
        expect(saved.cardNumber).toBe('**** 1111');

        await page.getByTestId('bound-account').waitFor();
        await settled(page);
        await expect(page.getByTestId('account-masked').textContent()).resolves.toBe('**** 1111');
        await expect(page.getByTestId('account-region').textContent()).resolves.toBe('臺北市 大安區 忠孝東路四段1號');
        await expect(page.getByTestId('account-nationality').textContent()).resolves.toMatch(/^[台臺]灣$/);
        await expect(page.locator('#root').textContent()).resolves.not.toContain(CARD);
        await screenshot(page, 'account-02-bound-zh-TW');

        // Changing it starts from the saved details, the card number to be typed again (never filled in).
        await page.getByTestId('account-change').click();
        await page.getByTestId('account-form').waitFor();
        await expect(page.getByTestId('account-bank-pick').inputValue()).resolves.toBe('004 臺灣銀行');
        await expect(page.getByTestId('address-area').inputValue()).resolves.toBe('臺北市');
        await expect(page.getByTestId('address-street').inputValue()).resolves.toBe('忠孝東路四段1號');
        await expect(page.locator('input[name="cardNumber"]').inputValue()).resolves.toBe('');
        await expect(page.locator('#root').textContent()).resolves.not.toContain(CARD);
        await screenshot(page, 'account-03-change-zh-TW');

        await setLanguage('en');
        await open('/pages/account/account');
        await screenshot(page, 'account-04-bound-en');
        await open('/pages/account/account-detail');
        await expect(
          page
            .getByTestId('address-area')
            .locator('option', { hasText: /^Taipei City/ })
            .count(),
        ).resolves.toBe(1);
        await screenshot(page, 'account-05-change-en');
        await setLanguage('zh-TW');
      }),
    120_000,
  );
});

describe('the receipt', () => {
  it(
    'opens with the product, the amount won or lost and the two prices with their times, checks itself on the device, and keeps the proof one tap below',
    () =>
      guarded('receipt', async () => {
        const settledOrder = await eventually(
          'the demo order settled',
          () => call<Order>('GET', `${API.orders}/${order.id}`, undefined, user.token),
          (o) => o.status !== 'open',
          Math.min(...product.expiries.map((e) => e.seconds)) * 1000 + 30_000,
          1_000,
        );
        await open(`/pages/order/receipt?id=${order.id}`);
        const result = page.getByTestId('receipt-result');
        await result.waitFor();
        // The code stands in until the product's name has loaded.
        await page.waitForFunction((name) => document.querySelector('[data-testid="receipt-product"]')?.textContent === name, product.name);
        const kind = await result.getAttribute('data-kind');
        expect(kind).toBe(settledOrder.status === 'voided' ? 'void' : settledOrder.outcome);
        await expect(page.getByTestId('receipt-headline').isVisible()).resolves.toBe(true);
        await expect(page.getByTestId('receipt-summary-entry-price').textContent()).resolves.toBe(grouped(settledOrder.openPrice));
        // The exit price, both times (the device's time zone, to the second) and the amount won or lost, as shown.
        const receipt = await call<OrderReceipt>('GET', `${API.orders}/${order.id}/receipt`, undefined, user.token);
        expect(settledOrder.status).toBe('settled');
        const { entryTick, exitTick } = receipt;
        if (!entryTick || !exitTick) throw new Error(`a settled order without its two ticks: ${JSON.stringify(receipt)}`);
        expect(entryTick.price).toBe(settledOrder.openPrice);
        await expect(page.getByTestId('receipt-summary-exit-price').textContent()).resolves.toBe(grouped(exitTick.price));
        const times = await page.evaluate(
          (ts) =>
            ts.map((t) =>
              new Intl.DateTimeFormat('zh-TW', {
                year: 'numeric',
                month: '2-digit',
                day: '2-digit',
                hour: '2-digit',
                minute: '2-digit',
                second: '2-digit',
                hourCycle: 'h23',
              }).format(new Date(t)),
            ),
          [entryTick.t, exitTick.t],
        );
        expect(times[0]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
        await expect(page.getByTestId('receipt-summary-entry-time').textContent()).resolves.toBe(times[0]);
        await expect(page.getByTestId('receipt-summary-exit-time').textContent()).resolves.toBe(times[1]);
        const by = settledOrder.outcome === 'tie' ? settledOrder.amount : (settledOrder.pnl ?? '').replace(/^-/, '');
        expect(by).toMatch(/^\d+\.\d{2}$/);
        const said = { win: zh.receipt.summary.won, loss: zh.receipt.summary.lost, tie: zh.receipt.summary.tie }[settledOrder.outcome ?? 'tie'];
        await expect(page.getByTestId('receipt-headline').textContent()).resolves.toBe(said.replace('{{amount}}', grouped(by)));
        // The proof is folded: no hash or command on the first screen.
        await expect(page.getByTestId('receipt-entry-hash').isVisible()).resolves.toBe(false);
        await expect(page.getByText('node scripts/').first().isVisible()).resolves.toBe(false);
        await screenshot(page, 'account-06-receipt-zh-TW');

        const verdict = page.getByTestId('receipt-check-result');
        for (let attempt = 0; ; attempt++) {
          await page.getByTestId('receipt-check').click();
          await verdict.waitFor({ timeout: 15_000 });
          const reason = await verdict.getAttribute('data-reason');
          if (!(reason === 'unsealed' || reason === 'incomplete' || reason === 'graceOpen') || attempt >= 8) break;
          await page.waitForTimeout(1_000); // the feed seals each second shortly after it ends
        }
        await expect(verdict.getAttribute('data-ok')).resolves.toBe('true');
        await screenshot(page, 'account-07-receipt-verified-zh-TW');

        await page.getByTestId('receipt-proof-toggle').click();
        await page.getByTestId('receipt-entry-hash').waitFor();
        await expect(page.getByTestId('receipt-entry-hash').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
        await page.getByTestId('receipt-proof-toggle').scrollIntoViewIfNeeded();
        await screenshot(page, 'account-08-receipt-proof-zh-TW');

        await setLanguage('en');
        await open(`/pages/order/receipt?id=${order.id}`);
        await page.getByTestId('receipt-result').waitFor();
        await screenshot(page, 'account-09-receipt-en');
        await setLanguage('zh-TW');
      }),
    180_000,
  );
});

describe('the nickname', () => {
  it(
    'is edited in the personal center, checked before sending, and shown with its initial as the avatar',
    () =>
      guarded('nickname', async () => {
        await open('/pages/user/user');
        await page.getByTestId('nickname-edit').click();
        const dialog = page.getByTestId('nickname-dialog');
        await dialog.waitFor();
        await page.getByTestId('nickname-input').fill('x'.repeat(33));
        await page.getByTestId('nickname-save').click();
        await expect(dialog.locator('.field__error').textContent()).resolves.toBe(zh.user.nickname.tooLong.replace('{{max}}', '32'));
        await page.getByTestId('nickname-input').fill('   ');
        await page.getByTestId('nickname-save').click();
        await expect(dialog.locator('.field__error').textContent()).resolves.toBe(zh.user.nickname.empty);
        await page.getByTestId('nickname-input').fill('小美 🌸');
        await screenshot(page, 'account-10-nickname-zh-TW');
        const patch = page.waitForResponse((r) => r.url().endsWith(`/api${API.me}`) && r.request().method() === 'PATCH');
        await page.getByTestId('nickname-save').click();
        expect((await patch).status()).toBe(200);
        await dialog.waitFor({ state: 'detached' });
        await expect(page.getByTestId('user-nickname').textContent()).resolves.toBe('小美 🌸');
        await expect(page.getByTestId('user-avatar').textContent()).resolves.toBe('小');
        // It is the server's now: a reload shows it.
        await page.reload();
        await settled(page);
        await expect(page.getByTestId('user-nickname').textContent()).resolves.toBe('小美 🌸');
        await screenshot(page, 'account-11-nickname-saved-zh-TW');
        await setLanguage('en');
        await open('/pages/user/user');
        await page.getByTestId('nickname-edit').click();
        await page.getByTestId('nickname-dialog').waitFor();
        await screenshot(page, 'account-12-nickname-en');
        await page.getByTestId('nickname-cancel').click();
        await setLanguage('zh-TW');
      }),
    150_000,
  );
});

describe('every route in zh-TW, signed in as a verified user with money', () => {
  it(
    'has no serious or critical axe-core violation, the money pages with their forms included',
    () =>
      guarded('axe', async () => {
        expect(ALL_PATHS.length).toBeGreaterThan(30);
        const problems: string[] = [];
        const query: Record<string, string> = {
          '/pages/Detail/Detail': `?symbol=${product.symbol}`,
          '/pages/order/receipt': `?id=${order.id}`,
          '/pages/order/order': '?tab=closed',
        };
        for (const path of ALL_PATHS) {
          await open(`${path}${query[path] ?? ''}`);
          problems.push(...(await seriousAxe(path)));
        }
        // The money forms as they are used: a deposit method chosen, an amount typed; the nickname dialog;
        // the receipt's proof unfolded.
        await open('/pages/deposit/deposit');
        const amount = page.locator('input[name="amount"]').first();
        if (await amount.isVisible()) await amount.fill('100');
        problems.push(...(await seriousAxe('deposit with an amount')));
        await open('/pages/withdraw-money/withdraw-money');
        const withdrawAmount = page.locator('input[name="amount"]').first();
        // The form draws after its wallet and methods load: wait for the field, not a glance at it.
        await withdrawAmount.waitFor({ state: 'visible' });
        await withdrawAmount.fill('10');
        problems.push(...(await seriousAxe('withdraw with an amount')));
        await open('/pages/user/user');
        await page.getByTestId('nickname-edit').click();
        await page.getByTestId('nickname-dialog').waitFor();
        problems.push(...(await seriousAxe('nickname dialog')));
        await open(`/pages/order/receipt?id=${order.id}`);
        await page.getByTestId('receipt-proof-toggle').click();
        problems.push(...(await seriousAxe('receipt proof')));
        expect(problems).toEqual([]);
      }),
    420_000,
  );
});
