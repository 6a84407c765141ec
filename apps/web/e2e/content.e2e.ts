// Browser test of the content pages (issue 47) at 375x812: an article made through the operators' api is read
// from the news tab (its body drawn by the one safe HTML component: what the sanitisers leave, a link elsewhere
// opening in a new tab without opener), a highlight made beside it opens it from home, an office shows its map
// links (geo: for the phone's map app, openstreetmap.org on the web) and loads nothing from a third party, and
// the about page comes in two languages with both versions. axe finds no serious or critical issue on any of the
// new pages. Screenshots in zh-TW and English of the news list and an article, home, about and a location, in
// screenshots/content-*.png (CONTENT_SHOTS_DIR, when set, gets a copy).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { API, type ContentPage, type NewsArticle, type Page as ListPage } from '@candor/contracts';
import { SCREENSHOT_DIR, launchBrowser } from '../../../scripts/testing/browser.mjs';
import { axeViolations, smallTapTargets } from '../../../scripts/testing/budget.mjs';
import { BASE, call, operatorToken, send } from './support.js';

const SHOTS_DIR = process.env.CONTENT_SHOTS_DIR ?? '';
const stamp = Date.now();
const ARTICLE = {
  'zh-TW': { title: `平台價格如何產生 ${stamp}`, summary: '價格只來自市場。', body: '' },
  en: { title: `How prices are made ${stamp}`, summary: 'Prices come only from the market.', body: '' },
};
const BODY = (lang: string) =>
  `<h2>${lang}</h2><p>Quotes from four venues.<script>window.__pwned = 1</script></p>` +
  `<p><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">bad</a> ` +
  `<a href="https://example.org/more" data-testid="outside">outside</a></p><style>body{display:none}</style>`;
ARTICLE['zh-TW'].body = BODY('zh-TW');
ARTICLE.en.body = BODY('en');

let operator = '';
let articleId = '';
let highlightId = '';
let officeId = '';
let bannerId = '';
let context: BrowserContext;
let page: Page;
/** Every address the page asked for, to find a third party among them. */
const requested: string[] = [];

/** A screenshot from the top of the page (the whole page with `full`), copied to CONTENT_SHOTS_DIR when set. */
async function shot(name: string, full = false): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: full });
  if (SHOTS_DIR) {
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS_DIR, path.basename(file)));
  }
}

/** An operator's content image (a drawn picture in `colour` with `label`): its upload id. */
async function uploadImage(label: string, colour: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><rect width="1200" height="600" fill="${colour}"/><circle cx="980" cy="140" r="220" fill="#ffffff" fill-opacity="0.18"/><text x="60" y="330" font-size="120" font-family="sans-serif" fill="#ffffff">${label}</text></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${label}.jpg`);
  const res = await fetch(`${BASE}/api${API.adminContentImages}`, { method: 'POST', headers: { Authorization: `Bearer ${operator}` }, body: form });
  const body = (await res.json()) as { id?: string };
  if (res.status !== 201 || !body.id) throw new Error(`content image -> ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

/** Pulls the news list down with a finger (touch events through CDP) and waits for it to be asked for again. */
async function pullToRefresh(): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: 187, y }] });
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === `/api${API.news}`, { timeout: 10_000 });
  await touch('touchStart', 150);
  for (const y of [190, 240, 290, 340, 390]) await touch('touchMove', y);
  await expect(page.getByTestId('pull-hint').innerText()).resolves.not.toBe('');
  await touch('touchEnd', 390);
  await asked;
  await cdp.detach();
}

async function useLanguage(lang: 'zh-TW' | 'en'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
}

/** axe's serious and critical findings and the small tap targets of the page on screen. */
async function problemsOf(label: string): Promise<string[]> {
  const axe = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return [
    ...axe.map((v) => `${label}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`),
    ...(await smallTapTargets(page)).map((s) => `${label}: tap target ${s}`),
  ];
}

