// Browser test of the money forms' amount box (issue 48): what is typed is never changed behind the user's
// back. Deposit, withdrawal and Yu'e Bao forms keep the typed text, say in words what is wrong with it and
// keep submit off; "maximum" fills the largest allowed amount; a summary to confirm comes before anything is
// sent, cancel keeps the form, confirm sends the exact amount and the balance moves by it. Also: the trade
// panel's clamp says so beside the box, a 66-character transaction hash fits the deposit reference, the
// deposit page says when every product is demo only, and axe finds no serious issue on the money pages.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type AdminDepositMethod, type Deposit, type Product, type Wallet, type Withdrawal } from '@candor/contracts';
import { formatCents, parseMoney } from '@candor/domain';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, call, eventually, operatorToken, registerUser, TRADE_PASSWORD, verifyUser, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const zh = resources['zh-TW'];
const en = resources.en;
const DEPOSIT = '/#/pages/deposit/deposit';
const WITHDRAW = '/#/pages/withdraw-money/withdraw-money';
const TRANSFER = '/#/pages/transfer/transfer';

/** "5000000" cents -> "50,000.00" as the screens show money. */
function shown(cents: number): string {
  return formatCents(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

async function login(page: Page, user: RegisteredUser): Promise<void> {
  await page.goto(`${BASE}/#/pages/login/login`);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
}

/** A screenshot once the page's finite animations (a dialog fading in) have ended: not a frame in between. */
async function stillShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await screenshot(page, name);
}

/** No serious or critical axe finding on the page as it is now. */
async function noSeriousAxe(page: Page, where: string): Promise<void> {
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} at ${v.targets.join(', ')}`)).toEqual([]);
}

describe('the money forms keep the amount as typed', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let admin: string;
  let method: AdminDepositMethod;
  let user: RegisteredUser;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    admin = await operatorToken();
    const stamp = Date.now();
    method = await call<AdminDepositMethod>(
      'POST',
      '/admin/deposit-methods',
      {
        type: 'bank',
        names: { 'zh-TW': `E2E 金額 ${stamp}`, en: `E2E amounts ${stamp}` },
        details: { bankName: 'E2E Bank', accountName: 'Candor Ltd', accountNumber: '6222020200112233' },
        minAmount: '100.00',
        maxAmount: '50000.00',
      },
      admin,
    );
    user = await registerUser(redis, 'amounts');
    await verifyUser(user, admin);
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
    await login(page, user);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  const box = () => page.locator('input[name="amount"]');
  const message = () => page.locator('.field--invalid .field__error');

  /** Types `text` key by key into the amount box and leaves it; returns what the box holds. */
  async function typeAmount(text: string): Promise<string> {
    await box().fill('');
    await box().pressSequentially(text);
    await box().blur();
    return box().inputValue();
  }

  it('deposit: out of the limits or with three decimals stays as typed, is named and cannot be sent', async () => {
    await page.goto(`${BASE}${DEPOSIT}`);
    await page.getByTestId(`method-${method.id}`).click();
    const submit = page.getByTestId('deposit-submit');
    const cases: [string, string, string][] = [
      ['0', '0', zh.common.amount.belowMin.replace('{{min}}', '100.00')],
      ['60000', '60000', zh.common.amount.over_method.replace('{{max}}', '50,000.00')],
      ['1000.999', '1000.999', zh.common.amount.decimals],
      ['-3', '3', zh.common.amount.refused.replace('{{chars}}', '-')],
      ['1e5', '15', zh.common.amount.refused.replace('{{chars}}', 'e')],
    ];
    for (const [typed, kept, said] of cases) {
      await expect(typeAmount(typed)).resolves.toBe(kept);
      await expect(message().textContent()).resolves.toBe(said);
      await expect(submit.isDisabled()).resolves.toBe(true);
    }
    await stillShot(page, 'amounts-01-deposit-refused');
    // After the refused character is gone the limit is named: 15 is below the minimum.
    await typeAmount('15');
    await expect(message().textContent()).resolves.toBe(zh.common.amount.belowMin.replace('{{min}}', '100.00'));

    // "Maximum" fills the method's maximum on purpose.
    await page.getByTestId('amount-max').click();
    await expect(box().inputValue()).resolves.toBe('50000.00');
    await expect(submit.isDisabled()).resolves.toBe(false);
    await noSeriousAxe(page, 'deposit');
  }, 120_000);

  it('deposit: the summary shows the exact amount, cancel keeps the form, confirm sends it and the balance moves by it', async () => {
    const before = parseMoney((await call<Wallet>('GET', API.wallet, undefined, user.token)).available)!;
    await page.goto(`${BASE}${DEPOSIT}`);
    await page.getByTestId(`method-${method.id}`).click();
    await typeAmount('1234.56');
    // A 66-character transaction hash (0x and 64 hex) fits the reference.
    const hash = `0x${'ab12'.repeat(16)}`;
    expect(hash).toHaveLength(66);
    await page.locator('input[name="reference"]').fill(hash);
    await expect(page.locator('input[name="reference"]').inputValue()).resolves.toBe(hash);

    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('money-summary').waitFor();
    await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('1,234.56');
    await expect(page.getByTestId('summary-fee').textContent()).resolves.toBe('0.00');
    await expect(page.getByTestId('summary-time').textContent()).resolves.toBe(zh.common.summary.deposit);
    await expect(page.getByTestId('summary-method').textContent()).resolves.toContain('E2E');
    await stillShot(page, 'amounts-02-deposit-summary');
    await noSeriousAxe(page, 'deposit summary');
    await page.getByTestId('confirm-cancel').click();
    await expect(page.getByTestId('money-summary').count()).resolves.toBe(0);
    await expect(box().inputValue()).resolves.toBe('1234.56');
    await expect(page.locator('input[name="reference"]').inputValue()).resolves.toBe(hash);

    await page.getByTestId('deposit-submit').click();
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/deposits') && r.request().method() === 'POST');
    await page.getByTestId('confirm-ok').click();
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ amount: '1234.56', reference: hash });
    const deposit = (await response.json()) as Deposit;
    expect(deposit).toMatchObject({ amount: '1234.56', reference: hash, status: 'in_review' });

    await call('POST', `/admin/deposits/${deposit.id}/approve`, undefined, admin);
    const after = await eventually(
      'the wallet after the approval',
      async () => parseMoney((await call<Wallet>('GET', API.wallet, undefined, user.token)).available)!,
      (cents) => cents !== before,
    );
    expect(after - before).toBe(123456);
  }, 120_000);

  it('withdrawal: above the balance stays as typed and is named; maximum fills the balance; the summary sends it', async () => {
    await call(
      'PUT',
      API.withdrawalAccount,
      {
        type: 'bank',
        accountName: '林美華',
        nationality: '台灣',
        bank: '第一銀行',
        cardNumber: '4111111111111111',
        region: '台中市',
        tradePassword: TRADE_PASSWORD,
      },
      user.token,
    );
    const available = parseMoney((await call<Wallet>('GET', API.wallet, undefined, user.token)).available)!;
    await page.goto(`${BASE}${WITHDRAW}`);
    await page.getByTestId('withdraw-method').waitFor();
    const over = formatCents(available + 500_000);
    await expect(typeAmount(over)).resolves.toBe(over);
    await expect(message().textContent()).resolves.toBe(zh.common.amount.over_balance.replace('{{max}}', shown(available)));
    await page.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
    await expect(page.getByTestId('withdraw-submit').isDisabled()).resolves.toBe(true);
    await expect(typeAmount('0')).resolves.toBe('0');
    await expect(page.getByTestId('withdraw-submit').isDisabled()).resolves.toBe(true);
    await stillShot(page, 'amounts-03-withdraw-over');

    await page.getByTestId('amount-max').click();
    await expect(box().inputValue()).resolves.toBe(formatCents(available));
    await noSeriousAxe(page, 'withdraw');

    await typeAmount('100.5');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('money-summary').waitFor();
    await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('100.50');
    await expect(page.getByTestId('summary-account').textContent()).resolves.toContain('**** 1111');
    await expect(page.getByTestId('summary-account').textContent()).resolves.not.toContain('4111111111111111');
    await expect(page.getByTestId('summary-time').textContent()).resolves.toBe(zh.common.summary.withdraw);
    await stillShot(page, 'amounts-04-withdraw-summary');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/withdrawals') && r.request().method() === 'POST');
    await page.getByTestId('confirm-ok').click();
    const response = await sent;
    expect(response.status()).toBe(201);
    expect((await response.json()) as Withdrawal).toMatchObject({ amount: '100.50', status: 'in_review' });
  }, 120_000);

  it("Yu'e Bao: in and out keep the typed amount, name the limit and fill the maximum", async () => {
    const cash = parseMoney((await call<Wallet>('GET', API.wallet, undefined, user.token)).available)!;
    await page.goto(`${BASE}${TRANSFER}`);
    await page.getByTestId('earn-form-in').waitFor();
    const over = formatCents(cash + 100);
    await expect(typeAmount(over)).resolves.toBe(over);
    await expect(message().textContent()).resolves.toBe(zh.common.amount.over_earnIn.replace('{{max}}', shown(cash)));
    await expect(page.getByTestId('earn-submit').isDisabled()).resolves.toBe(true);
    await expect(typeAmount('20.001')).resolves.toBe('20.001');
    await expect(message().textContent()).resolves.toBe(zh.common.amount.decimals);
    await page.getByTestId('amount-max').click();
    await expect(box().inputValue()).resolves.toBe(formatCents(cash));
    await noSeriousAxe(page, 'transfer');

    await typeAmount('25');
    await page.getByTestId('earn-submit').click();
    await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('25.00');
    await stillShot(page, 'amounts-05-earn-summary');
    const moved = page.waitForResponse((r) => r.url().endsWith(`/api${API.earnTransferIn}`) && r.request().method() === 'POST');
    await page.getByTestId('confirm-ok').click();
    const response = await moved;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ amount: '25.00' });
  }, 120_000);

  it('the trade panel says when the amount rule changed the typed stake', async () => {
    const products = await call<Product[]>('GET', API.products);
    const product = products.find((p) => p.status === 'open' && p.expiries.length > 0) ?? products[0]!;
    await page.goto(`${BASE}/#/pages/product/product`);
    await page.getByTestId(`product-${product.symbol}`).click();
    await page.waitForURL((url) => url.hash.includes(`symbol=${product.symbol}`));
    const stake = page.getByTestId('amount-input');
    await stake.fill('9999999');
    await stake.blur();
    const max = parseMoney(product.maxStake)!;
    await expect(stake.inputValue()).resolves.toBe(String(max / 100));
    await expect(page.getByTestId('stake-adjusted').textContent()).resolves.toBe(zh.trade.amount.adjustedMax.replace('{{amount}}', shown(max)));
    await page.getByTestId('stake-adjusted').scrollIntoViewIfNeeded();
    await stillShot(page, 'amounts-06-trade-clamp');
    await stake.fill('0');
    await stake.blur();
    await expect(page.getByTestId('stake-adjusted').textContent()).resolves.toContain(shown(parseMoney(await stake.inputValue())!));
    await page.locator('[data-testid^="chip-"]').first().click();
    await expect(page.getByTestId('stake-adjusted').count()).resolves.toBe(0);
  }, 120_000);

  it('the deposit page says so when every product is demo only, and opens demo trading', async () => {
    const products = await call<Product[]>('GET', API.products);
    // This environment has products priced by exchanges: no notice.
    expect(products.some((p) => p.priceSource.kind === 'venues')).toBe(true);
    await page.goto(`${BASE}${DEPOSIT}`);
    await page.getByTestId(`method-${method.id}`).waitFor();
    await expect(page.getByTestId('demo-only-notice').count()).resolves.toBe(0);

    // The same catalogue with every product simulated: the notice, and its link opens the demo account.
    await page.route('**/api/products', async (route) => {
      const res = await route.fetch();
      const list = (await res.json()) as Product[];
      await route.fulfill({ response: res, json: list.map((p) => ({ ...p, priceSource: { ...p.priceSource, kind: 'simulated' } })) });
    });
    try {
      await page.reload();
      await page.getByTestId('demo-only-notice').waitFor();
      await expect(page.getByTestId('demo-only-notice').textContent()).resolves.toContain(zh.money.deposit.demoOnlyTitle);
      await stillShot(page, 'amounts-07-demo-only');
      await noSeriousAxe(page, 'deposit demo only');
      await page.getByTestId('demo-only-trade').click();
      await page.waitForURL((url) => url.hash.startsWith('#/pages/product/product'));
      await expect(page.evaluate(() => localStorage.getItem('candor.tradeAccount'))).resolves.toBe('demo');
    } finally {
      await page.unroute('**/api/products');
    }
  }, 120_000);

  it('the same screens in English (amounts-01..07-*-en), each saying its limit or summary in English', async () => {
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    try {
      await page.goto(`${BASE}${DEPOSIT}`);
      await page.reload();
      await page.getByTestId(`method-${method.id}`).click();
      await expect(typeAmount('1e5')).resolves.toBe('15');
      await expect(message().textContent()).resolves.toBe(en.common.amount.refused.replace('{{chars}}', 'e'));
      await stillShot(page, 'amounts-01-deposit-refused-en');
      await typeAmount('1234.56');
      await page.getByTestId('deposit-submit').click();
      await expect(page.getByTestId('summary-time').textContent()).resolves.toBe(en.common.summary.deposit);
      await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('1,234.56');
      await stillShot(page, 'amounts-02-deposit-summary-en');
      await page.getByTestId('confirm-cancel').click();

      const available = parseMoney((await call<Wallet>('GET', API.wallet, undefined, user.token)).available)!;
      await page.goto(`${BASE}${WITHDRAW}`);
      await page.getByTestId('withdraw-method').waitFor();
      await typeAmount(formatCents(available + 500_000));
      await expect(message().textContent()).resolves.toBe(en.common.amount.over_balance.replace('{{max}}', shown(available)));
      await page.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
      await stillShot(page, 'amounts-03-withdraw-over-en');
      await typeAmount('100.5');
      await page.getByTestId('withdraw-submit').click();
      await expect(page.getByTestId('summary-time').textContent()).resolves.toBe(en.common.summary.withdraw);
      await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('100.50');
      await stillShot(page, 'amounts-04-withdraw-summary-en');
      await page.getByTestId('confirm-cancel').click();

      await page.goto(`${BASE}${TRANSFER}`);
      await page.getByTestId('earn-form-in').waitFor();
      await typeAmount('25');
      await page.getByTestId('earn-submit').click();
      await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('25.00');
      await expect(page.getByTestId('money-summary').textContent()).resolves.toContain(en.common.summary.earnIn);
      await stillShot(page, 'amounts-05-earn-summary-en');
      await page.getByTestId('confirm-cancel').click();

      const products = await call<Product[]>('GET', API.products);
      const product = products.find((p) => p.status === 'open' && p.expiries.length > 0) ?? products[0]!;
      await page.goto(`${BASE}/#/pages/Detail/Detail?symbol=${product.symbol}`);
      const stake = page.getByTestId('amount-input');
      await stake.fill('9999999');
      await stake.blur();
      const max = parseMoney(product.maxStake)!;
      await expect(page.getByTestId('stake-adjusted').textContent()).resolves.toBe(en.trade.amount.adjustedMax.replace('{{amount}}', shown(max)));
      await page.getByTestId('stake-adjusted').scrollIntoViewIfNeeded();
      await stillShot(page, 'amounts-06-trade-clamp-en');

      await page.route('**/api/products', async (route) => {
        const res = await route.fetch();
        const list = (await res.json()) as Product[];
        await route.fulfill({ response: res, json: list.map((p) => ({ ...p, priceSource: { ...p.priceSource, kind: 'simulated' } })) });
      });
      try {
        await page.goto(`${BASE}${DEPOSIT}`);
        await page.reload();
        await page.getByTestId('demo-only-notice').waitFor();
        await expect(page.getByTestId('demo-only-notice').textContent()).resolves.toContain(en.money.deposit.demoOnlyTitle);
        await stillShot(page, 'amounts-07-demo-only-en');
      } finally {
        await page.unroute('**/api/products');
      }
    } finally {
      await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
    }
  }, 180_000);
});
