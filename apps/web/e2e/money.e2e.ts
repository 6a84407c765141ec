// Browser test of the money screens: an operator adds a deposit method through the admin API; a
// user registered through the API deposits through the UI, the operator approves it and the user
// sees the balance; the user binds a bank card through the UI, changes it and sees the 24-hour hold
// counting down while withdrawals are refused; with the hold moved into the past in Postgres, the
// user withdraws through the UI, cancels one withdrawal (money back) and sees another rejected with
// its reason. Screenshots at 375x812 in screenshots/.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_AUTH, API, type AdminDepositMethod, type Deposit, type LoginResponse, type Wallet, type Withdrawal } from '@candor/contracts';
import { formatCents, parseMoney } from '@candor/domain';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { freshTotp } from '../../../scripts/testing/totp.mjs';
import { BASE, call, registerUser, send, TRADE_PASSWORD, verifyUser } from './support.js';
import { enrolledOperatorToken } from '../../../scripts/testing/operators.mjs';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
const OPERATOR = { email: process.env.E2E_OPERATOR_EMAIL ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };
const zh = resources['zh-TW'].money;

/** An operator token: the seeded admin signs in with a TOTP code of a step no sign-in of this run used. */
async function operatorToken(): Promise<string> {
  const totp = await freshTotp();
  return (await call<{ accessToken: string }>('POST', API.adminLogin, { ...OPERATOR, totp })).accessToken;
}

/** "50000" cents -> "500.00" as the screens show money (thousands separated). */
function shown(cents: number): string {
  return formatCents(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Waits until the element's whole text is `text` (balances refresh after a refetch or a socket push). */
async function textIs(locator: Locator, text: string): Promise<void> {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await locator.filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) }).waitFor({ timeout: 10_000 });
}

