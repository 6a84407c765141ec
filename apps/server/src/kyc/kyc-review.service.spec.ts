import { describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { EventBus } from '../events/event-bus.js';
import { SystemMessages } from '../messages/system-messages.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { KycRepository, type KycRow } from './kyc.repository.js';
import { KycReviewService } from './kyc-review.service.js';

const ID = '00000000-0000-4000-8000-0000000000c1';
const em = { name: 'the decision transaction' } as unknown as EntityManager;
const row = (over: Partial<KycRow> = {}): KycRow =>
  ({
    id: ID,
    user_id: 'u1',
    attempt: 1,
    status: 'pending',
    final: false,
    name: '王小明',
    nationality: 'TW',
    id_masked: 'A1******89',
    front_upload_id: 'f1',
    back_upload_id: 'b1',
    submitted_at: new Date('2026-12-01T00:00:00Z'),
    decided_at: null,
    decided_by_email: null,
    reason: null,
    message: null,
    note: null,
    images_removed_at: null,
    email: 'u1@example.com',
    ...over,
  }) as KycRow;

function setup(current: KycRow | null = row()) {
  const { sut: built, mocks } = newTestService(KycReviewService);
  const sut = built as KycReviewService;
  const steps: string[] = [];
  const ds = mocks.get<DataSource>(DataSource);
  (ds.transaction as unknown as jest.Mock<(fn: (em: EntityManager) => Promise<unknown>) => Promise<unknown>>).mockImplementation(async (fn) => {
    const r = await fn(em);
    steps.push('commit');
    return r;
  });
  const repo = mocks.get<KycRepository>(KycRepository);
  repo.lock.mockResolvedValue(current);
  repo.get.mockImplementation(async () => row({ ...current, status: 'rejected', final: true, reason: 'not_an_id', note: 'n' }));
  const audit = mocks.get<AuditService>(AuditService);
  const messages = mocks.get<SystemMessages>(SystemMessages);
  messages.write.mockResolvedValue('m1');
  const events = mocks.get<EventBus>(EventBus);
  events.publish.mockImplementation(async (name) => {
    steps.push(`published ${name}`);
  });
  return { sut, repo, audit, messages, events, steps, uploads: mocks.get<UploadsService>(UploadsService) };
}

describe('KycReviewService decisions', () => {
  it('approves a pending submission: verified, audited, the message in the transaction and the event after it', async () => {
    const { sut, repo, audit, messages, steps } = setup();
    repo.get.mockResolvedValue(row({ status: 'verified', decided_at: new Date() }));
    const r = await sut.approve('op1', ID, '10.0.0.1');
    expect(r.status).toBe('verified');
    expect(repo.decide).toHaveBeenCalledWith(em, ID, { status: 'verified', final: false, operatorId: 'op1', reason: null, message: null, note: null });
    expect(repo.setUserStatus).toHaveBeenCalledWith(em, 'u1', 'verified');
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'kyc.approve', userId: 'u1', targetId: ID }), em);
    expect(messages.write).toHaveBeenCalledWith(em, 'u1', 'kycApproved', { reasonCode: '', message: '' });
    expect(steps).toEqual(['commit', 'published kyc.decided']);
  });

  it('a final rejection keeps the internal note out of the audit line and the user’s message', async () => {
    const { sut, repo, audit, messages, events } = setup();
    await sut.reject('op1', ID, { reason: 'not_an_id', message: 'Use an ID card.', note: 'looks edited', final: true }, null);
    expect(repo.decide).toHaveBeenCalledWith(em, ID, expect.objectContaining({ status: 'rejected', final: true, reason: 'not_an_id', note: 'looks edited' }));
    const details = (audit.record.mock.calls[0]![0] as { details: Record<string, unknown> }).details;
    expect(details).toEqual({ attempt: 1, reason: 'not_an_id', final: true });
    expect(messages.write).toHaveBeenCalledWith(em, 'u1', 'kycRejectedFinal', { reasonCode: 'not_an_id', message: 'Use an ID card.' });
    expect(events.publish).toHaveBeenCalledWith('kyc.decided', expect.objectContaining({ userId: 'u1', status: 'rejected', final: true, messageId: 'm1' }));
  });

  it('a decided submission answers ALREADY_DECIDED and changes nothing', async () => {
    for (const status of ['verified', 'rejected'] as const) {
      const { sut, repo, events } = setup(row({ status }));
      await expect(sut.approve('op1', ID, null)).rejects.toMatchObject({ code: 'ALREADY_DECIDED' });
      await expect(sut.reject('op1', ID, { reason: 'other' }, null)).rejects.toMatchObject({ code: 'ALREADY_DECIDED' });
      expect(repo.decide).not.toHaveBeenCalled();
      expect(events.publish).not.toHaveBeenCalled();
    }
    await expect(setup().sut.approve('op1', 'not-a-uuid', null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('KycReviewService.image', () => {
  it('audits every view before serving it, and serves nothing it could not audit', async () => {
    const { sut, repo, uploads, audit } = setup();
    repo.get.mockResolvedValue(row());
    uploads.read.mockResolvedValue({ data: Buffer.from('x'), contentType: 'image/jpeg', purpose: 'kyc_front', ownerUserId: 'u1' });
    await sut.image('op1', ID, 'back', '10.0.0.1');
    expect(uploads.read).toHaveBeenCalledWith('b1');
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'user.documents_viewed', userId: 'u1', details: { kind: 'documents', side: 'back', attempt: 1 } }),
    );
    audit.record.mockRejectedValueOnce(new Error('database down'));
    await expect(sut.image('op1', ID, 'front', null)).rejects.toThrow('database down');
  });

  it('a submission whose photos were removed has none to show', async () => {
    const { sut, repo, uploads } = setup();
    repo.get.mockResolvedValue(row({ images_removed_at: new Date() }));
    await expect(sut.image('op1', ID, 'front', null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(uploads.read).not.toHaveBeenCalled();
  });
});
