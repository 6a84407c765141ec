// Browser test of the operator console against the platform started by the browser tier's
// globalSetup: the seeded operator logs in and sees their role, the ledger check is green, the
// audit log holds this login, maintenance is switched on for a product and back off, and both
// changes appear in the audit log, a product is mapped to an exchange market and back (stored and audited),
// the read-only queues dashboard opens from the console and closes with its session. Screenshots in screenshots/console-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { freshTotp } from '../../../scripts/testing/totp.mjs';

/** Every queue the worker processes (libs/cross-process QUEUES, which the console may not import). */
const WORKER_QUEUES = ['settlement', 'settlement-sweep', 'ledger-check', 'housekeeping', 'earn'];

const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const CONSOLE = `${BASE}/console/`;
const EMAIL = process.env.E2E_OPERATOR_EMAIL ?? '';
const PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? '';
const zh = resources['zh-TW'].console;
const DESKTOP = { width: 1280, height: 860 };

interface AuditRowInfo {
  action: string;
  targetId: string;
  operator: string;
  /** The maintenance field of a change entry as shown in its before/after table, if any. */
  maintenance: { before: string; after: string } | null;
}

/** The audit table's rows as the operator sees them, newest first. */
async function auditRows(page: Page): Promise<AuditRowInfo[]> {
  await page.waitForSelector('[data-testid=audit-row]');
  return page.$$eval('[data-testid=audit-row]', (rows) =>
    rows.map((r) => ({
      action: r.getAttribute('data-action') ?? '',
      targetId: r.getAttribute('data-target-id') ?? '',
      operator: (r.children[1]?.querySelector('button')?.textContent ?? '').trim(),
      maintenance: r.querySelector('[data-testid=audit-diff] tr[data-field=maintenance]')
        ? {
            before: r.querySelector('[data-testid=audit-diff] tr[data-field=maintenance] td[data-side=before]')?.textContent ?? '',
            after: r.querySelector('[data-testid=audit-diff] tr[data-field=maintenance] td[data-side=after]')?.textContent ?? '',
          }
        : null,
    })),
  );
}

async function openAudit(page: Page): Promise<void> {
  await page.click('nav a[href="#/audit"]');
  await page.waitForSelector('[data-testid=audit-append-only]');
  await page.click('button:has-text("' + zh.common.refresh + '")');
  await page.waitForSelector('[data-testid=audit-row]');
}

async function setMaintenance(page: Page, symbol: string, on: boolean, message: string): Promise<void> {
  await page.goto(`${CONSOLE}#/products/${symbol}`);
  await page.waitForSelector(`[data-testid=product-editor][data-symbol="${symbol}"]`);
  const toggle = page.locator('input[name=maintenance]');
  expect(await toggle.isChecked()).toBe(!on);
  await page.click('label.toggle:has(input[name=maintenance])');
  expect(await toggle.isChecked()).toBe(on);
  await page.fill('textarea[name=maintenanceMessage]', message);
  await page.click('[data-testid=save]');
  await page.waitForSelector('[data-testid=saved]');
}

