import { Module } from '@nestjs/common';
import { SettlementService } from './settlement.service.js';
import { SettlementRepository } from './settlement.repository.js';
import { RedisSettlementEvents, SETTLEMENT_EVENTS } from './settlement-events.js';

/** Settlement's services; its processors and scheduler sit in the WorkerModule, beside the queues. */
@Module({
  providers: [SettlementService, SettlementRepository, { provide: SETTLEMENT_EVENTS, useClass: RedisSettlementEvents }],
  exports: [SettlementService],
})
export class SettlementModule {}
