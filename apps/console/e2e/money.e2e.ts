// Browser test of the console's money work against the platform the browser tier starts: the operator
// adds a deposit method in the console; a user registered through the API deposits with it, and the
// operator approves it in the console (the balance right to the cent) and meets ALREADY_DECIDED on one
// decided elsewhere; the user binds an account, waits out the hold (moved back in Postgres), has the
// identity verified (withdrawals need it) and withdraws; the operator rejects it with a reason, which the
// user then reads, with the money back; a large deposit waits for a second operator and a large
// withdrawal shows 1 of 2 approvals and refuses the same operator's second; a message sent from the
// console reaches the user's inbox. Screenshots in screenshots/console-money-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type Deposit, type SystemMessage, type Wallet, type Withdrawal, type Page as ListPage } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { verifyIdentity } from '../../../scripts/testing/kyc.mjs';
import { BASE, call, CONSOLE, enrolledOperatorToken, ok, operatorLogin, registerUser, TRADE_PASSWORD } from './support.js';

const EMAIL = process.env.E2E_OPERATOR_EMAIL ?? '';
const PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? '';
const INVITE = process.env.E2E_INVITE_CODE ?? '';
const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
const zh = resources['zh-TW'].consoleMoney;
const recordsZh = resources['zh-TW'].records;
const DESKTOP = { width: 1280, height: 900 };

async function sql(query: string, params: unknown[]): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(query, params)).rowCount as number;
  } finally {
    await client.end();
  }
}

/** Opens a review queue in the console and waits until it has loaded. */
async function openQueue(page: Page, kind: 'deposits' | 'withdrawals'): Promise<void> {
  await page.click(`nav a[href="#/${kind}"]`);
  // The queue in review, not a history filter left from before.
  await page.waitForURL((url) => url.hash === `#/${kind}`);
  await page.waitForSelector(`[data-testid=review-list][data-kind=${kind}], .state-empty`);
}
const item = (page: Page, orderNo: string) => page.locator(`[data-testid=review-item][data-order-no="${orderNo}"]`);

