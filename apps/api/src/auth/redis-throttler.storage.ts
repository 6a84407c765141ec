import { Inject, Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module.js';

/** Fixed-window counters in Redis, so every api instance shares one limit. */
@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    const k = `throttle:${throttlerName}:${key}`;
    const res = await this.redis.multi().incr(k).pttl(k).exec();
    const totalHits = Number(res?.[0]?.[1] ?? 1);
    let pttl = Number(res?.[1]?.[1] ?? -1);
    if (pttl < 0) {
      await this.redis.pexpire(k, ttl);
      pttl = ttl;
    }
    const isBlocked = totalHits > limit;
    if (isBlocked && totalHits === limit + 1 && blockDuration > pttl) {
      await this.redis.pexpire(k, blockDuration);
      pttl = blockDuration;
    }
    const seconds = Math.ceil(pttl / 1000);
    return { totalHits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }
}
