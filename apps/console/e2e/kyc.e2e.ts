// Browser test of the console's identity verification against the platform the browser tier starts: a user
// submits (api) and appears in the queue, oldest first; the reviewer opens the submission, sees both photos,
// turns one, and rejects it with a reason, a message and an internal note the user never reads; the user
// resubmits and the reviewer approves, after which the user's GET /api/kyc says verified and their open verify
// page in the web app shows it without a reload; a decision another
// reviewer made first is answered ALREADY_DECIDED and the page shows the current state; a `support` operator
// cannot open the page; a deposit with a payment slip shows the slip in the deposit review.
// Screenshots in screenshots/console-kyc-*.png, and full pages in E2E_SHOTS_DIR when it is set.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_AUTH, API, type AdminDepositMethod, type Deposit, type KycView } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { samplePhoto, submitKyc, taiwanId } from '../../../scripts/testing/kyc.mjs';
import { freshTotp } from '../../../scripts/testing/totp.mjs';
import { BASE, call, CONSOLE, ok, operatorLogin, registerUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '';
const zh = resources['zh-TW'].consoleKyc;
const zhConsole = resources['zh-TW'].console;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

/** The viewport as screenshots/<name>.png, and the whole page into E2E_SHOTS_DIR when it is set. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** The queue's row of a user, loading further pages until it shows up. */
async function queueRow(page: Page, userId: string) {
  const row = page.locator(`[data-testid=kyc-row][data-user-id="${userId}"]`);
  await page.locator('[data-testid=kyc-queue], .state-empty').first().waitFor();
  while ((await row.count()) === 0 && (await page.locator('[data-testid=kyc-load-more]').count()) > 0) {
    await page.click('[data-testid=kyc-load-more]');
    await page.waitForTimeout(200);
  }
  await row.waitFor();
  return row;
}

async function openQueue(page: Page): Promise<void> {
  await page.click('.sidebar nav a[href="#/kyc"]');
  await page.waitForURL((url) => url.hash === '#/kyc');
  await page.locator('[data-testid=kyc-queue], .state-empty').first().waitFor();
}

/** Waits until both photos of the open submission are shown, and answers their natural widths. */
async function imagesShown(page: Page): Promise<number[]> {
  const widths: number[] = [];
  for (const side of ['front', 'back']) {
    const img = page.locator(`[data-testid=kyc-image-${side}][data-state=ready] img`);
    await img.waitFor();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle());
    widths.push(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth));
  }
  return widths;
}

