import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { PgTickStore } from './pg-tick-store.js';
import { RedisTickBus } from './redis-tick-bus.js';
import { TickWriter, type TickWriterOptions } from './tick-writer.js';

/**
 * A TickWriter on Postgres and Redis: the feed's own path. Tests use it to inject a tick exactly
 * as the feed would: `await createTickWriter(ds, redis).writeTick('BTCUSDT', '67000.10', undefined, { flush: true })`.
 * Call `close()` when done. Never inject into a product a running feed is producing (one writer per product).
 */
export function createTickWriter(ds: DataSource, redis: Redis, opts: TickWriterOptions = {}): TickWriter {
  return new TickWriter(new PgTickStore(ds), new RedisTickBus(redis), opts);
}
