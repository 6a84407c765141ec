import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { adminWithdrawalsQuery, rejectBody, type AdminWithdrawal, type Page, type RejectBody, type Withdrawal } from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody, ZodQuery } from '../common/openapi.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { WithdrawalsService } from './withdrawals.service.js';

@Controller('admin/withdrawals')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class AdminWithdrawalsController {
  constructor(private readonly withdrawals: WithdrawalsService) {}

  @Get()
  @Permission('withdrawals.read')
  @Doc('Withdrawals by status (default in review), oldest first, with the full account and the balances; a page at a time (`cursor`, `nextCursor`)', {
    ok: 'Page<AdminWithdrawal>',
    errors: ['VALIDATION_FAILED'],
  })
  list(@ZodQuery(adminWithdrawalsQuery) q: z.infer<typeof adminWithdrawalsQuery>): Promise<Page<AdminWithdrawal>> {
    return this.withdrawals.listForReview(q);
  }

  /** At or above the two-person threshold the first approval leaves it in review; the second must come from another operator. */
  @Post(':id/approve')
  @Permission('withdrawals.review')
  @HttpCode(200)
  @Doc('Approve a withdrawal', { ok: 'Withdrawal', errors: ['ALREADY_DECIDED', 'SECOND_APPROVER_REQUIRED'] })
  approve(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<Withdrawal> {
    return this.withdrawals.approve(op.id, id, clientIp(req) || null);
  }

  @Post(':id/reject')
  @Permission('withdrawals.review')
  @HttpCode(200)
  @Doc('Reject a withdrawal with a reason shown to the user: the money goes back', { ok: 'Withdrawal', errors: ['ALREADY_DECIDED'] })
  reject(@CurrentOperator() op: AuthOperator, @Param('id') id: string, @ZodBody(rejectBody) body: RejectBody, @Req() req: HttpRequest): Promise<Withdrawal> {
    return this.withdrawals.reject(op.id, id, body.reason, clientIp(req) || null);
  }
}
