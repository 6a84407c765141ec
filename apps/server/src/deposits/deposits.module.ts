import { Module } from '@nestjs/common';
import { ApprovalsRepository } from '../approvals/approvals.repository.js';
import { AdminDepositMethodsController, AdminDepositsController, DepositMethodsController, DepositsController } from './deposits.controller.js';
import { DepositsRepository } from './deposits.repository.js';
import { DepositsService } from './deposits.service.js';

/** Money in: deposit methods, deposit requests and their review. */
@Module({
  controllers: [DepositMethodsController, DepositsController, AdminDepositsController, AdminDepositMethodsController],
  providers: [ApprovalsRepository, DepositsRepository, DepositsService],
})
export class DepositsModule {}
