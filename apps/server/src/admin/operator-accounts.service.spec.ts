import { describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import type { OperatorEntity } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionService } from '../auth/session.service.js';
import { AuditService } from './audit.service.js';
import { OperatorAccountsService } from './operator-accounts.service.js';
import { OperatorsRepository } from './operators.repository.js';

const em = { tx: true } as unknown as EntityManager;
const operator = (over: Partial<OperatorEntity> = {}): OperatorEntity => ({
  id: 'op2',
  email: 'two@example.com',
  passwordHash: 'stored',
  role: 'reviewer',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  disabledAt: null,
  totpSecretEnc: null,
  totpEnrolledAt: null,
  totpLastStep: null,
  ...over,
});

function build(before: OperatorEntity | null) {
  const { sut, mocks } = newTestService(OperatorAccountsService);
  const ds = mocks.get<DataSource>(DataSource);
  (ds.transaction as unknown as jest.Mock<(fn: (em: EntityManager) => Promise<unknown>) => Promise<unknown>>).mockImplementation((fn) => fn(em));
  const operators = mocks.get<OperatorsRepository>(OperatorsRepository);
  operators.findById.mockResolvedValue(before);
  mocks.get<PasswordHasher>(PasswordHasher).hash.mockResolvedValue('new-hash');
  const sessions = mocks.get<SessionService>(SessionService);
  sessions.revokeAll.mockResolvedValue(1);
  const audit = mocks.get<AuditService>(AuditService);
  audit.record.mockResolvedValue(undefined);
  return { accounts: sut as OperatorAccountsService, operators, sessions, audit };
}

describe('OperatorAccountsService.create', () => {
  it('stores the hashed password and audits the creation in the same transaction', async () => {
    const { accounts, operators, audit } = build(operator());
    operators.insert.mockResolvedValue('op2');
    await expect(accounts.create('op1', { email: 'two@example.com', password: 'pw-123456', role: 'reviewer' }, '10.0.0.1')).resolves.toMatchObject({
      id: 'op2',
      role: 'reviewer',
      disabled: false,
    });
    expect(operators.insert).toHaveBeenCalledWith(em, { email: 'two@example.com', passwordHash: 'new-hash', role: 'reviewer' });
    expect(audit.record).toHaveBeenCalledWith(
      {
        operatorId: 'op1',
        action: 'operator.create',
        targetType: 'operator',
        targetId: 'op2',
        details: { email: 'two@example.com', role: 'reviewer' },
        ip: '10.0.0.1',
      },
      em,
    );
  });

  it('a taken e-mail is OPERATOR_EXISTS and nothing is audited', async () => {
    const { accounts, operators, audit } = build(null);
    operators.insert.mockResolvedValue(null);
    await expect(accounts.create('op1', { email: 'two@example.com', password: 'pw-123456', role: 'reviewer' }, '10.0.0.1')).rejects.toMatchObject({
      code: 'OPERATOR_EXISTS',
      field: 'email',
    });
    expect(audit.record).not.toHaveBeenCalled();
  });
});

describe('OperatorAccountsService.update', () => {
  it('an admin cannot change their own account', async () => {
    const { accounts, operators } = build(operator({ id: 'op1' }));
    await expect(accounts.update('op1', 'op1', { disabled: true }, '10.0.0.1')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(operators.updateAccess).not.toHaveBeenCalled();
  });

  it('an unknown operator is NOT_FOUND; a change to the same values writes nothing', async () => {
    await expect(build(null).accounts.update('op1', 'op9', { role: 'admin' }, '10.0.0.1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const same = build(operator());
    await same.accounts.update('op1', 'op2', { role: 'reviewer', disabled: false }, '10.0.0.1');
    expect(same.operators.updateAccess).not.toHaveBeenCalled();
    expect(same.audit.record).not.toHaveBeenCalled();
    expect(same.sessions.revokeAll).not.toHaveBeenCalled();
  });

  it("a new role is stored and audited with before and after, and ends the operator's sessions", async () => {
    const { accounts, operators, audit, sessions } = build(operator());
    await accounts.update('op1', 'op2', { role: 'support' }, '10.0.0.1');
    expect(operators.updateAccess).toHaveBeenCalledWith(em, 'op2', 'support', false);
    expect(audit.record).toHaveBeenCalledWith(
      {
        operatorId: 'op1',
        action: 'operator.update',
        targetType: 'operator',
        targetId: 'op2',
        details: { role: { before: 'reviewer', after: 'support' } },
        ip: '10.0.0.1',
      },
      em,
    );
    expect(sessions.revokeAll).toHaveBeenCalledWith('operator', 'op2', 'operator_role_changed');
  });

  it('disabling ends the sessions; enabling again does not', async () => {
    const disabling = build(operator());
    await disabling.accounts.update('op1', 'op2', { disabled: true }, '10.0.0.1');
    expect(disabling.operators.updateAccess).toHaveBeenCalledWith(em, 'op2', 'reviewer', true);
    expect(disabling.sessions.revokeAll).toHaveBeenCalledWith('operator', 'op2', 'operator_disabled');

    const enabling = build(operator({ disabledAt: new Date() }));
    await enabling.accounts.update('op1', 'op2', { disabled: false }, '10.0.0.1');
    expect(enabling.audit.record).toHaveBeenCalledWith(expect.objectContaining({ details: { disabled: { before: true, after: false } } }), em);
    expect(enabling.sessions.revokeAll).not.toHaveBeenCalled();
  });
});
