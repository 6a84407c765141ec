import { describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '@candor/cross-process';
import { MemoryRedis } from '../../test/memory-redis.js';
import { countLoginTry, countTry, loginTrySucceeded, LOGIN_FAILURE_WINDOW_SECONDS, tryWasRight } from './login-failures.js';

const limits = { account: 3, address: 20 };

describe('login failure counting', () => {
  it('counts each try against the account and the address, with the window set once, and asks for the code past either limit', async () => {
    const redis = new MemoryRedis();
    const who = { account: 'u1', ip: '10.0.0.1' };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await countLoginTry(redis as unknown as Redis, who, limits));
    expect(answers).toEqual([false, false, false, true, true]);
    expect(redis.count(REDIS_KEYS.loginFailuresByAddress('10.0.0.1'))).toBe(5);
    expect(await redis.pttl(REDIS_KEYS.loginFailures('u1'))).toBeGreaterThan((LOGIN_FAILURE_WINDOW_SECONDS - 5) * 1000);
    // Another account from the same address is asked only once the address passes its own limit.
    expect(await countLoginTry(redis as unknown as Redis, { account: 'u2', ip: '10.0.0.1' }, limits)).toBe(false);
    expect(await countLoginTry(redis as unknown as Redis, { account: 'u2', ip: '10.0.0.1' }, { account: 3, address: 6 })).toBe(true);
  });

  it('a right password clears the account and gives the address back its one try, never below zero nor without expiry', async () => {
    const redis = new MemoryRedis();
    const who = { account: 'u1', ip: '10.0.0.1' };
    await countLoginTry(redis as unknown as Redis, who, limits);
    await countLoginTry(redis as unknown as Redis, who, limits);
    await loginTrySucceeded(redis as unknown as Redis, who);
    expect(redis.count(REDIS_KEYS.loginFailures('u1'))).toBe(0);
    expect(redis.count(REDIS_KEYS.loginFailuresByAddress('10.0.0.1'))).toBe(1);
    await tryWasRight(redis as unknown as Redis, [], ['gone']);
    expect(redis.store.has('gone')).toBe(false);
  });

  it('countTry answers null within every budget, else the time left of the spent one', async () => {
    const redis = new MemoryRedis();
    const budgets = [
      { key: 'a', limit: 2 },
      { key: 'b', limit: 5 },
    ];
    expect(await countTry(redis as unknown as Redis, budgets, 60)).toBeNull();
    expect(await countTry(redis as unknown as Redis, budgets, 60)).toBeNull();
    const retry = await countTry(redis as unknown as Redis, budgets, 60);
    expect(retry).toBeGreaterThan(59_000);
    expect(retry).toBeLessThanOrEqual(60_000);
    expect([redis.count('a'), redis.count('b')]).toEqual([3, 3]);
  });
});
