import { describe, expect, it } from '@jest/globals';
import { bannerBody, CONTENT_HTML, highlightBody, LOCALES, newsBody, officeBody, PAGE_SLUGS, pageBody, type Locale } from '@candor/contracts';
import { sanitizeContentHtml } from './sanitize.js';
import { SEED_CONTENT } from './seed-content.js';
import { mainlandTermsIn } from '@candor/i18n';

const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/g;
/** Mainland usages that Taiwan writes otherwise (帳號, 登入, 電子郵件, 雜湊, 資訊 or 訊息, 資料, 影片). */
const MAINLAND_TERMS = ['登錄', '賬號', '帳戶', '郵箱', '哈希', '信息', '數據', '視頻'];

/** Every body in the seed, named for the failure message. */
function bodies(): [string, string][] {
  const pages = PAGE_SLUGS.flatMap((slug) => Object.entries(SEED_CONTENT.pages[slug]).map(([l, p]): [string, string] => [`page ${slug} ${l}`, p.bodyHtml]));
  const articles = SEED_CONTENT.articles.flatMap((a) =>
    Object.entries(a.translations).map(([l, t]): [string, string] => [`article ${a.key} ${l}`, t.bodyHtml]),
  );
  return [...pages, ...articles];
}

/** The tags and attributes of an HTML string outside CONTENT_HTML, and any '<' or '>' left outside a tag. */
function disallowed(html: string): string[] {
  const found: string[] = [];
  for (const [, tag = '', rest = ''] of html.matchAll(TAG)) {
    const name = tag.toLowerCase();
    if (!(CONTENT_HTML.tags as readonly string[]).includes(name)) found.push(`<${name}>`);
    const allowed = CONTENT_HTML.attributes[name] ?? [];
    for (const [, attribute = ''] of rest.matchAll(ATTRIBUTE)) if (!allowed.includes(attribute.toLowerCase())) found.push(`${name}[${attribute}]`);
  }
  if (/[<>]/.test(html.replace(TAG, ''))) found.push('a stray < or >');
  return [...new Set(found)];
}

/** Every zh-TW text of the seed. */
function zhTwTexts(): string[] {
  const zh = (t: Partial<Record<Locale, object>>) => Object.values(t['zh-TW'] ?? {}).filter((v): v is string => typeof v === 'string');
  return [
    ...PAGE_SLUGS.flatMap((slug) => zh(SEED_CONTENT.pages[slug])),
    ...[...SEED_CONTENT.articles, ...SEED_CONTENT.banners, ...SEED_CONTENT.highlights, ...SEED_CONTENT.offices].flatMap((item) => zh(item.translations)),
  ];
}

