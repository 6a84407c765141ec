// Browser test of the console's dashboard against the platform the browser tier starts. A scripted day
// through the api: users register, one deposits twice (one approved), another has its identity verified,
// binds an account and asks for a withdrawal that waits, a third submits a verification that waits, and
// one moves money into Yu'e Bao, two real orders settle. The admin then opens the console: the dashboard is the landing page and
// every figure it shows is the api's, and the counts and the house's result are what Postgres says. Screenshots at 1280x800 and
// 375x812 in zh-TW and en (screenshots/console-dashboard-*.png). A reviewer, who lacks dashboard.read,
// lands on the withdrawals queue instead and is told "no access" on a page of another role.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { ADMIN_AUTH, API, type AdminDashboard, type Deposit, type Order, type Page as ListPage, type Product } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { submitKyc, verifyIdentity } from '../../../scripts/testing/kyc.mjs';
import { freshTotp } from '../../../scripts/testing/totp.mjs';
import { BASE, CONSOLE, ok, operatorLogin, registerUser, TRADE_PASSWORD } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
const zhConsole = resources['zh-TW'].console;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

async function one<T>(query: string, params: unknown[] = []): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(query, params)).rows[0] as T;
  } finally {
    await client.end();
  }
}

/** Signs the admin in inside `page` and opens the console's landing page; the dashboard's api answer. */
async function openDashboard(page: Page): Promise<AdminDashboard> {
  await operatorLogin(page);
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api${API.adminDashboard}`) && r.status() === 200);
  await page.goto(CONSOLE);
  const body = (await (await answer).json()) as AdminDashboard;
  await page.locator('[data-testid=dashboard-figures]').waitFor();
  // The page shows this very answer (it polls every minute; the test is well inside one).
  expect(await page.getAttribute('[data-testid=dashboard-figures]', 'data-generated-at')).toBe(body.generatedAt);
  return body;
}

const text = async (page: Page, testid: string): Promise<string> => ((await page.textContent(`[data-testid=${testid}]`)) ?? '').trim();

describe('the console dashboard', () => {
  let redis: Redis;
  let adminToken = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    expect([REDIS_URL, DATABASE_URL].every(Boolean)).toBe(true);
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    const setup = await launchBrowser({ viewport: DESKTOP });
    contexts.push(setup);
    adminToken = await operatorLogin(setup.pages()[0] ?? (await setup.newPage()));

    // The day: deposits (one approved, one waiting), a withdrawal waiting, a verification waiting, Yu'e Bao.
    const [a, b, c] = [await registerUser(redis, 'dash'), await registerUser(redis, 'dash'), await registerUser(redis, 'dash')];
    const method = await ok<{ id: string }>(
      'POST',
      '/admin/deposit-methods',
      { type: 'bank', names: { 'zh-TW': `E2E 總覽 ${Date.now()}` }, details: { bank: 'First Bank' }, minAmount: '100', maxAmount: '50000' },
      adminToken,
    );
    const d1 = await ok<Deposit>('POST', API.deposits, { methodId: method.id, amount: '600' }, a.token);
    await ok('POST', API.deposits, { methodId: method.id, amount: '150' }, a.token);
    await ok('POST', `/admin/deposits/${d1.id}/approve`, undefined, adminToken);
    await ok('POST', API.earnTransferIn, { amount: '100' }, a.token).catch(() => undefined);

    const d2 = await ok<Deposit>('POST', API.deposits, { methodId: method.id, amount: '500' }, b.token);
    await ok('POST', `/admin/deposits/${d2.id}/approve`, undefined, adminToken);
    await verifyIdentity({ base: BASE, userToken: b.token, operatorToken: adminToken });
    const crypto = { type: 'crypto', accountName: 'Chen Mei', nationality: 'Taiwan', network: 'TRC20', currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
    await ok('PUT', '/withdrawal-account', { ...crypto, tradePassword: TRADE_PASSWORD }, b.token);
    await one(`UPDATE withdrawal_accounts SET hold_until = now() - interval '1 minute' WHERE user_id = $1`, [b.id]);
    await ok('POST', '/withdrawals', { amount: '120', tradePassword: TRADE_PASSWORD }, b.token);

    const kyc = await submitKyc({ base: BASE, token: c.token });
    expect(kyc.status).toBe(201);

    // Two real orders on a product priced by the fake exchanges, which the worker settles after their expiry.
    const products = await ok<Product[]>('GET', API.products);
    const real = products.find((p) => p.status === 'open' && p.priceSource.kind === 'venues' && p.expiries.length > 0);
    expect(real).toBeDefined();
    const seconds = Math.min(...real!.expiries.map((e) => e.seconds));
    for (const direction of ['up', 'down']) {
      const res = await fetch(`${BASE}/api${API.orders}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${b.token}`, 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ symbol: real!.symbol, direction, amount: '10', durationSeconds: seconds, account: 'real' }),
      });
      expect(res.status).toBe(201);
    }
    const deadline = Date.now() + (seconds + 60) * 1000;
    for (;;) {
      const settled = await ok<ListPage<Order>>('GET', `${API.orders}?status=settled&account=real`, undefined, b.token);
      if (settled.items.length === 2) break;
      if (Date.now() > deadline) throw new Error('the real orders were not settled');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }, 300_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    redis?.disconnect();
  });

  for (const [lang, viewport, tag] of [
    ['zh-TW', DESKTOP, 'zh-TW-1280'],
    ['en', DESKTOP, 'en-1280'],
    ['zh-TW', PHONE, 'zh-TW-375'],
    ['en', PHONE, 'en-375'],
  ] as const) {
    it(`shows the api's figures, as Postgres counts them, to the admin (${tag})`, async () => {
      const context = await launchBrowser({ viewport });
      contexts.push(context);
      await context.addInitScript((l) => localStorage.setItem('candor.console.lang', l), lang);
      const page = context.pages()[0] ?? (await context.newPage());
      try {
        const d = await openDashboard(page);
        const ns = resources[lang].consoleDashboard;
        // The landing page after sign-in is the dashboard.
        expect(new URL(page.url()).hash).toMatch(/^(#\/?)?$/);

        // What the page shows is the api's answer.
        expect(await text(page, 'figure-new-users-value')).toBe(String(d.users.newToday));
        expect(await text(page, 'figure-deposits-value')).toBe(String(d.queues.deposits.count));
        expect(await text(page, 'figure-withdrawals-value')).toBe(String(d.queues.withdrawals.count));
        expect(await text(page, 'figure-kyc-value')).toBe(String(d.queues.kyc.count));
        expect(await text(page, 'figure-open-orders-value')).toBe(String(d.openOrders.real.count));
        expect(await text(page, 'figure-open-orders-stake')).toBe(ns.openStake.replace('{{amount}}', d.openOrders.real.stake));
        expect(await text(page, 'figure-house-value')).toBe(d.house.today);
        expect(await text(page, 'figure-house-30')).toBe(ns.house30.replace('{{amount}}', d.house.last30Days));
        expect(await text(page, 'figure-earn-value')).toBe(d.earn.balance);
        expect(await text(page, 'figure-earn-today')).toBe(ns.incomeToday.replace('{{amount}}', d.earn.incomeToday));
        expect(await page.locator('[data-testid=house-chart]').getAttribute('data-days')).toBe('30');
        for (const j of d.jobs ?? []) {
          const row = page.locator(`[data-testid=job-row][data-queue="${j.name}"]`);
          expect([await row.locator('[data-testid=job-waiting]').textContent(), await row.locator('[data-testid=job-failed]').textContent()]).toEqual([
            String(j.waiting),
            String(j.failed),
          ]);
        }
        if (d.ledger) expect(await text(page, 'figure-ledger-value')).toBe(d.ledger.ok ? ns.ledgerOk : ns.ledgerBad);
        // The public transparency figures, as the job cached them: the card names the same run and its Yu'e Bao cover.
        const card = page.locator('[data-testid=figure-transparency]');
        expect(await card.getAttribute('data-computed-at')).toBe(d.transparency.computedAt ?? '');
        if (d.transparency.computedAt !== null && d.transparency.earn)
          expect(await card.locator('[data-testid=transparency-earn]').getAttribute('data-days')).toBe(String(d.transparency.earn.daysCovered ?? ''));

        // And the api's figures are the database's (nothing else of these changes while the test runs).
        const db = await one<{ deposits: number; withdrawals: number; kyc: number; open_real: number }>(
          `SELECT (SELECT count(*) FROM deposits WHERE status = 'in_review')::int AS deposits,
                  (SELECT count(*) FROM withdrawals WHERE status = 'in_review')::int AS withdrawals,
                  (SELECT count(*) FROM kyc_submissions WHERE status = 'pending')::int AS kyc,
                  (SELECT count(*) FROM orders WHERE status = 'open' AND account = 'real')::int AS open_real`,
        );
        expect([d.queues.deposits.count, d.queues.withdrawals.count, d.queues.kyc.count, d.openOrders.real.count]).toEqual([
          db.deposits,
          db.withdrawals,
          db.kyc,
          db.open_real,
        ]);
        expect(d.queues.deposits.count).toBeGreaterThanOrEqual(1);
        expect(d.queues.withdrawals.count).toBeGreaterThanOrEqual(1);
        expect(d.queues.kyc.count).toBeGreaterThanOrEqual(1);
        // The house's result today, from the orders' own results (real orders settled since local midnight).
        const house = await one<{ cents: string }>(
          `SELECT coalesce(-sum(pnl), 0)::text AS cents FROM orders
            WHERE account = 'real' AND status = 'settled' AND settled_at >= (date_trunc('day', now() AT TIME ZONE $1) AT TIME ZONE $1)`,
          [d.timezone],
        );
        expect(Math.round(Number(d.house.today) * 100)).toBe(Number(house.cents));
        if (Number(house.cents) !== 0) expect(await page.textContent(`[data-testid=house-day][data-date="${d.today}"] td`)).toBe(d.house.today);
        const users = await one<{ n: number }>(
          `SELECT count(*)::int AS n FROM users WHERE created_at >= (date_trunc('day', now() AT TIME ZONE $1) AT TIME ZONE $1)`,
          [d.timezone],
        );
        expect(d.users.newToday).toBe(users.n);
        expect(d.users.newToday).toBeGreaterThanOrEqual(3);

        // A figure links to its page.
        expect(await page.getAttribute('[data-testid=figure-deposits-link]', 'href')).toBe('#/deposits');
        await screenshot(page, `console-dashboard-${tag}`);
        if (viewport === PHONE) {
          await page.locator('[data-testid=house-chart]').scrollIntoViewIfNeeded();
          await screenshot(page, `console-dashboard-${tag}-chart`);
        }
      } catch (err) {
        await screenshot(page, `console-dashboard-${tag}-failure`).catch(() => undefined);
        throw err;
      }
    }, 120_000);
  }

  it('sends a reviewer, who lacks dashboard.read, to the withdrawals queue, and says "no access" on a page of another role', async () => {
    const context = await launchBrowser({ viewport: DESKTOP });
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    const email = `dash-reviewer-${Date.now()}@example.com`;
    const password = 'Dash-op-e2e-2024';
    await ok('POST', API.adminOperators, { email, password, role: 'reviewer' }, adminToken);
    const first = await page.request.post(`${BASE}/api${API.adminLogin}`, { data: { email, password } });
    const { enrollmentToken } = ((await first.json()) as { error: { enrollmentToken: string } }).error;
    const started = await page.request.post(`${BASE}/api${ADMIN_AUTH.enrollment}`, { data: { enrollmentToken } });
    const { secret } = (await started.json()) as { secret: string };
    expect((await page.request.post(`${BASE}/api${ADMIN_AUTH.enrollmentConfirm}`, { data: { enrollmentToken, totp: await freshTotp(secret) } })).status()).toBe(
      200,
    );

    const refused = await page.request.get(`${BASE}/api${API.adminDashboard}`);
    expect(refused.status()).toBe(401); // no bearer token: the api never trusts the cookie alone
    await page.goto(CONSOLE);
    await page.locator('[data-testid=operator-role][data-role=reviewer]').waitFor();
    await page.waitForURL((url) => url.hash === '#/withdrawals');
    expect(await page.locator('nav a[href="#/"]').count()).toBe(0);
    expect(await page.locator('[data-testid=dashboard-figures]').count()).toBe(0);
    await page.goto(`${CONSOLE}#/earn`);
    await page.locator('[data-testid=role-not-allowed]').waitFor();
    expect(await page.textContent('[data-testid=role-not-allowed]')).toBe(zhConsole.access.notAllowed.replace('{{role}}', zhConsole.roles.reviewer));
    await screenshot(page, 'console-dashboard-reviewer-no-access');
  }, 120_000);
});
