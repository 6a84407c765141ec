import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/config.js';
import { binding, bucketLimits, exempt, tokenType, type Counted } from './rate-limits.js';

const count = (max: number, current: number, ttl: number): Counted => ({
  isAllowed: false,
  key: 'k',
  max,
  timeWindow: 60_000,
  remaining: Math.max(0, max - current),
  ttl,
  ttlInSeconds: Math.ceil(ttl / 1000),
  isExceeded: current > max,
  isBanned: false,
});

const jwt = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('rate limits', () => {
  it('counts every /api route but the health check, and nothing outside /api', () => {
    expect(['/api/orders', '/api/auth/login?lang=en', '/api/healthz', '/api/no-such-route'].map(exempt)).toEqual([false, false, false, false]);
    expect(['/api/health', '/api/health?x=1', '/', '/assets/index.js', '/console/', '/ops/queues', '/socket.io/'].map(exempt)).toEqual(Array(7).fill(true));
  });

  it('reads the token type only to pick the audience to verify; anything else is no account', () => {
    expect(tokenType(jwt({ typ: 'user', sub: 'u1' }))).toBe('user');
    expect(tokenType(jwt({ typ: 'operator', sub: 'o1' }))).toBe('operator');
    expect([tokenType(jwt({ typ: 'admin' })), tokenType('garbage'), tokenType('a.%%%.c'), tokenType(`a.${'x'.repeat(5000)}.c`)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('reports the bucket that binds: an exceeded one (the longest wait), else the one with the fewest requests left', () => {
    const address = count(600, 10, 50_000);
    const account = count(300, 298, 40_000);
    const money = count(120, 5, 30_000);
    expect(binding([address, account, money])).toBe(account);
    const exceededShort = count(3, 4, 10_000);
    const exceededLong = count(5, 9, 3_000_000);
    expect(binding([address, exceededShort, exceededLong, account])).toBe(exceededLong);
  });

  it('takes every limit from the configuration, per minute or per hour', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://x',
      REDIS_URL: 'redis://x',
      JWT_SECRET: 'x'.repeat(32),
      RATE_LIMIT_MONEY_PER_MINUTE: '7',
      RATE_LIMIT_ACCESSIBLE_PER_HOUR: '2',
    });
    const limits = bucketLimits(c);
    expect(limits.money).toEqual({ max: 7, windowMs: 60_000 });
    expect(limits.accessible).toEqual({ max: 2, windowMs: 3_600_000 });
    expect(limits.address).toEqual({ max: 600, windowMs: 60_000 });
    expect(limits.mail).toEqual({ max: 10, windowMs: 3_600_000 });
    expect(Object.keys(limits).sort()).toEqual(['accessible', 'account', 'address', 'auth', 'captcha', 'mail', 'money']);
  });
});
