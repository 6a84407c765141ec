import { Module } from '@nestjs/common';
import { ReceiptChecksController, TransparencyController } from './transparency.controller.js';
import { ReceiptChecksService } from './receipt-checks.service.js';
import { TransparencyCache } from './transparency-cache.js';
import { TransparencyRepository } from './transparency.repository.js';

/** The api's side of the public figures: answers the cached figures and records receipt checks (the worker computes). */
@Module({
  controllers: [TransparencyController, ReceiptChecksController],
  providers: [TransparencyRepository, TransparencyCache, ReceiptChecksService],
  exports: [TransparencyCache],
})
export class TransparencyModule {}
