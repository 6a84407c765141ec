import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { DataSource, type EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { DepositsRepository, type DepositRow } from './deposits.repository.js';
import { DepositSlipsService } from './deposit-slips.service.js';

const ID = '00000000-0000-4000-8000-00000000005e';
const em = { name: 'tx' } as unknown as EntityManager;
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
    .png()
    .toBuffer();
});
const deposit = (over: Partial<DepositRow> = {}) =>
  ({
    id: ID,
    order_no: 'D1',
    user_id: 'u1',
    method: { type: 'bank', names: {} },
    amount: '100',
    status: 'in_review',
    slip_upload_id: null,
    timeline: [],
    created_at: new Date(),
    decided_at: null,
    ...over,
  }) as DepositRow;

function setup(current: DepositRow | null = deposit()) {
  const { sut: built, mocks } = newTestService(DepositSlipsService);
  const ds = mocks.get<DataSource>(DataSource);
  (ds.transaction as unknown as jest.Mock<(fn: (em: EntityManager) => Promise<unknown>) => Promise<unknown>>).mockImplementation((fn) => fn(em));
  const repo = mocks.get<DepositsRepository>(DepositsRepository);
  repo.get.mockResolvedValue(current);
  repo.find.mockResolvedValue(current);
  const uploads = mocks.get<UploadsService>(UploadsService);
  uploads.save.mockResolvedValue({ id: 'up1' });
  return { sut: built as DepositSlipsService, repo, uploads, audit: mocks.get<AuditService>(AuditService) };
}

describe('DepositSlipsService', () => {
  it('attaches one re-encoded image to a deposit in review', async () => {
    const { sut, repo, uploads } = setup();
    repo.attachSlip.mockResolvedValue(deposit({ slip_upload_id: 'up1' }));
    const d = await sut.attach('u1', ID, { fields: {}, files: { slip: png } }, 'en');
    expect(d.slip).toBe(true);
    expect(uploads.save).toHaveBeenCalledWith(
      expect.objectContaining({ ownerUserId: 'u1', purpose: 'deposit_slip', image: expect.objectContaining({ contentType: 'image/jpeg' }) }),
    );
    expect(repo.attachSlip).toHaveBeenCalledWith(em, 'u1', ID, 'up1');
  });

  it('refuses a decided deposit or a second slip before decoding, and removes the upload when a second tab won', async () => {
    for (const current of [deposit({ status: 'successful' }), deposit({ slip_upload_id: 'earlier' })]) {
      const { sut, uploads } = setup(current);
      await expect(sut.attach('u1', ID, { fields: {}, files: { slip: png } }, 'en')).rejects.toMatchObject({ code: 'SLIP_NOT_ACCEPTED' });
      expect(uploads.save).not.toHaveBeenCalled();
    }
    const { sut, repo, uploads } = setup();
    repo.attachSlip.mockResolvedValue(null);
    await expect(sut.attach('u1', ID, { fields: {}, files: { slip: png } }, 'en')).rejects.toMatchObject({ code: 'SLIP_NOT_ACCEPTED' });
    expect(uploads.remove).toHaveBeenCalledWith(['up1']);
  });

  it('names what is wrong with the file, and another user’s deposit is not found', async () => {
    const { sut } = setup();
    await expect(sut.attach('u1', ID, { fields: {}, files: { slip: Buffer.from('<svg/>') } }, 'en')).rejects.toMatchObject({
      code: 'IMAGE_INVALID',
      field: 'slip',
    });
    await expect(sut.attach('u1', ID, { fields: {}, files: {} }, 'en')).rejects.toMatchObject({ code: 'IMAGE_INVALID', details: { reason: 'missing' } });
    await expect(setup(null).sut.attach('u2', ID, { fields: {}, files: { slip: png } }, 'en')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a reviewer’s view is audited for the deposit’s owner', async () => {
    const { sut, uploads, audit } = setup(deposit({ slip_upload_id: 'up1' }));
    uploads.read.mockResolvedValue({ data: png, contentType: 'image/jpeg', purpose: 'deposit_slip', ownerUserId: 'u1' });
    await sut.forReviewer('op1', ID, null);
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'deposit.slip_viewed', userId: 'u1', targetId: ID }));
  });
});
