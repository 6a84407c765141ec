import { Controller, Get, HttpCode, Inject, Param, ParseUUIDPipe, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  createOperatorBody,
  operatorEnrollmentBody,
  operatorEnrollmentConfirmBody,
  updateOperatorBody,
  type CreateOperatorBody,
  type OperatorAccount,
  type OperatorEnrollment,
  type OperatorEnrollmentConfirmed,
  type UpdateOperatorBody,
} from '@candor/contracts';
import type { z } from 'zod';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { clientIp } from '../common/request-context.js';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { RateLimit, RateLimitGuard } from '../auth/rate-limit.guard.js';
import { OPERATOR_REFRESH_COOKIE, setRefreshCookie } from '../auth/cookies.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { OperatorAccountsService } from './operator-accounts.service.js';
import { OperatorsService } from './operators.service.js';

/** TOTP enrolment of an operator who has no secret yet, with the token of their `401 TOTP_REQUIRED` login answer. */
@Controller('admin/auth/enrollment')
@UseGuards(RateLimitGuard)
@ApiFeature('admin')
export class OperatorEnrollmentController {
  constructor(
    private readonly operators: OperatorsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @RateLimit('auth')
  @HttpCode(200)
  @Doc('Start (or restart) TOTP enrolment: a new secret, its otpauth URL and a QR code (SVG) for the authenticator app', {
    ok: 'OperatorEnrollment',
    description:
      'The enrolment token comes from `401 TOTP_REQUIRED` (`error.enrollmentToken`) and lasts 10 minutes; an unknown or spent one is `401 UNAUTHENTICATED`.',
  })
  start(@ZodBody(operatorEnrollmentBody) body: z.infer<typeof operatorEnrollmentBody>): Promise<OperatorEnrollment> {
    return this.operators.startEnrollment(body.enrollmentToken);
  }

  @Post('confirm')
  @RateLimit('auth')
  @HttpCode(200)
  @Doc('Confirm the enrolment with a first code: signs in and answers ten one-use recovery codes, shown this once', {
    ok: 'OperatorEnrollmentConfirmed',
    errors: ['TOTP_INVALID'],
  })
  async confirm(
    @ZodBody(operatorEnrollmentConfirmBody) body: z.infer<typeof operatorEnrollmentConfirmBody>,
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<OperatorEnrollmentConfirmed> {
    const r = await this.operators.confirmEnrollment(body.enrollmentToken, body.totp, req.headers['user-agent'], clientIp(req));
    setRefreshCookie(res, req, this.config, OPERATOR_REFRESH_COOKIE, r.refreshToken);
    return { accessToken: r.accessToken, operator: r.operator, recoveryCodes: r.recoveryCodes };
  }
}

/** Operator accounts, for admins. */
@Controller('admin/operators')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class OperatorsController {
  constructor(private readonly accounts: OperatorAccountsService) {}

  @Get()
  @Permission('operators.manage')
  @Doc('Operator accounts, oldest first', { ok: 'OperatorAccount[]' })
  list(): Promise<OperatorAccount[]> {
    return this.accounts.list();
  }

  @Post()
  @Permission('operators.manage')
  @Doc('Add an operator (every operator enrols TOTP at their first login)', { ok: 'OperatorAccount', errors: ['OPERATOR_EXISTS'] })
  create(@CurrentOperator() o: AuthOperator, @ZodBody(createOperatorBody) body: CreateOperatorBody, @Req() req: HttpRequest): Promise<OperatorAccount> {
    return this.accounts.create(o.id, body, clientIp(req));
  }

  @Patch(':id')
  @Permission('operators.manage')
  @Doc("Change another operator's role or disable them; their sessions end at once", { ok: 'OperatorAccount' })
  update(
    @CurrentOperator() o: AuthOperator,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => new DomainError('NOT_FOUND') })) id: string,
    @ZodBody(updateOperatorBody) body: UpdateOperatorBody,
    @Req() req: HttpRequest,
  ): Promise<OperatorAccount> {
    return this.accounts.update(o.id, id, body, clientIp(req));
  }
}
