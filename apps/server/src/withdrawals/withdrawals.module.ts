import { Module } from '@nestjs/common';
import { WithdrawalAccountController } from './withdrawal-account.controller.js';
import { WithdrawalAccountRepository } from './withdrawal-account.repository.js';
import { WithdrawalAccountService } from './withdrawal-account.service.js';

/** Money out: the withdrawal account (withdrawal requests and their review are to come). */
@Module({ controllers: [WithdrawalAccountController], providers: [WithdrawalAccountRepository, WithdrawalAccountService] })
export class WithdrawalsModule {}
