import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export const REDIS = Symbol('REDIS');

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared ioredis client for commands (captcha, rate limits, caches). Subscribers make their own. */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new Redis(c.REDIS_URL, { maxRetriesPerRequest: 3, enableAutoPipelining: true }) },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