/** A new operator of `role`, enrolled in TOTP through the api from inside `page`, so its refresh cookie is the browser's. */
async function signInNewOperator(page: Page, adminToken: string, role: 'support' | 'reviewer'): Promise<string> {
  const email = `kyc-${role}-${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const password = 'Kyc-op-e2e-2024';
  await ok('POST', API.adminOperators, { email, password, role }, adminToken);
  const first = await page.request.post(`${BASE}/api${API.adminLogin}`, { data: { email, password } });
  const { enrollmentToken } = ((await first.json()) as { error: { enrollmentToken: string } }).error;
  const started = await page.request.post(`${BASE}/api${ADMIN_AUTH.enrollment}`, { data: { enrollmentToken } });
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await page.request.post(`${BASE}/api${ADMIN_AUTH.enrollmentConfirm}`, { data: { enrollmentToken, totp: await freshTotp(secret) } });
  expect(confirmed.status()).toBe(200);
  return ((await confirmed.json()) as { accessToken: string }).accessToken;
}

describe('identity verification in the console', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  let user: Awaited<ReturnType<typeof registerUser>>;
  const idNumber = taiwanId();
  const name = '陳美玲';
  const message = '請重新拍攝證件正面，需清楚可辨識。';
  const note = `E2E internal note ${Date.now().toString(36)}`;
  const kycOf = async (token: string) => ok<KycView>('GET', API.kyc, undefined, token);

  beforeAll(async () => {
    expect(REDIS_URL).not.toBe('');
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    user = await registerUser(redis, 'kyc');
    context = await launchBrowser({ viewport: DESKTOP });
    page = context.pages()[0] ?? (await context.newPage());
    adminToken = await operatorLogin(page);
    await page.goto(CONSOLE);
    await page.locator('[data-testid=operator-role]').waitFor();
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  it('lists a new submission in the queue, oldest first', async () => {
    const submitted = await submitKyc({ base: BASE, token: user.token, name, idNumber, nationality: 'TW' });
    expect([submitted.status, (submitted.body as KycView).status]).toEqual([201, 'pending']);

    expect((await page.textContent('.sidebar nav a[href="#/kyc"]'))?.trim()).toBe(zh.nav);
    await openQueue(page);
    const row = await queueRow(page, user.id);
    expect(await row.textContent()).toContain(name);
    expect(await row.textContent()).toContain(user.email);
    const times = await page.$$eval('[data-testid=kyc-row]', (rows) => rows.map((r) => Date.parse(r.getAttribute('data-submitted-at') ?? '')));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    await shot(page, 'console-kyc-queue-zh-TW-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'console-kyc-queue-zh-TW-375');
    await page.setViewportSize(DESKTOP);
    await page.selectOption('[data-testid=language]', 'en');
    await page.locator('[data-testid=kyc-tab][data-status=pending]', { hasText: resources.en.consoleKyc.queue.tabs.pending }).waitFor();
    await shot(page, 'console-kyc-queue-en-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'console-kyc-queue-en-375');
    await page.setViewportSize(DESKTOP);
    await page.selectOption('[data-testid=language]', 'zh-TW');
  });

  it('shows both photos, turns one, and rejects with a reason, a message and an internal note', async () => {
    await (await queueRow(page, user.id)).locator('[data-testid=kyc-open]').click();
    const detail = page.locator('[data-testid=kyc-detail][data-status=pending]');
    await detail.waitFor();
    expect(await page.textContent('[data-testid=kyc-name]')).toBe(name);
    // The ID number is masked: the full number is never on the page.
    expect(await page.textContent('[data-testid=kyc-id-number]')).not.toBe(idNumber);
    expect(await detail.textContent()).not.toContain(idNumber);
    expect(await page.textContent('[data-testid=kyc-earlier]')).toContain(zh.detail.earlierNone);
    const [front, back] = await imagesShown(page);
    expect(front).toBeGreaterThan(100);
    expect(back).toBeGreaterThan(100);

    const viewer = page.locator('[data-testid=kyc-image-front]');
    await viewer.locator('[data-action=rotate-right]').click();
    await viewer.locator('[data-action=zoom-in]').click();
    expect([await viewer.getAttribute('data-rotation'), await viewer.getAttribute('data-scale')]).toEqual(['90', '1.25']);
    expect(await viewer.locator('img').evaluate((el) => (el as HTMLImageElement).style.transform)).toContain('rotate(90deg)');
    // the other photo is untouched
    expect(await page.getAttribute('[data-testid=kyc-image-back]', 'data-rotation')).toBe('0');

    await shot(page, 'console-kyc-detail-zh-TW-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'console-kyc-detail-zh-TW-375');
    await page.setViewportSize(DESKTOP);
    await page.selectOption('[data-testid=language]', 'en');
    await page.locator('[data-testid=kyc-decision] h2', { hasText: resources.en.consoleKyc.decide.title }).waitFor();
    await shot(page, 'console-kyc-detail-en-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'console-kyc-detail-en-375');
    await page.setViewportSize(DESKTOP);
    await page.selectOption('[data-testid=language]', 'zh-TW');
    await viewer.locator('[data-action=reset]').click();
    expect(await viewer.getAttribute('data-rotation')).toBe('0');

    // No reason, no rejection: the form says so beside the select.
    await page.click('[data-testid=kyc-reject]');
    expect(await page.textContent('[data-testid=kyc-reject-form] .field-error')).toBe(zh.decide.reasonRequired);
    await page.selectOption('[data-testid=kyc-reject-form] select[name=reason]', 'unreadable');
    await page.fill('[data-testid=kyc-reject-form] textarea[name=message]', message);
    await page.fill('[data-testid=kyc-reject-form] textarea[name=note]', note);
    expect(await page.textContent('[data-testid=kyc-reject]')).toBe(zh.decide.reject);
    await page.click('[data-testid=kyc-reject]');
    const flash = page.locator('[data-testid=kyc-flash][data-tone=ok]');
    await flash.waitFor();
    expect(await flash.textContent()).toBe(zh.decide.rejected.replace('{{name}}', name));
    await page.locator('[data-testid=kyc-detail][data-status=rejected]').waitFor();
    expect(await page.textContent('[data-testid=kyc-outcome-message]')).toBe(message);

    const seen = await kycOf(user.token);
    expect(seen).toMatchObject({ status: 'rejected', final: false, canSubmit: true, reason: 'unreadable', message });
    expect(JSON.stringify(seen)).not.toContain(note);
  });

  it('approves the resubmission, with the rejected attempt listed, and the user is verified', async () => {
    const again = await submitKyc({ base: BASE, token: user.token, name, idNumber, nationality: 'TW' });
    expect([again.status, (again.body as KycView).attempt]).toEqual([201, 2]);

    await openQueue(page);
    await (await queueRow(page, user.id)).locator('[data-testid=kyc-open]').click();
    await page.locator('[data-testid=kyc-detail][data-status=pending]').waitFor();
    expect(await page.textContent('[data-testid=kyc-attempt]')).toBe('2');
    const earlier = page.locator('[data-testid=kyc-earlier-item]');
    expect(await earlier.count()).toBe(1);
    const earlierText = await earlier.textContent();
    for (const text of [zh.reasons.unreadable, message, note]) expect(earlierText).toContain(text);
    await imagesShown(page);

    // The user watches their verify page in the web app, in a browser of their own.
    const userBrowser = await launchBrowser({ viewport: PHONE });
    const web = userBrowser.pages()[0] ?? (await userBrowser.newPage());
    await web.goto(`${BASE}/#/pages/login/login`);
    await web.locator('input[name="email"]').fill(user.email);
    await web.locator('input[name="password"]').fill(user.password);
    await web.getByTestId('login-submit').click();
    await web.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
    await web.goto(`${BASE}/#/pages/verify/verify`);
    await web.locator('[data-testid=kyc-state][data-state=pending]').waitFor();
    // A marker a reload would wipe: the verified state below must arrive without one.
    await web.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    await page.click('[data-testid=kyc-approve]');
    const confirm = page.locator('[data-testid=kyc-approve-confirm]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(zh.decide.approveConfirm.replace('{{name}}', name));
    await page.click('[data-testid=kyc-approve-yes]');
    await page.locator('[data-testid=kyc-flash][data-tone=ok]').waitFor();
    expect(await page.textContent('[data-testid=kyc-flash]')).toBe(zh.decide.approved.replace('{{name}}', name));
    await page.locator('[data-testid=kyc-detail][data-status=verified]').waitFor();
    expect(await page.getAttribute('[data-testid=kyc-account-status]', 'data-status')).toBe('verified');
    await shot(page, 'console-kyc-approved');

    expect(await kycOf(user.token)).toMatchObject({ status: 'verified', attempt: 2 });
    await web.locator('[data-testid=kyc-state][data-state=verified]').waitFor({ timeout: 15_000 });
    expect(await web.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    await userBrowser.close();
    await page.click('[data-testid=kyc-back]');
    await page.click('[data-testid=kyc-tab][data-status=verified]');
    await queueRow(page, user.id);
    await shot(page, 'console-kyc-queue-verified-zh-TW-1280');
  });

  it('answers a decision another reviewer made first with ALREADY_DECIDED and shows the current state', async () => {
    const other = await registerUser(redis, 'kyc2');
    expect((await submitKyc({ base: BASE, token: other.token })).status).toBe(201);
    await openQueue(page);
    await (await queueRow(page, other.id)).locator('[data-testid=kyc-open]').click();
    const pending = page.locator('[data-testid=kyc-detail][data-status=pending]');
    await pending.waitFor();
    const id = (await pending.getAttribute('data-id')) ?? '';
    await ok('POST', `${API.adminKyc}/${id}/approve`, undefined, adminToken);

    await page.selectOption('[data-testid=kyc-reject-form] select[name=reason]', 'mismatch');
    await page.click('[data-testid=kyc-reject]');
    await page.locator('[data-testid=kyc-flash][data-tone=bad]').waitFor();
    expect(await page.textContent('[data-testid=kyc-flash]')).toBe(zh.decide.alreadyDecided);
    await page.locator('[data-testid=kyc-detail][data-status=verified]').waitFor();
    expect(await page.locator('[data-testid=kyc-decision]').count()).toBe(0);
    expect((await kycOf(other.token)).status).toBe('verified');
  });

  it('shows a deposit’s payment slip beside the request in the deposit review', async () => {
    const stamp = Date.now().toString(36);
    const method = await ok<AdminDepositMethod>(
      'POST',
      '/admin/deposit-methods',
      { type: 'bank', names: { 'zh-TW': `KYC E2E 銀行 ${stamp}` }, details: { bank: 'First Bank' }, minAmount: '10', maxAmount: '100000' },
      adminToken,
    );
    const deposit = await ok<Deposit>('POST', API.deposits, { methodId: method.id, amount: '321.00', reference: `SLIP-${stamp}` }, user.token);
    const form = new FormData();
    form.set('slip', new Blob([new Uint8Array(await samplePhoto('SLIP', 480, 720))], { type: 'image/jpeg' }), 'slip.jpg');
    const attached = await fetch(`${BASE}/api${API.deposits}/${deposit.id}/slip`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(attached.status).toBe(201);
    expect(((await attached.json()) as Deposit).slip).toBe(true);

    await page.click('.sidebar nav a[href="#/deposits"]');
    const card = page.locator(`[data-testid=review-item][data-order-no="${deposit.orderNo}"]`);
    await card.waitFor();
    // The slip is fetched only when asked for.
    expect(await card.locator('[data-testid=slip-viewer]').count()).toBe(0);
    await card.locator('[data-testid=slip-open]').click();
    const img = card.locator('[data-testid=slip-viewer][data-state=ready] img');
    await img.waitFor();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalHeight)).toBe(720);
    await card.locator('[data-testid=slip-viewer] [data-action=rotate-left]').click();
    expect(await card.locator('[data-testid=slip-viewer]').getAttribute('data-rotation')).toBe('270');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'console-kyc-deposit-slip');
  });

  it('does not open the page for a support operator, whose api calls are refused too', async () => {
    const supportContext = await launchBrowser({ viewport: DESKTOP });
    try {
      const support = supportContext.pages()[0] ?? (await supportContext.newPage());
      const token = await signInNewOperator(support, adminToken, 'support');
      expect((await call('GET', `${API.adminKyc}?status=pending`, undefined, token)).status).toBe(403);
      await support.goto(CONSOLE);
      await support.locator('[data-testid=operator-role][data-role=support]').waitFor();
      expect(await support.locator('a[href="#/kyc"]').count()).toBe(0);
      const notAllowed = zhConsole.access.notAllowed.replace('{{role}}', zhConsole.roles.support);
      for (const hash of ['#/kyc', '#/kyc/00000000-0000-0000-0000-000000000000']) {
        await support.goto(`${CONSOLE}${hash}`);
        await support.locator('[data-testid=role-not-allowed]').waitFor();
        expect(await support.textContent('[data-testid=role-not-allowed]')).toBe(notAllowed);
        expect(await support.locator('[data-testid=kyc-queue], [data-testid=kyc-detail], .state-error').count()).toBe(0);
      }
      await shot(support, 'console-kyc-support-not-allowed');
    } finally {
      await supportContext.close();
    }
  });
});
