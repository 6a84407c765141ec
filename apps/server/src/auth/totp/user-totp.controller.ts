import { Controller, Delete, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { totpCodeBody, totpSetupBody, type TotpCodeBody, type TotpEnableResponse, type TotpSetupBody, type TotpSetupResponse } from '@candor/contracts';
import type { HttpRequest } from '../../common/http.js';
import { DomainError } from '../../common/domain-error.js';
import { clientIp } from '../../common/request-context.js';
import { ApiFeature, Doc, ZodBody } from '../../common/openapi.js';
import { UsersRepository } from '../../users/users.repository.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth.guard.js';
import { RateLimit, RateLimitGuard } from '../rate-limit.guard.js';
import { UserTotpService } from './user-totp.service.js';

/** The user's own two-factor sign-in (TOTP): set up, turn on, turn off. */
@Controller('me/totp')
@UseGuards(UserAuthGuard, RateLimitGuard)
@ApiFeature('account')
export class UserTotpController {
  constructor(
    private readonly totp: UserTotpService,
    private readonly users: UsersRepository,
  ) {}

  @Post('setup')
  @RateLimit('auth')
  @HttpCode(200)
  @Doc('Set up two-factor sign-in: a pending secret (10 minutes) for the authenticator app, after the login password; nothing is on yet', {
    ok: 'TotpSetupResponse',
    errors: ['OLD_PASSWORD_INVALID', 'CAPTCHA_INVALID', 'TOTP_ALREADY_ENABLED'],
  })
  async setup(@CurrentUser() u: AuthUser, @ZodBody(totpSetupBody) body: TotpSetupBody, @Req() req: HttpRequest): Promise<TotpSetupResponse> {
    const user = await this.users.findById(u.id);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return this.totp.setup(u.id, user.email, body, clientIp(req));
  }

  @Post('enable')
  @RateLimit('auth')
  @HttpCode(200)
  @Doc('Turn two-factor sign-in on with a code of the pending secret; answers ten one-use recovery codes, shown this once', {
    ok: 'TotpEnableResponse',
    errors: ['TOTP_INVALID', 'TOTP_SETUP_REQUIRED', 'TOTP_ALREADY_ENABLED'],
  })
  enable(@CurrentUser() u: AuthUser, @ZodBody(totpCodeBody) body: TotpCodeBody, @Req() req: HttpRequest): Promise<TotpEnableResponse> {
    return this.totp.enable(u.id, body.code, clientIp(req));
  }

  @Delete()
  @RateLimit('auth')
  @HttpCode(204)
  @Doc('Turn two-factor sign-in off with a current code or an unused recovery code', { errors: ['TOTP_INVALID', 'TOTP_NOT_ENABLED'] })
  async disable(@CurrentUser() u: AuthUser, @ZodBody(totpCodeBody) body: TotpCodeBody, @Req() req: HttpRequest): Promise<void> {
    await this.totp.disable(u.id, body.code, clientIp(req));
  }
}
