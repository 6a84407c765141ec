import { Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import {
  putLimitsBody,
  selfExclusionBody,
  timeOutBody,
  type LimitsResponse,
  type PutLimitsBody,
  type SelfExclusionBody,
  type TimeOutBody,
} from '@candor/contracts';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { LimitsService } from './limits.service.js';

/** The user's own responsible-trading limits, time-out and self-exclusion (docs/responsible-trading.md). No operator route changes them. */
@Controller('me')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class LimitsController {
  constructor(private readonly limits: LimitsService) {}

  @Get('limits')
  @Doc('The responsible-trading limits in force, changes waiting for their cooling-off, and a running time-out or self-exclusion', {
    ok: 'LimitsResponse',
  })
  get(@CurrentUser() u: AuthUser): Promise<LimitsResponse> {
    return this.limits.view(u.id);
  }

  @Put('limits')
  @Doc('Set any of the limits (null removes one): a lower limit applies at once, a higher or removed one after 24 hours', {
    ok: 'LimitsResponse',
    errors: ['VALIDATION_FAILED'],
  })
  put(@CurrentUser() u: AuthUser, @ZodBody(putLimitsBody) body: PutLimitsBody): Promise<LimitsResponse> {
    return this.limits.update(u.id, body);
  }

  @Post('time-out')
  @HttpCode(200)
  @Doc("A time-out of 1 to 42 days: no real trading, deposits or Yu'e Bao transfers in until it ends; it cannot be shortened", {
    ok: 'LimitsResponse',
    errors: ['VALIDATION_FAILED'],
  })
  timeOut(@CurrentUser() u: AuthUser, @ZodBody(timeOutBody) body: TimeOutBody): Promise<LimitsResponse> {
    return this.limits.timeOut(u.id, body.days);
  }

  @Post('self-exclusion')
  @HttpCode(200)
  @Doc('A self-exclusion of 6 to 60 months: as a time-out, and it cannot be shortened or lifted early', {
    ok: 'LimitsResponse',
    errors: ['VALIDATION_FAILED'],
  })
  selfExclusion(@CurrentUser() u: AuthUser, @ZodBody(selfExclusionBody) body: SelfExclusionBody): Promise<LimitsResponse> {
    return this.limits.selfExclude(u.id, body.months);
  }
}
