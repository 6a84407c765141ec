// Browser test of the operator console against the platform started by the browser tier's
// globalSetup: the seeded operator logs in and sees their role, the ledger check is green, the
// audit log holds this login, new orders are suspended for a product and resumed (each applied at once and
// in the audit log), an exchange market for a product is scheduled rather than applied (shown with its time,
// in Traditional Chinese and in English), cancelled, and a change cancelled behind the page's back is reported
// as already decided (all audited), the read-only queues dashboard opens from the console and closes with its
// session. Screenshots in screenshots/console-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_AUTH, API } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { freshTotp } from '../../../scripts/testing/totp.mjs';
import { QUEUES } from '@candor/cross-process';

// Every queue the worker runs, as the shared names list them (a new queue is expected on the dashboard the day it is added).
const WORKER_QUEUES = Object.values(QUEUES).map((q) => q.name);

const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const CONSOLE = `${BASE}/console/`;
const EMAIL = process.env.E2E_OPERATOR_EMAIL ?? '';
const PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? '';
const zh = resources['zh-TW'].console;
const en = resources.en.console;
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
  // the switch says what it does: at once, new orders only, prices and open orders go on
  expect(await page.textContent('[data-testid=suspend-section]')).toContain(zh.products.suspendHint);
  const toggle = page.locator('input[name=suspended]');
  expect(await toggle.isChecked()).toBe(!on);
  await page.click('label.toggle:has(input[name=suspended])');
  expect(await toggle.isChecked()).toBe(on);
  await page.fill('textarea[name=maintenanceMessage]', message);
  await page.click('[data-testid=save]');
  await page.waitForSelector('[data-testid=saved]');
  // applied at once, nothing scheduled
  expect(await page.textContent('[data-testid=saved-applied]')).toContain(zh.products.fields.suspended);
  expect(await page.locator('[data-testid=saved-scheduled]').count()).toBe(0);
}

/** The text of `template` up to its first placeholder: what a message with interpolated values starts with. */
const lead = (template: string): string => template.split('{{')[0]!;

/**
 * A datetime-local value `hours` after (or before) the input's `min`, in the browser's own time zone, as the
 * operator would type it.
 */
