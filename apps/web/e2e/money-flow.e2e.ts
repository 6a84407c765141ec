// One browser test of the whole money flow across the web app and the console, with both open at once:
// a user (375x812) and an operator (1280x900) in two Chromium instances. The operator adds a deposit
// method through the admin API; the user, signed in through the web UI, notes the personal center's
// unread count and balance, then deposits 300.00 on the quick deposit page; the operator approves it in
// the console's deposits queue; without a reload the personal center shows the new balance and one more
// unread message (the "deposit credited" notice), and the capital records show +300.00. The user binds
// a withdrawal account, the hold is moved into the past in Postgres, and the user withdraws 120.00 with
// the transaction password; the operator rejects it in the console with a reason; the web withdrawal
// list shows it failed with that reason, the balance is back to 300.00, and the CSV export lists the
// deposit, the withdrawal hold and the refund. Last, the ledger check is balanced.
// Screenshots in screenshots/money-flow-*.png.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { API, type CapitalRecord, type Deposit, type LedgerCheck, type Page as ListPage, type SystemMessage, type Withdrawal } from '@candor/contracts';
import { formatCents, parseMoney } from '@candor/domain';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, TRADE_PASSWORD, call, operatorLogin, registerUser, verifyUser, type RegisteredUser } from './support.js';

const CONSOLE = `${BASE}/console/`;
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
const DESKTOP = { width: 1280, height: 900 };
const CSV_HEADER = 'id,entryNo,createdAt,action,type,status,account,amount,returned,balanceAfter,ref';
const REASON = '收款帳戶姓名與實名不符';
const zh = resources['zh-TW'];

/** Waits until the element's whole text is `text` (balances follow socket pushes and refetches). */
async function textIs(locator: Locator, text: string, timeout = 15_000): Promise<void> {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await locator.filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) }).waitFor({ timeout });
}

