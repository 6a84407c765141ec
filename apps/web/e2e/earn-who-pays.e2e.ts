// Browser test of issue 50's honesty lines: the Yu'e Bao page says who pays the income (the platform, from its
// own account), how many days of income the platform's equity covers (the figure of the public
// GET /api/transparency/earn) and links to the transparency page; and the registration page shows the
// operators' message as soon as a blocked phone country is picked, before anything is sent. Screenshots at
// 375x812 in zh-TW and en: screenshots/earn-who-pays-*.png and register-blocked-*.png.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API, isTransparencyComputed, type EarnCoverage, type TransparencyResponse } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, call, fundCash, operatorToken, registerUser, send, type RegisteredUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const zh = resources['zh-TW'];
const en = resources.en;
const BLOCKED = { phone: ['US'], nationality: [], message: { 'zh-TW': '本平台不服務美國的手機號碼。', en: 'We do not serve US phone numbers.' } };

let context: BrowserContext;
let page: Page;
let user: RegisteredUser;
let admin: string;

/** The sentence the page must show for the public figure: none due, not covered, or the days. */
function daysText(c: EarnCoverage, lang: 'zh-TW' | 'en'): string {
  const payer = resources[lang].earn.payer;
  if (c.daysCovered === null) return payer.noneDue;
  if (c.daysCovered <= 0) return payer.notCovered;
  return payer.covered.replace('{{days}}', new Intl.NumberFormat(lang).format(c.daysCovered));
}

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  try {
    user = await registerUser(redis, 'whopays');
  } finally {
    redis.disconnect();
  }
  await fundCash(user.id, 100_00);
  await call('POST', API.earnTransferIn, { amount: '50.00' }, user.token);
  admin = await operatorToken();
  context = await launchBrowser();
  page = context.pages()[0] ?? (await context.newPage());
}, 120_000);
afterAll(async () => {
  // Everyone is served again: other tests register with any country.
  if (admin) await send('PUT', API.adminBlockedCountries, { phone: [], nationality: [], message: { 'zh-TW': '—' } }, admin);
  await context?.close();
});

describe("Yu'e Bao says who pays", () => {
  it('shows the payer, the days covered and the link to the transparency page, in zh-TW and en', async () => {
    await page.goto(`${BASE}/#/pages/login/login`);
    await page.evaluate(() => localStorage.setItem('candor.lang', 'zh-TW'));
    await page.reload();
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });

    const coverage = await call<EarnCoverage>('GET', API.earnCoverage);
    expect(coverage.dailyIncome).not.toBe('0.00'); // this user's 50.00 at least is earning
    await page.goto(`${BASE}/#/pages/money/money`);
    const box = page.getByTestId('earn-who-pays');
    await box.waitFor();
    await expect(page.getByTestId('earn-payer-line').textContent()).resolves.toBe(zh.earn.payer.line);
    await expect(page.getByTestId('earn-days-covered').textContent()).resolves.toBe(daysText(coverage, 'zh-TW'));
    await expect(page.getByTestId('earn-transparency-link').getAttribute('href')).resolves.toBe('#/transparency');
    // The two annual figures stay beside it.
    await page.getByTestId('earn-annual-compounded').waitFor();
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, 'earn-who-pays-zh-TW');

    await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
    await page.reload();
    await box.waitFor();
    await expect(page.getByTestId('earn-payer-line').textContent()).resolves.toBe(en.earn.payer.line);
    await expect(page.getByTestId('earn-days-covered').textContent()).resolves.toBe(daysText(coverage, 'en'));
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, 'earn-who-pays-en');

    // The link leads to the public page, whose card shows the cover as the hourly job last read it.
    await page.getByTestId('earn-transparency-link').click();
    const card = page.getByTestId('transparency-earn');
    await page.getByTestId('transparency-earn-days').waitFor();
    const figures = await call<TransparencyResponse>('GET', API.transparency);
    if (!isTransparencyComputed(figures)) throw new Error('the page showed figures the api does not have');
    await expect(card.locator('h2').textContent()).resolves.toBe(en.transparency.earn.title);
    await expect(page.getByTestId('transparency-earn-days').getAttribute('data-days')).resolves.toBe(String(figures.earn.daysCovered ?? ''));
    const paid = (await page.getByTestId('transparency-earn-paid').textContent()) ?? '';
    expect(paid.replace(/[^\d.]/g, '')).toBe(figures.earn.interestPaid);
    const equity = (await page.getByTestId('transparency-earn-equity').textContent()) ?? '';
    expect(equity.replace(/[^\d.-]/g, '')).toBe(figures.earn.equity);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'transparency-earn-en');
  });
});

describe('registration in a blocked country', () => {
  it("shows the operators' message when the phone country is blocked, before sending", async () => {
    expect((await send('PUT', API.adminBlockedCountries, BLOCKED, admin)).status).toBe(200);
    // A browser of its own: nobody signed in.
    const fresh = await launchBrowser();
    const p = fresh.pages()[0] ?? (await fresh.newPage());
    try {
      for (const lang of ['zh-TW', 'en'] as const) {
        await p.goto(`${BASE}/#/pages/login/registerCheck`);
        await p.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
        await p.reload();
        await p.getByTestId('register-phone-country').selectOption('TW');
        await expect(p.getByTestId('register-country-blocked').count()).resolves.toBe(0);
        await p.getByTestId('register-phone-country').selectOption('US');
        const notice = p.getByTestId('register-country-blocked');
        await notice.waitFor();
        await expect(notice.textContent()).resolves.toBe(BLOCKED.message[lang]);
        await screenshot(p, `register-blocked-${lang}`);
      }
    } finally {
      await fresh.close();
    }
  });
});
