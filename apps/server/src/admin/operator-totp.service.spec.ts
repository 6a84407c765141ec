import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { generate, generateSecret } from 'otplib';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { MemoryRedis } from '../../test/memory-redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { AuditService } from './audit.service.js';
import { OperatorsRepository } from './operators.repository.js';
import { OperatorTotpService, TOTP_FAILURE_WINDOW_SECONDS, type TotpOperator } from './operator-totp.service.js';

const config = { JWT_SECRET: 'j'.repeat(40), TOTP_FAILURES_PER_ADDRESS: 20 } as AppConfig;
const NOW = Date.parse('2026-12-01T10:00:10Z');
const STEP = Math.floor(NOW / 30_000);
const em = { tx: true } as unknown as EntityManager;

/** The service over an in-memory Redis holding `failures` wrong codes of op1 so far (and `ttlMs` left of their window). */
function build(failures = 0, ttlMs = -1) {
  const redis = new MemoryRedis();
  if (failures) redis.store.set(REDIS_KEYS.totpFailures('op1'), { value: String(failures), expiresAt: ttlMs > 0 ? Date.now() + ttlMs : null });
  const { sut, mocks } = newTestService(OperatorTotpService, [
    [APP_CONFIG, config],
    [REDIS, redis],
  ]);
  const operators = mocks.get<OperatorsRepository>(OperatorsRepository);
  const audit = mocks.get<AuditService>(AuditService);
  audit.record.mockResolvedValue(undefined);
  const ds = mocks.get<DataSource>(DataSource);
  (ds.transaction as unknown as jest.Mock<(fn: (em: EntityManager) => Promise<unknown>) => Promise<unknown>>).mockImplementation((fn) => fn(em));
  return { totp: sut as OperatorTotpService, redis, operators, audit };
}

function enrolledOperator(totp: OperatorTotpService, secret: string, lastStep: number | null = null): TotpOperator {
  return { id: 'op1', totpSecretEnc: totp.encrypt(secret), totpLastStep: lastStep === null ? null : String(lastStep) };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('OperatorTotpService.check', () => {
  it('refuses everything with RATE_LIMITED once the operator has 5 wrong codes in the window, before looking at the code', async () => {
    const { totp, operators, audit } = build(5, 90_000);
    const op = enrolledOperator(totp, generateSecret());
    await expect(totp.check(op, '123456', '10.0.0.1')).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 90 });
    expect(operators.advanceTotpStep).not.toHaveBeenCalled();
    expect(operators.useRecoveryCode).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
  });

  it("accepts a current code, records its time step so it cannot be used again, and forgets the operator's failures", async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, redis, operators } = build(2);
    const secret = generateSecret();
    operators.advanceTotpStep.mockResolvedValue(true);
    await expect(totp.check(enrolledOperator(totp, secret, STEP - 4), await generate({ secret }), '10.0.0.1')).resolves.toBeUndefined();
    expect(operators.advanceTotpStep).toHaveBeenCalledWith('op1', STEP);
    expect(redis.del).toHaveBeenCalledWith(REDIS_KEYS.totpFailures('op1'));
    expect(redis.count(REDIS_KEYS.totpFailures('op1'))).toBe(0);
    expect(redis.count(REDIS_KEYS.totpFailuresByAddress('10.0.0.1'))).toBe(0); // the right try is given back
  });

  it('refuses a code of the last accepted step (a replay) and counts the failure', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, redis, operators, audit } = build();
    const secret = generateSecret();
    await expect(totp.check(enrolledOperator(totp, secret, STEP), await generate({ secret }), '10.0.0.1')).rejects.toMatchObject({ code: 'TOTP_INVALID' });
    expect(operators.advanceTotpStep).not.toHaveBeenCalled();
    expect(redis.count(REDIS_KEYS.totpFailures('op1'))).toBe(1);
    expect(redis.count(REDIS_KEYS.totpFailuresByAddress('10.0.0.1'))).toBe(1);
    expect(await redis.pttl(REDIS_KEYS.totpFailures('op1'))).toBeGreaterThan((TOTP_FAILURE_WINDOW_SECONDS - 5) * 1000);
    expect(audit.record).toHaveBeenCalledWith({ operatorId: null, action: 'operator.totp_failed', targetType: 'operator', targetId: 'op1', ip: '10.0.0.1' });
  });

  it('counts before judging: of 40 wrong codes sent at once, at most 5 are judged and the rest are refused unjudged', async () => {
    const { totp, operators, audit } = build();
    operators.useRecoveryCode.mockResolvedValue(false);
    const op = enrolledOperator(totp, generateSecret());
    const answers = await Promise.allSettled(Array.from({ length: 40 }, () => totp.check(op, 'abcde-fghjk', '10.0.0.1')));
    const codes = answers.map((a) => (a.status === 'rejected' ? (a.reason as { code: string }).code : 'ok'));
    expect(codes.filter((c) => c === 'TOTP_INVALID')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(35);
    expect(operators.useRecoveryCode).toHaveBeenCalledTimes(5);
    expect(audit.record).toHaveBeenCalledTimes(5);
  });

  it('counts per address too: once an address spent its budget, another operator from it is refused unjudged', async () => {
    const { totp, redis, operators } = build();
    redis.store.set(REDIS_KEYS.totpFailuresByAddress('10.0.0.9'), { value: '20', expiresAt: Date.now() + 60_000 });
    const other = { id: 'op2', totpSecretEnc: totp.encrypt(generateSecret()), totpLastStep: null };
    await expect(totp.check(other, '123456', '10.0.0.9')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(operators.advanceTotpStep).not.toHaveBeenCalled();
    await expect(totp.check(other, '123456', '10.0.0.1')).rejects.toMatchObject({ code: 'TOTP_INVALID' });
  });

  it('of two sign-ins racing with one code, the one that did not store the step is refused', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, operators } = build();
    const secret = generateSecret();
    operators.advanceTotpStep.mockResolvedValue(false);
    await expect(totp.check(enrolledOperator(totp, secret), await generate({ secret }), '10.0.0.1')).rejects.toMatchObject({ code: 'TOTP_INVALID' });
  });

  it('an operator without a secret cannot pass with a six-digit code', async () => {
    const { totp, operators } = build();
    await expect(totp.check({ id: 'op1', totpSecretEnc: null, totpLastStep: null }, '123456', '10.0.0.1')).rejects.toMatchObject({ code: 'TOTP_INVALID' });
    expect(operators.advanceTotpStep).not.toHaveBeenCalled();
  });

  it('accepts an unused recovery code, however it is typed, and audits how many are left', async () => {
    const { totp, operators, audit } = build();
    operators.useRecoveryCode.mockResolvedValue(true);
    operators.countUnusedRecoveryCodes.mockResolvedValue(7);
    const op = enrolledOperator(totp, generateSecret());
    await totp.check(op, 'abcde-fghjk', '10.0.0.1');
    await totp.check(op, 'ABCDE FGHJK', '10.0.0.1');
    const [first, second] = operators.useRecoveryCode.mock.calls;
    expect(first![0]).toBe('op1');
    expect(first![1]).toMatch(/^[0-9a-f]{64}$/);
    expect(second![1]).toBe(first![1]);
    expect(audit.record).toHaveBeenCalledWith({
      operatorId: 'op1',
      action: 'operator.recovery_code_used',
      targetType: 'operator',
      targetId: 'op1',
      details: { left: 7 },
      ip: '10.0.0.1',
    });
  });

  it('refuses a used or unknown recovery code', async () => {
    const { totp, operators, audit } = build();
    operators.useRecoveryCode.mockResolvedValue(false);
    await expect(totp.check(enrolledOperator(totp, generateSecret()), 'abcde-fghjk', '10.0.0.1')).rejects.toMatchObject({ code: 'TOTP_INVALID' });
    expect(operators.countUnusedRecoveryCodes).not.toHaveBeenCalled();
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'operator.totp_failed' }));
  });
});