describe('SEED_CONTENT', () => {
  it('writes its zh-TW texts in Taiwan usage (no mainland term: ZH_TW_MAINLAND_TERMS)', () => {
    expect(zhTwTexts().flatMap((text) => mainlandTermsIn(text))).toEqual([]);
  });

  it.each(PAGE_SLUGS)('has the %s page in all ten languages, each with a title and a body', (slug) => {
    const page = SEED_CONTENT.pages[slug];
    expect(Object.keys(page).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect(page[locale]?.title.trim()).toBeTruthy();
      expect(page[locale]?.bodyHtml).toMatch(/^<p>.+<h2>.+<\/p>$/);
    }
    // Each language is its own text, not a copy of another.
    expect(new Set(LOCALES.map((l) => page[l]?.bodyHtml)).size).toBe(LOCALES.length);
  });

  it('has at least three articles in zh-TW and English, of 300 to 700 English words, with unique keys', () => {
    expect(SEED_CONTENT.articles.length).toBeGreaterThanOrEqual(3);
    expect(new Set(SEED_CONTENT.articles.map((a) => a.key)).size).toBe(SEED_CONTENT.articles.length);
    for (const { key, translations } of SEED_CONTENT.articles) {
      for (const locale of ['zh-TW', 'en'] as const) {
        const t = translations[locale];
        expect([key, locale, Boolean(t?.title.trim() && t.summary.trim() && t.bodyHtml.trim())]).toEqual([key, locale, true]);
      }
      const words = (translations.en?.bodyHtml ?? '').replace(TAG, ' ').split(/\s+/).filter(Boolean).length;
      expect([key, words >= 300 && words <= 700]).toEqual([key, true]);
      expect((translations['zh-TW']?.bodyHtml ?? '').replace(TAG, '').length).toBeGreaterThan(600);
    }
  });

  it('writes every body with CONTENT_HTML tags and attributes only', () => {
    const found = bodies().flatMap(([name, html]) => disallowed(html).map((d) => `${name}: ${d}`));
    expect(found).toEqual([]);
  });

  it('keeps every body as it is through the sanitiser the server applies on save', () => {
    for (const [name, html] of bodies()) expect([name, sanitizeContentHtml(html)]).toEqual([name, html]);
  });

  it('the helper finds a tag or attribute outside the allow-list', () => {
    expect(disallowed('<p>a</p><div class="x">b</div><a href="/x" onclick="y">c</a> 1 < 2')).toEqual(['<div>', 'div[class]', 'a[onclick]', 'a stray < or >']);
  });

  it('has no placeholder text', () => {
    const all = JSON.stringify(SEED_CONTENT);
    expect(all).not.toMatch(/lorem|placeholder/i);
    expect(all).not.toContain('TODO');
  });

  it('keeps summaries within 500 characters and titles within 200', () => {
    const items = [...SEED_CONTENT.articles, ...SEED_CONTENT.banners, ...SEED_CONTENT.highlights].flatMap((item) => Object.values(item.translations));
    const pageTitles = PAGE_SLUGS.flatMap((slug) => Object.values(SEED_CONTENT.pages[slug]).map((p) => p.title));
    for (const title of [...items.map((t) => t.title), ...pageTitles]) expect(title.length).toBeLessThanOrEqual(200);
    const summaries = [...SEED_CONTENT.articles, ...SEED_CONTENT.highlights].flatMap((item) => Object.values(item.translations).map((t) => t.summary));
    for (const summary of summaries) expect(summary.length).toBeLessThanOrEqual(500);
  });

  it('passes the schemas the operators’ edits go through', () => {
    for (const slug of PAGE_SLUGS) {
      const translations = Object.fromEntries(Object.entries(SEED_CONTENT.pages[slug]).map(([l, p]) => [l, { title: p.title, body: p.bodyHtml }]));
      expect(pageBody.safeParse({ translations }).success).toBe(true);
    }
    for (const a of SEED_CONTENT.articles) {
      const translations = Object.fromEntries(Object.entries(a.translations).map(([l, t]) => [l, { title: t.title, summary: t.summary, body: t.bodyHtml }]));
      expect([a.key, newsBody.safeParse({ translations }).success]).toEqual([a.key, true]);
    }
    for (const b of SEED_CONTENT.banners) expect([b.key, bannerBody.safeParse({ translations: b.translations, link: b.link }).success]).toEqual([b.key, true]);
    for (const h of SEED_CONTENT.highlights)
      expect([h.key, highlightBody.safeParse({ translations: h.translations, link: h.link }).success]).toEqual([h.key, true]);
    for (const { key: _key, ...office } of SEED_CONTENT.offices) expect(officeBody.safeParse(office).success).toBe(true);
  });

  it('has one banner, three or four highlights, and the Taipei office in Xinyi District in zh-TW and English', () => {
    expect(SEED_CONTENT.banners).toHaveLength(1);
    expect(SEED_CONTENT.highlights.length).toBeGreaterThanOrEqual(3);
    expect(SEED_CONTENT.highlights.length).toBeLessThanOrEqual(4);
    for (const item of [...SEED_CONTENT.banners, ...SEED_CONTENT.highlights])
      expect(Object.keys(item.translations)).toEqual(expect.arrayContaining(['zh-TW', 'en']));
    const [office] = SEED_CONTENT.offices;
    expect(office?.translations['zh-TW']).toMatchObject({ address: expect.stringContaining('臺北市信義區'), hours: '週一至週五 09:00–18:00' });
    expect(office?.translations.en).toMatchObject({ address: expect.stringContaining('Xinyi Dist., Taipei'), hours: 'Mon–Fri 09:00–18:00' });
    expect(office?.latitude).toBeCloseTo(25.033, 2);
    expect(office?.longitude).toBeCloseTo(121.565, 2);
  });

  it('writes zh-TW as Taiwan does', () => {
    const texts = zhTwTexts();
    expect(texts.length).toBeGreaterThan(20);
    const found = texts.flatMap((text) => MAINLAND_TERMS.filter((term) => text.includes(term)).map((term) => `${term} in “${text.slice(0, 40)}…”`));
    expect(found).toEqual([]);
  });
});
