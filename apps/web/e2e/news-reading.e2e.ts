// Browser test of reading the news at 375x812: twelve articles made through the operators' api fill more than a
// page of the news tab, whose next page (keyset cursor) comes as the reader scrolls to its end, in order and with
// no article twice; an article leads to its neighbours (next is the newer one, previous the older), the newest
// only back and the oldest only on; the share button hands the title and address to the phone's share sheet, or
// copies the address and says so where there is none; the tab says so when there is no news and offers a retry
// when the news cannot be loaded; and home's shortcuts reach their pages (or log in first, for a signed-out
// reader) and its language button opens the language sheet. Screenshots of the list with its second page and of
// an article with both neighbours, in zh-TW and English, in screenshots/news-reading-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { API, type NewsArticle, type Page as ListPage } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { SCREENSHOT_DIR, launchBrowser } from '../../../scripts/testing/browser.mjs';
import { BASE, call, operatorToken, send } from './support.js';

const stamp = Date.now();
const LANGS = ['zh-TW', 'en'] as const;
type Lang = (typeof LANGS)[number];
/** Articles a page of the news tab asks for (NEWS_PAGE_SIZE in apps/web/src/features/content/hooks.ts). */
const PAGE_SIZE = 10;
/** Two more than a page: our two oldest cannot be on the first page, whatever else is published. */
const COUNT = PAGE_SIZE + 2;
/** The article whose neighbours are checked: ours on both sides. */
const MIDDLE = 5;
// The web app's routes (ROUTES in apps/web/src/lib/paths.ts; tests import no app source).
const NEWS = '/pages/information/information';
const DETAIL = '/pages/information/detail';
const HOME = '/pages/index/index';
const LOGIN = '/pages/login/login';
/** Home's shortcuts (QUICK_LINKS in HomePage.tsx): where each leads, and the page there, or null where it needs a session. */
const QUICK: [key: string, route: string, pageTestId: string | null][] = [
  ['deposit', '/pages/deposit/deposit', null],
  ['trade', '/pages/product/product', 'products'],
  ['positions', '/pages/order/order', null],
  ['withdrawalMethod', '/pages/account/account', null],
  ['about', '/pages/aboutUs/aboutUs', 'about-page'],
  ['messages', '/pages/message/message', null],
  ['service', '/support', null],
  ['privacy', '/pages/yinsi/yinsi', 'privacy-page'],
];

/** Our articles' titles, `i` 0 the oldest. */
const titleOf = (i: number, lang: Lang) => `${lang === 'en' ? 'Reading' : '閱讀'} ${String(i + 1).padStart(2, '0')} ${stamp}`;
/** Our articles' ids, oldest first. */
const ids: string[] = [];

/** What the share test's pages copied to the clipboard and handed to the share sheet. */
interface Recorded {
  __copied: string[];
  __shared: ShareData[];
}

let operator = '';
let context: BrowserContext;
let page: Page;

const isNewsList = (url: URL | string) => new URL(url).pathname === `/api${API.news}`;
const itemOf = (id: string) => page.locator(`[data-testid="news-item"][data-id="${id}"]`);
const articleHash = (id: string) => `#${DETAIL}?id=${id}`;

/** A fresh load of `route` in `lang` (the language set through `page`, whose storage every page here shares). */
async function open(p: Page, route: string, lang: Lang): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('candor.lang', l), lang);
  await p.goto('about:blank');
  await p.goto(`${BASE}/#${route}`);
}

/** A screenshot of what is on screen (the whole page with `full`), as screenshots/news-reading-<name>.png. */
async function shot(p: Page, name: string, full = false): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await p.screenshot({ path: path.join(SCREENSHOT_DIR, `news-reading-${name}.png`), fullPage: full });
}

