// Browser test of the registration form's phone country picker (issue 48): in zh-TW it starts on Taiwan and a
// number typed the way Taiwan writes it (09xx xxx xxx) registers as +886; the same number under mainland China
// is refused beside the field before anything is sent; in English the picker starts on the browser's region.
// The captcha answer is read from Redis, as a test may. Screenshots: phone-country-*.png (375x812).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { REDIS_KEYS } from '@candor/cross-process';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, TRADE_PASSWORD } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
const INVITE_CODE = process.env.E2E_INVITE_CODE ?? '';
const zh = resources['zh-TW'].auth;
const zhCommon = resources['zh-TW'].common;
const en = resources.en.auth;
// Unique per run: the server refuses a phone number already registered.
const LOCAL = `09${String(Date.now()).slice(-8)}`;
const SPACED = `${LOCAL.slice(0, 4)} ${LOCAL.slice(4, 7)} ${LOCAL.slice(7)}`;
const E164 = `+886${LOCAL.slice(1)}`;
const EMAIL = `phone${Date.now().toString(36)}@example.com`;

let context: BrowserContext;
let page: Page;
let redis: Redis;

/** Opens the first registration step in `lang` and answers the captcha it shows (read from Redis). */
async function openForm(lang: 'zh-TW' | 'en'): Promise<string> {
  await page.goto(`${BASE}/#/pages/login/login`);
  await page.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
  await page.goto(`${BASE}/#/pages/login/registerCheck`);
  await page.reload();
  // The captcha the page shows (its id on the image), read once the reloaded page has one: a response body would
  // be gone if it belonged to the load before the reload.
  const shown = await page.waitForFunction(() => document.querySelector('[data-testid="captcha"]')?.getAttribute('data-captcha-id') || null);
  const captchaId = (await shown.jsonValue()) as string;
  const answer = await redis.get(REDIS_KEYS.captcha(captchaId));
  if (!answer) throw new Error(`no captcha answer in Redis for ${captchaId}`);
  return answer;
}

async function storedPhone(email: string): Promise<string | null> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT phone FROM users WHERE lower(email) = lower($1)`, [email]);
    return (rows[0]?.phone as string | undefined) ?? null;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  expect(INVITE_CODE).not.toBe('');
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  context = await launchBrowser();
  page = context.pages()[0] ?? (await context.newPage());
}, 60_000);
afterAll(async () => {
  await context?.close();
  redis?.disconnect();
});

describe('the phone country picker', () => {
  it('refuses a Taiwanese number under mainland China beside the field, sending nothing', async () => {
    const answer = await openForm('zh-TW');
    const picker = page.getByTestId('register-phone-country');
    await expect(picker.inputValue()).resolves.toBe('TW');
    const sent: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/register/check') sent.push(r);
    });
    await picker.selectOption('CN');
    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="phone"]').fill(LOCAL);
    await page.locator('input[name="inviteCode"]').fill(INVITE_CODE);
    await page.locator('input[name="captchaCode"]').fill(answer);
    await page.getByTestId('register-check-submit').click();
    await page.getByTestId('register-check-form').getByText(zh.invalid.phone, { exact: true }).waitFor();
    expect(sent).toHaveLength(0);
    expect(new URL(page.url()).hash).toBe('#/pages/login/registerCheck');
    await screenshot(page, 'phone-country-refused-zh-TW');
  });

  it('starts on Taiwan in zh-TW and registers a number written 09xx xxx xxx as +886', async () => {
    const answer = await openForm('zh-TW');
    await expect(page.getByTestId('register-phone-country').inputValue()).resolves.toBe('TW');
    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="phone"]').fill(SPACED);
    await page.locator('input[name="inviteCode"]').fill(INVITE_CODE);
    await page.locator('input[name="captchaCode"]').fill(answer);
    await screenshot(page, 'phone-country-tw-zh-TW');
    const check = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/register/check');
    await page.getByTestId('register-check-submit').click();
    expect((await check).postDataJSON()).toMatchObject({ phoneCountry: 'TW' });
    await page.waitForFunction(() => window.location.hash.split('?')[0] === '#/pages/login/register', undefined, { timeout: 15_000 });

    await page.locator('input[name="password"]').fill('Candor2024pass');
    await page.locator('input[name="confirmPassword"]').fill('Candor2024pass');
    await page.locator('input[name="tradePassword"]').fill(TRADE_PASSWORD);
    await page.locator('input[name="confirmTradePassword"]').fill(TRADE_PASSWORD);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('toast').filter({ hasText: zhCommon.success.registered }).waitFor();
    // The server kept the number in E.164, read in the picker's plan.
    expect(await storedPhone(EMAIL)).toBe(E164);
  });

  it('starts on the browser region in English and names the rule in English', async () => {
    const answer = await openForm('en');
    const region = await page.evaluate(() => navigator.languages.find((l) => l.startsWith('en-'))?.split('-')[1] ?? 'US');
    await expect(page.getByTestId('register-phone-country').inputValue()).resolves.toBe(region);
    await page.locator('input[name="phone"]').fill(LOCAL);
    await page.locator('input[name="captchaCode"]').fill(answer);
    await page.getByTestId('register-check-submit').click();
    await page.getByTestId('register-check-form').getByText(en.invalid.phone, { exact: true }).waitFor();
    await screenshot(page, 'phone-country-refused-en');
  });
});