describe('money screens in the browser', () => {
  let redis: Redis;
  let db: InstanceType<typeof pg.Client>;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await db?.end();
    redis?.disconnect();
  });

  it('deposits, binds and changes the account under a hold, withdraws, cancels and sees a rejection', async () => {
    try {
      await moneyFlow();
    } catch (err) {
      await screenshot(page, 'money-failure').catch(() => undefined);
      throw err;
    }
  }, 240_000);

  async function moneyFlow(): Promise<void> {
    const admin = await operatorToken();
    const stamp = Date.now();
    const method = await call<AdminDepositMethod>(
      'POST',
      '/admin/deposit-methods',
      {
        type: 'bank',
        names: { 'zh-TW': `E2E 銀行轉帳 ${stamp}`, en: `E2E bank transfer ${stamp}` },
        details: { bankName: 'E2E Bank', accountName: 'Candor Ltd', accountNumber: '6222020200112233' },
        instructions: { 'zh-TW': '轉帳時請填寫訂單號。' },
        minAmount: '10.00',
        maxAmount: '50000.00',
      },
      admin,
    );

    const user = await registerUser(redis, 'money');
    // Withdrawals need a verified identity (verify.e2e.ts covers the verification itself).
    await verifyUser(user, admin);
    const session = await call<LoginResponse>('POST', API.login, { email: user.email, password: user.password });
    const token = session.accessToken;
    const startCents = parseMoney((await call<Wallet>('GET', API.wallet, undefined, token)).available)!;

    await page.goto(`${BASE}/#/pages/login/login`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });

    // Home -> quick deposit: the method's details with copy buttons.
    await page.goto(`${BASE}/#/pages/index/index`);
    await page.getByTestId('quick-deposit').click();
    await page.waitForURL((url) => url.hash.startsWith('#/pages/deposit/deposit'));
    await page.getByTestId(`method-${method.id}`).click();
    await expect(page.getByTestId('detail-accountNumber').textContent()).resolves.toBe('6222020200112233');
    await page.getByTestId('method-details').getByTestId('copy').first().click();
    await page.getByTestId('toast').filter({ hasText: zh.copy.done }).waitFor({ timeout: 5_000 });

    // The amount box: nothing to send while empty; below the method's minimum it keeps the 5 and says so.
    await expect(page.getByTestId('deposit-submit').isDisabled()).resolves.toBe(true);
    await page.locator('input[name="amount"]').fill('5');
    await page.locator('input[name="amount"]').blur();
    await page.getByText(resources['zh-TW'].common.amount.belowMin.replace('{{min}}', '10.00')).waitFor();
    await expect(page.locator('input[name="amount"]').inputValue()).resolves.toBe('5');
    await expect(page.getByTestId('deposit-submit').isDisabled()).resolves.toBe(true);
    await page.locator('input[name="amount"]').fill('20000');
    await page.locator('input[name="reference"]').fill('E2E-REF-1');
    await screenshot(page, 'money-01-deposit');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/deposits') && r.request().method() === 'POST');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('confirm-ok').click();
    const depositResponse = await posted;
    expect(depositResponse.status()).toBe(201);
    expect(depositResponse.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const deposit = (await depositResponse.json()) as Deposit;
    expect(deposit).toMatchObject({ amount: '20000.00', status: 'in_review', reference: 'E2E-REF-1' });

    // Deposit details: in review, with its timeline.
    await page.waitForURL((url) => url.hash.startsWith('#/pages/withdraw-list/withdraw-open'));
    const depositCard = page.locator(`[data-testid="request"][data-id="${deposit.id}"]`);
    await depositCard.waitFor();
    await expect(depositCard.getByTestId('status').getAttribute('data-status')).resolves.toBe('in_review');
    await expect(depositCard.getByTestId('request-order-no').textContent()).resolves.toContain(deposit.orderNo);
    await depositCard.getByTestId('toggle-timeline').click();
    await expect(depositCard.getByTestId('timeline-step').count()).resolves.toBe(1);
    await screenshot(page, 'money-02-deposit-list');

    // 20,000.00 is over the second-approval threshold: the first operator's approval leaves it in review,
    // a second operator's credits it; the list and the balance show it.
    await call('POST', `/admin/deposits/${deposit.id}/approve`, undefined, admin);
    await page.reload();
    await expect(depositCard.getByTestId('status').getAttribute('data-status')).resolves.toBe('in_review');
    await call(
      'POST',
      `/admin/deposits/${deposit.id}/approve`,
      undefined,
      await enrolledOperatorToken({ base: BASE, paths: { API, ADMIN_AUTH }, adminToken: admin }),
    );
    await page.reload();
    await depositCard.locator('[data-status="successful"]').first().waitFor({ timeout: 10_000 });
    await depositCard.getByTestId('toggle-timeline').click();
    await expect(depositCard.getByTestId('timeline-step').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).resolves.toEqual([
      'in_review',
      'approved_once',
      'successful',
    ]);
    await screenshot(page, 'money-03-deposit-approved');
    const funded = startCents + 2_000_000;
    await page.goto(`${BASE}/#/pages/user/user`);
    await textIs(page.getByTestId('available'), shown(funded));
    await page.getByTestId('menu-deposit-list').click();
    await page.waitForURL((url) => url.hash.startsWith('#/pages/withdraw-list/withdraw-open'));

    // Withdraw without an account: "not yet bound" leads to binding.
    await page.goto(`${BASE}/#/pages/withdraw-money/withdraw-money`);
    await page.getByText(zh.account.notBound).waitFor();
    await page.getByTestId('withdraw-bind').click();
    await page.waitForURL((url) => url.hash.startsWith('#/pages/account/account-detail'));

    // Every empty field is prompted (the country starts as Taiwan in zh-TW); a card failing Luhn is only a warning.
    await page.getByTestId('account-submit').click();
    await expect(page.getByTestId('account-nationality').inputValue()).resolves.toBe('TW');
    for (const key of ['accountName', 'bank', 'cardNumber', 'region', 'tradePassword'] as const) {
      await page.getByText(zh.prompt[key], { exact: true }).last().waitFor();
    }
    await screenshot(page, 'money-04-bind-prompts');
    const form = page.getByTestId('account-form');
    await form.locator('input[name="accountName"]').fill('陳小明');
    await page.getByTestId('account-bank-pick').selectOption('004 臺灣銀行');
    await form.locator('input[name="cardNumber"]').fill('123');
    await page.getByTestId('address-area').selectOption('臺北市');
    await page.getByTestId('address-town').fill('大安區');
    await page.getByTestId('address-street').fill('忠孝東路四段1號');
    await form.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
    await page.getByTestId('account-submit').click();
    await page.getByText(zh.invalid.cardLength).waitFor();
    await form.locator('input[name="cardNumber"]').fill('4111111111111112');
    await page.getByTestId('account-warning').waitFor();
    await form.locator('input[name="cardNumber"]').fill('4111111111111111');
    await expect(page.getByTestId('account-warning').count()).resolves.toBe(0);
    await page.getByTestId('account-submit').click();

    // The first binding has no hold; the card number is shown masked only.
    await page.waitForURL((url) => url.hash.startsWith('#/pages/account/account') && !url.hash.includes('detail'));
    await expect(page.getByTestId('bound-account').textContent()).resolves.not.toContain('4111111111111111');
    await expect(page.getByTestId('account-masked').textContent()).resolves.toBe('**** 1111');
    await expect(page.getByTestId('hold-notice').count()).resolves.toBe(0);

    // A change starts the 24-hour hold, counting down live with its end time.
    await page.getByTestId('account-change').click();
    await page.waitForURL((url) => url.hash.startsWith('#/pages/account/account-detail'));
    // The full number is never sent back: a change types it again.
    await expect(form.locator('input[name="cardNumber"]').inputValue()).resolves.toBe('');
    await form.locator('input[name="cardNumber"]').fill('4111111111111111');
    await page.getByTestId('address-area').selectOption('新北市');
    await page.getByTestId('address-town').fill('板橋區');
    await page.getByTestId('address-street').fill('文化路一段1號');
    await form.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
    const put = page.waitForResponse((r) => r.url().endsWith('/api/withdrawal-account') && r.request().method() === 'PUT');
    await page.getByTestId('account-submit').click();
    const changed = (await (await put).json()) as { holdUntil: string };
    await page.waitForURL((url) => url.hash.startsWith('#/pages/account/account') && !url.hash.includes('detail'));
    const countdown = page.getByTestId('hold-countdown');
    await countdown.waitFor();
    const first = await countdown.textContent();
    expect(first).toMatch(/^(23|24):\d\d:\d\d$/);
    await page.waitForTimeout(1_500);
    await expect(countdown.textContent()).resolves.not.toBe(first);
    await expect(page.getByTestId('account-region').textContent()).resolves.toBe('新北市 板橋區 文化路一段1號');
    expect(Date.parse(changed.holdUntil) - Date.now()).toBeGreaterThan(23 * 3600_000);
    await screenshot(page, 'money-05-account-hold');

    // During the hold the withdraw screen says so and the server refuses.
    await page.goto(`${BASE}/#/pages/withdraw-money/withdraw-money`);
    await page.getByTestId('hold-notice').waitFor();
    await expect(page.getByTestId('withdraw-submit').isDisabled()).resolves.toBe(true);
    await textIs(page.getByTestId('withdraw-available'), shown(funded));
    await screenshot(page, 'money-06-withdraw-hold');
    const refused = await send('POST', '/withdrawals', { amount: '10.00', tradePassword: TRADE_PASSWORD }, token);
    expect(refused.body).toMatchObject({ error: { code: 'WITHDRAWAL_HOLD_ACTIVE', holdUntil: changed.holdUntil } });

    // The hold moved into the past: withdraw through the UI.
    const moved = await db.query(`UPDATE withdrawal_accounts SET hold_until = now() - interval '1 minute' WHERE user_id = $1`, [session.user.id]);
    expect(moved.rowCount).toBe(1);
    await page.reload();
    await page.getByTestId('withdraw-method').waitFor();
    await expect(page.getByTestId('hold-notice').count()).resolves.toBe(0);
    await expect(page.getByTestId('withdraw-method').textContent()).resolves.toContain('**** 1111');
    const withdraw = async (amount: string): Promise<Withdrawal> => {
      await page.locator('input[name="amount"]').fill(amount);
      await page.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/withdrawals') && r.request().method() === 'POST');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('confirm-ok').click();
      const response = await sent;
      expect(response.status()).toBe(201);
      expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      await page.waitForURL((url) => url.hash.startsWith('#/pages/withdraw-list/withdraw-list'));
      return (await response.json()) as Withdrawal;
    };
    // A wrong transaction password is named under its field.
    await page.locator('input[name="amount"]').fill('100');
    await page.locator('input[name="tradePassword"]').fill('135791');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-ok').click();
    await page.locator('.field--invalid input[name="tradePassword"]').waitFor();
    await expect(page.locator('.field--invalid .field__error').textContent()).resolves.toContain(resources['zh-TW'].errors.TRADE_PASSWORD_INVALID);
    await screenshot(page, 'money-07-withdraw');
    const rejected = await withdraw('100');
    await page.goto(`${BASE}/#/pages/withdraw-money/withdraw-money`);
    await textIs(page.getByTestId('withdraw-available'), shown(funded - 10_000));
    const cancelled = await withdraw('120.50');
    expect(cancelled).toMatchObject({ amount: '120.50', status: 'in_review' });

    // Cancel one while in review: confirm, money back.
    const card = page.locator(`[data-testid="request"][data-id="${cancelled.id}"]`);
    await card.waitFor();
    await card.getByTestId('cancel-withdrawal').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.waitForTimeout(400); // let the dialog's fade-in finish before the screenshot
    await screenshot(page, 'money-08-cancel-confirm');
    const cancel = page.waitForResponse((r) => r.url().endsWith(`/api/withdrawals/${cancelled.id}/cancel`));
    await page.getByTestId('confirm-ok').click();
    expect((await cancel).status()).toBe(200);
    await page.getByTestId('toast').filter({ hasText: zh.cancel.done }).waitFor({ timeout: 5_000 });
    await card.locator('[data-status="cancelled"]').first().waitFor();
    await expect(card.getByTestId('cancel-withdrawal').count()).resolves.toBe(0);

    // The operator rejects the other with a reason: failed, the reason shown, the money back.
    await call('POST', `/admin/withdrawals/${rejected.id}/reject`, { reason: '帳戶名與實名不符' }, admin);
    await page.reload();
    const failed = page.locator(`[data-testid="request"][data-id="${rejected.id}"]`);
    await failed.locator('[data-status="failed"]').first().waitFor({ timeout: 10_000 });
    await expect(failed.getByTestId('request-reason').textContent()).resolves.toContain('帳戶名與實名不符');
    await failed.getByTestId('toggle-timeline').click();
    await expect(failed.getByTestId('timeline-step').count()).resolves.toBe(2);
    await screenshot(page, 'money-09-withdraw-list');
    await page.goto(`${BASE}/#/pages/withdraw-money/withdraw-money`);
    await textIs(page.getByTestId('withdraw-available'), shown(funded));

    // At the two-person threshold one approval leaves it in review, shown as 1 of 2.
    const large = await withdraw('10000');
    expect(large).toMatchObject({ status: 'in_review', approvalsRequired: 2 });
    await call('POST', `/admin/withdrawals/${large.id}/approve`, undefined, admin);
    await page.reload();
    const pending = page.locator(`[data-testid="request"][data-id="${large.id}"]`);
    await textIs(pending.getByTestId('request-approvals'), zh.list.approvals.replace('{{approvals}}', '1').replace('{{required}}', '2'));
    await expect(pending.getByTestId('status').getAttribute('data-status')).resolves.toBe('in_review');
    await pending.getByTestId('toggle-timeline').click();
    await expect(pending.getByTestId('timeline-step').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).resolves.toEqual([
      'in_review',
      'approved_once',
    ]);
    await screenshot(page, 'money-10-two-person');
    expect((await call<Wallet>('GET', API.wallet, undefined, token)).available).toBe(formatCents(funded - 1_000_000));
  }
});
