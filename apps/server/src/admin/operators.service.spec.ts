import { describe, expect, it } from '@jest/globals';
import type { OperatorEntity } from '@candor/db';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { MemoryRedis } from '../../test/memory-redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
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

const CONFIG = { OPERATOR_LOGIN_MAX_FAILURES: 10, OPERATOR_LOGIN_MAX_FAILURES_PER_ADDRESS: 30, OPERATOR_LOGIN_LOCK_MINUTES: 15 } as AppConfig;

function build(found: OperatorEntity | null, passwordRight = true, redis = new MemoryRedis()) {
  const { sut, mocks } = newTestService(OperatorsService, [
    [APP_CONFIG, CONFIG],
    [REDIS, redis],
  ]);
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
  return { service: sut as OperatorsService, operators, sessions, tokens, audit, totp, redis, hasher: mocks.get<PasswordHasher>(PasswordHasher) };
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

  it.each(['reviewer', 'finance', 'support', 'admin'] as const)(
    'a %s without a second factor gets TOTP_REQUIRED with an enrolment token instead of a session',
    async (role) => {
      const { service, sessions, totp } = build(operator({ role }));
      await expect(service.login('op@example.com', 'pw', undefined, 'UA', '10.0.0.1')).rejects.toMatchObject({
        code: 'TOTP_REQUIRED',
        details: { enrollmentToken: 'enrol-token' },
      });
      expect(totp.issueEnrollment).toHaveBeenCalledWith('op1', 'op@example.com');
      expect(sessions.create).not.toHaveBeenCalled();
    },
  );

  it('an enrolled operator with a right code gets a session, its audit line and a token with the role', async () => {
    const { service, sessions, tokens, audit } = build(operator({ totpSecretEnc: 'v1.x.y.z' }));
    const r = await service.login('op@example.com', 'pw', '123456', 'UA', '10.0.0.1');
    expect(sessions.create).toHaveBeenCalledWith('operator', 'op1', 'UA', '10.0.0.1');
    expect(audit.record).toHaveBeenCalledWith({ operatorId: 'op1', action: 'operator.login', targetType: 'session', targetId: 's1', ip: '10.0.0.1' });
    expect(tokens.sign).toHaveBeenCalledWith({ sub: 'op1', sid: 's1', typ: 'operator', role: 'reviewer' });
    expect(r).toMatchObject({ accessToken: 'access', refreshToken: 's1.refresh', operator: { id: 'op1', role: 'reviewer' } });
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

describe('OperatorsService.login: the password step limit', () => {
  it('judges 10 wrong passwords, then locks the account (429 with Retry-After, audited once) and refuses even the right one unjudged', async () => {
    const { service, audit, hasher, redis } = build(operator({ totpSecretEnc: 'v1.x.y.z' }), false);
    for (let i = 0; i < 10; i++)
      await expect(service.login('op@example.com', 'bad', '1', 'UA', '10.0.0.1')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(service.login('op@example.com', 'bad', '1', 'UA', '10.0.0.1')).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 900 });
    expect(audit.record).toHaveBeenLastCalledWith(
      expect.objectContaining({ action: 'operator.login_failed', details: expect.objectContaining({ email: 'op@example.com', locked: true }) }),
    );
    hasher.verify.mockResolvedValue(true);
    const calls = hasher.verify.mock.calls.length;
    await expect(service.login('OP@example.com', 'right', '1', 'UA', '10.0.0.2')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(hasher.verify.mock.calls.length).toBe(calls);
    expect(await redis.pttl(REDIS_KEYS.operatorLoginFailures('op@example.com'))).toBeGreaterThan(14 * 60_000);
    expect(audit.record.mock.calls.filter(([r]) => (r.details as { locked?: boolean } | undefined)?.locked)).toHaveLength(1);
  });

  it('right passwords at once do not lock the account: the judged ones start it again', async () => {
    const { service, redis } = build(operator({ totpSecretEnc: 'v1.x.y.z' }), true);
    await Promise.allSettled(Array.from({ length: 15 }, () => service.login('op@example.com', 'right', '1', 'UA', '10.0.0.1')));
    expect(redis.count(REDIS_KEYS.operatorLoginFailures('op@example.com'))).toBeLessThanOrEqual(5);
    await service.login('op@example.com', 'right', '1', 'UA', '10.0.0.1');
  });

  it('counts before judging: of 25 wrong passwords at once at most 10 are judged', async () => {
    const { service, hasher } = build(operator({ totpSecretEnc: 'v1.x.y.z' }), false);
    const answers = await Promise.allSettled(Array.from({ length: 25 }, () => service.login('op@example.com', 'bad', '1', 'UA', '10.0.0.1')));
    const codes = answers.map((a) => (a.status === 'rejected' ? (a.reason as { code: string }).code : 'ok'));
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(10);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(15);
    expect(hasher.verify).toHaveBeenCalledTimes(10);
  });

  it('a right password starts the account again; an address over its budget is refused without locking the account', async () => {
    const { service, redis, hasher } = build(operator({ totpSecretEnc: 'v1.x.y.z' }), false);
    for (let i = 0; i < 9; i++)
      await expect(service.login('op@example.com', 'bad', '1', 'UA', '10.0.0.1')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    hasher.verify.mockResolvedValue(true);
    await service.login('op@example.com', 'right', '1', 'UA', '10.0.0.1');
    expect(redis.count(REDIS_KEYS.operatorLoginFailures('op@example.com'))).toBe(0);
    expect(redis.count(REDIS_KEYS.operatorLoginFailuresByAddress('10.0.0.1'))).toBe(9);
    redis.store.set(REDIS_KEYS.operatorLoginFailuresByAddress('10.0.0.7'), { value: '30', expiresAt: Date.now() + 60_000 });
    await expect(service.login('op@example.com', 'right', '1', 'UA', '10.0.0.7')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(redis.count(REDIS_KEYS.operatorLoginFailures('op@example.com'))).toBe(0);
    await service.login('op@example.com', 'right', '1', 'UA', '10.0.0.1');
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
