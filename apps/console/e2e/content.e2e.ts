// Browser test of the console's content editors (issue 47) against the platform the browser tier starts: an
// admin edits the about page in zh-TW and en, and the public GET /api/pages/about answers the new texts in each
// language, as does the web app's about page; the admin writes a news article with a link, an image and a cover,
// publishes it (it is in GET /api/news) and unpublishes it again (it is gone); a reviewer, who lacks
// content.manage, has no menu entry and is told the screen is not for their role. A banner is added and moved
// first, a highlight hidden, an office added and removed, each checked in the public answers. Screenshots of the news and pages editors at 1280 and
// 375 px in zh-TW and en into screenshots/console-content-*.png, and into E2E_SHOTS_DIR when it is set.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_AUTH, API, type ContentPage, type NewsArticle, type NewsArticleDetail } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { samplePhoto } from '../../../scripts/testing/kyc.mjs';
import { freshTotp } from '../../../scripts/testing/totp.mjs';
import { BASE, CONSOLE, ok, operatorLogin } from './support.js';

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '';
const zh = resources['zh-TW'].consoleContent;
const en = resources.en.consoleContent;
const zhConsole = resources['zh-TW'].console;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const stamp = Date.now().toString(36);

/** The viewport as screenshots/<name>.png, and the whole page into E2E_SHOTS_DIR when it is set. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Screenshots of the open screen at 1280 and 375 px in zh-TW and en (the console's language), back in zh-TW after. */
async function shotsInBothLanguages(page: Page, name: string, enText: string): Promise<void> {
  await shot(page, `console-content-${name}-zh-TW-1280`);
  await page.setViewportSize(PHONE);
  await shot(page, `console-content-${name}-zh-TW-375`);
  await page.setViewportSize(DESKTOP);
  await page.selectOption('[data-testid=language]', 'en');
  await page.getByText(enText, { exact: true }).first().waitFor();
  await shot(page, `console-content-${name}-en-1280`);
  await page.setViewportSize(PHONE);
  await shot(page, `console-content-${name}-en-375`);
  await page.setViewportSize(DESKTOP);
  await page.selectOption('[data-testid=language]', 'zh-TW');
}

/** Replaces the rich-text area's content with `text` and makes it bold, through the editor's own toolbar. */
async function typeBody(page: Page, testId: string, text: string): Promise<void> {
  const area = page.locator(`[data-testid=${testId}-area]`);
  await area.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('ControlOrMeta+a');
  await page.click(`[data-testid=${testId}] [data-tool=bold]`);
}

/** Clicks a save button and waits for the api's answer and the success message (not one still shown from before). */
async function save(page: Page, button: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/') && ['POST', 'PATCH', 'PUT'].includes(r.request().method()));
  await page.click(button);
  expect((await answered).status()).toBeLessThan(300);
  await page.locator('[data-testid=content-flash][data-kind=ok]').waitFor();
}

/** A new operator of `role`, enrolled in TOTP through the api from inside `page`, so its refresh cookie is the browser's. */
async function signInNewOperator(page: Page, adminToken: string, role: 'reviewer'): Promise<void> {
  const email = `content-${role}-${stamp}@example.com`;
  const password = 'Content-op-e2e-2024';
  await ok('POST', API.adminOperators, { email, password, role }, adminToken);
  const first = await page.request.post(`${BASE}/api${API.adminLogin}`, { data: { email, password } });
  const { enrollmentToken } = ((await first.json()) as { error: { enrollmentToken: string } }).error;
  const started = await page.request.post(`${BASE}/api${ADMIN_AUTH.enrollment}`, { data: { enrollmentToken } });
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await page.request.post(`${BASE}/api${ADMIN_AUTH.enrollmentConfirm}`, { data: { enrollmentToken, totp: await freshTotp(secret) } });
  expect(confirmed.status()).toBe(200);
}

