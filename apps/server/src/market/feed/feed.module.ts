import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { Logger, Module } from '@nestjs/common';
import { REDIS } from '../../redis/redis.module.js';
import { createTickWriter } from './create-tick-writer.js';
import { FEED_CONFIG, loadFeedConfig, type FeedConfig } from './feed-config.js';
import { FeedRunner } from './feed.runner.js';
import { TickWriter } from './tick-writer.js';
import { FeedCatalogueRepository } from './feed-catalogue.repository.js';
import { FeedHaltsRepository } from './feed-halts.repository.js';
import { CatalogueChangesRepository } from '../catalogue/catalogue-changes.repository.js';

/** The feed (in the worker, or alone through main/feed.ts). `FEED=off` keeps it idle in a process. */
@Module({
  providers: [
    { provide: FEED_CONFIG, useFactory: () => loadFeedConfig() },
    {
      provide: TickWriter,
      inject: [getDataSourceToken(), REDIS, FEED_CONFIG],
      useFactory: (ds: DataSource, redis: Redis, config: FeedConfig) => {
        const log = new Logger('tick-writer');
        return createTickWriter(ds, redis, { flushIntervalMs: config.FEED_FLUSH_MS, log: { warn: (m) => log.warn(m), error: (m) => log.error(m) } });
      },
    },
    FeedRunner,
    FeedCatalogueRepository,
    FeedHaltsRepository,
    CatalogueChangesRepository,
  ],
  exports: [TickWriter],
})
export class FeedModule {}
