// Browser tier (issue 2): the whole account flow of the web app in Debian's Chromium against
// the platform that scripts/testing/browser-setup.mjs starts (the built app served by the api).
// The captcha answer is read from Redis, as a test may; the app has no bypass of any kind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { REDIS_KEYS } from '@candor/cross-process';

const BASE_URL = process.env.E2E_BASE_URL ?? '';
const REDIS_URL = process.env.E2E_REDIS_URL ?? '';
const INVITE_CODE = process.env.E2E_INVITE_CODE ?? '';

const EMAIL = `e2e.${Date.now().toString(36)}@example.com`;
// Unique per run (the server refuses a phone number already registered).
const PHONE = `139${String(Date.now()).slice(-8)}`;
const PASSWORD = 'Candor2024pass';
const TRADE_PASSWORD = '246810';

let context: BrowserContext;
let page: Page;
let redis: Redis;

const url = (route: string) => `${BASE_URL}/#${route}`;
const hashOf = (p: Page) => new URL(p.url()).hash.replace(/^#/, '');

/** Wait for the next captcha the page fetches and read its answer from Redis. */
async function nextCaptchaAnswer(trigger: () => Promise<unknown>): Promise<string> {
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/captcha' && r.request().method() === 'GET' && r.ok());
  await trigger();
  const { captchaId } = (await (await response).json()) as { captchaId: string };
  const answer = await redis.get(REDIS_KEYS.captcha(captchaId));
  if (!answer) throw new Error(`no captcha answer in Redis for ${captchaId}`);
  // The image shown is the one whose answer we hold.
  await page.waitForFunction((id) => document.querySelector('[data-testid="captcha"]')?.getAttribute('data-captcha-id') === id, captchaId);
  return answer;
}

async function waitForRoute(route: string) {
  await page.waitForFunction((r) => window.location.hash.split('?')[0] === `#${r}`, route, { timeout: 15_000 });
}

async function tabLabels(): Promise<string[]> {
  await page.getByTestId('tabbar').waitFor();
  return page.getByTestId('tabbar').locator('.tabbar__label').allInnerTexts();
}

beforeAll(async () => {
  if (!BASE_URL || !REDIS_URL || !INVITE_CODE)
    throw new Error('E2E_BASE_URL, E2E_REDIS_URL and E2E_INVITE_CODE must be set (scripts/testing/browser-setup.mjs)');
  redis = new Redis(REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 });
  context = await launchBrowser();
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  redis?.disconnect();
});

