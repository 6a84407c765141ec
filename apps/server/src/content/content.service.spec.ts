import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../test/utils.js';
import { Clock } from '../common/clock.js';
import { MarketService } from '../market/market.service.js';
import { ContentCache } from './content-cache.js';
import { ContentRepository, type ContentRow } from './content.repository.js';
import { ContentService } from './content.service.js';

const NOW = new Date('2026-12-02T04:00:00.000Z');
const clock = { now: () => NOW } as Clock;
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const article = (n: number, over: Partial<ContentRow> = {}): ContentRow => ({
  id: ID(n),
  translations: { 'zh-TW': { title: `標題${n}`, summary: '摘要', body: '<p>內文</p>' }, en: { title: `Title ${n}`, summary: 'Sum', body: '<p>Body</p>' } },
  image_upload_id: null,
  image_sha: null,
  updated_at: NOW,
  publish_at: new Date(NOW.getTime() - n * 60_000),
  ...over,
});

function setup() {
  const { sut, mocks } = newTestService(ContentService, [[Clock, clock]]);
  const cache = mocks.get<ContentCache>(ContentCache);
  cache.get.mockImplementation(<T>(_key: string, load: () => Promise<T>) => load());
  return { sut, repo: mocks.get<ContentRepository>(ContentRepository), cache, market: mocks.get<MarketService>(MarketService) };
}

