import { Module } from '@nestjs/common';
import { ApprovalsRepository } from '../approvals/approvals.repository.js';
import { AdminWithdrawalsController } from './admin-withdrawals.controller.js';
import { WithdrawalAccountController } from './withdrawal-account.controller.js';
import { WithdrawalAccountRepository } from './withdrawal-account.repository.js';
import { WithdrawalAccountService } from './withdrawal-account.service.js';
import { WithdrawalsController } from './withdrawals.controller.js';
import { WithdrawalsRepository } from './withdrawals.repository.js';
import { WithdrawalsService } from './withdrawals.service.js';

/** Money out: the withdrawal account, withdrawal requests and their review. */
@Module({
  controllers: [WithdrawalAccountController, WithdrawalsController, AdminWithdrawalsController],
  providers: [ApprovalsRepository, WithdrawalAccountRepository, WithdrawalAccountService, WithdrawalsRepository, WithdrawalsService],
})
export class WithdrawalsModule {}
