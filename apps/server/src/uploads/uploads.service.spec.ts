import { beforeEach, describe, expect, it } from '@jest/globals';
import { Clock } from '../common/clock.js';
import { newTestService, type Fake } from '../../test/utils.js';
import { FILE_STORE, type FileStore } from './file-store.js';
import type { CleanImage } from './image-pipeline.js';
import { UploadsRepository } from './uploads.repository.js';
import { UploadsService } from './uploads.service.js';

const ID = '5f0c8a8e-2a57-4d5e-9c3b-6a1c1f1e2d3c';
const OTHER = '7d1b2c3a-0e9f-4a8b-8c7d-6e5f4a3b2c1d';
const image: CleanImage = { data: Buffer.from('jpeg bytes'), contentType: 'image/jpeg', width: 40, height: 30, sha256: 'ab'.repeat(32) };
const clock: Clock = { now: () => new Date('2026-03-09T23:59:00Z') };

let sut: UploadsService;
let store: Fake<FileStore>;
let uploads: Fake<UploadsRepository>;
beforeEach(() => {
  const made = newTestService(UploadsService, [[Clock, clock]]);
  sut = made.sut;
  store = made.mocks.get<FileStore>(FILE_STORE);
  uploads = made.mocks.get<UploadsRepository>(UploadsRepository);
  Object.assign(store, { kind: 'local' });
});

describe('UploadsService.save', () => {
  it('writes the bytes under a fresh random key of its purpose and month, then the row in the given transaction', async () => {
    store.put.mockResolvedValue(undefined);
    uploads.insert.mockResolvedValue({ id: ID });
    const em = { marker: 'em' } as never;
    expect(await sut.save({ ownerUserId: OTHER, purpose: 'kyc_front', image }, em)).toEqual({ id: ID });
    const [key, data, type] = store.put.mock.calls[0]!;
    expect(key).toMatch(/^kyc_front\/2026\/03\/[0-9a-f-]{36}\.jpg$/);
    expect([data, type]).toEqual([image.data, 'image/jpeg']);
    expect(uploads.insert).toHaveBeenCalledWith(
      { ownerUserId: OTHER, purpose: 'kyc_front', storageKey: key, contentType: 'image/jpeg', bytes: 10, width: 40, height: 30, sha256: image.sha256 },
      em,
    );
    expect(store.put.mock.invocationCallOrder[0]).toBeLessThan(uploads.insert.mock.invocationCallOrder[0]!);

    await sut.save({ ownerUserId: null, purpose: 'kyc_front', image });
    expect(store.put.mock.calls[1]![0]).not.toBe(key);
  });

  it('writes no row when the store fails, and deletes the object when the row fails', async () => {
    store.put.mockRejectedValueOnce(new Error('disk full'));
    await expect(sut.save({ ownerUserId: null, purpose: 'deposit_slip', image })).rejects.toThrow('disk full');
    expect(uploads.insert).not.toHaveBeenCalled();

    store.put.mockResolvedValue(undefined);
    store.delete.mockResolvedValue(undefined);
    uploads.insert.mockRejectedValueOnce(new Error('constraint'));
    await expect(sut.save({ ownerUserId: null, purpose: 'deposit_slip', image })).rejects.toThrow('constraint');
    expect(store.delete).toHaveBeenCalledWith(store.put.mock.calls[1]![0]);
  });
});

describe('UploadsService.read', () => {
  it('answers the bytes with what the upload is for and whose it is', async () => {
    uploads.findLive.mockResolvedValue({
      id: ID,
      owner_user_id: OTHER,
      purpose: 'deposit_slip',
      storage_key: 'deposit_slip/2026/03/x.jpg',
      content_type: 'image/jpeg',
    });
    store.get.mockResolvedValue(image.data);
    expect(await sut.read(ID)).toEqual({ data: image.data, contentType: 'image/jpeg', purpose: 'deposit_slip', ownerUserId: OTHER });
    expect(store.get).toHaveBeenCalledWith('deposit_slip/2026/03/x.jpg');
  });

  it('answers null for a malformed id, an unknown or removed upload, and an object gone from the store', async () => {
    expect(await sut.read('../../etc/passwd')).toBeNull();
    expect(uploads.findLive).not.toHaveBeenCalled();
    uploads.findLive.mockResolvedValueOnce(null);
    expect(await sut.read(ID)).toBeNull();
    uploads.findLive.mockResolvedValueOnce({
      id: ID,
      owner_user_id: null,
      purpose: 'kyc_back',
      storage_key: 'kyc_back/2026/03/y.jpg',
      content_type: 'image/jpeg',
    });
    store.get.mockResolvedValueOnce(null);
    expect(await sut.read(ID)).toBeNull();
  });
});

describe('UploadsService.remove', () => {
  it('deletes each live upload from the store, then marks the rows removed', async () => {
    uploads.findLiveKeys.mockResolvedValue([
      { id: ID, storage_key: 'kyc_front/2026/03/a.jpg' },
      { id: OTHER, storage_key: 'kyc_back/2026/03/b.jpg' },
    ]);
    store.delete.mockResolvedValue(undefined);
    uploads.markRemoved.mockResolvedValue(2);
    expect(await sut.remove([ID, OTHER, ID, 'not-an-id'])).toBe(2);
    expect(uploads.findLiveKeys).toHaveBeenCalledWith([ID, OTHER]);
    expect(store.delete.mock.calls).toEqual([['kyc_front/2026/03/a.jpg'], ['kyc_back/2026/03/b.jpg']]);
    expect(uploads.markRemoved).toHaveBeenCalledWith([ID, OTHER]);
    expect(store.delete.mock.invocationCallOrder[1]).toBeLessThan(uploads.markRemoved.mock.invocationCallOrder[0]!);
  });

  it('leaves the rows live when the store fails, and does nothing for no live uploads', async () => {
    uploads.findLiveKeys.mockResolvedValue([{ id: ID, storage_key: 'kyc_front/2026/03/a.jpg' }]);
    store.delete.mockRejectedValue(new Error('store down'));
    await expect(sut.remove([ID])).rejects.toThrow('store down');
    expect(uploads.markRemoved).not.toHaveBeenCalled();

    uploads.findLiveKeys.mockResolvedValue([]);
    expect(await sut.remove([ID])).toBe(0);
    expect(await sut.remove([])).toBe(0);
    expect(uploads.markRemoved).not.toHaveBeenCalled();
  });
});
