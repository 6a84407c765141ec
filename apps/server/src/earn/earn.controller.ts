import { Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import {
  earnIncomeQuery,
  earnRecordsQuery,
  earnTransferBody,
  type EarnIncomeDay,
  type EarnRecord,
  type EarnSummary,
  type EarnTransfer,
  type EarnTransferBody,
  type Page,
} from '@candor/contracts';
import type { HttpReply } from '../common/http.js';
import type { IdempotentResult } from '../common/idempotency.js';
import { ApiFeature, Doc, IdempotencyKey, ZodBody, ZodQuery } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { EarnService } from './earn.service.js';
import { RateLimit } from '../auth/rate-limit.guard.js';

function answer(r: IdempotentResult<EarnTransfer>, res: HttpReply): EarnTransfer {
  if (r.replayed) void res.header('Idempotent-Replayed', 'true');
  void res.status(r.status);
  return r.body;
}

@Controller('earn')
@UseGuards(UserAuthGuard)
@ApiFeature('earn')
export class EarnController {
  constructor(private readonly earn: EarnService) {}

  @Get()
  @Doc("The user's Yu'e Bao: shares, income, yields, the rate and today's remaining transfers", { ok: 'EarnSummary' })
  summary(@CurrentUser() u: AuthUser): Promise<EarnSummary> {
    return this.earn.summary(u.id);
  }

  @Post('transfer-in')
  @RateLimit('money')
  @HttpCode(201)
  @Doc("Move money from the trading balance into Yu'e Bao: a lot, pending until its confirmation", {
    ok: 'EarnTransfer',
    errors: ['EARN_MIN_AMOUNT', 'AMOUNT_OUT_OF_RANGE', 'EARN_DAILY_LIMIT', 'INSUFFICIENT_BALANCE', 'SELF_EXCLUDED'],
    description: "The answer carries the lot's `tradeDate`, `confirmAt`, `firstIncomeOn` and `withdrawableAt`, from the calendar in force now.",
  })
  async transferIn(
    @CurrentUser() u: AuthUser,
    @ZodBody(earnTransferBody) body: EarnTransferBody,
    @IdempotencyKey() key: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<EarnTransfer> {
    return answer(await this.earn.transferIn(u.id, body, key), res);
  }

  @Post('transfer-out')
  @RateLimit('money')
  @HttpCode(201)
  @Doc("Move money from Yu'e Bao back to the trading balance: income first, then withdrawable lots oldest first", {
    ok: 'EarnTransfer',
    errors: ['EARN_MIN_AMOUNT', 'AMOUNT_OUT_OF_RANGE', 'EARN_DAILY_LIMIT', 'EARN_NOT_WITHDRAWABLE', 'INSUFFICIENT_BALANCE'],
    description: "Below the minimum only when it is everything left in Yu'e Bao.",
  })
  async transferOut(
    @CurrentUser() u: AuthUser,
    @ZodBody(earnTransferBody) body: EarnTransferBody,
    @IdempotencyKey() key: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<EarnTransfer> {
    return answer(await this.earn.transferOut(u.id, body, key), res);
  }

  @Get('records')
  @Doc("Yu'e Bao records: transfers in and out and daily income, newest first", { ok: 'Page<EarnRecord>' })
  records(@CurrentUser() u: AuthUser, @ZodQuery(earnRecordsQuery) q: z.infer<typeof earnRecordsQuery>): Promise<Page<EarnRecord>> {
    return this.earn.records(u.id, q);
  }

  @Get('income')
  @Doc('Income by day, oldest first, up to the last day posted', { ok: 'EarnIncomeDay[]' })
  income(@CurrentUser() u: AuthUser, @ZodQuery(earnIncomeQuery) q: z.infer<typeof earnIncomeQuery>): Promise<EarnIncomeDay[]> {
    return this.earn.income(u.id, q.days ?? 30);
  }
}
