import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { startApp, type TestApp } from './support/app.js';
import { createOperator, loginOperator } from './support/factories.js';
import { MovableClock } from './support/earn.js';

type Auth = { Authorization: string };
const HOUR = 3_600_000;

/** A photo-like JPEG (noise, so it does not compress to nothing). */
function photo(width = 1600, height = 900): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i % 251) ^ ((i * 7919) & 0xff);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe('content: news, home, pages, offices and images (issue 47)', () => {
  let t: TestApp;
  let other: TestApp;
  let admin: Auth;
  let reviewer: Auth;
  const clock = new MovableClock(new Date());

  beforeAll(async () => {
    t = await startApp({}, { clock });
    other = await startApp();
    admin = (await loginOperator(t)).auth;
    reviewer = (await loginOperator(t, await createOperator(t, 'reviewer'))).auth;
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();
  const createNews = async (over: Record<string, unknown> = {}, translations?: Record<string, unknown>) => {
    const res = await t
      .http()
      .post('/api/admin/news')
      .set(admin)
      .send({ translations: translations ?? { 'zh-TW': { title: '新聞', summary: '摘要', body: '<p>內文</p>' } }, publishAt: at(-60_000), ...over })
      .expect(201);
    return res.body as { id: string; status: string; translations: Record<string, { body: string }>; missing: string[] };
  };

  it('the seed ships articles, pages, banners, highlights and offices; the home page carries them with the recommended products', async () => {
    const news = await t.http().get('/api/news?lang=en').expect(200);
    expect(news.body.items.length).toBeGreaterThanOrEqual(3);
    const home = await t.http().get('/api/home?lang=en').expect(200);
    expect(home.body.banners.length).toBeGreaterThanOrEqual(1);
    expect(home.body.highlights.length).toBeGreaterThanOrEqual(1);
    expect(home.body.news).toHaveLength(3);
    expect(home.body.news.map((n: { id: string }) => n.id)).toEqual(news.body.items.slice(0, 3).map((n: { id: string }) => n.id));
    expect(Array.isArray(home.body.recommended)).toBe(true);
    const offices = await t.http().get('/api/offices?lang=en').expect(200);
    expect(offices.body[0]).toMatchObject({ name: expect.any(String), address: expect.any(String), latitude: expect.any(Number), osmEmbed: false });
  });

  it('pages differ by language, and an unknown slug is 404', async () => {
    const zh = await t.http().get('/api/pages/about').set('Accept-Language', 'zh-TW').expect(200);
    const en = await t.http().get('/api/pages/about?lang=en').expect(200);
    expect(zh.body).toMatchObject({ slug: 'about', locale: 'zh-TW', title: expect.any(String), body: expect.any(String) });
    expect(en.body).toMatchObject({ slug: 'about', locale: 'en' });
    expect(en.body.title).not.toBe(zh.body.title);
    expect(en.body.body).not.toBe(zh.body.body);
    await t.http().get('/api/pages/rights?lang=fr').expect(200);
    await t.http().get('/api/pages/terms').expect(404);
  });

  it('an article falls back to zh-TW in a language it lacks, and the console shows which are missing', async () => {
    const created = await createNews(
      {},
      { 'zh-TW': { title: '中文標題', summary: '中文摘要', body: '<p>中文</p>' }, en: { title: 'English', summary: 'Sum', body: '<p>en</p>' } },
    );
    expect(created.missing).toEqual(expect.arrayContaining(['ja', 'de']));
    expect(created.missing).not.toContain('en');
    const ja = await t.http().get(`/api/news/${created.id}?lang=ja`).expect(200);
    expect(ja.body).toMatchObject({ id: created.id, title: '中文標題', body: '<p>中文</p>', locale: 'zh-TW' });
    const en = await t.http().get(`/api/news/${created.id}`).set('Accept-Language', 'en-US').expect(200);
    expect(en.body).toMatchObject({ title: 'English', locale: 'en' });
    const list = await t.http().get('/api/news?lang=ko').expect(200);
    expect(list.body.items.find((n: { id: string }) => n.id === created.id)).toMatchObject({ title: '中文標題', locale: 'zh-TW' });
  });

  it('a scheduled article is invisible before its time and visible after (moved clock)', async () => {
    const created = await createNews({ publishAt: at(HOUR) });
    expect(created.status).toBe('scheduled');
    await t.http().get(`/api/news/${created.id}`).expect(404);
    const before = await t.http().get('/api/news?limit=50').expect(200);
    expect(before.body.items.map((n: { id: string }) => n.id)).not.toContain(created.id);
    clock.set(new Date(clock.now().getTime() + 2 * HOUR));
    await t.http().get(`/api/news/${created.id}`).expect(200);
    const after = await t.http().get('/api/news?limit=50').expect(200);
    expect(after.body.items[0].id).toBe(created.id);
    expect((await t.http().get(`/api/admin/news/${created.id}`).set(admin).expect(200)).body.status).toBe('published');
  });

  it('a <script>, an onerror=, a javascript: link and a <style> in a body are gone after save', async () => {
    const body =
      '<p>safe</p><script>alert(1)</script><img src="https://example.com/a.jpg" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
      '<style>body{display:none}</style><a href="https://example.com/">out</a>';
    const created = await createNews({}, { 'zh-TW': { title: 't', summary: 's', body } });
    for (const stored of [created.translations['zh-TW']!.body, (await t.http().get(`/api/news/${created.id}`).expect(200)).body.body as string]) {
      expect(stored).toContain('<p>safe</p>');
      expect(stored).not.toMatch(/script|onerror|javascript:|<style|display:none|alert/i);
      expect(stored).toContain('<a href="https://example.com/" rel="noopener noreferrer" target="_blank">out</a>');
    }
    const page = await t.http().get('/api/admin/pages').set(admin).expect(200);
    const privacy = page.body.find((p: { slug: string }) => p.slug === 'privacy');
    const saved = await t
      .http()
      .put('/api/admin/pages/privacy')
      .set(admin)
      .send({
        translations: {
          ...privacy.translations,
          'zh-TW': { title: privacy.translations['zh-TW'].title, body: `${privacy.translations['zh-TW'].body}${body}` },
        },
      })
      .expect(200);
    expect(saved.body.translations['zh-TW'].body).not.toMatch(/<script|onerror|javascript:|<style/i);
    await t.http().put('/api/admin/pages/privacy').set(admin).send({ translations: privacy.translations }).expect(200);
  });

  it('an unpublished, removed or unknown item answers 404; a hidden banner leaves the home page', async () => {
    const draft = await createNews({ publishAt: null });
    expect(draft.status).toBe('draft');
    await t.http().get(`/api/news/${draft.id}`).expect(404);
    const live = await createNews();
    await t.http().get(`/api/news/${live.id}`).expect(200);
    await t.http().patch(`/api/admin/news/${live.id}`).set(admin).send({ publishAt: null }).expect(200);
    await t.http().get(`/api/news/${live.id}`).expect(404);
    await t.http().delete(`/api/admin/news/${draft.id}`).set(admin).expect(204);
    await t.http().get(`/api/admin/news/${draft.id}`).set(admin).expect(404);
    await t.http().get('/api/news/00000000-0000-4000-8000-000000000000').expect(404);
    await t.http().get('/api/news/not-a-uuid').expect(404);

    const banner = await t
      .http()
      .post('/api/admin/banners')
      .set(admin)
      .send({ translations: { 'zh-TW': { title: '橫幅' } }, link: { kind: 'route', path: '/recharge' } })
      .expect(201);
    const ids = async () => (await t.http().get('/api/home').expect(200)).body.banners.map((b: { id: string }) => b.id);
    expect(await ids()).toContain(banner.body.id);
    await t.http().patch(`/api/admin/banners/${banner.body.id}`).set(admin).send({ published: false }).expect(200);
    expect(await ids()).not.toContain(banner.body.id);
    await t.http().delete(`/api/admin/banners/${banner.body.id}`).set(admin).expect(204);
  });

  it('a role without content.manage (reviewer) gets 403 on every edit, and no token 401', async () => {
    const news = await createNews();
    const body = { translations: { 'zh-TW': { title: 'x', summary: '', body: '' } } };
    const edits: [string, string, object?][] = [
      ['post', '/api/admin/news', body],
      ['patch', `/api/admin/news/${news.id}`, body],
      ['delete', `/api/admin/news/${news.id}`],
      ['put', '/api/admin/pages/about', { translations: { 'zh-TW': { title: 'x', body: '' } } }],
      ['post', '/api/admin/banners', { translations: { 'zh-TW': { title: 'x' } }, link: { kind: 'route', path: '/' } }],
      ['put', '/api/admin/highlights/order', { ids: [news.id] }],
      ['post', '/api/admin/offices', { translations: { 'zh-TW': { name: 'x', address: 'y', hours: '' } }, latitude: 0, longitude: 0 }],
      ['get', '/api/admin/news'],
    ];
    for (const [method, url, send] of edits) {
      const http = t.http() as unknown as Record<
        string,
        (u: string) => { set(h: object): { send(b?: object): Promise<{ status: number; body: { error?: { code: string } } }> } }
      >;
      const res = await http[method]!(url).set(reviewer).send(send);
      expect({ url, method, status: res.status, code: res.body.error?.code }).toEqual({ url, method, status: 403, code: 'FORBIDDEN' });
      expect({ url, status: (await http[method]!(url).set({}).send(send)).status }).toEqual({ url, status: 401 });
    }
    await t.http().get(`/api/news/${news.id}`).expect(200);
  });

  it('the news list pages by cursor, newest first, without duplicates', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push((await createNews({ publishAt: at(-(10 + (i % 3)) * 60_000) })).id);
    const seen: string[] = [];
    let times: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { items: { id: string; publishedAt: string }[]; nextCursor: string | null } } = await t
        .http()
        .get(`/api/news?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .expect(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((n: { id: string }) => n.id));
      times = [...times, ...res.body.items.map((n: { publishedAt: string }) => Date.parse(n.publishedAt))];
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(mine));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await t.http().get('/api/news?cursor=bogus').expect(400);
  });

  it('an edit reaches another api instance on the same Redis at once (its cache is dropped)', async () => {
    const pages = await t.http().get('/api/admin/pages').set(admin).expect(200);
    const about = pages.body.find((p: { slug: string }) => p.slug === 'about');
    const first = await other.http().get('/api/pages/about?lang=en').expect(200);
    expect((await other.http().get('/api/pages/about?lang=en').expect(200)).body).toEqual(first.body);
    try {
      await t
        .http()
        .put('/api/admin/pages/about')
        .set(admin)
        .send({ translations: { ...about.translations, en: { title: 'About, edited', body: '<p>Edited</p>' } } })
        .expect(200);
      expect((await other.http().get('/api/pages/about?lang=en').expect(200)).body).toMatchObject({ title: 'About, edited', body: '<p>Edited</p>' });
      expect((await other.http().get('/api/pages/about?lang=zh-TW').expect(200)).body.title).toBe(about.translations['zh-TW'].title);
    } finally {
      await t.http().put('/api/admin/pages/about').set(admin).send({ translations: about.translations }).expect(200);
    }
    const [line] = await t.ds.query(`SELECT action, target_id FROM audit_log WHERE action = 'content.page_update' ORDER BY id DESC LIMIT 1`);
    expect(line).toEqual({ action: 'content.page_update', target_id: 'about' });
  });

  it('content images: uploaded by an operator, served publicly with immutable caching, resized, WebP by Accept', async () => {
    const up = await t
      .http()
      .post('/api/admin/content-images')
      .set(admin)
      .attach('image', await photo(), 'p.jpg')
      .expect(201);
    expect(up.body.url).toMatch(/^\/api\/media\/[0-9a-f]{64}\.jpg$/);
    const webp = await other.http().get(`${up.body.url}?w=360`).set('Accept', 'image/avif,image/webp,*/*').buffer(true).expect(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      String(webp.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/),
    ).toContain('accept');
    expect(await sharp(webp.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 360 });
    const jpeg = await t.http().get(`${up.body.url}?w=720`).set('Accept', 'image/jpeg').buffer(true).expect(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 720 });
    await t.http().get(`${up.body.url}?w=999`).expect(400);
    await t
      .http()
      .get(`/api/media/${'0'.repeat(64)}.jpg`)
      .expect(404);
    await t.http().get('/api/media/..%2F..%2Fetc%2Fpasswd').expect(404);

    const article = await createNews({ coverUploadId: up.body.id });
    expect((await t.http().get(`/api/news/${article.id}`).expect(200)).body.coverUrl).toBe(up.body.url);
    await t
      .http()
      .post('/api/admin/news')
      .set(admin)
      .send({ translations: { 'zh-TW': { title: 'x', summary: '', body: '' } }, coverUploadId: article.id })
      .expect(400);
    await t
      .http()
      .post('/api/admin/content-images')
      .set(reviewer)
      .attach('image', await photo(40, 40), 'p.jpg')
      .expect(403);
  });

  it('banners and highlights keep the order operators set; offices are edited and removed', async () => {
    const before = (await t.http().get('/api/admin/highlights').set(admin).expect(200)).body.map((h: { id: string }) => h.id) as string[];
    const reversed = [...before].reverse();
    await t.http().put('/api/admin/highlights/order').set(admin).send({ ids: reversed }).expect(200);
    expect((await t.http().get('/api/home').expect(200)).body.highlights.map((h: { id: string }) => h.id)).toEqual(reversed);
    await t
      .http()
      .put('/api/admin/highlights/order')
      .set(admin)
      .send({ ids: reversed.slice(1) })
      .expect(400);
    await t.http().put('/api/admin/highlights/order').set(admin).send({ ids: before }).expect(200);

    const office = await t
      .http()
      .post('/api/admin/offices')
      .set(admin)
      .send({
        translations: { 'zh-TW': { name: '台北', address: '台北市', hours: '9-18' }, en: { name: 'Taipei', address: 'Taipei City', hours: '9-18' } },
        latitude: 25.03,
        longitude: 121.56,
      })
      .expect(201);
    expect((await t.http().get('/api/offices?lang=en').expect(200)).body).toContainEqual(
      expect.objectContaining({ id: office.body.id, name: 'Taipei', latitude: 25.03 }),
    );
    await t.http().patch(`/api/admin/offices/${office.body.id}`).set(admin).send({ osmEmbed: true }).expect(200);
    expect((await other.http().get('/api/offices').expect(200)).body).toContainEqual(
      expect.objectContaining({ id: office.body.id, name: '台北', osmEmbed: true }),
    );
    await t.http().delete(`/api/admin/offices/${office.body.id}`).set(admin).expect(204);
    expect((await other.http().get('/api/offices').expect(200)).body.map((o: { id: string }) => o.id)).not.toContain(office.body.id);
    const actions = (await t.ds.query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [office.body.id])).map(
      (r: { action: string }) => r.action,
    );
    expect(actions).toEqual(['content.office_create', 'content.office_update', 'content.office_delete']);
  });
});
