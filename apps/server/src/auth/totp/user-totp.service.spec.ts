import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { generate, generateSecret } from 'otplib';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../../test/utils.js';
import { MemoryRedis } from '../../../test/memory-redis.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';
import { EventBus } from '../../events/event-bus.js';
import { DomainError } from '../../common/domain-error.js';
import { PasswordCheckService } from '../password-check.service.js';
import { UserTotpRepository } from './user-totp.repository.js';
import { UserTotpService } from './user-totp.service.js';
import type { TotpHolder } from './totp-verifier.js';

const config = { JWT_SECRET: 'j'.repeat(40), TOTP_FAILURES_PER_ADDRESS: 20 } as AppConfig;
const NOW = Date.parse('2026-12-01T10:00:10Z');
const STEP = Math.floor(NOW / 30_000);
const em = { tx: true } as unknown as EntityManager;

function build(holder: Partial<TotpHolder> = {}) {
  const redis = new MemoryRedis();
  const { sut, mocks } = newTestService(UserTotpService, [
    [APP_CONFIG, config],
    [REDIS, redis],
  ]);
  const repo = mocks.get<UserTotpRepository>(UserTotpRepository);
  repo.find.mockResolvedValue({ id: 'u1', totpSecretEnc: null, totpLastStep: null, ...holder });
  repo.insertMessage.mockResolvedValue('m1');
  const passwords = mocks.get<PasswordCheckService>(PasswordCheckService);
  passwords.verifyLogin.mockResolvedValue(undefined);
  const events = mocks.get<EventBus>(EventBus);
  const ds = mocks.get<DataSource>(DataSource);
  (ds.transaction as unknown as jest.Mock<(fn: (em: EntityManager) => Promise<unknown>) => Promise<unknown>>).mockImplementation((fn) => fn(em));
  return { totp: sut as UserTotpService, redis, repo, passwords, events };
}

const wrongOf = async (secret: string) => ((await generate({ secret })) === '000000' ? '111111' : '000000');

afterEach(() => {
  jest.useRealTimers();
});

describe('UserTotpService.setup', () => {
  it('asks for the login password first and keeps the new secret pending, encrypted', async () => {
    const { totp, redis, passwords } = build();
    const r = await totp.setup('u1', 'mei@example.com', { password: 'pw' }, '10.0.0.1');
    expect(passwords.verifyLogin).toHaveBeenCalledWith('u1', 'pw', { ip: '10.0.0.1', captchaId: undefined, captchaCode: undefined });
    expect(r.otpauthUrl).toContain(`secret=${r.secret}`);
    const stored = redis.store.get(REDIS_KEYS.userTotpSetup('u1'))!.value;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(r.secret);
  });

  it('a wrong password names the field and stores nothing', async () => {
    const { totp, redis, passwords } = build();
    passwords.verifyLogin.mockRejectedValue(new DomainError('OLD_PASSWORD_INVALID', 'oldPassword'));
    await expect(totp.setup('u1', 'e@x', { password: 'no' }, '')).rejects.toMatchObject({ code: 'OLD_PASSWORD_INVALID', field: 'password' });
    expect(redis.store.has(REDIS_KEYS.userTotpSetup('u1'))).toBe(false);
  });

  it('is refused while two-factor sign-in is on, before the password is judged', async () => {
    const { totp, passwords } = build({ totpSecretEnc: 'v1.x.y.z' });
    await expect(totp.setup('u1', 'e@x', { password: 'pw' }, '')).rejects.toMatchObject({ code: 'TOTP_ALREADY_ENABLED' });
    expect(passwords.verifyLogin).not.toHaveBeenCalled();
  });
});

describe('UserTotpService.enable', () => {
  it('with a code of the pending secret stores it with that step and ten hashed recovery codes, and tells the owner', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, redis, repo, events } = build();
    repo.enable.mockResolvedValue(true);
    const secret = generateSecret();
    await redis.set(REDIS_KEYS.userTotpSetup('u1'), totp.encrypt(secret));
    const r = await totp.enable('u1', await generate({ secret }), '10.0.0.1');
    expect(r.recoveryCodes).toHaveLength(10);
    expect(repo.enable).toHaveBeenCalledWith(em, 'u1', expect.stringMatching(/^v1\./), STEP);
    const hashes = repo.replaceRecoveryCodes.mock.calls[0]![2];
    expect(hashes).toHaveLength(10);
    expect(hashes).not.toContain(r.recoveryCodes[0]);
    expect(repo.insertMessage).toHaveBeenCalledWith(em, 'u1', 'totpEnabled', expect.stringMatching(/UTC$/));
    expect(events.publish).toHaveBeenCalledWith('user.totpChanged', { userId: 'u1', enabled: true, messageId: 'm1' });
    expect(redis.store.has(REDIS_KEYS.userTotpSetup('u1'))).toBe(false);
  });

  it('a wrong code keeps the setup pending and counts a failure', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, redis, repo } = build();
    const secret = generateSecret();
    await redis.set(REDIS_KEYS.userTotpSetup('u1'), totp.encrypt(secret));
    await expect(totp.enable('u1', await wrongOf(secret), '10.0.0.1')).rejects.toMatchObject({ code: 'TOTP_INVALID' });
    expect(repo.enable).not.toHaveBeenCalled();
    expect(redis.store.has(REDIS_KEYS.userTotpSetup('u1'))).toBe(true);
    expect(redis.count(REDIS_KEYS.userTotpFailures('u1'))).toBe(1);
  });

  it('without a pending secret is TOTP_SETUP_REQUIRED', async () => {
    const { totp } = build();
    await expect(totp.enable('u1', '123456', '')).rejects.toMatchObject({ code: 'TOTP_SETUP_REQUIRED' });
  });
});

