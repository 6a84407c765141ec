// Browser test of two-factor sign-in (issue 49): in the settings a user turns it on (the password, the QR code and
// the key, a first code computed here from the key as an authenticator app would, the ten recovery codes shown
// once), signs out, and signs in again with the code the login page asks for after the password. In zh-TW and en;
// screenshots in screenshots/web-totp-setup(-en).png, web-totp-codes(-en).png and web-totp-login(-en).png (375x812).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type UserProfile } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { axeViolations } from '../../../scripts/testing/budget.mjs';
import { BASE, call, registerUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
/** The code an authenticator app shows for `secret`, `offset` 30-second steps from now. */
const codeOf = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describe('two-factor sign-in', () => {
  let redis: Redis;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    redis?.disconnect();
  });

  async function signIn(email: string, password: string): Promise<void> {
    await page.goto(`${BASE}/#/pages/login/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByTestId('login-submit').click();
  }

  for (const lang of ['zh-TW', 'en'] as const) {
    it(`turns it on in the settings, then signs in with a code (${lang})`, async () => {
      const texts = resources[lang].user;
      const suffix = lang === 'en' ? '-en' : '';
      const user = await registerUser(redis, `totp-${lang}`);
      // Signed out of the test before: its refresh cookie gone and the app loaded afresh (a hash change keeps its memory).
      await context.clearCookies();
      await page.goto('about:blank');
      await page.goto(`${BASE}/#/pages/login/login`);
      await page.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
      await page.reload();
      await signIn(user.email, user.password);
      await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });

      await page.goto(`${BASE}/#/pages/set/set`);
      const card = page.getByTestId('two-factor');
      await card.waitFor();
      expect(await page.getByTestId('totp-status').textContent()).toBe(texts.twoFactor.statusOff);
      await page.getByTestId('totp-turn-on').click();
      await page.getByTestId('totp-password').fill(user.password);
      await page.getByTestId('totp-continue').click();
      await page.getByTestId('totp-qr').locator('svg').waitFor();
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await card.scrollIntoViewIfNeeded();
      const axe = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(axe.map((v) => `${v.id} at ${v.targets.join(', ')}`)).toEqual([]);
      await screenshot(page, `web-totp-setup${suffix}`);

      await card.getByTestId('totp-input').fill(await codeOf(secret));
      await page.getByTestId('totp-enable').click();
      const codes = page.getByTestId('totp-recovery-code');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await page.getByTestId('totp-recovery').scrollIntoViewIfNeeded();
      await screenshot(page, `web-totp-codes${suffix}`);
      await page.getByTestId('totp-done').click();
      await page.waitForFunction((on) => document.querySelector('[data-testid=totp-status]')?.textContent === on, texts.twoFactor.statusOn);
      const me = await call<UserProfile>('GET', API.me, undefined, user.token);
      expect(me.totpEnabled).toBe(true);

      // Sign out, then in: the password first, then the code the login page asks for.
      await page.getByTestId('settings-logout').click();
      await page.getByTestId('confirm-ok').click();
      await page.waitForURL((url) => url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
      await signIn(user.email, user.password);
      await page.getByTestId('login-totp-form').waitFor();
      expect(await page.getByTestId('login-totp-form').textContent()).toContain(resources[lang].auth.login.totpTitle);
      await screenshot(page, `web-totp-login${suffix}`);
      // The code that turned it on is spent: the next step's code signs in.
      await page.getByTestId('totp-input').fill(await codeOf(secret, 1));
      await page.getByTestId('login-totp-submit').click();
      await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
      await page.goto(`${BASE}/#/pages/set/set`);
      await page.getByTestId('login-row').first().waitFor();
      expect(await page.getByTestId('login-row').first().getAttribute('data-ok')).toBe('true');
    }, 120_000);
  }
});
