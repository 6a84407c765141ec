import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { ContentRepository } from './content.repository.js';
import { MediaService, VariantCache } from './media.service.js';

const SHA = 'c'.repeat(64);
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();

function setup() {
  const { sut, mocks } = newTestService(MediaService);
  return {
    sut,
    repo: mocks.get<ContentRepository>(ContentRepository),
    uploads: mocks.get<UploadsService>(UploadsService),
    audit: mocks.get<AuditService>(AuditService),
  };
}

describe('MediaService', () => {
  it('answers 404 for a name that is not a content hash, without a read', async () => {
    const { sut, repo } = setup();
    for (const name of ['x.jpg', `${SHA}.png`, `../${SHA}.jpg`, SHA])
      await expect(sut.image(name, undefined, false)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repo.contentImageByHash).not.toHaveBeenCalled();
  });

  it('resizes to the asked width, as WebP when taken, and keeps the variant', async () => {
    const { sut, repo, uploads } = setup();
    repo.contentImageByHash.mockResolvedValue('u1');
    uploads.read.mockResolvedValue({ data: await jpeg(1200, 600), contentType: 'image/jpeg', purpose: 'content_image', ownerUserId: null });
    const webp = await sut.image(`${SHA}.jpg`, 360, true);
    expect(webp.contentType).toBe('image/webp');
    expect(await sharp(webp.data).metadata()).toMatchObject({ format: 'webp', width: 360, height: 180 });
    expect(await sut.image(`${SHA}.jpg`, 360, true)).toBe(webp);
    expect(uploads.read).toHaveBeenCalledTimes(1);
    const small = await sut.image(`${SHA}.jpg`, undefined, false);
    expect(await sharp(small.data).metadata()).toMatchObject({ format: 'jpeg', width: 1200 });
    expect(repo.contentImageByHash).toHaveBeenCalledWith(SHA);
  });

  it('answers 404 for a hash with no live content image', async () => {
    const { sut, repo } = setup();
    repo.contentImageByHash.mockResolvedValue(null);
    await expect(sut.image(`${SHA}.jpg`, 720, false)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an upload: a missing or non-image file is IMAGE_INVALID; an image is stored as content_image of nobody and audited', async () => {
    const { sut, uploads, audit } = setup();
    await expect(sut.upload({ operatorId: 'op1', ip: null }, { fields: {}, files: {} })).rejects.toMatchObject({
      code: 'IMAGE_INVALID',
      details: { reason: 'missing' },
    });
    await expect(sut.upload({ operatorId: 'op1', ip: null }, { fields: {}, files: { image: Buffer.from('hello') } })).rejects.toMatchObject({
      code: 'IMAGE_INVALID',
    });
    uploads.save.mockResolvedValue({ id: 'u9' });
    const res = await sut.upload({ operatorId: 'op1', ip: '1.2.3.4' }, { fields: {}, files: { image: await jpeg(50, 40) } });
    expect(uploads.save).toHaveBeenCalledWith(expect.objectContaining({ ownerUserId: null, purpose: 'content_image' }));
    expect(res).toEqual({ id: 'u9', url: expect.stringMatching(/^\/api\/media\/[0-9a-f]{64}\.jpg$/) });
    expect(audit.record).toHaveBeenCalledWith({ operatorId: 'op1', action: 'content.image_upload', targetType: 'upload', targetId: 'u9', ip: '1.2.3.4' });
  });
});

describe('VariantCache', () => {
  it('keeps at most its byte budget, dropping the least recently used first', () => {
    const cache = new VariantCache(10);
    const v = (n: number) => ({ data: Buffer.alloc(n), contentType: 'image/jpeg' as const });
    cache.set('a', v(4));
    cache.set('b', v(4));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', v(4));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    cache.set('huge', v(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