describe('OperatorTotpService.confirmEnrollment', () => {
  function pendingEnrollment(totp: OperatorTotpService, redis: ReturnType<typeof build>['redis'], secret: string) {
    const secretEnc = totp.encrypt(secret);
    redis.get.mockResolvedValue(JSON.stringify({ operatorId: 'op1', email: 'op@example.com', secretEnc }));
    redis.del.mockResolvedValueOnce(1); // the enrolment key, as if stored
    return secretEnc;
  }

  it('with a valid code stores the secret and ten new recovery codes with the audit line in one transaction', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, redis, operators, audit } = build();
    const secret = generateSecret();
    const secretEnc = pendingEnrollment(totp, redis, secret);
    const r = await totp.confirmEnrollment('token', await generate({ secret }), '10.0.0.1');
    expect(r.operatorId).toBe('op1');
    expect(r.recoveryCodes).toHaveLength(10);
    expect(operators.storeTotpSecret).toHaveBeenCalledWith(em, 'op1', secretEnc, STEP);
    expect(operators.deleteRecoveryCodes).toHaveBeenCalledWith(em, 'op1');
    const hashes = operators.insertRecoveryCodes.mock.calls[0]![2];
    expect(operators.insertRecoveryCodes).toHaveBeenCalledWith(em, 'op1', expect.any(Array));
    expect(new Set(hashes).size).toBe(10);
    expect(hashes).not.toContain(r.recoveryCodes[0]); // stored hashed, never as typed
    expect(audit.record).toHaveBeenCalledWith(
      { operatorId: 'op1', action: 'operator.totp_enrolled', targetType: 'operator', targetId: 'op1', ip: '10.0.0.1' },
      em,
    );
  });

  it('a wrong code stores nothing and keeps the enrolment open', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, redis, operators } = build();
    const secret = generateSecret();
    pendingEnrollment(totp, redis, secret);
    const wrong = (await generate({ secret })) === '000000' ? '111111' : '000000';
    await expect(totp.confirmEnrollment('token', wrong, '10.0.0.1')).rejects.toMatchObject({ code: 'TOTP_INVALID' });
    expect(operators.storeTotpSecret).not.toHaveBeenCalled();
    expect(redis.del).not.toHaveBeenCalled();
  });

  it('only one of two confirmations with the same token wins', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, redis, operators } = build();
    const secret = generateSecret();
    pendingEnrollment(totp, redis, secret);
    redis.del.mockReset();
    redis.del.mockResolvedValue(0); // the other confirmation spent the token first
    await expect(totp.confirmEnrollment('token', await generate({ secret }), '10.0.0.1')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(operators.storeTotpSecret).not.toHaveBeenCalled();
  });

  it('an enrolment never started (no secret yet) or expired is UNAUTHENTICATED', async () => {
    const { totp, redis } = build();
    redis.get.mockResolvedValue(JSON.stringify({ operatorId: 'op1', email: 'op@example.com' }));
    await expect(totp.confirmEnrollment('token', '123456', '10.0.0.1')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    redis.get.mockResolvedValue(null);
    await expect(totp.confirmEnrollment('token', '123456', '10.0.0.1')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
