import { Module } from '@nestjs/common';
import { LiabilitiesChainController, LiabilitiesProofController } from './liabilities.controller.js';
import { LiabilitiesRepository } from './liabilities.repository.js';
import { LiabilitiesService } from './liabilities.service.js';

/** The daily proof of liabilities: the caller's proof and the public chain (the worker builds the trees). */
@Module({
  controllers: [LiabilitiesProofController, LiabilitiesChainController],
  providers: [LiabilitiesRepository, LiabilitiesService],
  exports: [LiabilitiesService],
})
export class LiabilitiesModule {}
