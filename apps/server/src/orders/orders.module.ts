import { Module } from '@nestjs/common';
import { DemoController, OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';
import { SettlementQueue } from './settlement/settlement-queue.js';
import { OrderNumbers } from './order-numbers.js';
import { OrderBatcher } from './order-batcher.js';
import { OrderStatisticsService } from './order-statistics.service.js';

/** Orders and the demo reset. MarketService comes from the global MarketModule. */
@Module({
  controllers: [OrdersController, DemoController],
  providers: [OrdersService, OrdersRepository, OrderBatcher, SettlementQueue, OrderNumbers, OrderStatisticsService],
  exports: [OrdersService],
})
export class OrdersModule {}