describe('web app: register, log in, languages, log out', () => {
  it('shows the welcome page with the entry actions', async () => {
    await page.goto(url('/'));
    await page.getByTestId('welcome-enter').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-TW');
    expect(await page.getByTestId('welcome-register').innerText()).toBe('註冊');
    await screenshot(page, 'web-01-welcome');
  });

  it('registers through both steps with the seed messages on the way', async () => {
    let answer = await nextCaptchaAnswer(() => page.getByTestId('welcome-register').click());
    await waitForRoute('/pages/login/registerCheck');
    await screenshot(page, 'web-02-register-check');

    // Empty form: a please-enter prompt per field, nothing sent.
    await page.getByTestId('register-check-submit').click();
    const form = page.getByTestId('register-check-form');
    for (const text of ['請輸入電子郵件', '請輸入手機號碼', '請輸入開戶碼', '請輸入驗證碼']) await form.getByText(text, { exact: true }).waitFor();
    expect(hashOf(page)).toBe('/pages/login/registerCheck');
    await screenshot(page, 'web-03-register-check-empty');

    await page.getByLabel('電子郵件').fill(EMAIL);
    await page.getByLabel('手機號碼').fill(PHONE);
    await page.getByLabel('開戶碼（邀請碼）').fill(INVITE_CODE);

    // A wrong code: the server's translated message, and a new captcha.
    const wrong = answer === '0000' ? '1111' : '0000';
    await page.getByLabel('圖形驗證碼').fill(wrong);
    answer = await nextCaptchaAnswer(() => page.getByTestId('register-check-submit').click());
    await form.getByText('驗證碼錯誤').waitFor();
    expect(hashOf(page)).toBe('/pages/login/registerCheck');

    await page.getByLabel('圖形驗證碼').fill(answer);
    await page.getByTestId('register-check-submit').click();
    await waitForRoute('/pages/login/register');
    await page.getByText(EMAIL).waitFor();
    await screenshot(page, 'web-04-register');

    const step2 = page.getByTestId('register-form');
    await page.getByLabel('登入密碼', { exact: true }).fill(PASSWORD);
    await page.getByLabel('確認登入密碼').fill(`${PASSWORD}x`);
    await page.getByLabel('交易密碼', { exact: true }).fill(TRADE_PASSWORD);
    await page.getByLabel('確認交易密碼').fill('135790');
    await page.getByTestId('register-submit').click();
    await step2.getByText('兩次密碼不一致').waitFor();
    await step2.getByText('兩次交易密碼不一致').waitFor();
    expect(hashOf(page)).toBe('/pages/login/register');

    await page.getByLabel('確認登入密碼').fill(PASSWORD);
    await page.getByLabel('確認交易密碼').fill(TRADE_PASSWORD);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('toast').filter({ hasText: '註冊成功' }).waitFor();
    await waitForRoute('/pages/login/login');
    await screenshot(page, 'web-05-registered-login');
    expect(await page.getByLabel('電子郵件').inputValue()).toBe(EMAIL);
  });

  it('asks for a captcha after failed logins, then logs in and shows the personal center with the e-mail', async () => {
    const loginResponse = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
    // Wrong passwords: the server's translated message each time.
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('登入密碼').fill(`wrong-${i}-pass`);
      const res = loginResponse();
      await page.getByTestId('login-submit').click();
      expect((await res).status()).toBe(401);
      await page.getByTestId('form-error').filter({ hasText: '電子郵件或密碼錯誤' }).waitFor();
    }
    // After three failures the server wants a captcha: the field appears with its image.
    await page.getByLabel('登入密碼').fill('wrong-3-pass');
    const answer = await nextCaptchaAnswer(() => page.getByTestId('login-submit').click());
    await page.getByLabel('圖形驗證碼').waitFor();
    await page.getByTestId('login-form').getByText('請輸入驗證碼', { exact: true }).waitFor();
    await screenshot(page, 'web-05b-login-captcha');
    expect(hashOf(page)).toBe('/pages/login/login');

    await page.getByLabel('登入密碼').fill(PASSWORD);
    await page.getByLabel('圖形驗證碼').fill(answer);
    await page.getByTestId('login-submit').click();
    await waitForRoute('/pages/user/user');
    await expect(page.getByTestId('user-email').innerText()).resolves.toBe(EMAIL);
    await page.getByTestId('total-assets').waitFor();
    await expect(page.getByText('一般使用者').count()).resolves.toBe(1);
    expect(await tabLabels()).toEqual(['首頁', '產品', '資訊', '個人中心']);
    await screenshot(page, 'web-06-user');
  });

  it('switches to English and then Japanese in the settings, and the tab labels follow', async () => {
    await page.getByTestId('menu-settings').click();
    await waitForRoute('/pages/set/set');
    await page.getByTestId('session-row').first().waitFor();
    await screenshot(page, 'web-07-settings');
    // Han characters in each language's own fonts: the page in Taiwan's, each name in the list in its language's.
    const fontOf = (selector: string) => page.evaluate((s) => getComputedStyle(document.querySelector(s)!).fontFamily, selector);
    expect(await fontOf('body')).toMatch(/PingFang TC.*Microsoft JhengHei/);
    expect(await fontOf('body')).not.toMatch(/PingFang SC|Hiragino|Malgun/);
    // Linux's CJK font before the Latin names Linux never has: each one missing costs a lookup per font size.
    expect(await fontOf('body')).toMatch(/WenQuanYi Micro Hei.*Segoe UI/);
    // Numbers: a monospace font, then the language's own for the 萬 or 万 a figure carries.
    const numFontOf = (selector: string) => page.evaluate((s) => getComputedStyle(document.querySelector(s)!).getPropertyValue('--font-num'), selector);
    expect(await numFontOf('body')).toMatch(/monospace.*PingFang TC.*WenQuanYi Micro Hei/);
    expect(await numFontOf('[data-testid=lang-ja]')).toMatch(/monospace.*Hiragino Sans.*Noto Sans CJK JP/);
    expect(await fontOf('[data-testid=lang-ja]')).toMatch(/Hiragino Sans.*Noto Sans CJK JP/);
    expect(await fontOf('[data-testid=lang-ja]')).not.toContain('PingFang TC');
    expect(await fontOf('[data-testid=lang-zh-CN]')).toMatch(/PingFang SC.*Microsoft YaHei/);
    expect(await fontOf('[data-testid=lang-ko]')).toMatch(/Apple SD Gothic Neo.*Malgun Gothic/);
    // Latin letters in a Latin font: a CJK font first would draw English's ’ and “ full-width.
    expect(await fontOf('[data-testid=lang-en]')).toMatch(/Segoe UI.*DejaVu Sans.*WenQuanYi Micro Hei/);

    await page.getByTestId('lang-en').click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('candor.lang'))).toBe('en');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await fontOf('body')).toMatch(/^-apple-system, BlinkMacSystemFont, "Segoe UI".*DejaVu Sans.*WenQuanYi Micro Hei/);
    // …and the language list's Traditional Chinese name still in Taiwan's fonts inside the English page.
    expect(await fontOf('[data-testid=lang-zh-TW]')).toMatch(/PingFang TC.*Microsoft JhengHei/);
    await screenshot(page, 'web-08-settings-en');
    await page.getByTestId('back').click();
    await waitForRoute('/pages/user/user');
    expect(await tabLabels()).toEqual(['Home', 'Products', 'News', 'Me']);
    await screenshot(page, 'web-09-user-en');

    await page.getByTestId('menu-settings').click();
    await waitForRoute('/pages/set/set');
    await page.getByTestId('lang-ja').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    expect(await page.evaluate(() => localStorage.getItem('candor.lang'))).toBe('ja');
    await page.getByTestId('back').click();
    await waitForRoute('/pages/user/user');
    expect(await tabLabels()).toEqual(['ホーム', '商品', 'ニュース', 'マイページ']);
    expect(await fontOf('[data-testid=tabbar]')).toMatch(/^-apple-system.*Hiragino Sans/);
    await screenshot(page, 'web-10-user-ja');
  });

  it('shows the other pages of this slice', async () => {
    const pages: [string, string][] = [
      ['/pages/password/password?kind=login', 'web-11-password-login'],
      ['/pages/password/password?kind=trade', 'web-12-password-trade'],
      ['/pages/aboutUs/aboutUs', 'web-13-about'],
      ['/pages/yinsi/yinsi', 'web-14-privacy'],
      ['/pages/yinsi/gy', 'web-15-rights'],
      ['/pages/information/information', 'web-16-news'],
      ['/pages/index/detail', 'web-17-home-detail'], // without an id: says there is no such article, with a way home
    ];
    for (const [route, name] of pages) {
      await page.goto(url(route));
      await page.locator('.page-header__title').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(hashOf(page)).toBe(route); // protected pages stay: the session is live
      await screenshot(page, name);
    }
    await expect(page.getByTestId('home-detail-page').count()).resolves.toBe(1);
    await expect(page.getByTestId('article-back').getAttribute('href')).resolves.toBe('#/pages/index/index');
    await page.goto(url('/pages/aboutUs/aboutUs'));
    await expect(page.getByTestId('app-version').innerText()).resolves.toContain('1.0.0');
  });

  it('logs out after a confirmation and is sent to login when opening the personal center again', async () => {
    await page.goto(url('/pages/user/user'));
    await page.getByTestId('user-email').waitFor();
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.waitForTimeout(300); // let the fade-in finish for the picture
    await screenshot(page, 'web-18-logout-confirm');
    // Cancelling keeps the session.
    await page.getByTestId('confirm-cancel').click();
    expect(hashOf(page)).toBe('/pages/user/user');
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-ok').click();
    await waitForRoute('/pages/login/login');
    await screenshot(page, 'web-19-logged-out');

    await page.goto(url('/pages/user/user'));
    await waitForRoute('/pages/login/login');
    // A full reload too: the refresh cookie was revoked, so the session does not come back.
    await page.reload();
    await page.goto(url('/pages/user/user'));
    await waitForRoute('/pages/login/login');
    await page.getByTestId('login-form').waitFor();
    // The language chosen in the settings survived the logout.
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await screenshot(page, 'web-20-login-after-logout');
  });
});
