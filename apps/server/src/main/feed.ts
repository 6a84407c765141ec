import 'reflect-metadata';
import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, NestPinoLogger, stopOnSignals } from '../observability/logger.js';
import { loadConfigOrExit, type AppConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { RedisModule } from '../redis/redis.module.js';
import { FeedModule } from '../market/feed/feed.module.js';
import { PriceAlertWatcherModule } from '../alerts/price-alert-watcher.module.js';

@Module({})
class FeedMainModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: FeedMainModule, imports: [ConfigModule.forRoot(config), DatabaseModule, RedisModule, FeedModule, PriceAlertWatcherModule] };
  }
}

/**
 * `node apps/server/dist/main/feed.js`: the feed alone, without the queues, so a worker can be
 * killed while prices go on. Only one feed produces at a time (Redis lock), wherever it runs.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(FeedMainModule.forRoot(config), {
    logger: new NestPinoLogger(createLogger({ service: 'feed', level: config.LOG_LEVEL })),
  });
  stopOnSignals(app, 'feed-main');
  new Logger('feed-main').log('feed process started');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
