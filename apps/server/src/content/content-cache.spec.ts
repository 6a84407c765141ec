import { describe, expect, it, jest } from '@jest/globals';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { Clock } from '../common/clock.js';
import { REDIS } from '../redis/redis.module.js';
import { ContentCache } from './content-cache.js';
import { ContentRepository } from './content.repository.js';

function setup() {
  let now = new Date('2026-12-02T04:00:00Z');
  const clock = { now: () => now } as Clock;
  let version: string | null = '1';
  const redis = { get: jest.fn(async (_key: string) => version), incr: jest.fn(async (_key: string) => 2) };
  const { sut, mocks } = newTestService(ContentCache, [
    [Clock, clock],
    [REDIS, redis],
  ]);
  const repo = mocks.get<ContentRepository>(ContentRepository);
  repo.nextPublishAfter.mockResolvedValue(null);
  let n = 0;
  const load = jest.fn(async () => ++n);
  return { sut, repo, redis, load, setVersion: (v: string | null) => (version = v), setNow: (d: Date) => (now = d) };
}

describe('ContentCache', () => {
  it('keeps an answer while the version in Redis stays the same, and loads again once it changes', async () => {
    const { sut, load, setVersion, redis } = setup();
    expect(await sut.get('k', load)).toBe(1);
    expect(await sut.get('k', load)).toBe(1);
    expect(redis.get).toHaveBeenCalledWith(REDIS_KEYS.contentVersion);
    setVersion('2');
    expect(await sut.get('k', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('requests arriving while the version is being read share that read; a later request reads again', async () => {
    const { sut, load, redis, setVersion } = setup();
    await sut.get('k', load);
    redis.get.mockClear();
    expect(await Promise.all([sut.get('k', load), sut.get('k', load), sut.get('k', load)])).toEqual([1, 1, 1]);
    expect(redis.get).toHaveBeenCalledTimes(1);
    setVersion('2');
    expect(await sut.get('k', load)).toBe(2);
    expect(redis.get).toHaveBeenCalledTimes(2);
  });

  it('drops everything when the next scheduled article comes due', async () => {
    const { sut, repo, load, setNow } = setup();
    repo.nextPublishAfter.mockResolvedValueOnce(new Date('2026-12-02T05:00:00Z'));
    expect(await sut.get('k', load)).toBe(1);
    setNow(new Date('2026-12-02T04:59:59.999Z'));
    expect(await sut.get('k', load)).toBe(1);
    setNow(new Date('2026-12-02T05:00:00Z'));
    expect(await sut.get('k', load)).toBe(2);
  });

  it('invalidate bumps the version for every instance and forgets its own answers', async () => {
    const { sut, load, redis } = setup();
    await sut.get('k', load);
    await sut.invalidate();
    expect(redis.incr).toHaveBeenCalledWith(REDIS_KEYS.contentVersion);
    expect(await sut.get('k', load)).toBe(2);
  });

  it('without Redis it answers from the database and keeps nothing', async () => {
    const { sut, load, redis } = setup();
    redis.get.mockRejectedValue(new Error('down'));
    expect(await sut.get('k', load)).toBe(1);
    expect(await sut.get('k', load)).toBe(2);
  });
});
