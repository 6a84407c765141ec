import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { SessionService } from './session.service.js';
import type { EventBus } from '../events/event-bus.js';
import type { SessionsRepository } from './sessions.repository.js';
import { REDIS_KEYS } from '@candor/cross-process';

/** A Redis with the two commands revocation uses, counting EXISTS calls. */
function fakeRedis() {
  const keys = new Set<string>();
  const calls = { exists: 0 };
  const redis = {
    async exists(key: string) {
      calls.exists++;
      return keys.has(key) ? 1 : 0;
    },
    async set(key: string) {
      keys.add(key);
      return 'OK';
    },
  };
  return { redis: redis as unknown as Redis, keys, calls };
}

function service(redis: Redis): SessionService {
  const repo = { revoke: async () => {} } as unknown as SessionsRepository;
  return new SessionService(repo, redis, { ACCESS_TOKEN_TTL_SECONDS: 900 } as AppConfig, { publish: async () => undefined } as unknown as EventBus);
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('SessionService.isRevoked', () => {
  it('asks Redis once per session and second while the answer is "not revoked"', async () => {
    const { redis, calls } = fakeRedis();
    const s = service(redis);
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    expect(await s.isRevoked('s1')).toBe(false);
    expect(await s.isRevoked('s1')).toBe(false);
    expect(calls.exists).toBe(1);
    expect(await s.isRevoked('s2')).toBe(false);
    expect(calls.exists).toBe(2);
    now.mockReturnValue(1_001_000); // a second later: asked again
    expect(await s.isRevoked('s1')).toBe(false);
    expect(calls.exists).toBe(3);
  });

  it('a revocation in this process counts at once; one made elsewhere within a second', async () => {
    const { redis, keys } = fakeRedis();
    const s = service(redis);
    const now = jest.spyOn(Date, 'now').mockReturnValue(2_000_000);
    expect(await s.isRevoked('mine')).toBe(false);
    await s.revoke('mine', 'logout');
    expect(await s.isRevoked('mine')).toBe(true);

    expect(await s.isRevoked('theirs')).toBe(false);
    keys.add(REDIS_KEYS.sessionRevoked('theirs')); // another api process revoked it
    now.mockReturnValue(2_000_999);
    expect(await s.isRevoked('theirs')).toBe(false);
    now.mockReturnValue(2_001_000);
    expect(await s.isRevoked('theirs')).toBe(true);
    expect(await s.isRevoked('theirs')).toBe(true); // a "revoked" answer is never cached as anything else
  });
});

describe('SessionService at boot', () => {
  it('keeps revocations written before REDIS_PREFIX under the prefix, with their reason and time left, and leaves the old keys', async () => {
    const store = new Map<string, { value: string; ttl: number }>([
      ['session-revoked:s-old', { value: 'logout', ttl: 120_000 }],
      ['session-revoked:s-gone', { value: 'logout', ttl: -2 }],
      ['captcha:x', { value: '1234', ttl: 1000 }],
    ]);
    const redis = {
      async scan(_cursor: string, _m: string, pattern: string) {
        const prefix = pattern.replace(/\*$/, '');
        return ['0', [...store.keys()].filter((k) => k.startsWith(prefix))];
      },
      async get(key: string) {
        return store.get(key)?.value ?? null;
      },
      async pttl(key: string) {
        return store.get(key)?.ttl ?? -2;
      },
      async set(key: string, value: string, _px: string, ttl: number, nx: string) {
        if (nx === 'NX' && store.has(key)) return null;
        store.set(key, { value, ttl });
        return 'OK';
      },
    } as unknown as Redis;
    await service(redis).onApplicationBootstrap();
    expect(store.get(REDIS_KEYS.sessionRevoked('s-old'))).toEqual({ value: 'logout', ttl: 120_000 });
    expect(store.has(REDIS_KEYS.sessionRevoked('s-gone'))).toBe(false);
    expect(store.has('session-revoked:s-old')).toBe(true);
  });
});
