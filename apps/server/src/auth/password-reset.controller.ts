import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { passwordResetBody, passwordResetConfirmBody, type PasswordResetBody, type PasswordResetConfirmBody } from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { requestLocale } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { RateLimit, RateLimitGuard } from './rate-limit.guard.js';
import { PasswordResetService } from './password-reset.service.js';

@Controller('auth/password-reset')
@UseGuards(RateLimitGuard)
@ApiFeature('auth')
export class PasswordResetController {
  constructor(private readonly reset: PasswordResetService) {}

  @Post()
  @RateLimit('mail')
  @HttpCode(202)
  @Doc('Forgot password: mails a reset link (valid 30 minutes, one use) when the address has an account', {
    description: 'Answers 202 whether or not the address has an account. The mail is in the language of Accept-Language.',
    errors: ['ALTCHA_INVALID'],
  })
  async request(@ZodBody(passwordResetBody) body: PasswordResetBody, @Req() req: HttpRequest): Promise<void> {
    await this.reset.request(body, requestLocale(req));
  }

  @Post('confirm')
  @RateLimit('auth')
  @HttpCode(204)
  @Doc("Sets a new login password with a reset link's token; every session of the account ends", {
    errors: ['RESET_TOKEN_INVALID', 'PASSWORD_MISMATCH'],
  })
  async confirm(@ZodBody(passwordResetConfirmBody) body: PasswordResetConfirmBody, @Req() req: HttpRequest): Promise<void> {
    await this.reset.confirm(body, requestLocale(req));
  }
}