/** Every published article as the api lists it, newest first, page by page. */
async function allPublished(): Promise<NewsArticle[]> {
  const all: NewsArticle[] = [];
  let cursor: string | null = null;
  do {
    const next: ListPage<NewsArticle> = await call('GET', `${API.news}?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return all;
}

/** Waits for the article `id` to be shown on `p`, and returns its title. */
async function shownArticle(p: Page, id: string): Promise<string> {
  await p.waitForURL((u) => u.hash === articleHash(id));
  await p.locator(`[data-testid="article"][data-id="${id}"]`).waitFor({ timeout: 20_000 });
  return p.getByTestId('article-title').innerText();
}

beforeAll(async () => {
  operator = await operatorToken();
  // A second apart, a couple of minutes ago: published now, in a known order.
  const first = Date.now() - 120_000;
  for (let i = 0; i < COUNT; i++) {
    const translations = Object.fromEntries(
      LANGS.map((lang) => [lang, { title: titleOf(i, lang), summary: `${lang} summary ${i + 1}`, body: `<p>${titleOf(i, lang)}</p>` }]),
    );
    const made = await call<{ id: string }>('POST', API.adminNews, { translations, publishAt: new Date(first + i * 1000).toISOString() }, operator);
    ids.push(made.id);
  }
  context = await launchBrowser({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  // A reload returns to where the page was left (the end of the news, after the first language's run): each load
  // here starts at the top, so the second page is loaded by this test's scrolling.
  await context.addInitScript(() => sessionStorage.removeItem('candor.scroll'));
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE}/#${HOME}`);
}, 60_000);

afterAll(async () => {
  await context?.close();
  for (const id of ids) await send('DELETE', `${API.adminNews}/${id}`, undefined, operator);
});

