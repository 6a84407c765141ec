// Browser test of the console's Yu'e Bao screens against the platform the browser tier starts: the
// seeded admin signs in with TOTP (in English, for readable screenshots) and sees the Yu'e Bao card on
// the dashboard with the figures the api gave; on the settings screen changes the daily rate and a
// limit through the confirmation (which names the change and "from the next posting"), sees the new
// version, and finds the change in the audit log; adds a holiday, imports two, removes one, each
// confirmed; then restores the settings. Screenshots (desktop) in screenshots/console-earn-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminEarnSettings, EarnDashboard } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { freshTotp } from '../../../scripts/testing/totp.mjs';

const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const CONSOLE = `${BASE}/console/`;
const EMAIL = process.env.E2E_OPERATOR_EMAIL ?? '';
const PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? '';
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
const en = resources.en.consoleEarn;
const DESKTOP = { width: 1280, height: 900 };
// A year no other test touches, so the holiday rows are this run's.
const YEAR = 2090 + Math.floor(Math.random() * 9);

/** Confirms the open Yu'e Bao dialog after checking its title and what it says. */
async function confirm(page: Page, title: string, says: string[], shot?: string): Promise<void> {
  const dialog = page.locator('[data-testid=earn-confirm]');
  await dialog.waitFor();
  expect(await dialog.locator('h2').textContent()).toBe(title);
  const text = (await dialog.textContent()) ?? '';
  for (const s of says) expect(text).toContain(s);
  if (shot) await screenshot(page, shot);
  await page.click('[data-testid=earn-confirm-ok]');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * A raised rate must be covered 30 days by the platform's equity (house + interest_expense). On the shared test
 * database the other tests' orders decide that equity, so before raising the rate back the platform puts in
 * capital (clearing -> house, through the ledger's own function) until 31 days at `rate` are covered.
 */
async function coverRate(rate: string): Promise<void> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT (SELECT sum(balance) FROM ledger_accounts WHERE user_id IS NULL AND kind IN ('house', 'interest_expense'))::bigint AS equity,
              (SELECT coalesce(sum(floor(b * $1::numeric)), 0) FROM (SELECT sum(balance) AS b FROM ledger_accounts
                WHERE user_id IS NOT NULL AND kind IN ('earn_confirmed', 'earn_pending') GROUP BY user_id HAVING sum(balance) > 0) h)::bigint AS income,
              (SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = 'house') AS house,
              (SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = 'deposits_clearing') AS clearing`,
      [rate],
    );
    const r = rows[0] as { equity: string; income: string; house: string; clearing: string };
    const need = 31 * Number(r.income) - Number(r.equity);
    if (need <= 0) return;
    await db.query(`SELECT candor_post_entry('adjustment', NULL, 'test', 'earn-e2e', NULL, 'e2e capital', $1::bigint[], $2::bigint[])`, [
      [r.clearing, r.house],
      [-need, need],
    ]);
  } finally {
    await db.end();
  }
}

describe("Yu'e Bao in the console", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    expect(EMAIL).not.toBe('');
    context = await launchBrowser({ viewport: DESKTOP });
    await context.addInitScript(() => localStorage.setItem('candor.console.lang', 'en'));
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the dashboard card, changes the settings and the holidays, each confirmed and audited', async () => {
    try {
      await flow();
    } catch (err) {
      await screenshot(page, 'console-earn-failure').catch(() => undefined);
      throw err;
    }
  }, 180_000);

  async function flow(): Promise<void> {
    await page.goto(CONSOLE);
    await page.waitForSelector('form.login-card');
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('[data-testid=login-submit]');
    await page.locator('[data-testid=login-totp]').waitFor();
    await page.fill('[data-testid=login-totp]', await freshTotp());
    const dashboardAnswer = page.waitForResponse((r) => r.url().includes('/api/admin/earn/dashboard') && r.status() === 200);
    await page.click('[data-testid=login-submit]');

    // The dashboard card shows the api's figures.
    const dash = (await (await dashboardAnswer).json()) as EarnDashboard;
    await page.locator('[data-testid=earn-dash-confirmed]').waitFor();
    expect(await page.textContent('[data-testid=earn-dash-confirmed]')).toBe(dash.confirmed);
    expect(await page.textContent('[data-testid=earn-dash-pending]')).toBe(dash.pending);
    // The last posting's day and income; before any posting (other browser tests may have run one on this
    // platform) the card says none was made rather than naming no day.
    const lastIncome = dash.incomeDate
      ? [en.dashboard.yesterdayIncome.replace('{{date}}', dash.incomeDate), dash.yesterdayIncome]
      : [en.dashboard.lastIncomeNone, '—'];
    expect([await page.textContent('dt:has(+ [data-testid=earn-dash-yesterday])'), await page.textContent('[data-testid=earn-dash-yesterday]')]).toEqual(
      lastIncome,
    );
    expect(await page.textContent('[data-testid=earn-dash-next]')).toBe(dash.nextPostingExpected);
    // The next posting in the platform's zone, named, not in the operator's own.
    expect(dash.timezone).toBe('Asia/Taipei');
    expect(await page.textContent('[data-testid=earn-dash-next-at]')).toMatch(/ 08:00 \(Asia\/Taipei\)$/);
    await screenshot(page, 'console-earn-dashboard');

    // The settings screen from the menu.
    const settingsAnswer = page.waitForResponse((r) => r.url().endsWith('/api/admin/earn/settings') && r.request().method() === 'GET');
    await page.click(`nav a:has-text("${en.nav}")`);
    const before = (await (await settingsAnswer).json()) as AdminEarnSettings;
    await page.locator('[data-testid=earn-effective-rule]').waitFor();
    expect(await page.inputValue('[data-testid=earn-field-dailyRate]')).toBe(before.next.dailyRate);

    // A bad value is refused beside its field; a good change is confirmed with what changes and when.
    await page.fill('[data-testid=earn-field-cutoff]', '25:00');
    await page.click('[data-testid=earn-settings-save]');
    await page.locator(`text=${en.invalid.cutoff}`).waitFor();
    await page.fill('[data-testid=earn-field-cutoff]', before.next.cutoff);
    await page.fill('[data-testid=earn-field-dailyRate]', '0.0002');
    await page.fill('[data-testid=earn-field-dailyInLimit]', '50');
    await page.click('[data-testid=earn-settings-save]');
    await confirm(page, en.confirm.settingsTitle, ['0.0002 (0.02%)', '→ 50', en.confirm.audited], 'console-earn-settings-confirm');
    await page.locator('[data-testid=earn-settings-saved]').waitFor();
    await page.locator('[data-testid=earn-next-version]', { hasText: '0.02%' }).waitFor();
    await screenshot(page, 'console-earn-settings');

    // Holidays: one added, two imported, one removed, each confirmed.
    const first = `${YEAR}-01-01`;
    await page.fill('[data-testid=earn-holiday-date]', first);
    await page.fill('[data-testid=earn-holiday-name]', 'E2E New Year');
    await page.click('[data-testid=earn-holiday-add]');
    await confirm(page, en.confirm.addTitle.replace('{{date}}', first).replace('{{name}}', 'E2E New Year'), [en.confirm.holidayEffect]);
    await page.locator(`[data-testid=earn-holiday][data-date="${first}"]`).waitFor();
    await page.fill('[data-testid=earn-holiday-import-text]', `${YEAR}-02-05, E2E Lunar New Year\n${YEAR}-02-06\tE2E Lunar New Year 2`);
    await page.click('[data-testid=earn-holiday-import]');
    await confirm(page, en.confirm.importTitle_other.replace('{{count}}', '2'), [], 'console-earn-holidays-confirm');
    await page.locator(`[data-testid=earn-holiday][data-date="${YEAR}-02-06"]`).waitFor();
    expect(await page.textContent('[data-testid=earn-holidays-done]')).toBe(en.holidays.imported.replace('{{added}}', '2').replace('{{updated}}', '0'));
    await page.click(`[data-testid=earn-holiday][data-date="${YEAR}-02-05"] [data-testid=earn-holiday-remove]`);
    await confirm(page, en.confirm.removeTitle.replace('{{date}}', `${YEAR}-02-05`).replace('{{name}}', 'E2E Lunar New Year'), []);
    await page.locator(`[data-testid=earn-holiday][data-date="${YEAR}-02-05"]`).waitFor({ state: 'detached' });
    await page.locator(`[data-testid=earn-holiday][data-date="${first}"]`).scrollIntoViewIfNeeded();
    await screenshot(page, 'console-earn-holidays');

    // Each change is in the audit log.
    await page.click('nav a[href="#/audit"]');
    await page.locator('[data-testid=audit-row]').first().waitFor();
    for (const action of ['earn.settings_update', 'earn.holiday_add', 'earn.holidays_import', 'earn.holiday_remove'])
      await page.locator(`[data-testid=audit-row][data-action="${action}"]`).first().waitFor();

    // Back to the settings the other tests expect (a raise, so first make sure the equity covers it).
    await coverRate(before.next.dailyRate);
    await page.click(`nav a:has-text("${en.nav}")`);
    await page.fill('[data-testid=earn-field-dailyRate]', before.next.dailyRate);
    await page.fill('[data-testid=earn-field-dailyInLimit]', String(before.next.dailyInLimit));
    await page.click('[data-testid=earn-settings-save]');
    await confirm(page, en.confirm.settingsTitle, [en.confirm.audited]);
    await page.locator('[data-testid=earn-settings-saved]').waitFor();
  }
});
