import { Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import type { HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { putWithdrawalAccountBody, type PutWithdrawalAccountBody, type WithdrawalAccount } from '@candor/contracts';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { WithdrawalAccountService } from './withdrawal-account.service.js';
import { RateLimit } from '../auth/rate-limit.guard.js';

@Controller('withdrawal-account')
@UseGuards(UserAuthGuard)
@ApiFeature('wallet')
export class WithdrawalAccountController {
  constructor(private readonly accounts: WithdrawalAccountService) {}

  @Get()
  @Doc('The bound withdrawal account (its owner only; the card number masked)', { ok: 'WithdrawalAccount', errors: ['WITHDRAWAL_ACCOUNT_NOT_BOUND'] })
  get(@CurrentUser() u: AuthUser): Promise<WithdrawalAccount> {
    return this.accounts.get(u.id);
  }

  /** Changing a bound account starts the 24-hour withdrawal hold (`holdUntil`); binding the first one does not. */
  @Put()
  @RateLimit('money')
  @Doc('Bind or change the withdrawal account with the transaction password', {
    ok: 'WithdrawalAccount',
    errors: ['TRADE_PASSWORD_INVALID', 'TRADE_PASSWORD_LOCKED', 'TOTP_REQUIRED', 'TOTP_INVALID'],
  })
  put(@CurrentUser() u: AuthUser, @ZodBody(putWithdrawalAccountBody) body: PutWithdrawalAccountBody, @Req() req: HttpRequest): Promise<WithdrawalAccount> {
    return this.accounts.put(u.id, body, clientIp(req));
  }
}
