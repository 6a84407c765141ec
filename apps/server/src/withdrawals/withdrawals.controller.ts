import { Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { requestWithdrawalBody, withdrawalsQuery, type Page, type RequestWithdrawalBody, type Withdrawal } from '@candor/contracts';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, IdempotencyKey, ZodBody, ZodQuery } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { WithdrawalsService } from './withdrawals.service.js';
import { RateLimit } from '../auth/rate-limit.guard.js';

@Controller('withdrawals')
@UseGuards(UserAuthGuard)
@ApiFeature('wallet')
export class WithdrawalsController {
  constructor(private readonly withdrawals: WithdrawalsService) {}

  /** The amount is held at once; a repeated Idempotency-Key answers the first response again. */
  @Post()
  @RateLimit('money')
  @HttpCode(201)
  @Doc('Request a withdrawal to the bound account', {
    ok: 'Withdrawal',
    errors: [
      'AMOUNT_OUT_OF_RANGE',
      'EMAIL_NOT_CONFIRMED',
      'KYC_REQUIRED',
      'WITHDRAWAL_ACCOUNT_NOT_BOUND',
      'WITHDRAWAL_HOLD_ACTIVE',
      'TRADE_PASSWORD_INVALID',
      'TRADE_PASSWORD_LOCKED',
      'TOTP_REQUIRED',
      'TOTP_INVALID',
      'INSUFFICIENT_BALANCE',
    ],
  })
  async request(
    @CurrentUser() u: AuthUser,
    @ZodBody(requestWithdrawalBody) body: RequestWithdrawalBody,
    @IdempotencyKey() key: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
    @Req() req: HttpRequest,
  ): Promise<Withdrawal> {
    const r = await this.withdrawals.request(u.id, body, key, clientIp(req));
    if (r.replayed) void res.header('Idempotent-Replayed', 'true');
    void res.status(r.status);
    return r.body;
  }

  @Get()
  @Doc("The user's withdrawals, newest first", { ok: 'Page<Withdrawal>' })
  list(@CurrentUser() u: AuthUser, @ZodQuery(withdrawalsQuery) q: z.infer<typeof withdrawalsQuery>): Promise<Page<Withdrawal>> {
    return this.withdrawals.list(u.id, q);
  }

  @Get(':id')
  @Doc('One withdrawal with the timeline of its status', { ok: 'Withdrawal' })
  get(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<Withdrawal> {
    return this.withdrawals.get(u.id, id);
  }

  @Post(':id/cancel')
  @RateLimit('money')
  @HttpCode(200)
  @Doc('Cancel a withdrawal still in review: the money is back at once', { ok: 'Withdrawal', errors: ['WITHDRAWAL_NOT_CANCELLABLE'] })
  cancel(@CurrentUser() u: AuthUser, @Param('id') id: string): Promise<Withdrawal> {
    return this.withdrawals.cancel(u.id, id);
  }
}
