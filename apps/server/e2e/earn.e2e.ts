// Browser test of Yu'e Bao on a platform whose clock the test moves (earn-platform.ts): a user moves
// 500.00 in on a Monday before the cut-off and sees it pending with its confirmation date (Tuesday 08:00)
// and first income (Wednesday); the clock moves to Wednesday 08:05 and the cut-off job runs; the user
// sees the share confirmed, Tuesday's income (1 % of 500.00) in the chart, the figures and the records,
// then moves 20.00 back on the transfer screen; the personal center and the capital records show it.
// In English; screenshots at 375x812 in screenshots/.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { createUser } from '../test/support/factories.js';
import { fundCash } from '../test/support/trading.js';
import { ledgerCheck } from '../test/support/app.js';
import { startEarnPlatform, type EarnPlatform } from '../test/support/earn-platform.js';

// In English, so the screenshots are readable (this Chromium has no CJK fonts); dates read MM/DD/YYYY.
const en = resources.en.earn;
const records = resources.en.records;
const common = resources.en.common;
// Monday 2026-11-30 07:00 in Asia/Taipei (the seed's zone, cut-off 08:00, 1 % a day).
const MONDAY_0700 = new Date('2026-11-29T23:00:00Z');
const WEDNESDAY_0805 = new Date('2026-12-02T00:05:00Z');

async function textIs(locator: Locator, text: string): Promise<void> {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await locator.filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) }).waitFor({ timeout: 10_000 });
}

