import type { Type } from '@nestjs/common';
import { FeedModule } from './feed/feed.module.js';
import { SettlementModule } from './settlement/settlement.module.js';
import { SettleSecondProcessor } from './settlement/settle-second.processor.js';
import { SettlementSweepProcessor } from './settlement/settlement-sweep.processor.js';
import { SettlementScheduler } from './settlement/settlement.scheduler.js';
import { SettleWakeup } from './settlement/settle-wakeup.js';

/** Worker features beyond the foundation (settlement, feed, ...): their modules, processors and other providers. */
export const WORKER_FEATURES: { imports: Type[]; processors: Type[]; providers: Type[] } = {
  imports: [SettlementModule, FeedModule],
  processors: [SettleSecondProcessor, SettlementSweepProcessor],
  providers: [SettlementScheduler, SettleWakeup],
};
