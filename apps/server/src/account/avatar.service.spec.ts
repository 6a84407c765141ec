import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { newTestService } from '../../test/utils.js';
import { DomainError } from '../common/domain-error.js';
import type { MultipartForm } from '../uploads/multipart.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { AvatarRepository } from './avatar.repository.js';
import { AvatarService } from './avatar.service.js';

function build() {
  const { sut, mocks } = newTestService(AvatarService);
  const m = { repo: mocks.get<AvatarRepository>(AvatarRepository), uploads: mocks.get<UploadsService>(UploadsService) };
  m.uploads.save.mockResolvedValue({ id: 'new-upload' });
  m.uploads.remove.mockResolvedValue(1);
  return { service: sut as AvatarService, ...m };
}

const form = async (file?: Buffer): Promise<MultipartForm> => ({ fields: {}, files: file ? { avatar: file } : {} });
const photo = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('AvatarService.set', () => {
  it('stores a 256 px square JPEG as the user’s avatar and removes the photo it replaced', async () => {
    const s = build();
    s.repo.swap.mockResolvedValue('old-upload');
    await s.service.set('u1', await form(await photo()));
    const saved = s.uploads.save.mock.calls[0]![0];
    expect(saved).toMatchObject({ ownerUserId: 'u1', purpose: 'avatar', image: { contentType: 'image/jpeg', width: 256, height: 256 } });
    expect(s.repo.swap).toHaveBeenCalledWith('u1', { uploadId: 'new-upload', sha256: saved.image.sha256 });
    expect(s.uploads.remove).toHaveBeenCalledWith(['old-upload']);
  });

  it('removes nothing when there was no photo before', async () => {
    const s = build();
    s.repo.swap.mockResolvedValue(null);
    await s.service.set('u1', await form(await photo()));
    expect(s.uploads.remove).not.toHaveBeenCalled();
  });

  it('refuses a missing or non-image file as IMAGE_INVALID on `avatar` before anything is stored', async () => {
    const s = build();
    await expect(s.service.set('u1', await form())).rejects.toMatchObject({ code: 'IMAGE_INVALID', field: 'avatar', details: { reason: 'missing' } });
    await expect(s.service.set('u1', await form(Buffer.from('plain text, named .jpg')))).rejects.toMatchObject({
      code: 'IMAGE_INVALID',
      field: 'avatar',
      details: { reason: 'not_an_image' },
    });
    expect(s.uploads.save).not.toHaveBeenCalled();
    expect(s.repo.swap).not.toHaveBeenCalled();
  });

  it('takes the new photo out of the store again when the user row cannot be changed', async () => {
    const s = build();
    s.repo.swap.mockRejectedValue(new Error('database down'));
    await expect(s.service.set('u1', await form(await photo()))).rejects.toThrow('database down');
    expect(s.uploads.remove).toHaveBeenCalledWith(['new-upload']);
  });

  it('keeps the new avatar when the old photo cannot leave the store (it is served by no route any more)', async () => {
    const s = build();
    s.repo.swap.mockResolvedValue('old-upload');
    s.uploads.remove.mockRejectedValue(new Error('store down'));
    await expect(s.service.set('u1', await form(await photo()))).resolves.toBeUndefined();
  });
});

describe('AvatarService.remove', () => {
  it('clears the avatar and removes its photo; nothing to do without one', async () => {
    const s = build();
    s.repo.swap.mockResolvedValueOnce('old-upload').mockResolvedValueOnce(null);
    await s.service.remove('u1');
    expect(s.repo.swap).toHaveBeenCalledWith('u1', null);
    expect(s.uploads.remove).toHaveBeenCalledWith(['old-upload']);
    await s.service.remove('u1');
    expect(s.uploads.remove).toHaveBeenCalledTimes(1);
  });
});

describe('AvatarService.image', () => {
  const name = `${'ab'.repeat(32)}.jpg`;

  it('serves an avatar in use by its hash', async () => {
    const s = build();
    s.repo.uploadInUse.mockResolvedValue('up1');
    s.uploads.read.mockResolvedValue({ data: Buffer.from('jpeg'), contentType: 'image/jpeg', purpose: 'avatar', ownerUserId: 'u1' });
    await expect(s.service.image(name)).resolves.toMatchObject({ contentType: 'image/jpeg' });
    expect(s.repo.uploadInUse).toHaveBeenCalledWith('ab'.repeat(32));
  });

  it('is NOT_FOUND for a malformed name, a hash no user has, or an upload of another purpose', async () => {
    const s = build();
    for (const bad of ['x.jpg', `${'AB'.repeat(32)}.jpg`, `${'ab'.repeat(32)}.png`, `../${name}`]) {
      await expect(s.service.image(bad)).rejects.toBeInstanceOf(DomainError);
    }
    expect(s.repo.uploadInUse).not.toHaveBeenCalled();
    s.repo.uploadInUse.mockResolvedValueOnce(null);
    await expect(s.service.image(name)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    s.repo.uploadInUse.mockResolvedValueOnce('up2');
    s.uploads.read.mockResolvedValueOnce({ data: Buffer.from('x'), contentType: 'image/jpeg', purpose: 'kyc_front', ownerUserId: 'u2' });
    await expect(s.service.image(name)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