describe('reading the news', () => {
  it('loads the next page as the reader scrolls to the end of the news tab, with no article twice', async () => {
    for (const lang of LANGS) {
      const asked: URL[] = [];
      const onRequest = (r: Request) => void (isNewsList(r.url()) && asked.push(new URL(r.url())));
      page.on('request', onRequest);
      const firstAnswer = page.waitForResponse((r) => isNewsList(r.url()) && !new URL(r.url()).searchParams.has('cursor'));
      await open(page, NEWS, lang);
      const firstPage = (await (await firstAnswer).json()) as ListPage<NewsArticle>;
      await page.getByTestId('news-list').waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      // Before any scrolling: one page asked for, at the page size, and our oldest not on it.
      expect(asked.map((u) => [u.searchParams.get('limit'), u.searchParams.get('cursor')])).toEqual([[String(PAGE_SIZE), null]]);
      expect(firstPage.nextCursor).not.toBeNull();
      await expect(page.getByTestId('news-item').count()).resolves.toBe(PAGE_SIZE);
      await expect(itemOf(ids[0]!).count()).resolves.toBe(0);

      const secondAnswer = page.waitForResponse((r) => isNewsList(r.url()) && new URL(r.url()).searchParams.get('cursor') === firstPage.nextCursor);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const secondPage = (await (await secondAnswer).json()) as ListPage<NewsArticle>;
      await itemOf(ids[0]!).waitFor({ timeout: 10_000 });
      await page.waitForLoadState('networkidle');
      expect(asked.filter((u) => u.searchParams.get('cursor') === firstPage.nextCursor)).toHaveLength(1);
      // Both pages, each article once, ours all twelve, newest first.
      const shown = await page.getByTestId('news-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      expect(shown).toHaveLength(PAGE_SIZE + secondPage.items.length);
      expect(new Set(shown).size).toBe(shown.length);
      const ours = page.getByTestId('news-item').filter({ hasText: String(stamp) });
      await expect(ours.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).resolves.toEqual([...ids].reverse());
      await expect(itemOf(ids[0]!).innerText()).resolves.toContain(titleOf(0, lang));
      // Our oldest in the middle of the screen, clear of the tab bar, with the rest of the second page below it.
      await itemOf(ids[0]!).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, `01-list-${lang}`);
      page.off('request', onRequest);
    }
  }, 90_000);

  it('leads from an article to the newer one (next) and the older one (previous)', async () => {
    // The api lists ours one after another, so a middle one's neighbours are ours.
    const listed = (await allPublished()).map((a) => a.id);
    const at = listed.indexOf(ids[MIDDLE]!);
    expect(listed.slice(at - 1, at + 2)).toEqual([ids[MIDDLE + 1], ids[MIDDLE], ids[MIDDLE - 1]]);
    for (const lang of LANGS) {
      await open(page, `${DETAIL}?id=${ids[MIDDLE]}`, lang);
      await expect(shownArticle(page, ids[MIDDLE]!)).resolves.toBe(titleOf(MIDDLE, lang));
      const next = page.getByTestId('article-next');
      const previous = page.getByTestId('article-previous');
      await expect(next.getAttribute('href')).resolves.toBe(articleHash(ids[MIDDLE + 1]!));
      await expect(next.innerText()).resolves.toContain(titleOf(MIDDLE + 1, lang));
      await expect(next.innerText()).resolves.toContain(resources[lang].content.article.next);
      await expect(previous.getAttribute('href')).resolves.toBe(articleHash(ids[MIDDLE - 1]!));
      await expect(previous.innerText()).resolves.toContain(titleOf(MIDDLE - 1, lang));
      await expect(previous.innerText()).resolves.toContain(resources[lang].content.article.previous);
      await page.waitForLoadState('networkidle');
      await shot(page, `02-article-${lang}`, true);

      await next.click();
      await expect(shownArticle(page, ids[MIDDLE + 1]!)).resolves.toBe(titleOf(MIDDLE + 1, lang));
      await expect(previous.innerText()).resolves.toContain(titleOf(MIDDLE, lang));
      await previous.click();
      await expect(shownArticle(page, ids[MIDDLE]!)).resolves.toBe(titleOf(MIDDLE, lang));
      await previous.click();
      await expect(shownArticle(page, ids[MIDDLE - 1]!)).resolves.toBe(titleOf(MIDDLE - 1, lang));
      await expect(next.innerText()).resolves.toContain(titleOf(MIDDLE, lang));
    }
  }, 90_000);

  it('offers only the older article on the newest and only the newer on the oldest', async () => {
    const listed = await allPublished();
    const newest = listed[0]!;
    const oldest = listed[listed.length - 1]!;
    expect(newest.id).not.toBe(oldest.id);
    await open(page, `${DETAIL}?id=${newest.id}`, 'zh-TW');
    await expect(shownArticle(page, newest.id)).resolves.toBe(newest.title);
    await expect(page.getByTestId('article-previous').getAttribute('href')).resolves.toBe(articleHash(listed[1]!.id));
    await expect(page.getByTestId('article-next').count()).resolves.toBe(0);
    await open(page, `${DETAIL}?id=${oldest.id}`, 'zh-TW');
    await expect(shownArticle(page, oldest.id)).resolves.toBe(oldest.title);
    await expect(page.getByTestId('article-next').getAttribute('href')).resolves.toBe(articleHash(listed[listed.length - 2]!.id));
    await expect(page.getByTestId('article-previous').count()).resolves.toBe(0);
  }, 60_000);

  it("copies the article's address and says so without a share sheet, and hands title and address to one", async () => {
    const id = ids[MIDDLE]!;
    // Records what the page copies and shares; `sheet`: whether the page has a share sheet at all.
    const recorder = (sheet: boolean) => {
      const w = window as unknown as Recorded;
      w.__copied = [];
      w.__shared = [];
      const share = sheet ? async (data: ShareData) => void w.__shared.push(data) : undefined;
      Object.defineProperty(Navigator.prototype, 'share', { value: share, configurable: true });
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void w.__copied.push(text) }, configurable: true });
    };
    const recorded = (p: Page) => p.evaluate(() => ({ copied: (window as unknown as Recorded).__copied, shared: (window as unknown as Recorded).__shared }));
    for (const sheet of [false, true]) {
      const p = await context.newPage();
      try {
        await p.addInitScript(recorder, sheet);
        await open(p, `${DETAIL}?id=${id}`, 'en');
        await shownArticle(p, id);
        await expect(p.evaluate(() => typeof navigator.share)).resolves.toBe(sheet ? 'function' : 'undefined');
        await p.getByTestId('share').click();
        const url = `${BASE}/${articleHash(id)}`;
        if (sheet) {
          await p.waitForFunction(() => (window as unknown as Recorded).__shared.length > 0);
          await expect(recorded(p)).resolves.toEqual({ shared: [{ title: titleOf(MIDDLE, 'en'), url }], copied: [] });
          await expect(p.getByTestId('toast').count()).resolves.toBe(0);
        } else {
          await p.getByTestId('toast').waitFor();
          await expect(p.getByTestId('toast').innerText()).resolves.toBe(resources.en.content.article.copied);
          await expect(recorded(p)).resolves.toEqual({ shared: [], copied: [url] });
        }
      } finally {
        await p.close();
      }
    }
  }, 60_000);

  it('says there is no news when the list is empty, and offers a retry that loads it after an error', async () => {
    const zh = resources['zh-TW'];
    const empty: ListPage<NewsArticle> = { items: [], nextCursor: null };
    try {
      await page.route(isNewsList, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(empty) }));
      await open(page, NEWS, 'zh-TW');
      const emptyState = page.getByTestId('empty-state');
      await emptyState.waitFor({ timeout: 20_000 });
      await expect(emptyState.innerText()).resolves.toContain(zh.content.news.emptyTitle);
      await expect(page.getByTestId('news-list').count()).resolves.toBe(0);
      await page.unroute(isNewsList);

      let failed = 0;
      const envelope = { error: { code: 'INTERNAL', message: 'news-reading e2e: the server failed' } };
      await page.route(isNewsList, (route) => {
        failed += 1;
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(envelope) });
      });
      await open(page, NEWS, 'zh-TW');
      const errorState = page.getByTestId('error-state');
      await errorState.waitFor({ timeout: 20_000 });
      // The first ask and the two retries of a server error (apps/web/src/lib/queryClient.ts).
      expect(failed).toBe(3);
      await expect(errorState.innerText()).resolves.toContain(envelope.error.message);
      await expect(page.getByTestId('news-list').count()).resolves.toBe(0);
      await page.unroute(isNewsList);

      const answered = page.waitForResponse((r) => isNewsList(r.url()) && r.status() === 200);
      await errorState.getByRole('button', { name: zh.common.action.retry }).click();
      await answered;
      await itemOf(ids[COUNT - 1]!).waitFor({ timeout: 10_000 });
      await expect(page.getByTestId('error-state').count()).resolves.toBe(0);
      expect(failed).toBe(3);
    } finally {
      await page.unrouteAll();
    }
  }, 60_000);

  it('takes a signed-out reader from each home shortcut to its page, or to log in first where it needs a session', async () => {
    for (const [key, route, pageTestId] of QUICK) {
      await open(page, HOME, 'zh-TW');
      const link = page.getByTestId(`quick-${key}`);
      await link.waitFor({ timeout: 20_000 });
      await expect(link.getAttribute('href')).resolves.toBe(`#${route}`);
      await link.click();
      if (pageTestId) {
        await page.waitForURL((u) => u.hash === `#${route}`);
        await page.getByTestId(pageTestId).waitFor({ timeout: 20_000 });
        expect(new URL(page.url()).hash).toBe(`#${route}`);
      } else {
        // Sent to log in, which remembers where to go once signed in (RequireAuth's `from`).
        await page.waitForURL((u) => u.hash === `#${LOGIN}`);
        await page.getByTestId('login-form').waitFor({ timeout: 20_000 });
        await expect(page.evaluate(() => (history.state as { usr?: { from?: string } } | null)?.usr?.from)).resolves.toBe(route);
      }
    }
  }, 120_000);

  it("opens the language sheet from home's language button, and a choice there applies at once", async () => {
    await open(page, HOME, 'zh-TW');
    const button = page.getByTestId('home-language');
    await button.waitFor({ timeout: 20_000 });
    await expect(button.innerText()).resolves.toBe('繁體中文');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await button.click();
    const sheet = page.getByRole('dialog', { name: resources['zh-TW'].user.settings.language });
    await sheet.waitFor();
    await expect(sheet.getByTestId('lang-zh-TW').getAttribute('aria-checked')).resolves.toBe('true');
    await sheet.getByTestId('lang-en').click();
    await sheet.waitFor({ state: 'detached' });
    await expect(button.innerText()).resolves.toBe('English');
    await expect(page.getByTestId('quick-deposit').innerText()).resolves.toBe(resources.en.market.home.quick.deposit);
    await expect(page.evaluate(() => localStorage.getItem('candor.lang'))).resolves.toBe('en');
  }, 60_000);
});
