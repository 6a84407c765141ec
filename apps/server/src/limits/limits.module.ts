import { Global, Module } from '@nestjs/common';
import { LimitsController } from './limits.controller.js';
import { LimitsRepository } from './limits.repository.js';
import { LimitsService } from './limits.service.js';

/** Global: orders, deposits and Yu'e Bao call LimitsService's guards inside their own transactions. */
@Global()
@Module({
  controllers: [LimitsController],
  providers: [LimitsRepository, LimitsService],
  exports: [LimitsService],
})
export class LimitsModule {}