async function localTimeFromMin(page: Page, hours: number): Promise<string> {
  return page.$eval(
    'input[name=effectiveAt]',
    (input, h) => {
      const min = new Date((input as HTMLInputElement).min); // no offset: read as local time
      const d = new Date(min.getTime() + h * 3_600_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    },
    hours,
  );
}

describe('operator console', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    expect(EMAIL).not.toBe('');
    expect(PASSWORD).not.toBe('');
    // An operator east of UTC: the console shows and takes local times and sends UTC.
    context = await launchBrowser({ viewport: DESKTOP, timezoneId: 'Asia/Taipei' });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
  });

  it('refuses a wrong password with the server message in the chosen language', async () => {
    await page.goto(CONSOLE);
    await page.waitForSelector('form.login-card');
    await screenshot(page, 'console-login');
    // The tab's icon: the page's rel=icon link resolves to an image the browser can draw (the page's own policy applies).
    const icon = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
      const img = new Image();
      img.src = link?.href ?? '';
      const drawn = link
        ? await img.decode().then(
            () => img.naturalWidth > 0,
            () => false,
          )
        : false;
      return { type: link?.type ?? '', image: link?.href.startsWith('data:image/svg+xml,') ?? false, drawn };
    });
    expect(icon).toEqual({ type: 'image/svg+xml', image: true, drawn: true });
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

  it('schedules an exchange market instead of applying it, shows when, and cancels it; a change decided meanwhile is reported', async () => {
    // A forex product: simulated prices (demo only) until an operator names its markets.
    const symbol = 'AUDUSD';
    await page.goto(`${CONSOLE}#/products/${symbol}`);
    await page.waitForSelector(`[data-testid=product-editor][data-symbol="${symbol}"]`);
    expect(await page.textContent('[data-testid=honesty-note]')).toContain(zh.products.honesty);
    const panel = page.getByTestId('scheduled-changes');
    expect(await panel.getAttribute('data-count')).toBe('0');
    const section = page.getByTestId('price-sources');
    expect(await section.getByTestId('price-venues-simulated').textContent()).toBe(zh.products.simulatedExplain);
    // marked as scheduled, not immediate, with the earliest time; precision beside the stakes, which apply at once
    expect(await section.getByTestId('scheduled-note').textContent()).toContain(zh.products.schedule.badge);
    const precisionNote = page.locator('[data-testid=scheduled-note][data-fields=precision]');
    expect(await precisionNote.textContent()).toContain(lead(zh.products.schedule.earliest));
    await precisionNote.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-product-scheduled-fields');

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
    // the save bar says it will be scheduled, not applied
    expect(await page.textContent('[data-testid=unsaved-scheduled]')).toContain(zh.products.fields.priceVenues);

    // a time before the earliest allowed is refused with the earliest named
    const effectiveAt = page.locator('input[name=effectiveAt]');
    await effectiveAt.fill(await localTimeFromMin(page, -1));
    await page.click('[data-testid=save]');
    const timeError = page.locator('[data-testid=effective-at] .field-error');
    expect(await timeError.textContent()).toContain(lead(zh.products.errors.tooEarly));
    await page.getByTestId('effective-at').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-product-schedule-too-early');
    // two hours after the earliest: shown back in local time and UTC before saving
    const chosen = await localTimeFromMin(page, 2);
    await effectiveAt.fill(chosen);
    expect(await page.textContent('[data-testid=effective-at-preview]')).toContain(lead(zh.products.schedule.preview));
    expect(await timeError.count()).toBe(0);
    await page.getByTestId('effective-at').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-product-schedule-time');

    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/admin/products/${symbol}`)),
      page.click('[data-testid=save]'),
    ]);
    expect(answer.status()).toBe(202);
    const sent = answer.request().postDataJSON() as Record<string, unknown>;
    // only the changed field, and the time the operator chose, in UTC
    expect(Object.keys(sent).sort()).toEqual(['effectiveAt', 'priceVenues']);
    expect(sent.priceVenues).toEqual([{ venue: 'kraken', symbol: 'AUD/USD' }]);
    const expectedAt = await page.evaluate((local) => new Date(local).toISOString().replace(/\.\d{3}Z$/, 'Z'), chosen);
    expect(sent.effectiveAt).toBe(expectedAt);

    const saved = page.getByTestId('saved');
    await saved.waitFor();
    expect(await saved.getAttribute('data-scheduled')).toBe('1');
    expect(await page.textContent('[data-testid=saved-scheduled]')).toContain(zh.products.fields.priceVenues);
    // not applied: the product is still on simulated prices, and the change waits in the panel
    await page.getByTestId('price-venues-simulated').waitFor();
    await page.waitForSelector('[data-testid=scheduled-changes][data-count="1"]');
    const change = panel.locator('[data-testid=scheduled-change][data-field=priceVenues]');
    expect(await change.getByTestId('change-text').textContent()).toBe(`${zh.products.simulated} → Kraken AUD/USD`);
    expect(Date.parse((await change.locator('time').getAttribute('datetime')) ?? '')).toBe(Date.parse(expectedAt));
    expect(await change.getByTestId('time-left').textContent()).toMatch(/小時/);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-product-scheduled-zh-TW');

    // The products list counts it; the stored product has no market yet.
    await page.goto(`${CONSOLE}#/products`);
    await page.reload();
    const listRow = page.locator(`[data-testid=product-row][data-symbol="${symbol}"]`);
    await listRow.waitFor();
    expect(await listRow.getAttribute('data-venues')).toBe('0');
    expect(await listRow.getByTestId('scheduled-count').getAttribute('data-count')).toBe('1');
    await listRow.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-products-scheduled');

    // The same panel in English.
    await page.evaluate(() => localStorage.setItem('candor.console.lang', 'en'));
    await page.goto(`${CONSOLE}#/products/${symbol}`);
    await page.reload();
    await page.waitForSelector('[data-testid=scheduled-changes][data-count="1"]');
    expect(await panel.locator('h2').textContent()).toContain(en.products.scheduled.title);
    expect(await change.getByTestId('time-left').textContent()).toMatch(/^in (\d+ days? )?\d+ hr/);
    await screenshot(page, 'console-product-scheduled-en');
    await page.evaluate(() => localStorage.setItem('candor.console.lang', 'zh-TW'));
    await page.reload();
    await page.waitForSelector('[data-testid=scheduled-changes][data-count="1"]');

    // Cancelled after a confirmation.
    const confirmText = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.accept();
      }),
    );
    await change.getByTestId('cancel-change').click();
    expect(await confirmText).toContain(zh.products.fields.priceVenues);
    const notice = panel.getByTestId('scheduled-notice');
    await notice.waitFor();
    expect([await notice.getAttribute('data-kind'), await notice.textContent()]).toEqual([
      'info',
      zh.products.scheduled.cancelled.replace('{{field}}', zh.products.fields.priceVenues),
    ]);
    await page.waitForSelector('[data-testid=scheduled-changes][data-count="0"]');
    expect(await panel.getByTestId('scheduled-empty').textContent()).toBe(zh.products.scheduled.empty);
    // the save's outcome no longer announces the cancelled change as scheduled
    expect(await page.locator('[data-testid=saved-scheduled]').count()).toBe(0);

    // A holiday scheduled at the earliest allowed time (no time chosen), then cancelled behind the page's back:
    // the page still lists it, and its Cancel reports that it was already decided, then shows the list as it is.
    await page.fill('[data-testid=product-editor] input[type=date]', '2030-12-24');
    await page.click('button:has-text("' + zh.products.addHoliday + '")');
    const [second] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/admin/products/${symbol}`)),
      page.click('[data-testid=save]'),
    ]);
    expect(second.status()).toBe(202);
    expect(Object.keys(second.request().postDataJSON() as object)).toEqual(['holidays']);
    const holiday = panel.locator('[data-testid=scheduled-change][data-field=holidays]');
    await holiday.waitFor();
    expect(await holiday.getByTestId('change-text').textContent()).toBe(zh.products.scheduled.added.replace('{{dates}}', '2030-12-24'));
    const id = await holiday.getAttribute('data-id');
    const cancelled = await page.evaluate(
      async ({ refresh, path }) => {
        const { accessToken } = (await (await fetch(`/api${refresh}`, { method: 'POST', credentials: 'same-origin' })).json()) as { accessToken: string };
        return (await fetch(`/api${path}`, { method: 'DELETE', headers: { Authorization: `Bearer ${accessToken}` } })).status;
      },
      { refresh: ADMIN_AUTH.refresh, path: `${API.adminProducts}/${symbol}/scheduled-changes/${id}` },
    );
    expect(cancelled).toBe(204);
    page.once('dialog', (d) => void d.accept());
    await holiday.getByTestId('cancel-change').click();
    await page.waitForSelector('[data-testid=scheduled-notice][data-kind=warn]');
    expect(await notice.textContent()).toBe(zh.products.scheduled.alreadyDecided);
    await page.waitForSelector('[data-testid=scheduled-changes][data-count="0"]');
    await screenshot(page, 'console-product-already-decided');

    // Both changes, scheduled and cancelled, are in the audit log; the product was never changed directly.
    await openAudit(page);
    const actions = await page.$$eval(`[data-testid=audit-row][data-target-id="${symbol}"]`, (rows) =>
      rows.map((r) => ({
        action: r.getAttribute('data-action'),
        field: r.querySelector('[data-testid=audit-diff] tr[data-field]')?.getAttribute('data-field') ?? null,
        after: r.querySelector('[data-testid=audit-diff] td[data-side=after]')?.textContent ?? null,
      })),
    );
    // newest first; the dates are the product's holidays and the one added
    expect(actions.slice(0, 4).map((a) => [a.action, a.field])).toEqual([
      ['product.change_cancelled', 'holidays'],
      ['product.change_scheduled', 'holidays'],
      ['product.change_cancelled', 'priceVenues'],
      ['product.change_scheduled', 'priceVenues'],
    ]);
    expect(actions[0]!.after).toContain('2030-12-24');
    expect(actions.slice(2, 4).map((a) => a.after)).toEqual(['Kraken AUD/USD', 'Kraken AUD/USD']);
    await page.locator(`[data-testid=audit-row][data-target-id="${symbol}"] summary`).first().click();
    await screenshot(page, 'console-audit-catalogue-changes');
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
