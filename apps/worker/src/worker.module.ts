import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '@candor/db';
import type { AppConfig } from '@candor/api/config/config';
import { APP_CONFIG } from '@candor/api/config/config';
import { ConfigModule } from '@candor/api/config/config.module';
import { DatabaseModule } from '@candor/api/database/database.module';
import { RedisModule } from '@candor/api/redis/redis.module';
import { LedgerModule } from '@candor/api/ledger/ledger.module';
import { LedgerCheckProcessor } from './ledger-check/ledger-check.processor.js';
import { LedgerCheckScheduler } from './ledger-check/ledger-check.scheduler.js';
import { HousekeepingProcessor, HousekeepingScheduler } from './housekeeping/housekeeping.processor.js';
import { WORKER_FEATURES } from './features.js';
import { QueueRegistryCheck } from './boot/queue-registry.check.js';

export const PROCESSORS: Type[] = [LedgerCheckProcessor, HousekeepingProcessor, ...WORKER_FEATURES.processors];

/** The worker: the api's services with another entry point, BullMQ processors and their schedulers, no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config), DiscoveryModule, DatabaseModule, RedisModule, LedgerModule,
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (c: AppConfig) => ({ connection: new Redis(c.REDIS_URL, { maxRetriesPerRequest: null }) }),
        }),
        BullModule.registerQueue(...Object.values(QUEUES).map((q) => ({ name: q.name }))),
        ...WORKER_FEATURES.imports,
      ],
      providers: [...PROCESSORS, LedgerCheckScheduler, HousekeepingScheduler, QueueRegistryCheck, ...WORKER_FEATURES.providers],
    };
  }
}