describe('operator console', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    expect(EMAIL).not.toBe('');
    expect(PASSWORD).not.toBe('');
    context = await launchBrowser({ viewport: DESKTOP });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
  });

  it('refuses a wrong password with the server message in the chosen language', async () => {
    await page.goto(CONSOLE);
    await page.waitForSelector('form.login-card');
    await screenshot(page, 'console-login');
    // Han characters in the language's own fonts: Taiwan's by default, Japan's when the console is in Japanese.
    const bodyFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(await bodyFont()).toMatch(/PingFang TC.*WenQuanYi Micro Hei/);
    expect(await bodyFont()).not.toMatch(/PingFang SC|Hiragino|Malgun/);
    await page.evaluate(() => (document.documentElement.lang = 'ja'));
    expect(await bodyFont()).toMatch(/Hiragino Sans.*Meiryo/);
    expect(await bodyFont()).not.toContain('PingFang TC');
    await page.evaluate(() => (document.documentElement.lang = 'zh-TW'));
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', `${PASSWORD}-wrong`);
    await page.click('[data-testid=login-submit]');
    const error = page.locator('[data-testid=login-error]');
    await error.waitFor();
    expect(await error.textContent()).toBe(resources['zh-TW'].errors.INVALID_CREDENTIALS);
  });

  it('asks the seeded admin for a TOTP code, then logs in and shows the role', async () => {
    await page.fill('input[name=password]', PASSWORD);
    await page.click('[data-testid=login-submit]');
    // Right password: the server answers TOTP_REQUIRED and the console asks for the code.
    const totp = page.locator('[data-testid=login-totp]');
    await totp.waitFor();
    expect(await page.locator('[data-testid=login-error]').count()).toBe(0);
    await page.fill('[data-testid=login-totp]', '000000');
    await page.click('[data-testid=login-submit]');
    await page.locator('[data-testid=login-error]').waitFor();
    expect(await page.textContent('[data-testid=login-error]')).toBe(resources['zh-TW'].errors.TOTP_INVALID);
    await screenshot(page, 'console-login-totp');
    await page.fill('[data-testid=login-totp]', await freshTotp());
    await page.click('[data-testid=login-submit]');
    const role = page.locator('[data-testid=operator-role]');
    await role.waitFor();
    expect(await role.getAttribute('data-role')).toBe('admin');
    expect(await role.textContent()).toBe(zh.roles.admin);
    expect(await page.textContent('[data-testid=operator]')).toContain(EMAIL);
  });

  it('shows the ledger check as balanced and the services as up', async () => {
    const status = page.locator('[data-testid=ledger-status]');
    await status.waitFor();
    expect(await status.getAttribute('data-ok')).toBe('true');
    expect((await status.textContent())?.trim()).toBe(zh.dashboard.ledger.ok);
    const health = page.locator('[data-testid=health-status]');
    await health.waitFor();
    expect(await health.getAttribute('data-ok')).toBe('true');
    await screenshot(page, 'console-dashboard');
  });

  it('finds this login in the append-only audit log', async () => {
    await openAudit(page);
    expect(await page.textContent('[data-testid=audit-append-only]')).toContain(zh.audit.appendOnly);
    // there is no control to change or remove an entry
    expect(
      await page
        .locator('[data-testid=audit-table] button:has-text("' + zh.common.edit + '"), [data-testid=audit-table] button:has-text("' + zh.common.remove + '")')
        .count(),
    ).toBe(0);
    const rows = await auditRows(page);
    const login = rows.find((r) => r.action === 'operator.login');
    expect(login?.operator).toBe(EMAIL);
    expect(rows.some((r) => r.action === 'operator.login_failed')).toBe(true);
    await screenshot(page, 'console-audit');
  });

  it('switches maintenance on for a product and back off, each recorded in the audit log', async () => {
    await page.click('nav a[href="#/products"]');
    await page.waitForSelector('[data-testid=product-row]');
    expect(await page.textContent('[data-testid=honesty-note]')).toContain(zh.products.honestyTitle);
    await screenshot(page, 'console-products');
    const symbol = await page.getAttribute('[data-testid=product-row][data-maintenance="false"]', 'data-symbol');
    expect(symbol).toBeTruthy();

    await setMaintenance(page, symbol!, true, 'E2E: feed upgrade');
    await screenshot(page, 'console-product-maintenance-on');

    // A reload drops the in-memory token: the session comes back through the refresh cookie,
    // and the list shows what the server stored.
    await page.goto(`${CONSOLE}#/products`);
    await page.reload();
    await page.waitForSelector(`[data-testid=product-row][data-symbol="${symbol}"]`);
    expect(await page.getAttribute(`[data-testid=product-row][data-symbol="${symbol}"]`, 'data-maintenance')).toBe('true');

    await setMaintenance(page, symbol!, false, '');
    await page.goto(`${CONSOLE}#/products`);
    await page.waitForSelector(`[data-testid=product-row][data-symbol="${symbol}"]`);
    expect(await page.getAttribute(`[data-testid=product-row][data-symbol="${symbol}"]`, 'data-maintenance')).toBe('false');

    await openAudit(page);
    const rows = await auditRows(page);
    // the entries since this session's login (the newest login entry)
    const login = rows.findIndex((r) => r.action === 'operator.login' && r.operator === EMAIL);
    expect(login).toBeGreaterThanOrEqual(2);
    const changes = rows.slice(0, login).filter((r) => r.targetId === symbol);
    expect(changes.length).toBe(2);
    // newest first: switched off, then switched on, both by this operator
    expect(changes.map((r) => r.operator)).toEqual([EMAIL, EMAIL]);
    expect(changes.map((r) => r.action)).toEqual(['product.update', 'product.update']);
    expect(changes.map((r) => r.maintenance)).toEqual([
      { before: 'true', after: 'false' },
      { before: 'false', after: 'true' },
    ]);
    await page.locator(`[data-testid=audit-row][data-target-id="${symbol}"] summary`).first().click();
    await screenshot(page, 'console-audit-product-changes');
  });

  it('maps a simulated product to an exchange market, sees it stored and audited, then removes it again', async () => {
    // A forex product: simulated prices (demo only) until an operator names its markets.
    const symbol = 'AUDUSD';
    await page.goto(`${CONSOLE}#/products/${symbol}`);
    await page.waitForSelector(`[data-testid=product-editor][data-symbol="${symbol}"]`);
    const section = page.getByTestId('price-sources');
    expect(await section.getByTestId('price-venues-simulated').textContent()).toBe(zh.products.simulatedExplain);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-product-price-sources-simulated');

    await section.getByTestId('add-venue-select').selectOption('kraken');
    await section.getByTestId('add-venue').click();
    const row = section.locator('[data-testid=venue-row][data-venue=kraken]');
    await row.waitFor();
    // the exchange's spelling is checked before anything is sent: Kraken separates with a slash
    await row.locator('input[name="priceVenues.0.symbol"]').fill('AUD-USD');
    await page.click('[data-testid=save]');
    expect(await row.locator('.field-error').textContent()).toBe(zh.products.errors.venueSymbol);
    // only one row per exchange: Kraken is no longer offered
    expect(await section.locator('[data-testid=add-venue-select] option[value=kraken]').count()).toBe(0);
    await row.locator('input[name="priceVenues.0.symbol"]').fill('aud/usd');
    expect(await page.textContent('.save-bar')).toContain(zh.products.fields.priceVenues);
    await screenshot(page, 'console-product-price-sources');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=saved]');

    // Stored as the exchange spells it, after a reload (the list comes from the server again).
    await page.goto(`${CONSOLE}#/products`);
    await page.reload();
    await page.waitForSelector(`[data-testid=product-row][data-symbol="${symbol}"]`);
    expect(await page.getAttribute(`[data-testid=product-row][data-symbol="${symbol}"]`, 'data-venues')).toBe('1');
    await page.goto(`${CONSOLE}#/products/${symbol}`);
    await page.waitForSelector(`[data-testid=product-editor][data-symbol="${symbol}"]`);
    expect(await page.inputValue('[data-testid=venue-row][data-venue=kraken] input')).toBe('AUD/USD');
    // the feed reads the saved market now: the row shows its state there, not "once saved"
    await page.getByTestId('feed-summary').waitFor();
    await page.waitForFunction(
      (unsaved) => {
        const live = document.querySelector('[data-testid=venue-row][data-venue=kraken] [data-testid=venue-live]');
        return live !== null && live.textContent !== unsaved;
      },
      zh.products.feed.unsaved,
      { timeout: 20_000 },
    );
    await page.getByTestId('price-sources').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-product-price-sources-saved');

    // Removed again: simulated prices, demo only, as before.
    await page.click('[data-testid=venue-row][data-venue=kraken] button');
    await page.getByTestId('price-venues-simulated').waitFor();
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=saved]');

    await openAudit(page);
    const changes = await page.$$eval(`[data-testid=audit-row][data-target-id="${symbol}"]`, (rows) =>
      rows.map((r) => ({
        before: r.querySelector('[data-testid=audit-diff] tr[data-field=priceVenues] td[data-side=before]')?.textContent ?? null,
        after: r.querySelector('[data-testid=audit-diff] tr[data-field=priceVenues] td[data-side=after]')?.textContent ?? null,
      })),
    );
    // newest first: removed, then added
    expect(changes.slice(0, 2).map((c) => [JSON.parse(c.before ?? 'null'), JSON.parse(c.after ?? 'null')])).toEqual([
      [[{ venue: 'kraken', symbol: 'AUD/USD' }], []],
      [[], [{ venue: 'kraken', symbol: 'AUD/USD' }]],
    ]);
  });

  it("opens the read-only queues dashboard with the worker's queues", async () => {
    await page.click('nav a[href="#/queues"]');
    await page.waitForSelector('[data-testid=open-queues]');
    expect(await page.textContent('main')).toContain(zh.queues.readOnly);
    await screenshot(page, 'console-queues');
    await Promise.all([page.waitForURL(`${BASE}/ops/queues`), page.click('[data-testid=open-queues]')]);
    // bull-board renders its queue list from /ops/queues/api/queues, which needs the cookie just set
    for (const name of WORKER_QUEUES) {
      await page.locator(`a[href$="/queue/${name}"]`).first().waitFor();
    }
    // the sweeper runs every 2 s, so its queue always holds completed jobs
    await page.click('a[href$="/queue/settlement-sweep"]');
    await page.waitForURL(/\/ops\/queues\/queue\/settlement-sweep/);
    await page.getByText('repeat:settlement-sweep-every-2s', { exact: false }).first().waitFor();
    await page.getByText('requeued', { exact: false }).first().waitFor(); // a job's return value
    await screenshot(page, 'console-queues-dashboard');
    // read-only, from this browser's own cookie session: the board lists every queue as read-only, and a
    // job action sent from the page is refused
    const fromPage = await page.evaluate(async () => {
      const list = (await (await fetch('api/queues')).json()) as { queues: { name: string; readOnlyMode: boolean }[] };
      const action = await fetch('api/queues/settlement-sweep/clean/completed', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      return {
        readOnly: list.queues.map((q) => [q.name, q.readOnlyMode]),
        action: action.status,
        code: ((await action.json()) as { error: { code: string } }).error.code,
      };
    });
    expect(fromPage.readOnly.map(([name]) => name).sort()).toEqual([...WORKER_QUEUES].sort());
    expect(fromPage.readOnly.every(([, ro]) => ro === true)).toBe(true);
    expect([fromPage.action, fromPage.code]).toEqual([403, 'FORBIDDEN']);
    await page.goto(CONSOLE);
    await page.waitForSelector('[data-testid=ledger-status]');
  });

  it('works at phone width and logs out', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(CONSOLE);
    await page.waitForSelector('[data-testid=ledger-status]');
    await screenshot(page, 'console-phone-dashboard');
    await page.click('.menu-toggle');
    await page.click('[data-testid=logout]');
    await page.waitForSelector('form.login-card');
    // the refresh cookie was revoked: a reload stays signed out
    await page.reload();
    await page.waitForSelector('form.login-card');
    expect(await page.locator('[data-testid=operator]').count()).toBe(0);
    // the queues dashboard's cookie died with the session: the dashboard sends the browser back to the console
    await page.goto(`${BASE}/ops/queues`);
    await page.waitForSelector('form.login-card');
    expect(page.url()).toBe(`${CONSOLE}#/login`);
  });
});
