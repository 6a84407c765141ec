import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { UserEntity } from '@candor/db';
import type { LoginBody } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { EventBus } from '../events/event-bus.js';
import { UsersRepository } from '../users/users.repository.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionService } from './session.service.js';
import { TokenService } from './token.service.js';

const config = { LOGIN_FAILURES_BEFORE_CAPTCHA: 3 } as AppConfig;
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const body: LoginBody = { email: 'ann@example.com', password: 'secret-1' } as LoginBody;

const user = (over: Partial<UserEntity> = {}) =>
  ({
    id: 'u1',
    email: 'ann@example.com',
    phone: '0912345678',
    nickname: 'ann',
    inviteCode: 'ABCDEFGH',
    creditScore: 100,
    kycStatus: 'none',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    passwordHash: 'stored',
    disabledAt: null,
    ...over,
  }) as UserEntity;

interface FakeRedis {
  get(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
  multi(): unknown;
}

function build(opts: { failures?: number; found?: UserEntity | null; passwordRight?: boolean; history?: { before: boolean; knownDevice: boolean } } = {}) {
  const { sut, mocks } = newTestService(AuthService, [[APP_CONFIG, config]]);
  const redis = mocks.get<FakeRedis>(REDIS);
  redis.get.mockResolvedValue(opts.failures === undefined ? null : String(opts.failures));
  redis.del.mockResolvedValue(1);
  const chain: Record<'incr' | 'expire' | 'exec', jest.Mock> = { incr: jest.fn(() => chain), expire: jest.fn(() => chain), exec: jest.fn(async () => []) };
  redis.multi.mockReturnValue(chain);
  mocks.get<UsersRepository>(UsersRepository).findByEmail.mockResolvedValue(opts.found === undefined ? user() : opts.found);
  mocks.get<PasswordHasher>(PasswordHasher).verify.mockResolvedValue(opts.passwordRight ?? true);
  const sessions = mocks.get<SessionService>(SessionService);
  sessions.history.mockResolvedValue(opts.history ?? { before: true, knownDevice: true });
  sessions.create.mockResolvedValue({ sessionId: 's1', refreshToken: 's1.refresh' });
  mocks.get<TokenService>(TokenService).sign.mockResolvedValue('access');
  const events = mocks.get<EventBus>(EventBus);
  events.publish.mockResolvedValue(undefined);
  return { auth: sut as AuthService, mocks, redis, chain, sessions, events };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('AuthService.login and user.newDevice', () => {
  it('publishes user.newDevice once the session exists when the account signed in before but never with this device', async () => {
    jest.useFakeTimers({ now: new Date('2026-12-01T08:09:30Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const { auth, sessions, events } = build({ history: { before: true, knownDevice: false } });
    const r = await auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7');
    expect(r).toMatchObject({ accessToken: 'access', refreshToken: 's1.refresh', user: { id: 'u1', phone: expect.not.stringContaining('2345') } });
    expect(sessions.history).toHaveBeenCalledWith('user', 'u1', CHROME_ON_WINDOWS);
    expect(events.publish).toHaveBeenCalledTimes(1);
    expect(events.publish).toHaveBeenCalledWith('user.newDevice', { userId: 'u1', device: 'Chrome · Windows', ip: '10.0.0.7', at: '2026-12-01 08:09 UTC' });
    // The history is read before this sign-in's session is stored, and the event published after.
    expect(sessions.history.mock.invocationCallOrder[0]!).toBeLessThan(sessions.create.mock.invocationCallOrder[0]!);
    expect(sessions.create.mock.invocationCallOrder[0]!).toBeLessThan(events.publish.mock.invocationCallOrder[0]!);
  });

  it('names an unknown device by the start of its user agent, and a missing one or a missing address by "?"', async () => {
    const { auth, events } = build({ history: { before: true, knownDevice: false } });
    await auth.login(body, 'curl/8.5.0', '');
    expect(events.publish).toHaveBeenLastCalledWith('user.newDevice', expect.objectContaining({ device: 'curl/8.5.0', ip: '?' }));
    await auth.login(body, undefined, '10.0.0.7');
    expect(events.publish).toHaveBeenLastCalledWith('user.newDevice', expect.objectContaining({ device: '?', ip: '10.0.0.7' }));
  });

  it('publishes nothing on the first sign-in ever, nor from a device used before', async () => {
    const first = build({ history: { before: false, knownDevice: false } });
    await first.auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7');
    expect(first.events.publish).not.toHaveBeenCalled();
    const known = build({ history: { before: true, knownDevice: true } });
    await known.auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7');
    expect(known.events.publish).not.toHaveBeenCalled();
  });

  it('a wrong password counts a failure for the e-mail and opens no session', async () => {
    const { auth, redis, chain, sessions, events } = build({ passwordRight: false });
    await expect(auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(chain.incr).toHaveBeenCalledWith(REDIS_KEYS.loginFailures(body.email));
    expect(chain.expire).toHaveBeenCalledWith(REDIS_KEYS.loginFailures(body.email), 15 * 60);
    expect(redis.del).not.toHaveBeenCalled();
    expect(sessions.create).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('an unknown e-mail is answered like a wrong password', async () => {
    const { auth, sessions } = build({ found: null, passwordRight: false });
    await expect(auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(sessions.create).not.toHaveBeenCalled();
  });

  it('after LOGIN_FAILURES_BEFORE_CAPTCHA failures a sign-in needs a right captcha before the password is even looked at', async () => {
    const { auth, mocks } = build({ failures: 3 });
    mocks.get<CaptchaService>(CaptchaService).consume.mockResolvedValue(false);
    await expect(auth.login({ ...body, captchaId: 'c1', captchaCode: 'x' } as LoginBody, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({
      code: 'CAPTCHA_INVALID',
      field: 'captchaCode',
    });
    expect(mocks.get<UsersRepository>(UsersRepository).findByEmail).not.toHaveBeenCalled();
  });

  it('a disabled account is refused after the password check, and its failures are forgotten', async () => {
    const { auth, redis, sessions } = build({ found: user({ disabledAt: new Date() }) });
    await expect(auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(redis.del).toHaveBeenCalledWith(REDIS_KEYS.loginFailures(body.email));
    expect(sessions.create).not.toHaveBeenCalled();
  });
});
