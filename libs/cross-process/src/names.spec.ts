import { describe, expect, it } from '@jest/globals';
import {
  bullPrefix,
  QUEUES,
  readRedisPrefix,
  REDIS_CHANNELS,
  REDIS_KEYS,
  redisPrefix,
  socketIoKey,
  SETTLE_GIVE_UP_MS,
  SETTLE_POLL_MS,
  settleJobDelay,
  settleJobId,
  USER_PUSHES_EVENT,
} from './index.js';

describe('queues', () => {
  const queueNames = Object.values(QUEUES).map((q) => q.name);
  const jobNames = Object.values(QUEUES).flatMap((q) => Object.values(q.jobs) as string[]);

  it('every queue and every job has its own name (the worker refuses a job name twice)', () => {
    expect(new Set(queueNames).size).toBe(queueNames.length);
    expect(new Set(jobNames).size).toBe(jobNames.length);
  });

  it.each([
    [0, 'settle-0'],
    [1_764_000_000, 'settle-1764000000'],
  ])('the settle job of second %i is %s: deterministic, and no single ":" (BullMQ refuses it)', (second, id) => {
    expect(settleJobId(second)).toBe(id);
    expect(settleJobId(second)).not.toContain(':');
  });

  it.each([
    ['well before its second: waits until 50 ms into it', 100, 90_000, 10_050],
    ['in its second: 50 ms into it at the latest', 100, 100_020, 30],
    ['after its second: at once', 100, 101_500, 0],
  ])('settleJobDelay %s', (_name, second, nowMs, delay) => expect(settleJobDelay(second, nowMs)).toBe(delay));

  it('a settle job polls more often than it gives up', () => {
    expect(SETTLE_POLL_MS).toBeLessThan(SETTLE_GIVE_UP_MS);
  });
});

describe('redis names', () => {
  it('reads REDIS_PREFIX: 1-32 safe characters, `candor` when unset', () => {
    expect(readRedisPrefix(undefined)).toBe('candor');
    expect(readRedisPrefix(' ')).toBe('candor');
    expect(readRedisPrefix('staging-2')).toBe('staging-2');
    for (const bad of ['a b', 'a:b', '-x', 'x'.repeat(33), 'a*']) expect(() => readRedisPrefix(bad)).toThrow('REDIS_PREFIX');
  });

  it('puts every key, channel, queue and socket.io channel under the prefix', () => {
    expect(redisPrefix()).toBe('candor');
    expect(REDIS_KEYS.feedLeader).toBe('candor:feed:leader');
    expect(REDIS_KEYS.rateLimitPrefix).toBe('candor:rate:');
    for (const ch of Object.values(REDIS_CHANNELS)) expect(ch).toMatch(/^candor:[a-z-]+$/);
    expect(bullPrefix()).toBe('candor:bull');
    expect(socketIoKey()).toBe('candor:socket.io');
  });

  it.each([
    ['tickLast', REDIS_KEYS.tickLast('BTCUSDT'), 'candor:tick:last:BTCUSDT'],
    ['sessionRevoked', REDIS_KEYS.sessionRevoked('s1'), 'candor:session-revoked:s1'],
    ['captcha', REDIS_KEYS.captcha('c1'), 'candor:captcha:c1'],
    ['registration', REDIS_KEYS.registration('t1'), 'candor:registration:t1'],
    ['loginFailures (case-folded)', REDIS_KEYS.loginFailures('A@Example.com'), 'candor:login-failures:a@example.com'],
    ['loginFailuresByAddress', REDIS_KEYS.loginFailuresByAddress('127.0.0.1'), 'candor:login-failures-ip:127.0.0.1'],
    ['operatorLoginFailures (case-folded)', REDIS_KEYS.operatorLoginFailures('A@Example.com'), 'candor:operator-login-failures:a@example.com'],
    ['altchaUsed', REDIS_KEYS.altchaUsed('c1'), 'candor:altcha-used:c1'],
    ['mailThrottle', REDIS_KEYS.mailThrottle('resend', 'u1'), 'candor:mail-throttle:resend:u1'],
    ['totpFailures', REDIS_KEYS.totpFailures('o1'), 'candor:totp-failures:o1'],
    ['operatorEnrollment', REDIS_KEYS.operatorEnrollment('h1'), 'candor:operator-enrollment:h1'],
    ['userTotpSetup', REDIS_KEYS.userTotpSetup('u1'), 'candor:user-totp-setup:u1'],
    ['userTotpFailures', REDIS_KEYS.userTotpFailures('u1'), 'candor:user-totp-failures:u1'],
    ['userTotpFailuresByAddress', REDIS_KEYS.userTotpFailuresByAddress('x'), 'candor:user-totp-failures-ip:x'],
  ])('%s', (_name, key, expected) => expect(key).toBe(expected));

  it('keys of different kinds never collide: each kind has its own prefix', () => {
    const prefixes = [
      REDIS_KEYS.tickLast('x'),
      REDIS_KEYS.feedLeader,
      REDIS_KEYS.feedStatus,
      REDIS_KEYS.marketHalts,
      REDIS_KEYS.ledgerCheckLast,
      REDIS_KEYS.sessionRevoked('x'),
      REDIS_KEYS.captcha('x'),
      REDIS_KEYS.registration('x'),
      REDIS_KEYS.loginFailures('x'),
      REDIS_KEYS.rateLimitPrefix,
      REDIS_KEYS.altchaUsed('x'),
      REDIS_KEYS.mailThrottle('x', 'x'),
      REDIS_KEYS.loginFailuresByAddress('x'),
      REDIS_KEYS.totpFailuresByAddress('x'),
      REDIS_KEYS.operatorLoginFailures('x'),
      REDIS_KEYS.operatorLoginFailuresByAddress('x'),
      REDIS_KEYS.operatorReadAudited('x', 'x', 'x'),
      REDIS_KEYS.totpFailures('x'),
      REDIS_KEYS.operatorEnrollment('x'),
      REDIS_KEYS.userTotpSetup('x'),
      REDIS_KEYS.userTotpFailures('x'),
      REDIS_KEYS.userTotpFailuresByAddress('x'),
      REDIS_KEYS.contentVersion,
    ].map((k) => {
      const own = k.slice('candor:'.length);
      return own
        .split(':')
        .slice(0, own.startsWith('tick:') ? 2 : 1)
        .join(':');
    });
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('channels and the inter-server event have distinct names', () => {
    const names = [...Object.values(REDIS_CHANNELS), USER_PUSHES_EVENT];
    expect(new Set(names).size).toBe(names.length);
  });
});