describe('ContentService', () => {
  it('pages the news by keyset: one row more than asked says there is a next page, whose cursor is the last row', async () => {
    const { sut, repo } = setup();
    repo.publishedNews.mockResolvedValue([article(1), article(2), article(3)]);
    const page = await sut.news('ja', { limit: 2 });
    expect(repo.publishedNews).toHaveBeenCalledWith(NOW, null, 3);
    expect(page.items.map((i) => [i.id, i.title, i.locale])).toEqual([
      [ID(1), '標題1', 'zh-TW'],
      [ID(2), '標題2', 'zh-TW'],
    ]);
    expect(page.nextCursor).not.toBeNull();
    repo.publishedNews.mockResolvedValue([article(3)]);
    const next = await sut.news('en', { limit: 2, cursor: page.nextCursor! });
    expect(repo.publishedNews).toHaveBeenLastCalledWith(NOW, { at: article(2).publish_at!.toISOString(), id: ID(2) }, 3);
    expect(next).toEqual({ items: [expect.objectContaining({ id: ID(3), title: 'Title 3', locale: 'en' })], nextCursor: null });
  });

  it('refuses a cursor that is not one of its own', async () => {
    const { sut } = setup();
    expect(() => sut.news('en', { cursor: 'bogus' })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'cursor' }));
  });

  it('answers an article with its body and neighbours, and 404 for a scheduled, draft, unknown or malformed one', async () => {
    const { sut, repo } = setup();
    repo.byId.mockResolvedValue(article(2));
    repo.newsNeighbours.mockResolvedValue({ previous: article(3), next: null });
    await expect(sut.article(ID(2), 'en')).resolves.toMatchObject({ id: ID(2), body: '<p>Body</p>', previous: { id: ID(3), title: 'Title 3' }, next: null });
    repo.byId.mockResolvedValue(article(2, { publish_at: new Date(NOW.getTime() + 1) }));
    await expect(sut.article(ID(2), 'en')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    repo.byId.mockResolvedValue(article(2, { publish_at: null }));
    await expect(sut.article(ID(2), 'en')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    repo.byId.mockResolvedValue(null);
    await expect(sut.article(ID(2), 'en')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(() => sut.article('../x', 'en')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('the home page: published banners and highlights, the three newest articles, and live recommended products', async () => {
    const { sut, repo, market, cache } = setup();
    const link = { kind: 'route' as const, path: '/recharge' };
    repo.list.mockImplementation(async (kind) => [{ ...article(1, { publish_at: null }), link, translations: { 'zh-TW': { title: kind, summary: 's' } } }]);
    repo.publishedNews.mockResolvedValue([article(1)]);
    market.recommended.mockResolvedValue([{ symbol: 'BTCUSDT' } as never]);
    const home = await sut.home('en');
    expect(repo.list).toHaveBeenCalledWith('banner', { publishedOnly: true });
    expect(repo.publishedNews).toHaveBeenCalledWith(NOW, null, 3);
    expect(home).toEqual({
      banners: [{ id: ID(1), title: 'banner', imageUrl: null, link }],
      highlights: [{ id: ID(1), title: 'highlight', summary: 's', iconUrl: null, link }],
      news: [expect.objectContaining({ id: ID(1), title: 'Title 1' })],
      recommended: [{ symbol: 'BTCUSDT' }],
    });
    // Prices move every tick: only the content is kept.
    expect(cache.get).toHaveBeenCalledWith('home:en', expect.any(Function));
  });

  it('the home and first news page as bytes are the same JSON as the objects, joined again only when a part changed', async () => {
    const { sut, repo, market } = setup();
    const link = { kind: 'route' as const, path: '/recharge' };
    repo.list.mockImplementation(async (kind) => [{ ...article(1, { publish_at: null }), link, translations: { 'zh-TW': { title: kind, summary: 's' } } }]);
    repo.publishedNews.mockResolvedValue([article(1), article(2)]);
    market.recommended.mockResolvedValue([{ symbol: 'BTCUSDT' } as never]);
    let recommended = Buffer.from(JSON.stringify([{ symbol: 'BTCUSDT' }]));
    market.recommendedJson.mockImplementation(async () => recommended);
    const bytes = await sut.homeJson('en');
    expect(JSON.parse(bytes.toString())).toEqual(await sut.home('en'));
    expect(await sut.homeJson('en')).not.toBe(bytes); // this test's cache keeps nothing: a new head is a new join
    recommended = Buffer.from(JSON.stringify([{ symbol: 'ETHUSDT' }]));
    expect(JSON.parse((await sut.homeJson('en')).toString()).recommended).toEqual([{ symbol: 'ETHUSDT' }]);
    expect(JSON.parse((await sut.newsJson('ja')).toString())).toEqual(await sut.news('ja', {}));
  });

  it('joins the home bytes once while neither part changes (one compressed copy for every reader)', async () => {
    const { sut, repo, market, cache } = setup();
    const kept = new Map<string, unknown>();
    cache.get.mockImplementation(async <T>(key: string, load: () => Promise<T>) =>
      kept.has(key) ? (kept.get(key) as T) : (kept.set(key, await load()), kept.get(key) as T),
    );
    repo.list.mockResolvedValue([]);
    repo.publishedNews.mockResolvedValue([]);
    const recommended = Buffer.from('[]');
    market.recommendedJson.mockResolvedValue(recommended);
    const first = await sut.homeJson('en');
    expect(first.toString()).toBe('{"banners":[],"highlights":[],"news":[],"recommended":[]}');
    expect(await sut.homeJson('en')).toBe(first);
    market.recommendedJson.mockResolvedValue(Buffer.from('[]'));
    expect(await sut.homeJson('en')).not.toBe(first);
  });

  it('pages: an unknown slug is 404 before any read; a known one in the asked language', async () => {
    const { sut, repo } = setup();
    expect(() => sut.page('terms', 'en')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    repo.page.mockResolvedValue({
      slug: 'about',
      translations: { 'zh-TW': { title: '關於', body: '<p>a</p>' }, en: { title: 'About', body: '<p>b</p>' } },
      updated_at: NOW,
    });
    await expect(sut.page('about', 'en')).resolves.toEqual({ slug: 'about', title: 'About', body: '<p>b</p>', locale: 'en', updatedAt: NOW.toISOString() });
    await expect(sut.page('about', 'th')).resolves.toMatchObject({ title: '關於', locale: 'zh-TW' });
  });

  it('offices in the asked language with their map image URL', async () => {
    const { sut, repo } = setup();
    const sha = 'a'.repeat(64);
    repo.list.mockResolvedValue([
      {
        ...article(1),
        image_sha: sha,
        latitude: 25,
        longitude: 121.5,
        osm_embed: true,
        translations: { 'zh-TW': { name: '台北', address: '台北市', hours: '9-18' } },
      },
    ]);
    await expect(sut.offices('en')).resolves.toEqual([
      { id: ID(1), name: '台北', address: '台北市', hours: '9-18', latitude: 25, longitude: 121.5, mapImageUrl: `/api/media/${sha}.jpg`, osmEmbed: true },
    ]);
    expect(repo.list).toHaveBeenCalledWith('office');
  });
});
