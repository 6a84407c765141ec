import { Module } from '@nestjs/common';
import { OpsSessionController } from './ops.controller.js';
import { QueuesDashboard } from './queues-dashboard.js';

/** Operator pages outside /api: the read-only queues dashboard at /ops/queues and the cookie that opens it. */
@Module({
  controllers: [OpsSessionController],
  providers: [QueuesDashboard],
  exports: [QueuesDashboard],
})
export class OpsModule {}