describe('console money work', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let user: { id: string; email: string; token: string };
  let methodId = '';
  let operatorToken = '';
  const stamp = Date.now().toString(36);
  const methodName = `E2E 銀行轉帳 ${stamp}`;
  const available = async () => (await ok<Wallet>('GET', API.wallet, undefined, user.token)).available;

  beforeAll(async () => {
    expect([EMAIL, PASSWORD, INVITE, REDIS_URL, DATABASE_URL].every(Boolean)).toBe(true);
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    user = await registerUser(redis);
    context = await launchBrowser({ viewport: DESKTOP });
    page = context.pages()[0] ?? (await context.newPage());
    operatorToken = await operatorLogin(page);
    await page.goto(CONSOLE);
    await page.locator('[data-testid=operator-role]').waitFor();
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('shows the money pages to the admin in the navigation', async () => {
    for (const [href, label] of [
      ['#/withdrawals', zh.nav.withdrawals],
      ['#/deposits', zh.nav.deposits],
      ['#/deposit-methods', zh.nav.depositMethods],
      ['#/messages', zh.nav.messages],
    ]) {
      // The label, without the badge of requests waiting that may follow it.
      expect(await page.locator(`nav a[href="${href}"]`).evaluate((a) => a.childNodes[0]?.textContent?.trim())).toBe(label);
    }
  });

  it('adds a deposit method in the console, which users then see', async () => {
    await page.click('nav a[href="#/deposit-methods"]');
    await page.click('[data-testid=method-add]');
    const editor = page.locator('[data-testid=method-editor]');
    await editor.waitFor();
    // Saving without a zh-TW name is stopped beside the field.
    await page.click('[data-testid=method-save]');
    expect(await editor.textContent()).toContain(zh.methods.nameRequired);
    await page.fill('input[name="names.zh-TW"]', methodName);
    await page.fill('input[name="names.en"]', `E2E bank transfer ${stamp}`);
    await page.fill('input[name="detailKey.0"]', 'bank');
    await page.fill('input[name="detailValue.0"]', 'First Commercial Bank');
    await page.click('[data-testid=add-detail]');
    await page.fill('input[name="detailKey.1"]', 'accountNumber');
    await page.fill('input[name="detailValue.1"]', '123-456-789012');
    await page.fill('textarea[name="instructions.zh-TW"]', '請在附言填寫訂單號');
    await page.fill('input[name=minAmount]', '10');
    await page.fill('input[name=maxAmount]', '100000');
    await page.fill('input[name=sort]', '5');
    await screenshot(page, 'console-money-method-editor');
    await page.click('[data-testid=method-save]');
    await page.locator('[data-testid=method-saved]').waitFor();
    const row = page.locator(`[data-testid=method-row][data-name="${methodName}"]`);
    await row.waitFor();
    methodId = (await row.getAttribute('data-id')) ?? '';
    expect(await row.getAttribute('data-enabled')).toBe('true');
    await screenshot(page, 'console-money-methods');

    const offered = await ok<{ id: string; name: string; details: Record<string, string>; minAmount: string }[]>(
      'GET',
      '/deposit-methods',
      undefined,
      user.token,
    );
    expect(offered.find((m) => m.id === methodId)).toMatchObject({
      name: methodName,
      details: { bank: 'First Commercial Bank', accountNumber: '123-456-789012' },
      minAmount: '10.00',
    });
  });

  it('approves a deposit in the console: the balance is right to the cent; one decided elsewhere is refused as ALREADY_DECIDED', async () => {
    const first = await ok<Deposit>('POST', '/deposits', { methodId, amount: '1234.56', reference: `E2E-${stamp}` }, user.token);
    const second = await ok<Deposit>('POST', '/deposits', { methodId, amount: '50', reference: `E2E2-${stamp}` }, user.token);
    expect(await available()).toBe('0.00');

    await openQueue(page, 'deposits');
    const card = item(page, first.orderNo);
    await card.waitFor();
    await item(page, second.orderNo).waitFor();
    // Oldest first: the first request comes before the second.
    const order = await page.$$eval('[data-testid=review-item]', (els) => els.map((e) => e.getAttribute('data-order-no')));
    expect(order.indexOf(first.orderNo)).toBeLessThan(order.indexOf(second.orderNo));
    expect(await card.locator('[data-testid=kyc-status]').getAttribute('data-kyc')).toBe('not_submitted');
    await card.locator('[data-testid=recent-records], [data-testid=user-money] p.muted').first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-money-deposit-queue');

    await card.locator('[data-testid=approve]').click();
    const dialog = page.locator('[data-testid=decision-dialog]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('1234.56');
    await screenshot(page, 'console-money-deposit-approve-dialog');
    await page.click('[data-testid=decision-confirm]');
    const flash = page.locator('[data-testid=review-flash]');
    await flash.waitFor();
    expect(await flash.textContent()).toBe(zh.review.approved.replace('{{orderNo}}', first.orderNo));
    await card.waitFor({ state: 'detached' });
    expect(await available()).toBe('1234.56');

    // Another request decides the second one while this page still shows it.
    await ok('POST', `/admin/deposits/${second.id}/approve`, undefined, operatorToken);
    await item(page, second.orderNo).locator('[data-testid=approve]').click();
    await page.click('[data-testid=decision-confirm]');
    await page.locator('[data-testid=review-flash][data-tone=bad]').waitFor();
    expect(await flash.textContent()).toBe(zh.review.refused.ALREADY_DECIDED);
    await item(page, second.orderNo).waitFor({ state: 'detached' });
    await screenshot(page, 'console-money-deposit-already-decided');
    expect(await available()).toBe('1284.56');

    await page.selectOption('select[name=status]', 'successful');
    await item(page, first.orderNo).waitFor();
    expect(await item(page, first.orderNo).getAttribute('data-status')).toBe('successful');
  });

  it('rejects a withdrawal in the console with a reason the user then reads, and the money is back', async () => {
    // Withdrawals need a verified identity; verification has its own test (kyc.e2e.ts).
    await verifyIdentity({ base: BASE, userToken: user.token, operatorToken });
    const bank = { type: 'bank', accountName: 'Chen Mei', nationality: 'Taiwan', bank: 'First Bank', cardNumber: '4111111111111111', region: 'Taipei' };
    await ok('PUT', '/withdrawal-account', { ...bank, tradePassword: TRADE_PASSWORD }, user.token);
    // Changing the bound account starts the 24-hour hold; the test moves it into the past in Postgres.
    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const crypto = { type: 'crypto', accountName: 'Chen Mei', nationality: 'Taiwan', network: 'TRC20', currencyAddress: address };
    await ok('PUT', '/withdrawal-account', { ...crypto, tradePassword: TRADE_PASSWORD }, user.token);
    const held = await call<{ error: { code: string } }>('POST', '/withdrawals', { amount: '284.56', tradePassword: TRADE_PASSWORD }, user.token);
    expect([held.status, held.body.error.code]).toEqual([422, 'WITHDRAWAL_HOLD_ACTIVE']);
    expect(await sql(`UPDATE withdrawal_accounts SET hold_until = now() - interval '1 minute' WHERE user_id = $1`, [user.id])).toBe(1);
    const w = await ok<Withdrawal>('POST', '/withdrawals', { amount: '284.56', tradePassword: TRADE_PASSWORD }, user.token);
    expect(await available()).toBe('1000.00');

    await openQueue(page, 'withdrawals');
    const card = item(page, w.orderNo);
    await card.waitFor();
    expect(await card.locator('[data-testid=account-details]').textContent()).toContain(address);
    expect(await card.locator('[data-testid=balance-available]').textContent()).toBe('1000.00');
    await card.locator('[data-testid=recent-records]').waitFor();
    // Movements in the console's language, not the ledger's codes: the withdrawal's hold, then the deposits.
    const firstType = card.locator('[data-testid=recent-records] tbody tr td[data-type]').first();
    expect(await firstType.getAttribute('data-type')).toBe('withdrawal');
    expect(await firstType.textContent()).toMatch(new RegExp(`^${recordsZh.type.withdrawal} (${recordsZh.account.hold}|${recordsZh.account.cash})$`));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-money-withdrawal-queue');

    await card.locator('[data-testid=reject]').click();
    await page.click('[data-testid=decision-confirm]');
    const dialog = page.locator('[data-testid=decision-dialog]');
    expect(await dialog.locator('.field-error').textContent()).toBe(zh.review.rejectReasonRequired);
    const reason = '收款人姓名與帳戶不符';
    await page.fill('textarea[name=reason]', reason);
    await screenshot(page, 'console-money-withdrawal-reject-dialog');
    await page.click('[data-testid=decision-confirm]');
    await page.locator('[data-testid=review-flash]').waitFor();
    expect(await page.textContent('[data-testid=review-flash]')).toBe(zh.review.rejected.replace('{{orderNo}}', w.orderNo));
    await card.waitFor({ state: 'detached' });

    const seen = await ok<Withdrawal>('GET', `/withdrawals/${w.id}`, undefined, user.token);
    expect(seen).toMatchObject({ status: 'failed', reason });
    expect(await available()).toBe('1284.56');

    await page.selectOption('select[name=status]', 'failed');
    await item(page, w.orderNo).waitFor();
    expect(await item(page, w.orderNo).locator('[data-testid=review-reason]').textContent()).toBe(reason);
    await screenshot(page, 'console-money-withdrawal-history');
    await page.setViewportSize({ width: 375, height: 812 });
    await item(page, w.orderNo).scrollIntoViewIfNeeded();
    await screenshot(page, 'console-money-phone-withdrawal-history');
    await page.setViewportSize(DESKTOP);
  });

  it('shows the two-person state of a large withdrawal and refuses a second approval by the same operator', async () => {
    // 10,000.00 is at the default two-person threshold: a deposit of it waits for a second operator too.
    const big = await ok<Deposit>('POST', '/deposits', { methodId, amount: '10000' }, user.token);
    expect([big.approvals, big.approvalsRequired]).toEqual([0, 2]);
    expect(await ok<Deposit>('POST', `/admin/deposits/${big.id}/approve`, undefined, operatorToken)).toMatchObject({ status: 'in_review', approvals: 1 });
    await openQueue(page, 'deposits');
    const waiting = item(page, big.orderNo).locator('[data-testid=waiting-second]');
    await waiting.waitFor();
    expect(await waiting.textContent()).toBe(zh.review.waitingSecond);
    await screenshot(page, 'console-money-deposit-two-person');
    await ok('POST', `/admin/deposits/${big.id}/approve`, undefined, await enrolledOperatorToken(operatorToken));
    const w = await ok<Withdrawal>('POST', '/withdrawals', { amount: '10000.00', tradePassword: TRADE_PASSWORD }, user.token);
    expect([w.approvals, w.approvalsRequired]).toEqual([0, 2]);

    await openQueue(page, 'withdrawals');
    const card = item(page, w.orderNo);
    await card.waitFor();
    expect(await card.locator('[data-testid=two-person]').textContent()).toBe(zh.review.twoPerson);
    await card.locator('[data-testid=approve]').click();
    expect(await page.textContent('[data-testid=decision-dialog]')).toContain(zh.review.confirmApproveFirst);
    await page.click('[data-testid=decision-confirm]');
    const flash = page.locator('[data-testid=review-flash]');
    await page.locator('[data-testid=review-flash][data-tone=ok]').waitFor();
    expect(await flash.textContent()).toBe(zh.review.approvedOnce.replace('{{orderNo}}', w.orderNo));
    const state = card.locator('[data-testid=two-person][data-approvals="1"]');
    await state.waitFor();
    expect(await state.textContent()).toBe(zh.review.firstApprover.replace('{{who}}', zh.review.you));
    expect(await card.textContent()).toContain(zh.review.approvals.replace('{{done}}', '1').replace('{{required}}', '2'));

    await card.locator('[data-testid=approve]').click();
    await page.click('[data-testid=decision-confirm]');
    await page.locator('[data-testid=review-flash][data-tone=bad]').waitFor();
    expect(await flash.textContent()).toBe(zh.review.refused.SECOND_APPROVER_REQUIRED);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-money-two-person');
    expect((await ok<Withdrawal>('GET', `/withdrawals/${w.id}`, undefined, user.token)).status).toBe('in_review');
  });

  it('sends a message from the console to the user, who finds it in their inbox in their language', async () => {
    await page.click('nav a[href="#/messages"]');
    await page.locator('[data-testid=message-form]').waitFor();
    await page.fill('input[name=userSearch]', user.email);
    await page.click('[data-testid=user-search]');
    await page.click(`[data-testid=user-pick][data-user-id="${user.id}"]`);
    expect(await page.inputValue('input[name=userId]')).toBe(user.id);
    const title = `提現結果通知 ${stamp}`;
    await page.fill('input[name="title.zh-TW"]', title);
    await page.fill('textarea[name="body.zh-TW"]', '您的提現已被駁回，款項已退回可用餘額。');
    await page.click('.locale-tab[data-locale=en]');
    await page.fill('input[name="title.en"]', `Withdrawal result ${stamp}`);
    await page.fill('textarea[name="body.en"]', 'Your withdrawal was rejected; the money is back in your balance.');
    await page.click('[data-testid=message-send]');
    await page.locator('[data-testid=message-confirm]').waitFor();
    await screenshot(page, 'console-money-message-confirm');
    await page.click('[data-testid=message-confirm-send]');
    await page.locator('[data-testid=message-sent]').waitFor();
    await screenshot(page, 'console-money-message-sent');

    const inbox = await ok<ListPage<SystemMessage>>('GET', '/messages', undefined, user.token);
    expect(inbox.items.find((m) => m.title === title)).toMatchObject({ body: '您的提現已被駁回，款項已退回可用餘額。', read: false });
    const english = await ok<ListPage<SystemMessage>>('GET', '/messages', undefined, user.token, 'en');
    expect(english.items.map((m) => m.title)).toContain(`Withdrawal result ${stamp}`);
  });
});
