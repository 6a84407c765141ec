import { Module } from '@nestjs/common';
import { ApprovalsRepository } from '../approvals/approvals.repository.js';
import { AdminDepositMethodsController, AdminDepositsController, DepositMethodsController, DepositsController } from './deposits.controller.js';
import { DepositsRepository } from './deposits.repository.js';
import { DepositsService } from './deposits.service.js';
import { DepositSlipsService } from './deposit-slips.service.js';
import { UploadsModule } from '../uploads/uploads.module.js';

/** Money in: deposit methods, deposit requests and their review. */
@Module({
  imports: [UploadsModule],
  controllers: [DepositMethodsController, DepositsController, AdminDepositsController, AdminDepositMethodsController],
  providers: [ApprovalsRepository, DepositsRepository, DepositsService, DepositSlipsService],
})
export class DepositsModule {}