describe('UserTotpService.demand and verify', () => {
  it('asks nothing of a user without two-factor sign-in', async () => {
    const { totp } = build();
    await expect(totp.demand('u1', undefined)).resolves.toBeNull();
  });

  it('TOTP_REQUIRED without a code, unjudged and uncounted', async () => {
    const { totp, redis, repo } = build({ totpSecretEnc: 'v1.x.y.z' });
    await expect(totp.demand('u1', undefined)).rejects.toMatchObject({ code: 'TOTP_REQUIRED', field: 'totp' });
    expect(repo.advanceTotpStep).not.toHaveBeenCalled();
    expect(redis.count(REDIS_KEYS.userTotpFailures('u1'))).toBe(0);
  });

  it('accepts a current code once (the step must advance) and refuses a replay', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    const { totp, repo } = build();
    const secret = generateSecret();
    const holder = { id: 'u1', totpSecretEnc: totp.encrypt(secret), totpLastStep: String(STEP - 3) };
    repo.advanceTotpStep.mockResolvedValue(true);
    await expect(totp.verify(holder, await generate({ secret }), '10.0.0.1')).resolves.toBe('totp');
    expect(repo.advanceTotpStep).toHaveBeenCalledWith('u1', STEP);
    await expect(totp.verify({ ...holder, totpLastStep: String(STEP) }, await generate({ secret }), '10.0.0.1')).rejects.toMatchObject({
      code: 'TOTP_INVALID',
    });
  });

  it('accepts an unused recovery code and refuses a spent one', async () => {
    const { totp, repo } = build();
    const holder = { id: 'u1', totpSecretEnc: totp.encrypt(generateSecret()), totpLastStep: null };
    repo.useRecoveryCode.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    await expect(totp.verify(holder, 'abcde-fghjk', '')).resolves.toBe('recovery');
    await expect(totp.verify(holder, 'abcde-fghjk', '')).rejects.toMatchObject({ code: 'TOTP_INVALID' });
  });

  it('refuses everything with RATE_LIMITED after five wrong codes, before judging', async () => {
    const { totp, redis, repo } = build();
    redis.store.set(REDIS_KEYS.userTotpFailures('u1'), { value: '5', expiresAt: Date.now() + 60_000 });
    const holder = { id: 'u1', totpSecretEnc: totp.encrypt(generateSecret()), totpLastStep: null };
    await expect(totp.verify(holder, 'abcde-fghjk', '')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(repo.useRecoveryCode).not.toHaveBeenCalled();
  });
});

describe('UserTotpService.disable', () => {
  it('with a recovery code turns it off and tells the owner', async () => {
    const { totp, repo, events } = build();
    repo.find.mockResolvedValue({ id: 'u1', totpSecretEnc: totp.encrypt(generateSecret()), totpLastStep: null });
    repo.useRecoveryCode.mockResolvedValue(true);
    repo.disable.mockResolvedValue(true);
    await totp.disable('u1', 'abcde-fghjk', '');
    expect(repo.disable).toHaveBeenCalledWith(em, 'u1');
    expect(events.publish).toHaveBeenCalledWith('user.totpChanged', { userId: 'u1', enabled: false, messageId: 'm1' });
  });

  it('a wrong code changes nothing; off already is TOTP_NOT_ENABLED', async () => {
    const { totp, repo } = build();
    await expect(totp.disable('u1', '123456', '')).rejects.toMatchObject({ code: 'TOTP_NOT_ENABLED' });
    repo.find.mockResolvedValue({ id: 'u1', totpSecretEnc: totp.encrypt(generateSecret()), totpLastStep: null });
    repo.useRecoveryCode.mockResolvedValue(false);
    await expect(totp.disable('u1', 'abcde-fghjk', '')).rejects.toMatchObject({ code: 'TOTP_INVALID', field: 'code' });
    expect(repo.disable).not.toHaveBeenCalled();
  });
});
