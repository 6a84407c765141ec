import { describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { SessionService } from '../auth/session.service.js';
import { UsersRepository, type UserAccessRow } from '../users/users.repository.js';
import { AuditService } from './audit.service.js';
import { UserAccessService } from './user-access.service.js';

const em = { tx: true } as unknown as EntityManager;
const DISABLED_AT = new Date('2026-12-01T09:00:00Z');
const enabled: UserAccessRow = { id: 'u1', disabled_at: null, disabled_reason: null };
const disabled: UserAccessRow = { id: 'u1', disabled_at: DISABLED_AT, disabled_reason: 'fraud' };

function build(before: UserAccessRow | null) {
  const { sut, mocks } = newTestService(UserAccessService);
  const ds = mocks.get<DataSource>(DataSource);
  (ds.transaction as unknown as jest.Mock<(fn: (em: EntityManager) => Promise<unknown>) => Promise<unknown>>).mockImplementation((fn) => fn(em));
  const users = mocks.get<UsersRepository>(UsersRepository);
  users.lockAccess.mockResolvedValue(before);
  const sessions = mocks.get<SessionService>(SessionService);
  sessions.revokeAll.mockResolvedValue(0);
  const audit = mocks.get<AuditService>(AuditService);
  audit.record.mockResolvedValue(undefined);
  return { access: sut as UserAccessService, users, sessions, audit };
}

describe('UserAccessService.setDisabled', () => {
  it("disables the account under a row lock, audits it with the reason in the same transaction, then ends the user's sessions", async () => {
    const { access, users, sessions, audit } = build(enabled);
    users.setDisabled.mockResolvedValue(disabled);
    await expect(access.setDisabled('op1', 'u1', true, 'fraud', '10.0.0.1')).resolves.toEqual({
      id: 'u1',
      disabled: true,
      disabledAt: DISABLED_AT.toISOString(),
      disabledReason: 'fraud',
    });
    expect(users.lockAccess).toHaveBeenCalledWith(em, 'u1');
    expect(users.setDisabled).toHaveBeenCalledWith(em, 'u1', true, 'fraud');
    expect(audit.record).toHaveBeenCalledWith(
      {
        operatorId: 'op1',
        action: 'user.disable',
        targetType: 'user',
        targetId: 'u1',
        userId: 'u1',
        details: { reason: 'fraud', disabled: { before: false, after: true } },
        ip: '10.0.0.1',
      },
      em,
    );
    expect(sessions.revokeAll).toHaveBeenCalledWith('user', 'u1', 'account_disabled');
    expect(users.setDisabled.mock.invocationCallOrder[0]!).toBeLessThan(sessions.revokeAll.mock.invocationCallOrder[0]!);
  });

  it('enabling clears the reason, is audited, and ends no session', async () => {
    const { access, users, sessions, audit } = build(disabled);
    users.setDisabled.mockResolvedValue(enabled);
    await expect(access.setDisabled('op1', 'u1', false, 'ignored', '10.0.0.1')).resolves.toMatchObject({ disabled: false, disabledAt: null });
    expect(users.setDisabled).toHaveBeenCalledWith(em, 'u1', false, null);
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'user.enable' }), em);
    expect(sessions.revokeAll).not.toHaveBeenCalled();
  });

  it('disabling a disabled account changes and logs nothing (its sessions are still ended)', async () => {
    const { access, users, sessions, audit } = build(disabled);
    await expect(access.setDisabled('op1', 'u1', true, 'again', '10.0.0.1')).resolves.toMatchObject({ disabled: true, disabledReason: 'fraud' });
    expect(users.setDisabled).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
    expect(sessions.revokeAll).toHaveBeenCalledWith('user', 'u1', 'account_disabled');
  });

  it('an unknown user is NOT_FOUND', async () => {
    const { access, audit, sessions } = build(null);
    await expect(access.setDisabled('op1', 'u9', true, 'x', '10.0.0.1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(audit.record).not.toHaveBeenCalled();
    expect(sessions.revokeAll).not.toHaveBeenCalled();
  });
});

describe('UserAccessService.get', () => {
  it("answers the account's access, or NOT_FOUND", async () => {
    const { access, users } = build(null);
    users.findAccess.mockResolvedValue(enabled);
    await expect(access.get('u1')).resolves.toEqual({ id: 'u1', disabled: false, disabledAt: null, disabledReason: null });
    users.findAccess.mockResolvedValue(null);
    await expect(access.get('u9')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