describe('the money flow across the web app and the console', () => {
  let redis: Redis;
  let db: InstanceType<typeof pg.Client>;
  let webContext: BrowserContext;
  let consoleContext: BrowserContext;
  let web: Page;
  let desk: Page;
  let admin = '';

  beforeAll(async () => {
    expect(DATABASE_URL).not.toBe('');
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    webContext = await launchBrowser();
    web = webContext.pages()[0] ?? (await webContext.newPage());
    consoleContext = await launchBrowser({ viewport: DESKTOP });
    desk = consoleContext.pages()[0] ?? (await consoleContext.newPage());
    admin = await operatorLogin(desk);
    await desk.goto(CONSOLE);
    await desk.locator('[data-testid=operator-role]').waitFor();
  }, 120_000);

  afterAll(async () => {
    await webContext?.close();
    await consoleContext?.close();
    await db?.end();
    redis?.disconnect();
  });

  it('deposits, is approved in the console, withdraws, is rejected in the console, and the ledger balances', async () => {
    try {
      await moneyFlow();
    } catch (err) {
      await screenshot(web, 'money-flow-failure-web').catch(() => undefined);
      await screenshot(desk, 'money-flow-failure-console').catch(() => undefined);
      throw err;
    }
  }, 300_000);

  /** A marker on the web page's `window` that a reload would wipe: proves what follows arrived without one. */
  async function markPage(): Promise<void> {
    await web.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  }
  async function expectNoReload(): Promise<void> {
    await expect(web.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)).resolves.toBe(true);
  }

  /** Opens a console review queue (the in-review list, not a history filter) and waits until it has loaded. */
  async function openQueue(kind: 'deposits' | 'withdrawals'): Promise<void> {
    await desk.click(`nav a[href="#/${kind}"]`);
    await desk.waitForURL((url) => url.hash === `#/${kind}`);
    await desk.waitForSelector(`[data-testid=review-list][data-kind=${kind}], .state-empty`);
  }
  const reviewItem = (orderNo: string) => desk.locator(`[data-testid=review-item][data-order-no="${orderNo}"]`);

  /** The personal center's unread badge: its count, 0 when there is no badge. */
  const menuBadge = () => web.getByTestId('menu-messages').getByTestId('unread-badge');
  async function unreadShown(): Promise<number> {
    return (await menuBadge().count()) === 0 ? 0 : Number(await menuBadge().getAttribute('data-count'));
  }

  /** Opens the personal center inside the app (the hash router follows the hash; no reload) and waits for its assets card. */
  async function openUserPage(): Promise<void> {
    await web.evaluate(() => (window.location.hash = '#/pages/user/user'));
    await web.waitForURL((url) => url.hash.startsWith('#/pages/user/user'));
    await web.getByTestId('available').waitFor();
  }

  async function moneyFlow(): Promise<void> {
    // 1. The operator's deposit method; the user signed in through the web UI, at the personal center.
    const stamp = Date.now();
    const method = await call<{ id: string }>(
      'POST',
      '/admin/deposit-methods',
      {
        type: 'bank',
        names: { 'zh-TW': `E2E 全流程轉帳 ${stamp}`, en: `E2E flow transfer ${stamp}` },
        details: { bankName: 'E2E Bank', accountNumber: '6222020200998877' },
        minAmount: '10.00',
        maxAmount: '50000.00',
      },
      admin,
    );
    const user: RegisteredUser = await registerUser(redis, 'flow');
    // Withdrawals need a verified identity; done before the unread count is noted, so its system message is in that count.
    await verifyUser(user, admin);

    await web.goto(`${BASE}/#/pages/login/login`);
    await web.locator('input[name="email"]').fill(user.email);
    await web.locator('input[name="password"]').fill(user.password);
    await web.getByTestId('login-submit').click();
    await web.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
    await web.goto(`${BASE}/#/pages/user/user`);
    await web.getByTestId('available').waitFor();
    // From here on the web page is only navigated inside the app: the marker must survive to the end.
    await markPage();
    const unreadCount = async () => (await call<{ count: number }>('GET', '/messages/unread-count', undefined, user.token)).count;
    const unreadBefore = await unreadCount();
    if (unreadBefore > 0)
      await menuBadge()
        .and(web.locator(`[data-count="${unreadBefore}"]`))
        .waitFor();
    expect(await unreadShown()).toBe(unreadBefore);
    const startCents = parseMoney((await web.getByTestId('available').textContent())?.trim())!;
    expect(startCents).toBe(0);
    await screenshot(web, 'money-flow-01-user-start');

    // 2. A 300.00 deposit on the quick deposit page (home -> quick deposit).
    await web.getByTestId('tab-home').click();
    await web.getByTestId('quick-deposit').click();
    await web.waitForURL((url) => url.hash.startsWith('#/pages/deposit/deposit'));
    await web.getByTestId(`method-${method.id}`).click();
    await web.locator('input[name="amount"]').fill('300');
    await web.locator('input[name="reference"]').fill(`FLOW-${stamp}`);
    await screenshot(web, 'money-flow-02-deposit');
    const posted = web.waitForResponse((r) => r.url().endsWith('/api/deposits') && r.request().method() === 'POST');
    await web.getByTestId('deposit-submit').click();
    await web.getByTestId('confirm-ok').click();
    const depositResponse = await posted;
    expect(depositResponse.status()).toBe(201);
    const deposit = (await depositResponse.json()) as Deposit;
    expect(deposit).toMatchObject({ amount: '300.00', status: 'in_review' });
    await web.waitForURL((url) => url.hash.startsWith('#/pages/withdraw-list/withdraw-open'));
    await web.locator(`[data-testid="request"][data-id="${deposit.id}"][data-status="in_review"]`).waitFor();

    // The user waits at the personal center, its socket joined, while the operator decides.
    await openUserPage();
    await textIs(web.getByTestId('available'), formatCents(startCents));
    await web.waitForTimeout(1_000); // the socket joins the user's room just after its handshake

    // 3. The operator approves the deposit in the console's deposits queue.
    await openQueue('deposits');
    const depositItem = reviewItem(deposit.orderNo);
    await depositItem.waitFor();
    await depositItem.scrollIntoViewIfNeeded();
    await depositItem.locator('[data-testid=approve]').click();
    const dialog = desk.locator('[data-testid=decision-dialog]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('300.00');
    await screenshot(desk, 'money-flow-03-console-approve');
    await desk.click('[data-testid=decision-confirm]');
    const flash = desk.locator('[data-testid=review-flash]');
    await desk.locator('[data-testid=review-flash][data-tone=ok]').waitFor();
    expect(await flash.textContent()).toBe(zh.consoleMoney.review.approved.replace('{{orderNo}}', deposit.orderNo));
    await depositItem.waitFor({ state: 'detached' });

    // 4. Live on the web page: the balance, one more unread message (the deposit notice), no reload.
    const funded = startCents + 30_000;
    await textIs(web.getByTestId('available'), formatCents(funded));
    await menuBadge()
      .and(web.locator(`[data-count="${unreadBefore + 1}"]`))
      .waitFor({ timeout: 15_000 });
    await expectNoReload();
    const inbox = await call<ListPage<SystemMessage>>('GET', '/messages', undefined, user.token);
    expect(inbox.items[0]).toMatchObject({ title: zh.inbox.depositApproved.title, read: false });
    expect(inbox.items[0]!.body).toContain(deposit.orderNo);
    expect(await unreadCount()).toBe(unreadBefore + 1);
    await screenshot(web, 'money-flow-04-user-credited');
    await web.getByTestId('menu-messages').evaluate((el) => el.scrollIntoView({ block: 'center' })); // clear of the tab bar
    await expect(menuBadge().textContent()).resolves.toBe(String(unreadBefore + 1));
    await screenshot(web, 'money-flow-04b-user-unread-badge');

    await web.locator(`.quick__item[href="#/pages/money-record/money-record"]`).click();
    const depositRow = web.locator('[data-testid="capital-record"][data-type="deposit"]');
    await depositRow.waitFor();
    await expect(depositRow.getByTestId('record-amount').textContent()).resolves.toBe('+300.00');
    await expect(web.getByTestId('capital-record').count()).resolves.toBe(1);
    await screenshot(web, 'money-flow-05-records-deposit');

    // 5. Bind a withdrawal account through the web UI (withdraw -> "not yet bound" -> bind).
    await web.getByTestId('back').click();
    await web.waitForURL((url) => url.hash.startsWith('#/pages/user/user'));
    await web.locator(`.quick__item[href="#/pages/withdraw-money/withdraw-money"]`).click();
    await web.getByText(zh.money.account.notBound).waitFor();
    await web.getByTestId('withdraw-bind').click();
    await web.waitForURL((url) => url.hash.startsWith('#/pages/account/account-detail'));
    const form = web.getByTestId('account-form');
    await form.locator('input[name="accountName"]').fill('林美華');
    // zh-TW starts in Taiwan: its banks with their codes, and the address as 縣市 / 區 / 地址.
    await expect(web.getByTestId('account-nationality').inputValue()).resolves.toBe('TW');
    await web.getByTestId('account-bank-pick').selectOption('007 第一銀行');
    await form.locator('input[name="cardNumber"]').fill('4111111111111111');
    await web.getByTestId('address-area').selectOption('臺中市');
    await web.getByTestId('address-town').fill('西屯區');
    await web.getByTestId('address-street').fill('臺灣大道三段99號');
    await form.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
    const bound = web.waitForResponse((r) => r.url().endsWith('/api/withdrawal-account') && r.request().method() === 'PUT');
    await web.getByTestId('account-submit').click();
    expect((await bound).status()).toBe(200);
    await web.waitForURL((url) => url.hash.startsWith('#/pages/account/account') && !url.hash.includes('detail'));
    await expect(web.getByTestId('account-masked').textContent()).resolves.toBe('**** 1111');
    await screenshot(web, 'money-flow-06-account-bound');

    // Any withdrawal hold moved into the past in Postgres, then 120.00 withdrawn with the transaction password.
    const moved = await db.query(`UPDATE withdrawal_accounts SET hold_until = now() - interval '1 minute' WHERE user_id = $1`, [user.id]);
    expect(moved.rowCount).toBe(1);
    await web.getByTestId('back').click();
    await web.waitForURL((url) => url.hash.startsWith('#/pages/withdraw-money/withdraw-money'));
    await web.getByTestId('withdraw-method').waitFor();
    await expect(web.getByTestId('hold-notice').count()).resolves.toBe(0);
    await textIs(web.getByTestId('withdraw-available'), formatCents(funded));
    await web.locator('input[name="amount"]').fill('120');
    await web.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
    await screenshot(web, 'money-flow-07-withdraw');
    const requested = web.waitForResponse((r) => r.url().endsWith('/api/withdrawals') && r.request().method() === 'POST');
    await web.getByTestId('withdraw-submit').click();
    await web.getByTestId('confirm-ok').click();
    const withdrawResponse = await requested;
    expect(withdrawResponse.status()).toBe(201);
    const withdrawal = (await withdrawResponse.json()) as Withdrawal;
    expect(withdrawal).toMatchObject({ amount: '120.00', status: 'in_review' });
    await web.waitForURL((url) => url.hash.startsWith('#/pages/withdraw-list/withdraw-list'));
    const withdrawalCard = web.locator(`[data-testid="request"][data-id="${withdrawal.id}"]`);
    await withdrawalCard.and(web.locator('[data-status="in_review"]')).waitFor();
    const listLoadedAt = Date.now();

    // The available balance dropped by the hold.
    const held = funded - 12_000;
    await openUserPage();
    await textIs(web.getByTestId('available'), formatCents(held));
    await textIs(web.getByTestId('held'), '120.00');
    await screenshot(web, 'money-flow-08-user-held');

    // 6. The operator rejects the withdrawal in the console with a reason.
    await openQueue('withdrawals');
    const withdrawalItem = reviewItem(withdrawal.orderNo);
    await withdrawalItem.waitFor();
    await withdrawalItem.scrollIntoViewIfNeeded();
    await withdrawalItem.locator('[data-testid=reject]').click();
    await desk.locator('[data-testid=decision-dialog]').waitFor();
    await desk.fill('textarea[name=reason]', REASON);
    await screenshot(desk, 'money-flow-09-console-reject');
    await desk.click('[data-testid=decision-confirm]');
    await desk.locator('[data-testid=review-flash][data-tone=ok]').waitFor();
    expect(await flash.textContent()).toBe(zh.consoleMoney.review.rejected.replace('{{orderNo}}', withdrawal.orderNo));
    await withdrawalItem.waitFor({ state: 'detached' });

    // 7. The personal center has the money back live; the withdrawal list shows it failed with the reason.
    await textIs(web.getByTestId('available'), formatCents(funded));
    await textIs(web.getByTestId('held'), '0.00');
    await expectNoReload();
    await screenshot(web, 'money-flow-10-user-refunded');
    // The list is asked again on a visit once its data is 5 s old (it has no socket event of its own).
    await web.waitForTimeout(Math.max(0, listLoadedAt + 5_500 - Date.now()));
    await web.getByTestId('menu-withdraw-list').click();
    await web.waitForURL((url) => url.hash.startsWith('#/pages/withdraw-list/withdraw-list'));
    await withdrawalCard.and(web.locator('[data-status="failed"]')).waitFor({ timeout: 15_000 });
    await expect(withdrawalCard.getByTestId('request-reason').textContent()).resolves.toContain(REASON);
    await expect(withdrawalCard.getByTestId('request-amount').textContent()).resolves.toContain('120.00');
    await screenshot(web, 'money-flow-11-withdraw-failed');

    // The capital records: one row per action, the deposit and the withdrawal (rejected, returned); the CSV
    // export has the same rows.
    await web.getByTestId('back').click();
    await web.waitForURL((url) => url.hash.startsWith('#/pages/user/user'));
    await textIs(web.getByTestId('available'), formatCents(funded));
    await web.locator(`.quick__item[href="#/pages/money-record/money-record"]`).click();
    await web.locator('[data-testid="capital-record"][data-action="withdrawal"][data-status="failed"]').waitFor();
    const shown = await web
      .getByTestId('capital-record')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-action'), e.querySelector('[data-testid="record-returned"]')?.textContent ?? null]));
    expect(shown).toEqual([
      ['withdrawal', zh.records.moneyRecord.returned.replace('{{amount}}', '120.00')],
      ['deposit', null],
    ]);
    await screenshot(web, 'money-flow-12-records');
    const downloading = web.waitForEvent('download');
    await web.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^capital-records-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe(CSV_HEADER);
    // action,type,status,account,amount,returned,balanceAfter,ref of each row: one per action.
    const rows = csv.slice(1).map((line) => line.split(',').slice(3).join(','));
    expect(rows).toEqual([
      `withdrawal,withdrawal,failed,cash,-120.00,120.00,180.00,withdrawal:${withdrawal.id}`,
      `deposit,deposit,,cash,300.00,,300.00,deposit:${deposit.id}`,
    ]);
    // The same postings as the api lists, ids and entry numbers included.
    const records = await call<ListPage<CapitalRecord>>('GET', API.walletRecords, undefined, user.token);
    expect(csv.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual(records.items.map((r) => `${r.id},${r.entryNo}`));
    await expectNoReload();

    // 8. The ledger balances.
    const check = await call<LedgerCheck>('GET', '/admin/ledger/check', undefined, admin);
    expect(check).toMatchObject({ ok: true, imbalance: '0.00', mismatched: [] });
  }
});
