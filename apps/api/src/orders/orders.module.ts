import { Module } from '@nestjs/common';
import { DemoController, OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';
import { SettlementQueue } from './settlement-queue.js';
import { OrderNumbers } from './order-numbers.js';

/** Orders and the demo reset. MarketService comes from the global MarketModule. */
@Module({
  controllers: [OrdersController, DemoController],
  providers: [OrdersService, OrdersRepository, SettlementQueue, OrderNumbers],
  exports: [OrdersService],
})
export class OrdersModule {}
