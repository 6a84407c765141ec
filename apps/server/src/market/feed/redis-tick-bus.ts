import type { Redis } from 'ioredis';
import type { PendingTick, TickBus } from './tick-writer.js';
import { REDIS_CHANNELS, REDIS_KEYS, type LastTick } from '@candor/cross-process';

/** Announces stored ticks: the last tick per product under `tick:last:<SYMBOL>`, every tick on REDIS_CHANNELS.ticks. One round trip per batch. */
export class RedisTickBus implements TickBus {
  constructor(private readonly redis: Redis) {}

  async publish(ticks: readonly PendingTick[]): Promise<void> {
    const last = new Map<string, LastTick>();
    for (const k of ticks) last.set(k.symbol, k.kind ? { seq: k.seq, t: k.t, price: k.price, kind: k.kind } : { seq: k.seq, t: k.t, price: k.price });
    const pipe = this.redis.pipeline();
    for (const [symbol, tick] of last) pipe.set(REDIS_KEYS.tickLast(symbol), JSON.stringify(tick));
    for (const k of ticks) pipe.publish(REDIS_CHANNELS.ticks, JSON.stringify(k.message));
    const results = await pipe.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
  }

  async catalogueChanged(): Promise<void> {
    await this.redis.publish(REDIS_CHANNELS.productsChanged, '*');
  }
}