describe('content editors in the console', () => {
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';

  beforeAll(async () => {
    context = await launchBrowser({ viewport: DESKTOP });
    page = context.pages()[0] ?? (await context.newPage());
    adminToken = await operatorLogin(page);
    await page.goto(CONSOLE);
    await page.locator('[data-testid=operator-role]').waitFor();
  }, 90_000);

  afterAll(async () => {
    await context?.close();
  });

  it('edits the about page in zh-TW and en, and the public page and the web app answer the new texts', async () => {
    const texts = {
      'zh-TW': { title: `關於我們 ${stamp}`, body: `我們是一家透明的交易平台 ${stamp}` },
      en: { title: `About us ${stamp}`, body: `We are a transparent trading platform ${stamp}` },
    } as const;
    expect((await page.textContent('.sidebar nav a[href="#/content"]'))?.trim()).toBe(zh.nav);
    await page.click('.sidebar nav a[href="#/content"]');
    await page.click('[data-testid=content-tab-pages]');
    await page.click('[data-testid=page-slug-about]');
    await page.locator('[data-testid=page-editor][data-slug=about]').waitFor();

    for (const locale of ['zh-TW', 'en'] as const) {
      await page.click(`[data-testid=content-locales] [data-locale=${locale}]`);
      await page.locator(`[data-testid=content-locales] [data-locale=${locale}][aria-pressed=true]`).waitFor();
      await page.fill('[data-testid=page-title]', texts[locale].title);
      await typeBody(page, 'page-body', texts[locale].body);
      // The phone preview renders what will be saved, bold included.
      await page.locator('[data-testid=phone-preview] b, [data-testid=phone-preview] strong', { hasText: texts[locale].body }).waitFor();
      expect(await page.getAttribute(`[data-testid=content-locales] [data-locale=${locale}]`, 'data-missing')).toBeNull();
      await save(page, '[data-testid=page-save]');
    }

    for (const locale of ['zh-TW', 'en'] as const) {
      const answer = await ok<ContentPage>('GET', `${API.pages}/about?lang=${locale}`);
      expect(answer.title).toBe(texts[locale].title);
      expect(answer.body).toContain(texts[locale].body);
      expect(answer.locale).toBe(locale);
    }

    await page.click('[data-testid=content-locales] [data-locale=zh-TW]');
    await shotsInBothLanguages(page, 'pages', en.pages.slugs.about);

    // The web app's about page, in a second tab, in each language.
    const web = await context.newPage();
    await web.setViewportSize(PHONE);
    for (const locale of ['zh-TW', 'en'] as const) {
      await web.goto(`${BASE}/`);
      await web.evaluate((l) => localStorage.setItem('candor.lang', l), locale);
      await web.goto(`${BASE}/#/pages/aboutUs/aboutUs`);
      await web.reload();
      await web.locator('[data-testid=about-page]', { hasText: texts[locale].title }).waitFor();
      expect(await web.textContent('[data-testid=about-page]')).toContain(texts[locale].body);
      await shot(web, `console-content-web-about-${locale}`);
    }
    await web.close();
  });

  it('writes a news article with a cover, publishes it, and unpublishes it again', async () => {
    const title = `平台價格如何產生 ${stamp}`;
    const summary = `一篇由 e2e 建立的消息 ${stamp}`;
    await page.click('[data-testid=content-tab-news]');
    await page.click('[data-testid=news-add]');
    await page.locator('[data-testid=news-editor]').waitFor();
    await page.fill('[data-testid=news-title]', title);
    await page.fill('[data-testid=news-summary]', summary);
    await typeBody(page, 'news-body', `報價來自多家交易所的中位數 ${stamp}`);
    // The toolbar's link (an https address asked for in a prompt) and image (uploaded, then its url inserted).
    page.once('dialog', (dialog) => void dialog.accept('https://example.com/prices'));
    await page.click('[data-testid=news-body] [data-tool=link]');
    await page.locator('[data-testid=phone-preview] a[href="https://example.com/prices"]').waitFor();
    await page.setInputFiles('[data-testid=news-body] input[type=file]', { name: 'chart.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto('CHART') });
    await page.locator('[data-testid=phone-preview] .content-html img[src^="/api/media/"]').waitFor();
    expect(await page.textContent('[data-testid=phone-preview] .content-html')).toContain(`中位數 ${stamp}`);
    await page.setInputFiles('[data-testid=news-cover-input]', { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto('COVER') });
    const cover = page.locator('[data-testid=phone-preview] img.phone-cover');
    await cover.waitFor();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await cover.elementHandle());
    // en has no translation yet: the switcher says so.
    expect(await page.getAttribute('[data-testid=content-locales] [data-locale=en]', 'data-missing')).toBe('true');
    await page.check('[data-testid=news-mode-now]');
    await save(page, '[data-testid=news-save]');
    await page.waitForURL((url) => /^#\/content\/news\/[0-9a-f-]{36}$/.test(url.hash));
    const id = /([0-9a-f-]{36})$/.exec(new URL(page.url()).hash)![1]!;

    const listed = await ok<{ items: NewsArticle[] }>('GET', `${API.news}?lang=zh-TW`);
    const article = listed.items.find((a) => a.id === id);
    expect(article).toMatchObject({ title, summary, locale: 'zh-TW' });
    expect(article?.coverUrl).toMatch(/^\/api\/media\//);
    const detail = await ok<NewsArticleDetail>('GET', `${API.news}/${id}?lang=zh-TW`);
    expect(detail.body).toContain('href="https://example.com/prices"');
    expect(detail.body).toMatch(/<img [^>]*src="\/api\/media\//);
    expect(detail.body).toContain(`中位數 ${stamp}`);

    await shotsInBothLanguages(page, 'news', en.news.editTitle);

    await page.check('[data-testid=news-mode-draft]');
    await save(page, '[data-testid=news-save]');
    const after = await ok<{ items: NewsArticle[] }>('GET', `${API.news}?lang=zh-TW`);
    expect(after.items.map((a) => a.id)).not.toContain(id);
  });

  it('adds a banner and moves it first, hides a highlight, and adds and removes an office: each as the app reads it', async () => {
    type Home = { banners: { id: string; title: string }[]; highlights: { id: string; title: string }[] };
    const accept = (dialog: { accept(): Promise<void> }) => void dialog.accept();
    page.on('dialog', accept);
    try {
      // A banner: added last, then moved to the top; the home page shows it first.
      const bannerTitle = `e2e 橫幅 ${stamp}`;
      await page.click('[data-testid=content-tab-banners]');
      await page.click('[data-testid=ordered-add]');
      await page.fill('[data-testid=ordered-title]', bannerTitle);
      await page.selectOption('[data-testid=link-route]', { index: 1 });
      await save(page, '[data-testid=ordered-save]');
      const row = page.locator('[data-testid=ordered-row]', { hasText: bannerTitle });
      await row.waitFor();
      const bannerId = (await row.getAttribute('data-id'))!;
      const before = await ok<Home>('GET', `${API.home}?lang=zh-TW`);
      expect(before.banners.length).toBeGreaterThan(1);
      expect(before.banners.at(-1)).toMatchObject({ id: bannerId, title: bannerTitle });
      while ((await page.locator('[data-testid=ordered-row]').first().getAttribute('data-id')) !== bannerId) {
        const saved = page.waitForResponse((r) => r.url().includes('/api/admin/') && r.request().method() !== 'GET');
        await row.locator('[data-testid=ordered-up]').click();
        expect((await saved).status()).toBeLessThan(300);
        await page.locator('[data-testid=ordered-row] [data-testid=ordered-up]:not([disabled])').first().waitFor();
      }
      const moved = await ok<Home>('GET', `${API.home}?lang=en`);
      expect(moved.banners[0]).toMatchObject({ id: bannerId, title: bannerTitle }); // en falls back to zh-TW
      await row.locator('button.btn-danger').click();
      await row.waitFor({ state: 'detached' });
      expect((await ok<Home>('GET', `${API.home}?lang=zh-TW`)).banners.map((b) => b.id)).not.toContain(bannerId);

      // A highlight: added, on the home page; hidden, gone from it; then deleted.
      const highlightTitle = `e2e 亮點 ${stamp}`;
      await page.click('[data-testid=content-tab-highlights]');
      await page.click('[data-testid=ordered-add]');
      await page.fill('[data-testid=ordered-title]', highlightTitle);
      await page.selectOption('[data-testid=link-route]', { index: 2 });
      await save(page, '[data-testid=ordered-save]');
      const highlight = page.locator('[data-testid=ordered-row]', { hasText: highlightTitle });
      const highlightId = (await highlight.getAttribute('data-id'))!;
      expect((await ok<Home>('GET', `${API.home}?lang=zh-TW`)).highlights.map((h) => h.id)).toContain(highlightId);
      await highlight.locator('[data-testid=ordered-edit]').click();
      await page.click('[data-testid=toggle-published]');
      await save(page, '[data-testid=ordered-save]');
      await highlight.locator('.pill-muted').waitFor();
      expect((await ok<Home>('GET', `${API.home}?lang=zh-TW`)).highlights.map((h) => h.id)).not.toContain(highlightId);
      await highlight.locator('button.btn-danger').click();
      await highlight.waitFor({ state: 'detached' });

      // An office: in GET /api/offices with its texts and place, then removed.
      const officeName = `e2e 高雄辦公室 ${stamp}`;
      await page.click('[data-testid=content-tab-offices]');
      await page.click('[data-testid=office-add]');
      await page.fill('[data-testid=office-name]', officeName);
      await page.fill('[data-testid=office-address]', '高雄市前鎮區成功二路 88 號');
      await page.fill('[data-testid=office-hours]', '週一至週五 09:00-18:00');
      await page.fill('[data-testid=office-latitude]', '22.6055');
      await page.fill('[data-testid=office-longitude]', '120.3004');
      await save(page, '[data-testid=office-save]');
      const office = page.locator('[data-testid=office-row]', { hasText: officeName });
      await office.waitFor();
      const offices = await ok<{ id: string; name: string; address: string; latitude: number; longitude: number; osmEmbed: boolean }[]>(
        'GET',
        `${API.offices}?lang=zh-TW`,
      );
      expect(offices.find((o) => o.name === officeName)).toMatchObject({
        address: '高雄市前鎮區成功二路 88 號',
        latitude: 22.6055,
        longitude: 120.3004,
        osmEmbed: false,
      });
      await shotsInBothLanguages(page, 'offices', en.offices.add);
      await office.locator('button.btn-danger').click();
      await office.waitFor({ state: 'detached' });
      expect((await ok<{ name: string }[]>('GET', `${API.offices}?lang=zh-TW`)).map((o) => o.name)).not.toContain(officeName);
    } finally {
      page.off('dialog', accept);
    }
  });

  it('shows a reviewer, who lacks content.manage, no menu entry and "no access"', async () => {
    const reviewerContext = await launchBrowser({ viewport: DESKTOP });
    try {
      const reviewer = reviewerContext.pages()[0] ?? (await reviewerContext.newPage());
      await signInNewOperator(reviewer, adminToken, 'reviewer');
      await reviewer.goto(CONSOLE);
      await reviewer.locator('[data-testid=operator-role][data-role=reviewer]').waitFor();
      expect(await reviewer.locator('a[href="#/content"]').count()).toBe(0);
      await reviewer.goto(`${CONSOLE}#/content/pages`);
      await reviewer.locator('[data-testid=role-not-allowed]').waitFor();
      expect(await reviewer.textContent('[data-testid=role-not-allowed]')).toBe(zhConsole.access.notAllowed.replace('{{role}}', zhConsole.roles.reviewer));
      expect(await reviewer.locator('[data-testid=page-editor], [data-testid=news-list]').count()).toBe(0);
    } finally {
      await reviewerContext.close();
    }
  });
});
