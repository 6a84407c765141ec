import type { Redis } from 'ioredis';
import { REDIS_TICKS_CHANNEL } from '@candor/contracts';
import { tickLastKey, type LastTick } from '@candor/api/market/market.keys';
import type { PendingTick, TickBus } from './tick-writer.js';

/** Announces stored ticks: the last tick per product under `tick:last:<SYMBOL>`, every tick on REDIS_TICKS_CHANNEL. One round trip per batch. */
export class RedisTickBus implements TickBus {
  constructor(private readonly redis: Redis) {}

  async publish(ticks: readonly PendingTick[]): Promise<void> {
    const last = new Map<string, LastTick>();
    for (const k of ticks) last.set(k.symbol, { seq: k.seq, t: k.t, price: k.price });
    const pipe = this.redis.pipeline();
    for (const [symbol, tick] of last) pipe.set(tickLastKey(symbol), JSON.stringify(tick));
    for (const k of ticks) pipe.publish(REDIS_TICKS_CHANNEL, JSON.stringify(k.message));
    const results = await pipe.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
  }
}
