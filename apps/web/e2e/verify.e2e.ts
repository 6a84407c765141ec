// Browser test of identity verification and the deposit slip (issue 46), at 375x812. A user opens the verify
// page from the personal center, is told what is missing, types a wrong and then a right ID number, picks two
// photos (previews shown) and submits them over a throttled link so the progress bar is seen moving; the
// operator approves through the api and the page shows "verified" without a reload (the `kyc` socket event),
// as do the personal center and the withdrawal page. A second user is gated on the withdrawal page, is
// rejected with a retry (the reason and the reviewer's message, the form again prefilled), resubmits in
// English and is then rejected for good (no form, contact support), live. A deposit gets a payment slip
// (preview, progress, "attached") which the reviewer can open. Screenshots in screenshots/verify-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type AdminKycSubmission, type Deposit, type KycView, type Page as ListPage } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { submitKyc, taiwanId } from '../../../scripts/testing/kyc.mjs';
import { BASE, call, eventually, operatorToken, registerUser, send, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const zh = resources['zh-TW'];
const en = resources.en;

/** A photo-sized JPEG of noise (hardly compressible), so an upload over a throttled link takes seconds. */
async function noisyJpeg(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function login(page: Page, user: RegisteredUser): Promise<void> {
  await page.goto(`${BASE}/#/pages/login/login`);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
}

/** A marker on `window` that a reload would wipe: proves what follows arrived without one. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function expectNoReload(page: Page): Promise<void> {
  await expect(page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)).resolves.toBe(true);
}

/** The user's pending submission in the review queue. */
async function pendingOf(userId: string, operator: string): Promise<AdminKycSubmission> {
  return eventually(
    'the submission in the queue',
    async () =>
      (await call<ListPage<AdminKycSubmission>>('GET', `${API.adminKyc}?status=pending&limit=100`, undefined, operator)).items.find((s) => s.userId === userId),
    (s) => s !== undefined,
  ) as Promise<AdminKycSubmission>;
}

/** Uploads `upload` through a link of `bytesPerSecond` and returns every aria-valuenow the progress bar showed. */
async function throttledValues(
  page: Page,
  context: BrowserContext,
  bytesPerSecond: number,
  upload: () => Promise<void>,
  midway?: () => Promise<unknown>,
): Promise<number[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  const values: number[] = [];
  const bar = page.getByRole('progressbar');
  const watching = (async () => {
    await bar.waitFor({ timeout: 10_000 });
    while ((await bar.count()) > 0) {
      const v = await bar.getAttribute('aria-valuenow').catch(() => null);
      if (v !== null && values[values.length - 1] !== Number(v)) {
        values.push(Number(v));
        if (midway && Number(v) >= 30 && Number(v) < 100) await midway().then(() => (midway = undefined));
      }
      await page.waitForTimeout(50);
    }
  })();
  await upload();
  await watching;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  return values;
}

describe('identity verification and payment slips in the browser', () => {
  let redis: Redis;
  let operator = '';

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    operator = await operatorToken();
  }, 60_000);

  afterAll(() => {
    redis?.disconnect();
  });

  /** Runs `body` with a fresh phone-sized browser, screenshotting the page if it fails. */
  async function withPage(name: string, phone: boolean, body: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
    // `phone`: a touch screen, where the pickers offer the camera beside the file chooser.
    const context = await launchBrowser(phone ? { isMobile: true, hasTouch: true } : {});
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await body(page, context);
    } catch (err) {
      await screenshot(page, `verify-failure-${name}`).catch(() => undefined);
      throw err;
    } finally {
      await context.close();
    }
  }

  it('submits two photos with a progress bar, and shows "verified" without a reload once approved', async () => {
    await withPage('approve', true, async (page, context) => {
      const user = await registerUser(redis, 'kyc');
      await login(page, user);
      await page.goto(`${BASE}/#/pages/user/user`);
      await expect(page.getByTestId('user-verified').getAttribute('data-state')).resolves.toBe('not_submitted');
      await page.getByTestId('menu-verify').click();
      await page.waitForURL((url) => url.hash.startsWith('#/pages/verify/verify'));
      await page.locator('[data-testid=kyc-state][data-state=not_submitted]').waitFor();
      await expect(page.getByTestId('kyc-nationality').inputValue()).resolves.toBe('TW');
      await markPage(page);

      // Nothing typed or chosen: each field says what it needs, both photos "please upload".
      await page.getByTestId('kyc-submit').click();
      for (const text of [zh.verify.problem.name.required, zh.verify.problem.idNumber.required, zh.verify.image.missing_front, zh.verify.image.missing_back]) {
        await page.getByText(text, { exact: true }).waitFor();
      }
      await screenshot(page, 'verify-01-missing-zh-TW');
      await page.locator('input[name="name"]').fill('王小明');
      await page.locator('input[name="idNumber"]').fill('A123456788');
      await page.locator('input[name="idNumber"]').blur();
      await page.getByText(zh.verify.problem.idNumber.id_checksum, { exact: true }).waitFor();
      await page.locator('input[name="idNumber"]').fill(taiwanId());
      await expect(page.getByText(zh.verify.problem.idNumber.id_checksum, { exact: true }).count()).resolves.toBe(0);

      // On a phone each photo can come from the rear camera or from a file.
      await expect(page.getByTestId('front-camera').getAttribute('capture')).resolves.toBe('environment');
      await expect(page.getByTestId('back-file').getAttribute('accept')).resolves.toBe('image/jpeg,image/png,image/webp');
      await expect(page.getByTestId('back-file').getAttribute('capture')).resolves.toBeNull();
      await page.getByTestId('front-file').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg() });
      await page.getByTestId('back-file').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg() });
      for (const side of ['front', 'back']) {
        await expect(page.getByTestId(`${side}-preview`).evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBe(1200);
      }
      await page.getByTestId('pick-front').scrollIntoViewIfNeeded();
      await screenshot(page, 'verify-02-form-previews-zh-TW');

      // About 500 KB over 200 KB/s: the bar is seen between 0 and 100, rising.
      let answer: KycView | undefined;
      const values = await throttledValues(
        page,
        context,
        200 * 1024,
        async () => {
          const posted = page.waitForResponse((r) => r.url().endsWith('/api/kyc') && r.request().method() === 'POST', { timeout: 60_000 });
          await page.getByTestId('kyc-submit').click();
          const response = await posted;
          expect(response.status()).toBe(201);
          answer = (await response.json()) as KycView;
        },
        () => screenshot(page, 'verify-03-uploading-zh-TW'),
      );
      expect(values.some((v) => v > 0 && v < 100)).toBe(true);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(answer).toMatchObject({ status: 'pending', name: '王小明', nationality: 'TW' });

      await page.locator('[data-testid=kyc-state][data-state=pending]').waitFor();
      await expect(page.getByTestId('kyc-name').textContent()).resolves.toBe('王小明');
      await expect(page.getByTestId('kyc-id').textContent()).resolves.toMatch(/^A\d\*{6}\d\d$/);
      await screenshot(page, 'verify-04-pending-zh-TW');

      const submission = await pendingOf(user.id, operator);
      await call('POST', `${API.adminKyc}/${submission.id}/approve`, undefined, operator);
      await page.locator('[data-testid=kyc-state][data-state=verified]').waitFor({ timeout: 15_000 });
      await page.getByTestId('kyc-verified-badge').waitFor();
      await expectNoReload(page);
      await screenshot(page, 'verify-05-verified-zh-TW');

      // The personal center and the withdrawal page follow, still without a reload.
      await page.getByTestId('back').click();
      await page.waitForURL((url) => url.hash.startsWith('#/pages/user/user'));
      await page.locator('[data-testid=user-verified][data-state=verified]').waitFor();
      await page.locator('[data-testid=menu-verify-state][data-state=verified]').waitFor();
      await screenshot(page, 'verify-15-user-verified-zh-TW');
      await page.evaluate(() => (window.location.hash = '#/pages/withdraw-money/withdraw-money'));
      await page.getByTestId('withdraw-bind').waitFor();
      await expect(page.getByTestId('kyc-gate').count()).resolves.toBe(0);
      await expectNoReload(page);

      await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
      await page.goto(`${BASE}/#/pages/verify/verify`);
      await page.reload();
      await page.getByText(en.verify.state.verified.title).waitFor();
      await screenshot(page, 'verify-06-verified-en');
    });
  }, 180_000);

  it('gates withdrawals, shows a rejection with its reason and the form again, then a final one', async () => {
    await withPage('reject', false, async (page) => {
      const user = await registerUser(redis, 'kycno');
      await login(page, user);
      await page.goto(`${BASE}/#/pages/withdraw-money/withdraw-money`);
      await page.locator('[data-testid=kyc-gate][data-state=not_submitted]').waitFor();
      await expect(page.getByTestId('withdraw-submit').count()).resolves.toBe(0);
      await screenshot(page, 'verify-07-withdraw-gate-zh-TW');
      const refused = await send('POST', API.withdrawals, { amount: '10.00', tradePassword: '246810' }, user.token);
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'KYC_REQUIRED' } } });
      await page.getByTestId('kyc-gate-link').click();
      await page.waitForURL((url) => url.hash.startsWith('#/pages/verify/verify'));

      // Submitted elsewhere (no event is sent for one's own submission): the page shows it once opened again.
      const submitted = await submitKyc({ base: BASE, token: user.token, name: '林美華' });
      expect(submitted.status).toBe(201);
      await page.reload();
      await page.locator('[data-testid=kyc-state][data-state=pending]').waitFor();
      const first = await pendingOf(user.id, operator);
      const message = '正面照片反光，請重新拍攝';
      await call('POST', `${API.adminKyc}/${first.id}/reject`, { reason: 'unreadable', message, note: 'glare', final: false }, operator);

      await page.locator('[data-testid=kyc-state][data-state=rejected]').waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('kyc-reason').textContent()).resolves.toContain(zh.inbox.kycReasons.unreadable);
      await expect(page.getByTestId('kyc-reviewer-message').textContent()).resolves.toContain(message);
      await expect(page.getByTestId('kyc-reason').textContent()).resolves.not.toContain('glare');
      await expect(page.locator('input[name="name"]').inputValue()).resolves.toBe('林美華');
      await expect(page.getByTestId('kyc-nationality').inputValue()).resolves.toBe('TW');
      await expect(page.locator('input[name="idNumber"]').inputValue()).resolves.toBe('');
      await screenshot(page, 'verify-08-rejected-zh-TW');

      // In English: the same page, then a resubmission through the form.
      await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
      await page.reload();
      await page.getByText(en.verify.state.rejected.title).waitFor();
      await expect(page.getByTestId('kyc-reason').textContent()).resolves.toContain(en.inbox.kycReasons.unreadable);
      await screenshot(page, 'verify-09-rejected-en');
      await page.locator('input[name="idNumber"]').fill(taiwanId());
      await page.getByTestId('front-file').setInputFiles({
        name: 'front.png',
        mimeType: 'image/png',
        buffer: await sharp(await noisyJpeg(800, 500))
          .png()
          .toBuffer(),
      });
      await page.getByTestId('back-file').setInputFiles({ name: 'back.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await page.getByText(en.verify.image.unsupported_type, { exact: true }).waitFor();
      await page.getByTestId('back-file').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg(800, 500) });
      await page.getByTestId('back-preview').waitFor();
      await page.getByTestId('pick-front').scrollIntoViewIfNeeded();
      await screenshot(page, 'verify-10-form-previews-en');
      await page.getByTestId('kyc-submit').click();
      await page.locator('[data-testid=kyc-state][data-state=pending]').waitFor({ timeout: 30_000 });
      await screenshot(page, 'verify-11-pending-en');

      await markPage(page);
      const second = await pendingOf(user.id, operator);
      expect(second.attempt).toBe(2);
      await call('POST', `${API.adminKyc}/${second.id}/reject`, { reason: 'mismatch', message: 'Name differs from the card', final: true }, operator);
      await page.locator('[data-testid=kyc-state][data-state=closed]').waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('kyc-form').count()).resolves.toBe(0);
      await page.getByText(en.verify.state.closed.text).waitFor();
      await expect(page.getByTestId('kyc-reason').textContent()).resolves.toContain(en.inbox.kycReasons.mismatch);
      await expectNoReload(page);
      await screenshot(page, 'verify-12-closed-en');
    });
  }, 180_000);

  it('attaches a payment slip to a deposit, which the reviewer can open', async () => {
    await withPage('slip', true, async (page, context) => {
      const stamp = Date.now();
      const method = await call<{ id: string }>(
        'POST',
        '/admin/deposit-methods',
        {
          type: 'bank',
          names: { 'zh-TW': `E2E 憑證轉帳 ${stamp}`, en: `E2E slip ${stamp}` },
          details: { accountNumber: '6222020200445566' },
          minAmount: '10.00',
          maxAmount: '50000.00',
        },
        operator,
      );
      const user = await registerUser(redis, 'slip');
      await login(page, user);
      await page.goto(`${BASE}/#/pages/deposit/deposit`);
      await page.getByTestId(`method-${method.id}`).click();
      await page.locator('input[name="amount"]').fill('150');
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/deposits') && r.request().method() === 'POST');
      await page.getByTestId('deposit-submit').click();
      await page.getByTestId('confirm-ok').click();
      const deposit = (await (await posted).json()) as Deposit;
      expect(deposit.slip).toBe(false);

      // The list opens the new deposit's slip picker at once.
      await page.waitForURL((url) => url.hash.startsWith('#/pages/withdraw-list/withdraw-open'));
      const card = page.locator(`[data-testid="request"][data-id="${deposit.id}"]`);
      await card.getByTestId('slip-form').waitFor();
      await card.getByTestId('slip-file').setInputFiles({ name: 'slip.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg() });
      await card.getByTestId('slip-preview').waitFor();
      await screenshot(page, 'verify-13-slip-preview-zh-TW');
      const values = await throttledValues(page, context, 150 * 1024, async () => {
        const sent = page.waitForResponse((r) => r.url().endsWith(`/api/deposits/${deposit.id}/slip`), { timeout: 60_000 });
        await card.getByTestId('slip-send').click();
        expect((await sent).status()).toBe(201);
      });
      expect(values.length).toBeGreaterThan(0);
      await card.getByTestId('slip-attached').waitFor();
      await expect(card.getByTestId('slip-attached').textContent()).resolves.toBe(zh.verify.slip.attached);
      await screenshot(page, 'verify-14-slip-attached-zh-TW');

      expect((await call<Deposit>('GET', `${API.deposits}/${deposit.id}`, undefined, user.token)).slip).toBe(true);
      const seen = await fetch(`${BASE}/api/admin/deposits/${deposit.id}/slip`, { headers: { Authorization: `Bearer ${operator}` } });
      expect(seen.status).toBe(200);
      expect(seen.headers.get('content-type')).toMatch(/^image\//);
      await page.reload();
      await card.getByTestId('slip-attached').waitFor();
      await expect(card.getByTestId('slip-open').count()).resolves.toBe(0);
    });
  }, 180_000);
});
