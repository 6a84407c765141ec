import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AdminKycController, KycController } from './kyc.controller.js';
import { KycPushes } from './kyc-pushes.js';
import { KycRepository } from './kyc.repository.js';
import { KycReviewService } from './kyc-review.service.js';
import { KycService } from './kyc.service.js';

/** Identity verification: the user's submission and photos, and the reviewers' queue and decisions. */
@Module({
  imports: [UploadsModule],
  controllers: [KycController, AdminKycController],
  providers: [KycRepository, KycService, KycReviewService, KycPushes],
  exports: [KycService],
})
export class KycModule {}