describe("Yu'e Bao in the browser", () => {
  let p: EarnPlatform;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    p = await startEarnPlatform(MONDAY_0700);
    context = await launchBrowser();
    await context.addInitScript(() => localStorage.setItem('candor.lang', 'en'));
    page = context.pages()[0] ?? (await context.newPage());
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await p?.close();
  });

  it('transfers in, shows it pending with its dates, then confirmed with income after the cut-off', async () => {
    try {
      await flow();
    } catch (err) {
      await screenshot(page, 'earn-failure').catch(() => undefined);
      throw err;
    }
  }, 240_000);

  async function flow(): Promise<void> {
    const base = p.t.url;
    const user = await createUser(p.t);
    await fundCash(p.t, user.id, 1_000_00);

    await page.goto(`${base}/#/pages/login/login`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });

    // The page: nothing in it yet, the configured rate beside its annualised equivalents.
    await page.goto(`${base}/#/pages/money/money`);
    await textIs(page.getByTestId('earn-total'), '0.00');
    await textIs(page.getByTestId('earn-daily-rate'), '1%');
    await textIs(page.getByTestId('earn-annual'), '365%');
    await textIs(page.getByTestId('earn-annual-compounded'), '3,678.34%');
    await textIs(page.getByTestId('earn-left'), en.form.leftIn.replace('{{left}}', '60').replace('{{limit}}', '60'));

    // Below the minimum: the minimum named beside the amount, kept as typed, and nothing to send.
    const form = page.getByTestId('earn-form-in');
    await form.locator('input[name="amount"]').fill('19.99');
    await form.locator('input[name="amount"]').blur(); // said once the field is left, not while typing
    await form.getByText(common.amount.belowMin.replace('{{min}}', '20.00')).waitFor();
    await expect(page.getByTestId('earn-submit').isDisabled()).resolves.toBe(true);
    await expect(form.locator('input[name="amount"]').inputValue()).resolves.toBe('19.99');

    // Transfer in 500.00 on Monday 07:00: trade date Monday, confirmed Tuesday 08:00, first income Wednesday.
    await form.locator('input[name="amount"]').fill('500');
    await page.getByTestId('earn-submit').click();
    await page.getByTestId('confirm-ok').click();
    const receipt = page.getByTestId('earn-receipt');
    await receipt.waitFor({ timeout: 15_000 });
    await expect(receipt.getByTestId('receipt-confirm').textContent()).resolves.toMatch(/12\/01\/2026.*08:00/);
    await expect(receipt.getByTestId('receipt-first-income').textContent()).resolves.toMatch(/12\/02\/2026.*08:00/);
    await textIs(page.getByTestId('earn-pending'), '500.00');
    await textIs(page.getByTestId('earn-confirmed'), '0.00');
    await textIs(page.getByTestId('earn-left'), en.form.leftIn.replace('{{left}}', '59').replace('{{limit}}', '60'));
    await screenshot(page, 'earn-money-pending');

    // The record keeps the dates; the rules name the live cut-off, zone and limits.
    await page.getByTestId('earn-detail-link').click();
    const rec = page.getByTestId('earn-record').first();
    await rec.waitFor({ timeout: 10_000 });
    await expect(rec.getAttribute('data-status')).resolves.toBe('pending');
    await expect(rec.getByTestId('earn-record-confirm').textContent()).resolves.toMatch(/12\/01\/2026.*08:00/);
    await expect(rec.getByTestId('earn-record-first-income').textContent()).resolves.toContain('12/02/2026');
    await expect(page.getByTestId('rule-cutoff').textContent()).resolves.toContain('Asia/Taipei');
    await expect(page.getByTestId('rule-limits').textContent()).resolves.toContain('60');
    await screenshot(page, 'earn-detail-pending');

    // Wednesday 08:05: the cut-off job confirms Monday's lot (Tuesday 08:00) and pays Tuesday's income.
    p.clock.set(WEDNESDAY_0805);
    const result = await p.worker.runJob();
    expect(result.dates.map((d) => d.date)).toContain('2026-12-01');

    await page.goto(`${base}/#/pages/money/money`);
    await page.reload();
    await textIs(page.getByTestId('earn-pending'), '0.00');
    await textIs(page.getByTestId('earn-confirmed'), '505.00');
    await textIs(page.getByTestId('earn-yesterday'), '+5.00');
    await textIs(page.getByTestId('earn-total-income'), '5.00');
    await textIs(page.getByTestId('earn-per10k'), '100.00');
    const day = page.locator('[data-testid="income-day"][data-date="2026-12-01"]');
    await day.waitFor({ state: 'attached', timeout: 15_000 });
    await expect(day.locator('td').textContent()).resolves.toBe('5.00');
    await expect(page.locator('.recharts-bar-rectangle').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'earn-money-confirmed');

    await page.goto(`${base}/#/pages/money/detail`);
    const income = page.locator('[data-testid="earn-record"][data-type="income"]').first();
    await income.waitFor({ timeout: 10_000 });
    await expect(income.getByTestId('earn-record-date').textContent()).resolves.toContain('12/01/2026');
    await expect(page.locator('[data-testid="earn-record"][data-type="in"]').first().getAttribute('data-status')).resolves.toBe('confirmed');
    await page.getByTestId('earn-records').scrollIntoViewIfNeeded();
    await screenshot(page, 'earn-detail-confirmed');

    // The transfer screen: both balances, the other direction, 20.00 back to the trading balance.
    await page.goto(`${base}/#/pages/transfer/transfer`);
    await textIs(page.getByTestId('transfer-cash'), '500.00');
    await textIs(page.getByTestId('transfer-earn'), '505.00');
    await page.getByTestId('transfer-swap').click();
    const out = page.getByTestId('earn-form-out');
    await out.locator('input[name="amount"]').fill('20');
    await page.getByTestId('earn-submit').click();
    await page.getByTestId('confirm-ok').click();
    await textIs(page.getByTestId('transfer-cash'), '520.00');
    await textIs(page.getByTestId('transfer-earn'), '485.00');
    await screenshot(page, 'earn-transfer');

    // The personal center counts Yu'e Bao in the assets; capital records name its movements.
    await page.goto(`${base}/#/pages/user/user`);
    await textIs(page.getByTestId('earn'), '485.00');
    await textIs(page.getByTestId('total-assets'), '1,005.00');
    await page.goto(`${base}/#/pages/money-record/money-record`);
    const earnIn = page.locator('[data-testid="capital-record"][data-type="earn_in"]').first();
    await earnIn.waitFor({ timeout: 10_000 });
    await expect(earnIn.textContent()).resolves.toContain(records.type.earn_in);
    await expect(page.locator('[data-testid="capital-record"][data-type="earn_out"]').first().textContent()).resolves.toContain(records.type.earn_out);
    await screenshot(page, 'earn-capital-records');
    expect(await ledgerCheck(p.t)).toMatchObject({ ok: true, imbalance: '0.00' });
  }
});
