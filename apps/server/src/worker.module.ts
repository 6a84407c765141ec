import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { Redis } from 'ioredis';
import { bullPrefix, QUEUES } from '@candor/cross-process';
import type { AppConfig } from './config/config.js';
import { APP_CONFIG } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { EventsModule } from './events/events.module.js';
import { DatabaseModule } from './database/database.module.js';
import { RedisModule } from './redis/redis.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { LedgerCheckProcessor } from './ledger/ledger-check.processor.js';
import { LedgerCheckScheduler } from './ledger/ledger-check.scheduler.js';
import { HousekeepingProcessor, HousekeepingScheduler } from './housekeeping/housekeeping.processor.js';
import { BackupProcessor, BackupScheduler } from './backup/backup.processor.js';
import { QueueRegistryCheck } from './queues/queue-registry.check.js';
import { FeedModule } from './market/feed/feed.module.js';
import { PriceAlertWatcherModule } from './alerts/price-alert-watcher.module.js';
import { SettlementModule } from './orders/settlement/settlement.module.js';
import { SettleSecondProcessor } from './orders/settlement/settle-second.processor.js';
import { SettlementSweepProcessor } from './orders/settlement/settlement-sweep.processor.js';
import { SettlementScheduler } from './orders/settlement/settlement.scheduler.js';
import { SettleWakeup } from './orders/settlement/settle-wakeup.js';
import { WorkerObservabilityModule } from './observability/worker-observability.module.js';
import { Clock, ClockModule } from './common/clock.js';
import { EarnCoverageRepository } from './earn/earn-coverage.repository.js';
import { EarnCoverageService } from './earn/earn-coverage.service.js';
import { EarnPostingService } from './earn/earn-posting.service.js';
import { EarnPostingRepository } from './earn/earn-posting.repository.js';
import { EarnPostProcessor, EarnScheduler } from './earn/earn-post.processor.js';
import { MailProcessor } from './mail/mail.processor.js';
import { Mailer } from './mail/mailer.js';
import { KycRetentionModule } from './kyc/kyc-retention.js';
import { LiabilitiesProcessor, LiabilitiesScheduler } from './liabilities/liabilities.processor.js';
import { LiabilitiesRepository } from './liabilities/liabilities.repository.js';
import { LiabilitiesService } from './liabilities/liabilities.service.js';
import { PushNotificationsModule } from './push/push.module.js';
import { TransparencyProcessor, TransparencyScheduler } from './transparency/transparency.processor.js';
import { TransparencyService } from './transparency/transparency.service.js';
import { TransparencyRepository } from './transparency/transparency.repository.js';
import { TransparencyCache } from './transparency/transparency-cache.js';
import { PushProcessor } from './push/push.processor.js';
import { PUSH_AGENT, PushSender } from './push/push-sender.js';

export const PROCESSORS: Type[] = [
  LedgerCheckProcessor,
  HousekeepingProcessor,
  SettleSecondProcessor,
  SettlementSweepProcessor,
  EarnPostProcessor,
  MailProcessor,
  LiabilitiesProcessor,
  PushProcessor,
  TransparencyProcessor,
  BackupProcessor,
];

/** The worker process: the same services as the api, with BullMQ processors, their schedulers and the feed; no HTTP. */
@Module({})
export class WorkerModule {
  /** `opts.clock`: only tests pass one (support/earn.ts); the worker's entry point never does. */
  static forRoot(config: AppConfig, opts: { clock?: Clock } = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(opts.clock),
        EventsModule,
        DiscoveryModule,
        DatabaseModule,
        RedisModule,
        LedgerModule,
        SettlementModule,
        FeedModule,
        PriceAlertWatcherModule,
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (c: AppConfig) => ({ connection: new Redis(c.REDIS_URL, { maxRetriesPerRequest: null }), prefix: bullPrefix() }),
        }),
        BullModule.registerQueue(...Object.values(QUEUES).map((q) => ({ name: q.name }))),
        WorkerObservabilityModule.register(),
        KycRetentionModule,
        // Settled orders' notifications are queued here (order.settled is published in this process).
        PushNotificationsModule,
      ],
      providers: [
        ...PROCESSORS,
        LedgerCheckScheduler,
        HousekeepingScheduler,
        BackupScheduler,
        QueueRegistryCheck,
        SettlementScheduler,
        SettleWakeup,
        EarnPostingService,
        EarnPostingRepository,
        EarnScheduler,
        Mailer,
        LiabilitiesRepository,
        LiabilitiesService,
        LiabilitiesScheduler,
        TransparencyRepository,
        TransparencyCache,
        TransparencyService,
        EarnCoverageRepository,
        EarnCoverageService,
        TransparencyScheduler,
        PushSender,
        { provide: PUSH_AGENT, useValue: null },
      ],
    };
  }
}
