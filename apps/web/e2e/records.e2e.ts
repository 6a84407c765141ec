// Browser test of the money records: a user registered through the API logs in through the UI;
// an operator (admin API) approves the user's deposit, and the capital record appears live, its
// particulars show both postings and the deposit, the CSV export downloads it under a header row;
// operator messages arrive live (home badge, inbox), are read one by one and all at once; the
// personal center's total follows a second approved deposit without a reload; the account
// activity lists the operator's approvals. Screenshots at 375x812 in screenshots/records-*.png.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type CapitalRecord, type Deposit, type LoginResponse, type Page as ListPage, type SystemMessage } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, TRADE_PASSWORD, call, eventually, operatorToken, registerUser, verifyUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const zh = resources['zh-TW'].records;
const CSV_HEADER = 'id,entryNo,createdAt,action,type,status,account,amount,returned,balanceAfter,ref';
const en = resources.en.records;

describe('money records in the browser', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let operator: string;
  let methodId: string;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    operator = await operatorToken();
    const method = await call<{ id: string }>(
      'POST',
      '/admin/deposit-methods',
      {
        type: 'bank',
        names: { 'zh-TW': '銀行轉帳（測試）', en: 'Bank transfer (test)' },
        details: { bank: 'E2E Bank', account: '000123' },
        minAmount: '1',
        maxAmount: '100000',
      },
      operator,
    );
    methodId = method.id;
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('shows records, particulars, CSV, live messages, the live summary and account activity', async () => {
    try {
      await recordsFlow();
    } catch (err) {
      await screenshot(page, 'records-failure').catch(() => undefined);
      throw err;
    }
  }, 240_000);

  it('shows one record per action with the balance after it, counts both kinds of review, and passes axe', async () => {
    try {
      await oneRowPerAction();
    } catch (err) {
      await screenshot(page, 'records-failure-actions').catch(() => undefined);
      throw err;
    }
  }, 240_000);

  /** axe's serious and critical findings on the page on screen. */
  async function seriousAxe(label: string): Promise<string[]> {
    return (await axeViolations(page))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
  }

  async function oneRowPerAction(): Promise<void> {
    // A fresh browser: the first scenario's user is still signed in on the old one.
    await context.close();
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
    const user = await registerUser(redis, 'actions');
    await verifyUser(user, operator);
    // 1000.00 deposited and approved; 200.00 asked out (in review); 50.00 more deposited, not yet approved.
    await depositApproved(user.token, '1000.00');
    await call(
      'PUT',
      '/withdrawal-account',
      {
        type: 'crypto',
        accountName: 'E2E',
        nationality: 'TW',
        network: 'TRC20',
        currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        tradePassword: TRADE_PASSWORD,
      },
      user.token,
    );
    await call('POST', '/withdrawals', { amount: '200.00', tradePassword: TRADE_PASSWORD }, user.token);
    await call('POST', '/deposits', { methodId, amount: '50.00' }, user.token);

    await page.goto(`${BASE}/#/pages/login/login`);
    await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });

    // Two actions, two rows: the withdrawal (in review) and the deposit, each with the balance after it.
    await page.goto(`${BASE}/#/pages/money-record/money-record`);
    const rows = page.getByTestId('capital-record');
    await rows.nth(1).waitFor({ timeout: 15_000 });
    const shown = await rows.evaluateAll((els) =>
      els.map((e) => [
        e.getAttribute('data-action'),
        e.querySelector('[data-testid="record-amount"]')?.textContent,
        e.querySelector('[data-testid="record-status"]')?.textContent ?? null,
        e.querySelector('[data-testid="record-balance"]')?.textContent,
      ]),
    );
    expect(shown).toEqual([
      ['withdrawal', '-200.00', zh.rowStatus.in_review, zh.moneyRecord.balanceAfter.replace('{{amount}}', '800.00')],
      ['deposit', '+1,000.00', null, zh.moneyRecord.balanceAfter.replace('{{amount}}', '1,000.00')],
    ]);
    await expect(page.getByTestId('capital-records').textContent()).resolves.toContain(zh.type.withdrawal);
    expect(await seriousAxe('records')).toEqual([]);
    await screenshot(page, 'records-11-one-per-action');

    // The withdrawal's particulars: its status, and the hold's postings.
    await rows.first().click();
    await page.getByTestId('particulars').waitFor();
    await expect(page.getByTestId('particulars-status').textContent()).resolves.toBe(zh.rowStatus.in_review);
    const legs = await page.getByTestId('posting').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-type')}:${e.getAttribute('data-account')}`));
    expect(legs).toEqual(['withdrawal:cash', 'withdrawal:hold']);
    expect(await seriousAxe('particulars')).toEqual([]);
    await screenshot(page, 'records-12-withdrawal-particulars');

    // The personal center's "in review" tile: the deposit and the withdrawal waiting, together.
    await page.goto(`${BASE}/#/pages/user/user`);
    await page.locator('[data-testid="held"]', { hasText: '250.00' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'records-13-in-review');

    // Yu'e Bao's card: its labels readable on the blue (axe colour contrast), in zh-TW and en.
    await page.goto(`${BASE}/#/pages/money/money`);
    await page.getByTestId('earn-yesterday').waitFor({ timeout: 15_000 });
    expect(await seriousAxe('earn zh-TW')).toEqual([]);
    await screenshot(page, 'records-14-earn');
    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.reload();
    await page.getByTestId('earn-yesterday').waitFor({ timeout: 15_000 });
    expect(await seriousAxe('earn en')).toEqual([]);
    await screenshot(page, 'records-15-earn-en');
    await page.goto(`${BASE}/#/pages/money-record/money-record`);
    await page.getByTestId('capital-record').nth(1).waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('record-status').first().textContent()).resolves.toBe(en.rowStatus.in_review);
    expect(await seriousAxe('records en')).toEqual([]);
    await screenshot(page, 'records-16-one-per-action-en');
    await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
  }

  async function depositApproved(userToken: string, amount: string): Promise<Deposit> {
    const deposit = await call<Deposit>('POST', '/deposits', { methodId, amount }, userToken);
    await call('POST', `/admin/deposits/${deposit.id}/approve`, undefined, operator);
    return deposit;
  }

  async function sendMessage(userId: string, title: string): Promise<SystemMessage> {
    return call<SystemMessage>('POST', '/admin/messages', { userId, title: { 'zh-TW': title }, body: { 'zh-TW': `${title}：內容` } }, operator);
  }

  /** A marker on `window` that a reload would wipe: proves an update arrived live. */
  async function markPage(): Promise<void> {
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  }
  async function expectNoReload(): Promise<void> {
    await expect(page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)).resolves.toBe(true);
  }

  async function recordsFlow(): Promise<void> {
    const user = await registerUser(redis, 'records');
    const { accessToken: userToken, user: profile } = await call<LoginResponse>('POST', API.login, { email: user.email, password: user.password });

    await page.goto(`${BASE}/#/pages/login/login`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });

    // Account activity of a fresh account: the empty state says what would appear.
    await page.goto(`${BASE}/#/pages/activity/activity`);
    await page.getByTestId('account-activity').getByTestId('empty-state').filter({ hasText: zh.activity.empty }).waitFor();
    await screenshot(page, 'records-01-activity-empty');

    // Capital records: empty, then the approved deposit appears without a reload (wallet event).
    await page.goto(`${BASE}/#/pages/money-record/money-record`);
    await page.getByTestId('empty-state').filter({ hasText: zh.moneyRecord.empty }).waitFor();
    await screenshot(page, 'records-02-empty');
    await markPage();
    await page.waitForTimeout(1_000); // the socket joins the user's room just after its handshake
    const deposit = await depositApproved(userToken, '250.00');
    const row = page.locator('[data-testid="capital-record"][data-type="deposit"]');
    await row.waitFor({ timeout: 15_000 });
    await expectNoReload();
    await expect(row.getByTestId('record-amount').textContent()).resolves.toBe('+250.00');
    const records = await call<ListPage<CapitalRecord>>('GET', API.walletRecords, undefined, userToken);
    const record = records.items.find((r) => r.ref === `deposit:${deposit.id}`);
    expect(record).toMatchObject({ type: 'deposit', amount: '250.00', balanceAfter: '250.00', account: 'cash' });
    await screenshot(page, 'records-03-list');

    // The type filter: nothing among withdrawals, the deposit among deposits.
    await page.getByTestId('filter-type').selectOption('withdrawal');
    await page.getByTestId('empty-state').filter({ hasText: zh.moneyRecord.emptyFiltered }).waitFor();
    await page.getByTestId('filter-type').selectOption('deposit');
    await row.waitFor();

    // CSV export of the filtered records: a header row and the deposit.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^capital-records-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe(CSV_HEADER);
    expect(csv.slice(1)).toEqual([`${record!.id},${record!.entryNo},${record!.createdAt},deposit,deposit,,cash,250.00,,250.00,deposit:${deposit.id}`]);

    // Particulars: the entry, both postings (clearing out, cash in), and the deposit it came from.
    await row.click();
    await page.getByTestId('particulars').waitFor();
    await expect(page.getByTestId('particulars-entry-no').textContent()).resolves.toBe(record!.entryNo);
    await expect(page.getByTestId('particulars-amount').textContent()).resolves.toBe('+250.00');
    const postings = page.getByTestId('posting');
    await postings.nth(1).waitFor();
    const sides = await postings.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-account')}:${e.getAttribute('data-side')}`));
    expect(sides.sort()).toEqual(['cash:credit', 'deposits_clearing:debit']);
    await expect(page.getByTestId('related-deposit').getByTestId('related-order-no').textContent()).resolves.toBe(deposit.orderNo);
    await screenshot(page, 'records-04-particulars');

    // Home: the unread badge (the deposit notice, the new-login notice), then an operator message raises it live.
    const unreadCount = async () => (await call<{ count: number }>('GET', '/messages/unread-count', undefined, userToken)).count;
    const before = await unreadCount();
    expect(before).toBeGreaterThanOrEqual(1);
    await page.goto(`${BASE}/#/pages/index/index`);
    // A count cached from an earlier page may show first; the refetch on arrival brings it to the server's.
    const badgeAt = (n: number) => page.locator(`[data-testid="quick-messages"] [data-testid="unread-badge"][data-count="${n}"]`);
    await badgeAt(before).waitFor({ timeout: 10_000 });
    await page.getByTestId('live-indicator').and(page.locator('[data-live="true"]')).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1_000);
    await markPage();
    const hello = await sendMessage(profile.id, '測試通知一');
    await badgeAt(before + 1).waitFor({ timeout: 10_000 });
    await expectNoReload();
    await screenshot(page, 'records-05-home-badge');

    // The inbox: the message on top, unread; opening it shows its body and marks it read.
    await page.getByTestId('quick-messages').click();
    const first = page.getByTestId('message').first();
    await expect(first.getAttribute('data-message-id')).resolves.toBe(hello.id);
    await expect(first.getAttribute('data-read')).resolves.toBe('false');
    await screenshot(page, 'records-06-inbox');
    await first.locator('button').first().click();
    await expect(first.getByTestId('message-body').textContent()).resolves.toBe('測試通知一：內容');
    await page.locator(`[data-testid="message"][data-message-id="${hello.id}"][data-read="true"]`).waitFor();
    await eventually('unread after opening one', unreadCount, (n) => n === before);
    await screenshot(page, 'records-07-opened');

    // A message sent while the inbox is open appears at the top; "mark all read" clears everything.
    await markPage();
    const second = await sendMessage(profile.id, '測試通知二');
    await page.locator(`[data-testid="message"][data-message-id="${second.id}"][data-read="false"]`).waitFor({ timeout: 10_000 });
    await expectNoReload();
    await page.getByTestId('mark-all-read').click();
    await page.getByTestId('toast').filter({ hasText: zh.message.allRead }).waitFor();
    await expect(page.locator('[data-testid="message"][data-read="false"]').count()).resolves.toBe(0);
    await eventually('unread after mark all read', unreadCount, (n) => n === 0);
    await screenshot(page, 'records-08-all-read');

    // Personal center: the summary follows a second approved deposit without a reload.
    await page.goto(`${BASE}/#/pages/user/user`);
    await expect(page.getByTestId('total-assets').textContent()).resolves.toBe('250.00');
    await expect(page.getByTestId('held').textContent()).resolves.toBe('0.00');
    await page.getByTestId('menu-messages').getByTestId('unread-badge').waitFor({ state: 'detached' });
    await markPage();
    await page.waitForTimeout(1_000);
    await depositApproved(userToken, '100.00');
    await page.locator('[data-testid="total-assets"]', { hasText: '350.00' }).waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('available').textContent()).resolves.toBe('350.00');
    // The approval's notice raised the personal center's badge too.
    await page.locator('[data-testid="menu-messages"] [data-testid="unread-badge"][data-count="1"]').waitFor({ timeout: 10_000 });
    await expectNoReload();
    await screenshot(page, 'records-09-user-live');

    // Account activity: the two approvals and the two messages, newest first, as which role.
    await page.getByTestId('menu-activity').click();
    await page.getByTestId('activity-list').waitFor();
    const actions = await page.getByTestId('activity').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    expect(actions).toEqual(['deposit.approve', 'message.send', 'message.send', 'deposit.approve']);
    await expect(page.getByTestId('activity').first().textContent()).resolves.toContain(zh.action.deposit_approve);
    await screenshot(page, 'records-10-activity');
  }
});
