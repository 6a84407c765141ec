import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { UserEntity } from '@candor/db';
import type { ChangePasswordBody, LoginBody } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { MemoryRedis } from '../../test/memory-redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { EventBus } from '../events/event-bus.js';
import { UsersRepository } from '../users/users.repository.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { AltchaService } from './altcha.service.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionService } from './session.service.js';
import { TokenService } from './token.service.js';
import { TradePasswordService } from './trade-password.service.js';
import { PasswordCheckService } from './password-check.service.js';
import { DomainError } from '../common/domain-error.js';

const config = { LOGIN_FAILURES_BEFORE_CAPTCHA: 3, LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: 20 } as AppConfig;
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

function build(opts: { failures?: number; found?: UserEntity | null; passwordRight?: boolean; history?: { before: boolean; knownDevice: boolean } } = {}) {
  const redis = new MemoryRedis();
  // Failures so far of the account (the user's id, as login and the password checks count them).
  if (opts.failures) redis.store.set(REDIS_KEYS.loginFailures('u1'), { value: String(opts.failures), expiresAt: Date.now() + 60_000 });
  const { sut, mocks } = newTestService(AuthService, [
    [APP_CONFIG, config],
    [REDIS, redis],
  ]);
  mocks.get<UsersRepository>(UsersRepository).findByEmail.mockResolvedValue(opts.found === undefined ? user() : opts.found);
  mocks.get<PasswordHasher>(PasswordHasher).verify.mockResolvedValue(opts.passwordRight ?? true);
  const sessions = mocks.get<SessionService>(SessionService);
  sessions.history.mockResolvedValue(opts.history ?? { before: true, knownDevice: true });
  sessions.create.mockResolvedValue({ sessionId: 's1', refreshToken: 's1.refresh' });
  mocks.get<TokenService>(TokenService).sign.mockResolvedValue('access');
  const events = mocks.get<EventBus>(EventBus);
  events.publish.mockResolvedValue(undefined);
  return { auth: sut as AuthService, mocks, redis, sessions, events };
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

  it('a wrong password stays counted against the account and the address (counted before judging) and opens no session', async () => {
    const { auth, redis, sessions, events } = build({ passwordRight: false });
    await expect(auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(redis.count(REDIS_KEYS.loginFailures('u1'))).toBe(1);
    expect(redis.count(REDIS_KEYS.loginFailuresByAddress('10.0.0.7'))).toBe(1);
    expect(await redis.pttl(REDIS_KEYS.loginFailures('u1'))).toBeGreaterThan(14 * 60_000);
    expect(sessions.create).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('an unknown e-mail is answered like a wrong password, and counted under the e-mail typed', async () => {
    const { auth, sessions, redis } = build({ found: null, passwordRight: false });
    await expect(auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(redis.count(REDIS_KEYS.loginFailures(body.email))).toBe(1);
    expect(sessions.create).not.toHaveBeenCalled();
  });

  it('after LOGIN_FAILURES_BEFORE_CAPTCHA failures a sign-in needs a right captcha before the password is even looked at', async () => {
    const { auth, mocks } = build({ failures: 3 });
    mocks.get<CaptchaService>(CaptchaService).consume.mockResolvedValue(false);
    await expect(auth.login({ ...body, captchaId: 'c1', captchaCode: 'x' } as LoginBody, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({
      code: 'CAPTCHA_INVALID',
      field: 'captchaCode',
    });
    expect(mocks.get<PasswordHasher>(PasswordHasher).verify).not.toHaveBeenCalled();
    mocks.get<CaptchaService>(CaptchaService).consume.mockResolvedValue(true);
    await auth.login({ ...body, captchaId: 'c2', captchaCode: '1234' } as LoginBody, CHROME_ON_WINDOWS, '10.0.0.7');
  });

  it('of a burst of parallel wrong passwords, only the first three are judged without the graphic code', async () => {
    const { auth, mocks } = build({ passwordRight: false });
    mocks.get<CaptchaService>(CaptchaService).consume.mockResolvedValue(false);
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7')));
    const codes = answers.map((a) => (a.status === 'rejected' ? (a.reason as { code: string }).code : 'ok'));
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(3);
    expect(codes.filter((c) => c === 'CAPTCHA_INVALID')).toHaveLength(9);
    expect(mocks.get<PasswordHasher>(PasswordHasher).verify).toHaveBeenCalledTimes(3);
  });

  it('an address past its own budget needs the graphic code for any account', async () => {
    const { auth, mocks, redis } = build();
    redis.store.set(REDIS_KEYS.loginFailuresByAddress('10.0.0.9'), { value: '20', expiresAt: Date.now() + 60_000 });
    mocks.get<CaptchaService>(CaptchaService).consume.mockResolvedValue(false);
    await expect(auth.login(body, CHROME_ON_WINDOWS, '10.0.0.9')).rejects.toMatchObject({ code: 'CAPTCHA_INVALID' });
    await auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7');
  });

  it('a disabled account is refused after the password check, and its failures are forgotten', async () => {
    const { auth, redis, sessions } = build({ found: user({ disabledAt: new Date() }), failures: 2 });
    await expect(auth.login(body, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(redis.count(REDIS_KEYS.loginFailures('u1'))).toBe(0);
    expect(redis.count(REDIS_KEYS.loginFailuresByAddress('10.0.0.7'))).toBe(0);
    expect(sessions.create).not.toHaveBeenCalled();
  });
});

describe('AuthService.changePassword', () => {
  const change = (over: Partial<ChangePasswordBody> = {}): ChangePasswordBody => ({
    kind: 'trade',
    oldPassword: '123456',
    newPassword: '654321',
    confirmPassword: '654321',
    ...over,
  });

  it('a trade password goes through the withdrawal lockout: a lock answers TRADE_PASSWORD_LOCKED and nothing changes', async () => {
    const { auth, mocks } = build();
    const trade = mocks.get<TradePasswordService>(TradePasswordService);
    trade.verify.mockRejectedValue(new DomainError('TRADE_PASSWORD_LOCKED', 'tradePassword', {}, { unlockAt: '2026-12-01T00:15:00.000Z' }));
    await expect(auth.changePassword('u1', 's1', change(), '10.0.0.7')).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_LOCKED',
      field: 'oldPassword',
      details: { unlockAt: '2026-12-01T00:15:00.000Z' },
    });
    expect(trade.verify).toHaveBeenCalledWith('u1', '123456');
    expect(mocks.get<UsersRepository>(UsersRepository).updatePasswordHash).not.toHaveBeenCalled();
    trade.verify.mockRejectedValue(new DomainError('TRADE_PASSWORD_INVALID', 'tradePassword'));
    await expect(auth.changePassword('u1', 's1', change(), '10.0.0.7')).rejects.toMatchObject({ code: 'OLD_PASSWORD_INVALID', field: 'oldPassword' });
  });

  it('a login password goes through PasswordCheckService with the address and the graphic code; success ends other sessions and tells the owner', async () => {
    const { auth, mocks, sessions, events } = build();
    const check = mocks.get<PasswordCheckService>(PasswordCheckService);
    check.verifyLogin.mockResolvedValue(undefined);
    mocks.get<PasswordHasher>(PasswordHasher).hash.mockResolvedValue('new-hash');
    const body = change({
      kind: 'login',
      oldPassword: 'old-pass-1',
      newPassword: 'new-pass-12',
      confirmPassword: 'new-pass-12',
      captchaId: 'c',
      captchaCode: '1',
    });
    await auth.changePassword('u1', 's1', body, '10.0.0.7');
    expect(check.verifyLogin).toHaveBeenCalledWith('u1', 'old-pass-1', { ip: '10.0.0.7', captchaId: 'c', captchaCode: '1' });
    expect(mocks.get<TradePasswordService>(TradePasswordService).verify).not.toHaveBeenCalled();
    expect(mocks.get<UsersRepository>(UsersRepository).updatePasswordHash).toHaveBeenCalledWith('u1', 'login', 'new-hash');
    expect(sessions.revokeAllExcept).toHaveBeenCalledWith('user', 'u1', 's1', 'password_changed');
    expect(events.publish).toHaveBeenCalledWith('user.passwordChanged', { userId: 'u1' });
  });

  it('a malformed or mismatched new password is refused before the old one is judged (no try is spent)', async () => {
    const { auth, mocks } = build();
    await expect(auth.changePassword('u1', 's1', change({ newPassword: '12' }), '10.0.0.7')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(auth.changePassword('u1', 's1', change({ confirmPassword: '111111' }), '10.0.0.7')).rejects.toMatchObject({ code: 'TRADE_PASSWORD_MISMATCH' });
    expect(mocks.get<TradePasswordService>(TradePasswordService).verify).not.toHaveBeenCalled();
  });
});

describe('AuthService.registerCheck: the graphic code and the proof-of-work', () => {
  const step1 = { email: 'new@example.com', phone: '0912345678', inviteCode: 'ABCDEFGH', altcha: 'solved' };
  function buildCheck(captchaRight = true) {
    const b = build();
    b.mocks.get<CaptchaService>(CaptchaService).consume.mockResolvedValue(captchaRight);
    b.mocks.get<AltchaService>(AltchaService).verify.mockResolvedValue(undefined);
    b.mocks.get<UsersRepository>(UsersRepository).findActiveCode.mockResolvedValue({ code: 'ABCDEFGH' } as never);
    b.mocks.get<UsersRepository>(UsersRepository).emailOrPhoneTaken.mockResolvedValue(null);
    return b;
  }

  it('with the graphic code: checks it, then the proof-of-work as the configuration asks', async () => {
    const { auth, mocks } = buildCheck();
    await expect(auth.registerCheck({ ...step1, captchaId: 'c1', captchaCode: '1234' })).resolves.toEqual({ registrationToken: expect.any(String) });
    expect(mocks.get<CaptchaService>(CaptchaService).consume).toHaveBeenCalledWith('c1', '1234');
    expect(mocks.get<AltchaService>(AltchaService).verify).toHaveBeenCalledWith('solved', { required: false });
  });

  it('a wrong graphic code is refused before the proof-of-work is spent', async () => {
    const { auth, mocks } = buildCheck(false);
    await expect(auth.registerCheck({ ...step1, captchaId: 'c1', captchaCode: '1234' })).rejects.toMatchObject({
      code: 'CAPTCHA_INVALID',
      field: 'captchaCode',
    });
    expect(mocks.get<AltchaService>(AltchaService).verify).not.toHaveBeenCalled();
  });

  it('without it (the accessible path) the proof-of-work is required, whatever the configuration', async () => {
    const { auth, mocks } = buildCheck();
    await expect(auth.registerCheck(step1)).resolves.toEqual({ registrationToken: expect.any(String) });
    expect(mocks.get<CaptchaService>(CaptchaService).consume).not.toHaveBeenCalled();
    expect(mocks.get<AltchaService>(AltchaService).verify).toHaveBeenCalledWith('solved', { required: true });
    mocks.get<AltchaService>(AltchaService).verify.mockRejectedValue(new DomainError('ALTCHA_INVALID', 'altcha'));
    await expect(auth.registerCheck(step1)).rejects.toMatchObject({ code: 'ALTCHA_INVALID', field: 'altcha' });
    expect(mocks.get<UsersRepository>(UsersRepository).emailOrPhoneTaken).toHaveBeenCalledTimes(1);
  });
});

describe('AuthService.login: the proof-of-work first', () => {
  it('checks the altcha before counting or judging anything', async () => {
    const { auth, mocks, redis } = build();
    mocks.get<AltchaService>(AltchaService).verify.mockRejectedValue(new DomainError('ALTCHA_INVALID', 'altcha'));
    await expect(auth.login({ ...body, altcha: 'bad' } as LoginBody, CHROME_ON_WINDOWS, '10.0.0.7')).rejects.toMatchObject({ code: 'ALTCHA_INVALID' });
    expect(mocks.get<AltchaService>(AltchaService).verify).toHaveBeenCalledWith('bad');
    expect(mocks.get<PasswordHasher>(PasswordHasher).verify).not.toHaveBeenCalled();
    expect(redis.store.size).toBe(0);
  });
});
