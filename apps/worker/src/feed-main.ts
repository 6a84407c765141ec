import 'reflect-metadata';
import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit, type AppConfig } from '@candor/api/config/config';
import { ConfigModule } from '@candor/api/config/config.module';
import { DatabaseModule } from '@candor/api/database/database.module';
import { RedisModule } from '@candor/api/redis/redis.module';
import { FeedModule } from './feed/feed.module.js';

@Module({})
class FeedMainModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: FeedMainModule, imports: [ConfigModule.forRoot(config), DatabaseModule, RedisModule, FeedModule] };
  }
}

/**
 * `node apps/worker/dist/feed-main.js`: the feed alone, without the queues, so a worker can be
 * killed while prices go on. Only one feed produces at a time (Redis lock), wherever it runs.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(FeedMainModule.forRoot(config), { logger: ['log', 'error', 'warn'] });
  app.enableShutdownHooks();
  new Logger('feed-main').log('feed process started');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
