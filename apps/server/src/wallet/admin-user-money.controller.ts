import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import type { AdminUserMoney } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import { OperatorAuthGuard, Permission } from '../auth/auth.guard.js';
import { WalletService } from './wallet.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a reviewer needs beside a deposit or withdrawal; finance reads it too (`users.money`). */
@Controller('admin/users')
@UseGuards(OperatorAuthGuard)
@Permission('users.money')
@ApiFeature('admin')
export class AdminUserMoneyController {
  constructor(private readonly wallet: WalletService) {}

  @Get(':id/money')
  @Doc("A user's balances, newest real-account capital records and verification status, for reviewing their money requests", {
    ok: 'AdminUserMoney',
  })
  async money(@Param('id') id: string): Promise<AdminUserMoney> {
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
    return this.wallet.userMoney(id);
  }
}
