import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import type { DataSource, EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { KycRepository, type KycRow } from './kyc.repository.js';
import { KycService } from './kyc.service.js';

const CONFIG = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), KYC_ENCRYPTION_KEY: 'k'.repeat(40) } as AppConfig;
const em = { name: 'the submission transaction' } as unknown as EntityManager;
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#3b6' } })
    .jpeg()
    .toBuffer();
});

const row = (over: Partial<KycRow>): KycRow =>
  ({
    id: 'k1',
    user_id: 'u1',
    attempt: 1,
    status: 'pending',
    final: false,
    name: '王小明',
    nationality: 'TW',
    id_masked: 'A1******89',
    submitted_at: new Date(),
    decided_at: null,
    ...over,
  }) as KycRow;

function setup(latest: KycRow | null = null) {
  const { sut: built, mocks } = newTestService(KycService, [[APP_CONFIG, CONFIG]]);
  const sut = built as KycService;
  const repo = mocks.get<KycRepository>(KycRepository);
  repo.latest.mockResolvedValue(latest);
  const uploads = mocks.get<UploadsService>(UploadsService);
  let n = 0;
  uploads.save.mockImplementation(async () => ({ id: `up${++n}` }));
  return { sut, repo, uploads };
}
const form = (fields: Record<string, string>, files: Record<string, Buffer> = { front: jpeg, back: jpeg }) => ({ fields, files });
const OK = { name: '王小明', idNumber: 'a123-456 789', nationality: 'tw' };

describe('KycService.submit', () => {
  it('names the field and the rule before any photo is decoded or stored', async () => {
    const { sut, uploads } = setup();
    await expect(sut.submit('u1', form({ ...OK, idNumber: 'A123456788' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'idNumber',
      details: { reason: 'id_checksum' },
    });
    await expect(sut.submit('u1', form({ ...OK, name: '' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'name',
      details: { reason: 'required' },
    });
    expect(uploads.save).not.toHaveBeenCalled();
  });

  it('refuses while one is pending or verified, and after a final rejection, storing nothing', async () => {
    for (const [latest, code] of [
      [row({ status: 'pending' }), 'KYC_ALREADY_SUBMITTED'],
      [row({ status: 'verified' }), 'KYC_ALREADY_SUBMITTED'],
      [row({ status: 'rejected', final: true }), 'KYC_CLOSED'],
    ] as const) {
      const { sut, uploads } = setup(latest);
      await expect(sut.submit('u1', form(OK))).rejects.toMatchObject({ code });
      expect(uploads.save).not.toHaveBeenCalled();
    }
  });

  it('asks for a missing photo by its side', async () => {
    const { sut } = setup();
    await expect(sut.submit('u1', form(OK, { front: jpeg }))).rejects.toMatchObject({
      code: 'KYC_IMAGE_INVALID',
      field: 'back',
      details: { reason: 'missing' },
    });
  });
});

describe('KycService.submit, stored', () => {
  function withTransaction(fail?: unknown) {
    const s = setup(row({ status: 'rejected', final: false, attempt: 2 }));
    const ds = (s.sut as unknown as { ds: DataSource }).ds;
    (ds as unknown as { transaction: jest.Mock }).transaction = jest.fn(async (fn: unknown) => {
      if (fail) throw fail;
      return (fn as (em: EntityManager) => Promise<unknown>)(em);
    });
    return s;
  }

  it('stores the number encrypted, hashed and masked as the next attempt, and marks the user pending', async () => {
    const { sut, repo } = withTransaction();
    await sut.submit('u1', form(OK));
    const inserted = repo.insert.mock.calls[0]![1];
    expect(inserted).toMatchObject({ userId: 'u1', attempt: 3, nationality: 'TW', idMasked: 'A1******89', frontUploadId: 'up1', backUploadId: 'up2' });
    expect(inserted.idNumberEnc).toMatch(/^v1\./);
    expect(inserted.idNumberEnc).not.toContain('A123456789');
    expect(inserted.idHash).toMatch(/^[0-9a-f]{64}$/);
    expect(repo.setUserStatus).toHaveBeenCalledWith(em, 'u1', 'pending');
  });

  it('a number live in another account is KYC_ID_IN_USE, and the photos leave the store', async () => {
    const { sut, uploads } = withTransaction(Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'kyc_id_number_live' }));
    await expect(sut.submit('u1', form(OK))).rejects.toMatchObject({ code: 'KYC_ID_IN_USE', field: 'idNumber' });
    expect(uploads.remove).toHaveBeenCalledWith(['up1', 'up2']);
  });
});

describe('KycService.image', () => {
  it('serves only the owner’s photo of their latest submission', async () => {
    const { sut, uploads } = setup(row({ front_upload_id: 'f1', back_upload_id: 'b1', images_removed_at: null }));
    uploads.read.mockResolvedValue({ data: jpeg, contentType: 'image/jpeg', purpose: 'kyc_front', ownerUserId: 'someone-else' });
    await expect(sut.image('u1', 'front')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    uploads.read.mockResolvedValue({ data: jpeg, contentType: 'image/jpeg', purpose: 'kyc_back', ownerUserId: 'u1' });
    await expect(sut.image('u1', 'back')).resolves.toMatchObject({ contentType: 'image/jpeg' });
    expect(uploads.read).toHaveBeenLastCalledWith('b1');
  });
});
