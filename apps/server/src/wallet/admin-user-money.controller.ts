import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AdminUserMoney, KycStatus } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import { OperatorAuthGuard, Permission } from '../auth/auth.guard.js';
import { WalletService } from './wallet.service.js';

/** How many of the newest capital records a reviewer sees beside a request. */
export const RECENT_RECORDS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a reviewer needs beside a deposit or withdrawal; finance reads it too (`users.money`). */
@Controller('admin/users')
@UseGuards(OperatorAuthGuard)
@Permission('users.money')
@ApiFeature('admin')
export class AdminUserMoneyController {
  constructor(
    private readonly wallet: WalletService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  @Get(':id/money')
  @Doc("A user's balances, newest real-account capital records and verification status, for reviewing their money requests", {
    ok: 'AdminUserMoney',
  })
  async money(@Param('id') id: string): Promise<AdminUserMoney> {
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
    const rows: { kyc_status: KycStatus }[] = await this.ds.query(`SELECT kyc_status FROM users WHERE id = $1`, [id]);
    if (!rows[0]) throw new DomainError('NOT_FOUND');
    const [balances, records] = await Promise.all([this.wallet.wallet(id), this.wallet.records(id, { account: 'real', limit: RECENT_RECORDS })]);
    return { userId: id, balances, recentRecords: records.items, kycStatus: rows[0].kyc_status };
  }
}
