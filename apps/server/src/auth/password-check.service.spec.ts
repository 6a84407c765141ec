import { describe, expect, it } from '@jest/globals';
import type { UserEntity } from '@candor/db';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { MemoryRedis } from '../../test/memory-redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { UsersRepository } from '../users/users.repository.js';
import { CaptchaService } from './captcha.service.js';
import { PasswordCheckService } from './password-check.service.js';
import { PasswordHasher } from './password-hasher.js';

const config = { LOGIN_FAILURES_BEFORE_CAPTCHA: 3, LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: 20 } as AppConfig;

function build(right = false) {
  const redis = new MemoryRedis();
  const { sut, mocks } = newTestService(PasswordCheckService, [
    [APP_CONFIG, config],
    [REDIS, redis],
  ]);
  mocks.get<UsersRepository>(UsersRepository).findById.mockResolvedValue({ id: 'u1', passwordHash: 'stored' } as UserEntity);
  const hasher = mocks.get<PasswordHasher>(PasswordHasher);
  hasher.verify.mockResolvedValue(right);
  const captcha = mocks.get<CaptchaService>(CaptchaService);
  captcha.consume.mockResolvedValue(false);
  return { check: sut as PasswordCheckService, redis, hasher, captcha };
}

describe('PasswordCheckService.verifyLogin', () => {
  it('judges three wrong passwords, then refuses every try without the graphic code, unjudged, the right one too', async () => {
    const { check, hasher, redis } = build();
    for (let i = 0; i < 3; i++)
      await expect(check.verifyLogin('u1', 'guess', { ip: '10.0.0.1' })).rejects.toMatchObject({ code: 'OLD_PASSWORD_INVALID', field: 'oldPassword' });
    hasher.verify.mockResolvedValue(true);
    await expect(check.verifyLogin('u1', 'right', { ip: '10.0.0.1' })).rejects.toMatchObject({ code: 'CAPTCHA_INVALID', field: 'captchaCode' });
    expect(hasher.verify).toHaveBeenCalledTimes(3);
    // The login of the same account shares the count (the key is the account's).
    expect(redis.count(REDIS_KEYS.loginFailures('u1'))).toBe(4);
  });

  it('with a right graphic code past the limit the password is judged; a right one starts the account again', async () => {
    const { check, captcha, hasher, redis } = build();
    redis.store.set(REDIS_KEYS.loginFailures('u1'), { value: '5', expiresAt: Date.now() + 60_000 });
    captcha.consume.mockResolvedValue(true);
    hasher.verify.mockResolvedValue(true);
    await check.verifyLogin('u1', 'right', { ip: '10.0.0.1', captchaId: 'c1', captchaCode: '1234' });
    expect(captcha.consume).toHaveBeenCalledWith('c1', '1234');
    expect(redis.count(REDIS_KEYS.loginFailures('u1'))).toBe(0);
  });

  it('counts per address: a burst across accounts from one address needs the code after the address budget', async () => {
    const { check, hasher, redis } = build();
    redis.store.set(REDIS_KEYS.loginFailuresByAddress('10.0.0.9'), { value: '20', expiresAt: Date.now() + 60_000 });
    await expect(check.verifyLogin('u1', 'guess', { ip: '10.0.0.9' })).rejects.toMatchObject({ code: 'CAPTCHA_INVALID' });
    expect(hasher.verify).not.toHaveBeenCalled();
  });

  it('of 10 parallel guesses, 3 are judged', async () => {
    const { check, hasher } = build();
    const answers = await Promise.allSettled(Array.from({ length: 10 }, () => check.verifyLogin('u1', 'guess', { ip: '10.0.0.1' })));
    expect(answers.filter((a) => a.status === 'rejected' && (a.reason as { code: string }).code === 'OLD_PASSWORD_INVALID')).toHaveLength(3);
    expect(hasher.verify).toHaveBeenCalledTimes(3);
  });
});