beforeAll(async () => {
  operator = await operatorToken();
  const [cover, bannerImage, map] = [await uploadImage('Prices', '#1150c2'), await uploadImage('Verify', '#147638'), await uploadImage('Map', '#5b6478')];
  const article = await call<{ id: string }>(
    'POST',
    API.adminNews,
    { translations: ARTICLE, coverUploadId: cover, publishAt: new Date(Date.now() - 60_000).toISOString() },
    operator,
  );
  articleId = article.id;
  const banner = await call<{ id: string }>(
    'POST',
    API.adminBanners,
    {
      translations: { 'zh-TW': { title: `自己核對每一筆訂單 ${stamp}` }, en: { title: `Check every order yourself ${stamp}` } },
      imageUploadId: bannerImage,
      link: { kind: 'detail', id: articleId },
      published: true,
    },
    operator,
  );
  bannerId = banner.id;
  const highlight = await call<{ id: string }>(
    'POST',
    API.adminHighlights,
    {
      translations: { 'zh-TW': { title: `驗證訂單 ${stamp}`, summary: '自己核對。' }, en: { title: `Verify ${stamp}`, summary: 'Check it yourself.' } },
      link: { kind: 'detail', id: articleId },
      published: true,
    },
    operator,
  );
  highlightId = highlight.id;
  const office = await call<{ id: string }>(
    'POST',
    API.adminOffices,
    {
      translations: {
        'zh-TW': { name: `台北辦公室 ${stamp}`, address: '台北市信義區信義路五段7號', hours: '週一至週五 09:00–18:00' },
        en: { name: `Taipei office ${stamp}`, address: 'No. 7, Sec. 5, Xinyi Rd, Taipei', hours: 'Mon–Fri 09:00–18:00' },
      },
      latitude: 25.033964,
      longitude: 121.564468,
      mapImageUploadId: map,
      osmEmbed: false,
    },
    operator,
  );
  officeId = office.id;
  context = await launchBrowser({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`${BASE}/#/pages/index/index`);
  await useLanguage('zh-TW');
}, 60_000);

afterAll(async () => {
  await context?.close();
  for (const [p, id] of [
    [API.adminHighlights, highlightId],
    [API.adminBanners, bannerId],
    [API.adminNews, articleId],
    [API.adminOffices, officeId],
  ] as const)
    if (id) await send('DELETE', `${p}/${id}`, undefined, operator);
});

describe('news, home, about and location pages', () => {
  it('reads an article from the news tab, its body cleaned, in zh-TW and English', async () => {
    const list = await call<ListPage<NewsArticle>>('GET', `${API.news}?limit=50&lang=en`);
    expect(list.items.some((a) => a.id === articleId)).toBe(true);
    for (const lang of ['zh-TW', 'en'] as const) {
      await useLanguage(lang);
      await page.goto(`${BASE}/#/pages/information/information`);
      await page.reload();
      const item = page.locator(`[data-testid="news-item"][data-id="${articleId}"]`);
      await item.waitFor({ timeout: 20_000 });
      expect(await item.innerText()).toContain(ARTICLE[lang].title);
      await page.waitForLoadState('networkidle');
      await shot(`content-01-news-${lang}`);
      if (lang === 'zh-TW') await pullToRefresh();
      await item.click();
      await page.waitForURL((u) => u.hash === `#/pages/information/detail?id=${articleId}`);
      const body = page.getByTestId('article-body');
      await body.waitFor();
      await expect(page.getByTestId('article-title').innerText()).resolves.toBe(ARTICLE[lang].title);
      // What the sanitisers leave: the heading and the text, no script, no handler, no javascript: link.
      await expect(body.locator('h2').innerText()).resolves.toBe(lang);
      await expect(body.locator('script, style, [onerror], a[href^="javascript"]').count()).resolves.toBe(0);
      const outside = body.locator('a[href="https://example.org/more"]');
      await expect(outside.getAttribute('rel')).resolves.toBe('noopener noreferrer');
      await expect(outside.getAttribute('target')).resolves.toBe('_blank');
      await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0)).resolves.toBe(0);
      // The cover comes resized from /api/media, a width the server makes, picked from the srcset.
      const cover = page.getByTestId('article').locator('img').first();
      await page.waitForFunction(() => (document.querySelector('[data-testid="article"] img') as HTMLImageElement | null)?.complete === true);
      expect(
        await cover.evaluate((img: HTMLImageElement) => [
          img.naturalWidth > 0,
          new URL(img.currentSrc).pathname.startsWith('/api/media/'),
          /[?&]w=(360|720|1080)$/.test(img.currentSrc),
        ]),
      ).toEqual([true, true, true]);
      await page.waitForLoadState('networkidle');
      await shot(`content-02-article-${lang}`);
      expect(await problemsOf(`article ${lang}`)).toEqual([]);
    }
    await useLanguage('zh-TW');
  }, 90_000);

  it('opens a highlight from home on the home detail page', async () => {
    for (const lang of ['zh-TW', 'en'] as const) {
      await useLanguage(lang);
      await page.goto(`${BASE}/#/pages/index/index`);
      await page.reload();
      await page.getByTestId('recommended-list').waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.getByTestId('home-news').waitFor();
      await shot(`content-03-home-${lang}`, true);
    }
    await useLanguage('zh-TW');
    await page.reload();
    // The banners turn by themselves until touched, and not at all for a reader who prefers less motion.
    const carousel = page.getByTestId('banner-carousel');
    await carousel.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('banner').count()).toBeGreaterThanOrEqual(2);
    await expect(carousel.getAttribute('data-auto')).resolves.toBe('true');
    await page.getByTestId('banner-dot').nth(1).tap();
    await expect(carousel.getAttribute('data-auto')).resolves.toBe('false');
    await expect(carousel.getAttribute('data-index')).resolves.toBe('1');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await carousel.waitFor({ timeout: 20_000 });
    await expect(carousel.getAttribute('data-auto')).resolves.toBe('false');
    await page.emulateMedia({ reducedMotion: null });
    // Our banner opens its article on the home detail page.
    const banners = page.getByTestId('banner');
    const ours = (await banners.evaluateAll((els, id) => els.findIndex((e) => e.getAttribute('href')?.endsWith(`id=${id}`)), articleId)) as number;
    expect(ours).toBeGreaterThanOrEqual(0);
    await page.getByTestId('banner-dot').nth(ours).tap();
    await banners.nth(ours).tap();
    await page.waitForURL((u) => u.hash === `#/pages/index/detail?id=${articleId}`);
    await page.getByTestId('article-body').waitFor();
    await page.goBack();
    const highlight = page.locator(`[data-testid="highlight"][data-id="${highlightId}"]`);
    await highlight.waitFor({ timeout: 20_000 });
    expect(await problemsOf('home')).toEqual([]);
    await highlight.click();
    await page.waitForURL((u) => u.hash === `#/pages/index/detail?id=${articleId}`);
    await page.getByTestId('home-detail-page').getByTestId('article-body').waitFor();
    await expect(page.getByTestId('article-title').innerText()).resolves.toBe(ARTICLE['zh-TW'].title);
    expect(await problemsOf('home detail')).toEqual([]);
  }, 90_000);

  it('shows the about page in two languages with the app and server versions, and reaches the offices', async () => {
    const info = await call<{ version: string }>('GET', API.appInfo);
    const titles: string[] = [];
    for (const lang of ['zh-TW', 'en'] as const) {
      const about = await call<ContentPage>('GET', `${API.pages}/about?lang=${lang}`);
      await useLanguage(lang);
      await page.goto(`${BASE}/#/pages/aboutUs/aboutUs`);
      await page.reload();
      await page.getByTestId('page-body').waitFor({ timeout: 20_000 });
      await expect(page.locator('.page-header__title').innerText()).resolves.toBe(about.title);
      await expect(page.getByTestId('app-version').innerText()).resolves.toContain('1.0.0');
      await expect(page.getByTestId('server-version').innerText()).resolves.toBe(info.version);
      titles.push(about.title);
      await page.waitForLoadState('networkidle');
      await shot(`content-04-about-${lang}`);
      expect(await problemsOf(`about ${lang}`)).toEqual([]);
    }
    expect(titles[0]).not.toBe(titles[1]);
    await page.getByTestId('about-locations').click();
    await page.waitForURL((u) => u.hash === '#/choose-location');
    await page.locator(`[data-testid="office"][data-id="${officeId}"]`).waitFor({ timeout: 20_000 });
    expect(await problemsOf('choose-location')).toEqual([]);
  }, 90_000);

  it('opens an office with a geo: link and an OpenStreetMap web link, and loads nothing third-party', async () => {
    for (const lang of ['zh-TW', 'en'] as const) {
      await useLanguage(lang);
      await page.goto(`${BASE}/#/choose-location`);
      await page.reload();
      requested.length = 0;
      await page.locator(`[data-testid="office"][data-id="${officeId}"]`).click();
      await page.waitForURL((u) => u.hash === `#/open-location?id=${officeId}`);
      const geo = page.getByTestId('office-geo');
      await geo.waitFor();
      expect(await geo.getAttribute('href')).toMatch(/^geo:25\.033964,121\.564468\?q=/);
      const web = await page.getByTestId('office-web-map').getAttribute('href');
      expect(new URL(web!).hostname).toBe('www.openstreetmap.org');
      expect(web).toContain('mlat=25.033964');
      await expect(page.getByTestId('office-osm').count()).resolves.toBe(0);
      await page.waitForFunction(() => (document.querySelector('[data-testid="office-map-image"]') as HTMLImageElement | null)?.naturalWidth);
      await page.waitForLoadState('networkidle');
      expect(requested.filter((u) => new URL(u).origin !== new URL(BASE).origin)).toEqual([]);
      await shot(`content-05-location-${lang}`);
      expect(await problemsOf(`open-location ${lang}`)).toEqual([]);
    }
    await useLanguage('zh-TW');
  }, 90_000);

  it('says so, with a way back, where an article or office is not there', async () => {
    for (const route of ['/pages/information/detail?id=00000000-0000-4000-8000-000000000000', '/pages/index/detail', '/open-location?id=nope']) {
      await page.goto(`${BASE}/#${route}`);
      await page.getByTestId('empty-state').waitFor({ timeout: 20_000 });
      expect(await problemsOf(route)).toEqual([]);
    }
    for (const route of ['/pages/yinsi/yinsi', '/pages/yinsi/gy']) {
      await page.goto(`${BASE}/#${route}`);
      await page.getByTestId('page-body').waitFor({ timeout: 20_000 });
      expect(await problemsOf(route)).toEqual([]);
    }
  }, 90_000);
});
