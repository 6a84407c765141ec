import { describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { Clock } from '../common/clock.js';
import { ContentCache } from './content-cache.js';
import { ContentRepository, type ContentRow } from './content.repository.js';
import { AdminContentService } from './admin-content.service.js';

const NOW = new Date('2026-12-02T04:00:00.000Z');
const ID = '00000000-0000-4000-8000-0000000000a1';
const IMG = '00000000-0000-4000-8000-0000000000b1';
const em = { name: 'the edit transaction' } as unknown as EntityManager;
const actor = { operatorId: 'op1', ip: '10.0.0.1' };
const row = (over: Partial<ContentRow> = {}): ContentRow => ({
  id: ID,
  translations: { 'zh-TW': { title: 't', summary: 's', body: '<p>b</p>' } },
  image_upload_id: null,
  image_sha: null,
  updated_at: NOW,
  publish_at: null,
  ...over,
});

function setup() {
  const { sut, mocks } = newTestService(AdminContentService, [[Clock, { now: () => NOW }]]);
  const steps: string[] = [];
  const ds = mocks.get<DataSource>(DataSource);
  (ds.transaction as unknown as jest.Mock<(fn: (em: EntityManager) => Promise<unknown>) => Promise<unknown>>).mockImplementation(async (fn) => {
    const r = await fn(em);
    steps.push('commit');
    return r;
  });
  const repo = mocks.get<ContentRepository>(ContentRepository);
  repo.byId.mockResolvedValue(row());
  repo.insert.mockImplementation(async () => (steps.push('insert'), ID));
  repo.update.mockImplementation(async () => (steps.push('update'), true));
  repo.remove.mockImplementation(async () => (steps.push('remove'), true));
  const audit = mocks.get<AuditService>(AuditService);
  audit.record.mockImplementation(async () => void steps.push('audit'));
  const cache = mocks.get<ContentCache>(ContentCache);
  cache.invalidate.mockImplementation(async () => void steps.push('invalidate'));
  return { sut, repo, audit, steps };
}

describe('AdminContentService', () => {
  it('writes an article with sanitised bodies, audits it in the same transaction, and drops the caches after the commit', async () => {
    const { sut, repo, audit, steps } = setup();
    const body = '<p>ok</p><script>alert(1)</script><img src="https://e.com/a.jpg" onerror="x()">';
    const created = await sut.createNews(actor, { translations: { 'zh-TW': { title: 'T', summary: 'S', body } }, publishAt: '2026-12-03T00:00:00.000Z' });
    expect(repo.insert).toHaveBeenCalledWith(
      'news',
      {
        translations: { 'zh-TW': { title: 'T', summary: 'S', body: '<p>ok</p><img src="https://e.com/a.jpg" />' } },
        publishAt: new Date('2026-12-03T00:00:00.000Z'),
      },
      em,
    );
    expect(audit.record).toHaveBeenCalledWith({ operatorId: 'op1', action: 'content.news_create', targetType: 'news', targetId: ID, ip: '10.0.0.1' }, em);
    expect(steps).toEqual(['insert', 'audit', 'commit', 'invalidate']);
    expect(created).toMatchObject({ id: ID, status: 'draft', missing: expect.arrayContaining(['en']) });
  });

  it('reports a draft, a scheduled and a published article by the clock', async () => {
    const { sut, repo } = setup();
    repo.byId.mockResolvedValueOnce(row({ publish_at: new Date(NOW.getTime() + 1) }));
    expect((await sut.news(ID)).status).toBe('scheduled');
    repo.byId.mockResolvedValueOnce(row({ publish_at: NOW }));
    expect((await sut.news(ID)).status).toBe('published');
  });

  it('an unknown or removed item is 404, and nothing is written or audited', async () => {
    const { sut, repo, audit } = setup();
    repo.byId.mockResolvedValue(null);
    await expect(sut.updateNews(actor, ID, { publishAt: null })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(sut.news('not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    repo.remove.mockResolvedValue(false);
    await expect(sut.deleteOffice(actor, ID)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repo.update).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('an image field takes only a live content image', async () => {
    const { sut, repo } = setup();
    repo.contentImageHash.mockResolvedValue(null);
    await expect(sut.updateNews(actor, ID, { coverUploadId: IMG })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'coverUploadId' });
    repo.contentImageHash.mockResolvedValue('a'.repeat(64));
    await sut.updateNews(actor, ID, { coverUploadId: IMG });
    expect(repo.update).toHaveBeenCalledWith('news', ID, { imageUploadId: IMG }, em);
  });

  it('reorders only with every live id once, and audits the new order', async () => {
    const { sut, repo, audit } = setup();
    const other = '00000000-0000-4000-8000-0000000000a2';
    repo.liveIds.mockResolvedValue([ID, other]);
    repo.list.mockResolvedValue([]);
    await expect(sut.reorder(actor, 'banner', [ID])).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'ids' });
    await expect(sut.reorder(actor, 'banner', [ID, ID])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await sut.reorder(actor, 'banner', [other, ID]);
    expect(repo.reorder).toHaveBeenCalledWith('banner', [other, ID], em);
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'content.banner_reorder', details: { ids: [other, ID] } }), em);
  });

  it('a page: unknown slug 404; bodies sanitised; audited with the slug', async () => {
    const { sut, repo, audit } = setup();
    await expect(sut.savePage(actor, 'terms', { translations: { 'zh-TW': { title: 'x', body: '' } } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    repo.page.mockResolvedValue({ slug: 'about', translations: {}, updated_at: NOW });
    await sut.savePage(actor, 'about', { translations: { 'zh-TW': { title: '關於', body: '<style>x</style><p>a</p>' } } });
    expect(repo.savePage).toHaveBeenCalledWith('about', { 'zh-TW': { title: '關於', body: '<p>a</p>' } }, em);
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'content.page_update', targetType: 'page', targetId: 'about' }), em);
  });

  it('a new banner goes last in the order', async () => {
    const { sut, repo } = setup();
    repo.liveIds.mockResolvedValue(['a', 'b']);
    repo.byId.mockResolvedValue(row({ link: { kind: 'route', path: '/' }, published: true, sort: 2 }));
    await sut.createCard(actor, 'banner', { translations: { 'zh-TW': { title: 'B' } }, link: { kind: 'route', path: '/' } });
    expect(repo.insert).toHaveBeenCalledWith('banner', { translations: { 'zh-TW': { title: 'B' } }, link: { kind: 'route', path: '/' }, sort: 2 }, em);
  });
});
