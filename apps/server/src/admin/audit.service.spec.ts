import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { AuditRepository, type AuditRow } from './audit.repository.js';
import { AuditService } from './audit.service.js';

const row = (id: number): AuditRow => ({
  id: String(id),
  operator_id: 'op1',
  operator_email: 'op@example.com',
  operator_role: 'admin',
  action: 'user.disable',
  target_type: 'user',
  target_id: 'u1',
  user_id: 'u1',
  details: { reason: 'fraud' },
  ip: '10.0.0.1',
  created_at: new Date(Date.UTC(2026, 11, 1, 0, 0, id)),
});

function build(rows: AuditRow[]) {
  const { sut, mocks } = newTestService(AuditService);
  const audits = mocks.get<AuditRepository>(AuditRepository);
  audits.list.mockResolvedValue(rows);
  audits.insert.mockResolvedValue(undefined);
  return { audit: sut as AuditService, audits };
}

describe('AuditService.list', () => {
  it('reads one line more than the page and, when there is one, gives the last shown id as the next cursor', async () => {
    const { audit, audits } = build([row(9), row(8), row(7)]);
    const page = await audit.list({ userId: 'u1', limit: 2, cursor: '10' });
    expect(audits.list).toHaveBeenCalledWith({ userId: 'u1', limit: 3, cursor: '10' });
    expect(page.items.map((e) => e.id)).toEqual(['9', '8']);
    expect(page.nextCursor).toBe('8');
    expect(page.items[0]).toEqual({
      id: '9',
      operatorId: 'op1',
      operatorEmail: 'op@example.com',
      operatorRole: 'admin',
      action: 'user.disable',
      targetType: 'user',
      targetId: 'u1',
      userId: 'u1',
      details: { reason: 'fraud' },
      ip: '10.0.0.1',
      createdAt: '2026-12-01T00:00:09.000Z',
    });
  });

  it('the last page has no next cursor', async () => {
    const { audit } = build([row(2), row(1)]);
    await expect(audit.list({ action: 'user.disable', limit: 2 })).resolves.toMatchObject({ nextCursor: null });
  });
});

describe('AuditService.record', () => {
  it("writes in the caller's transaction when given one, else on its own", async () => {
    const { audit, audits } = build([]);
    const em = { tx: true } as unknown as EntityManager;
    await audit.record({ operatorId: 'op1', action: 'ops.session' }, em);
    expect(audits.insert).toHaveBeenLastCalledWith({ operatorId: 'op1', action: 'ops.session' }, em);
    await audit.record({ operatorId: null, action: 'operator.login_failed' });
    expect(audits.insert).toHaveBeenLastCalledWith({ operatorId: null, action: 'operator.login_failed' }, undefined);
  });
});
