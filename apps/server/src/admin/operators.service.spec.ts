import { describe, expect, it } from '@jest/globals';
import type { OperatorEntity } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionService } from '../auth/session.service.js';
import { TokenService } from '../auth/token.service.js';
import { AuditService } from './audit.service.js';
import { OperatorTotpService } from './operator-totp.service.js';
import { OperatorsRepository } from './operators.repository.js';
import { OperatorsService } from './operators.service.js';

const operator = (over: Partial<OperatorEntity> = {}): OperatorEntity => ({
  id: 'op1',
  email: 'op@example.com',
  passwordHash: 'stored',
  role: 'reviewer',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  disabledAt: null,
  totpSecretEnc: null,
  totpEnrolledAt: null,
  totpLastStep: null,
  ...over,
});

function build(found: OperatorEntity | null, passwordRight = true) {
  const { sut, mocks } = newTestService(OperatorsService);
  const operators = mocks.get<OperatorsRepository>(OperatorsRepository);
  operators.findByEmail.mockResolvedValue(found);
  operators.findById.mockResolvedValue(found);
  mocks.get<PasswordHasher>(PasswordHasher).verify.mockResolvedValue(passwordRight);
  const sessions = mocks.get<SessionService>(SessionService);
  sessions.create.mockResolvedValue({ sessionId: 's1', refreshToken: 's1.refresh' });
  const tokens = mocks.get<TokenService>(TokenService);
  tokens.sign.mockResolvedValue('access');
  const audit = mocks.get<AuditService>(AuditService);
  audit.record.mockResolvedValue(undefined);
  const totp = mocks.get<OperatorTotpService>(OperatorTotpService);
  totp.check.mockResolvedValue(undefined);
  totp.issueEnrollment.mockResolvedValue('enrol-token');
  return { service: sut as OperatorsService, operators, sessions, tokens, audit, totp };
}

describe('OperatorsService.login', () => {
  it.each<[string, OperatorEntity | null, boolean]>([
    ['an unknown e-mail', null, false],
    ['a wrong password', operator(), false],
    ['a disabled account', operator({ disabledAt: new Date() }), true],
  ])('%s is INVALID_CREDENTIALS, audited as a failed login, with no session', async (_name, found, right) => {
    const { service, audit, sessions } = build(found, right);
    await expect(service.login('Op@Example.com', 'pw', undefined, 'UA', '10.0.0.1')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(audit.record).toHaveBeenCalledWith({ operatorId: null, action: 'operator.login_failed', details: { email: 'Op@Example.com' }, ip: '10.0.0.1' });
    expect(sessions.create).not.toHaveBeenCalled();
  });

  it('an operator without a second factor signs in with the password: a session, its audit line, a token with the role', async () => {
    const { service, sessions, tokens, audit, totp } = build(operator());
    const r = await service.login('op@example.com', 'pw', undefined, 'UA', '10.0.0.1');
    expect(totp.check).not.toHaveBeenCalled();
    expect(sessions.create).toHaveBeenCalledWith('operator', 'op1', 'UA', '10.0.0.1');
    expect(audit.record).toHaveBeenCalledWith({ operatorId: 'op1', action: 'operator.login', targetType: 'session', targetId: 's1', ip: '10.0.0.1' });
    expect(tokens.sign).toHaveBeenCalledWith({ sub: 'op1', sid: 's1', typ: 'operator', role: 'reviewer' });
    expect(r).toMatchObject({ accessToken: 'access', refreshToken: 's1.refresh', operator: { id: 'op1', role: 'reviewer' } });
  });

  it('an admin who has not enrolled gets TOTP_REQUIRED with an enrolment token instead of a session', async () => {
    const { service, sessions, totp } = build(operator({ role: 'admin' }));
    await expect(service.login('op@example.com', 'pw', undefined, 'UA', '10.0.0.1')).rejects.toMatchObject({
      code: 'TOTP_REQUIRED',
      details: { enrollmentToken: 'enrol-token' },
    });
    expect(totp.issueEnrollment).toHaveBeenCalledWith('op1', 'op@example.com');
    expect(sessions.create).not.toHaveBeenCalled();
  });

  it('anyone enrolled needs a code (TOTP_REQUIRED without one), which is checked before the session starts', async () => {
    const enrolled = operator({ role: 'support', totpSecretEnc: 'v1.x.y.z' });
    const without = build(enrolled);
    await expect(without.service.login('op@example.com', 'pw', undefined, 'UA', '10.0.0.1')).rejects.toMatchObject({ code: 'TOTP_REQUIRED', details: {} });
    expect(without.sessions.create).not.toHaveBeenCalled();

    const withCode = build(enrolled);
    await withCode.service.login('op@example.com', 'pw', '123456', 'UA', '10.0.0.1');
    expect(withCode.totp.check).toHaveBeenCalledWith(enrolled, '123456', '10.0.0.1');
    expect(withCode.totp.check.mock.invocationCallOrder[0]!).toBeLessThan(withCode.sessions.create.mock.invocationCallOrder[0]!);
  });
});

describe('OperatorsService.refresh', () => {
  it("signs the new token with the operator's role as stored now; a disabled operator or a refused rotation is UNAUTHENTICATED", async () => {
    const { service, sessions, tokens, operators } = build(operator({ role: 'admin' }));
    sessions.rotate.mockResolvedValue({ ok: true, sessionId: 's1', subjectId: 'op1', refreshToken: 's1.next' });
    await expect(service.refresh('s1.old')).resolves.toEqual({ accessToken: 'access', refreshToken: 's1.next' });
    expect(sessions.rotate).toHaveBeenCalledWith('s1.old', 'operator');
    expect(tokens.sign).toHaveBeenCalledWith({ sub: 'op1', sid: 's1', typ: 'operator', role: 'admin' });

    operators.findById.mockResolvedValue(operator({ disabledAt: new Date() }));
    await expect(service.refresh('s1.next')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    sessions.rotate.mockResolvedValue({ ok: false, reason: 'reused' });
    await expect(service.refresh('s1.old')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
