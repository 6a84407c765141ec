import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import type { AdminUserMoney } from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { OperatorReadsService } from '../admin/operator-reads.service.js';
import { WalletService } from './wallet.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a reviewer needs beside a deposit or withdrawal; finance reads it too (`users.money`). */
@Controller('admin/users')
@UseGuards(OperatorAuthGuard)
@Permission('users.money')
@ApiFeature('admin')
export class AdminUserMoneyController {
  constructor(
    private readonly wallet: WalletService,
    private readonly reads: OperatorReadsService,
  ) {}

  @Get(':id/money')
  @Doc(
    "A user's balances, newest real-account capital records and verification status, for reviewing their money requests; the read is audited (the user sees it in operator actions)",
    { ok: 'AdminUserMoney' },
  )
  async money(@CurrentOperator() o: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<AdminUserMoney> {
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
    const money = await this.wallet.userMoney(id);
    await this.reads.record(o.id, id, 'money', clientIp(req));
    return money;
  }
}
