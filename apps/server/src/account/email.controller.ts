import { Controller, Get, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import {
  emailChangeBody,
  emailConfirmBody,
  mailPreferencesBody,
  type EmailChangeBody,
  type EmailConfirmBody,
  type MailPreferences,
  type MailPreferencesBody,
  type UserProfile,
} from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { clientIp, requestLocale } from '../common/request-context.js';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { RateLimit, RateLimitGuard } from '../auth/rate-limit.guard.js';
import { UsersRepository } from '../users/users.repository.js';
import { toProfile } from '../users/user-view.js';
import { EmailService } from './email.service.js';

@Controller('me')
@UseGuards(RateLimitGuard)
@ApiFeature('account')
export class EmailController {
  constructor(
    private readonly emails: EmailService,
    private readonly users: UsersRepository,
  ) {}

  /** The token is the proof (it reached the mailbox), so the link works whether or not its reader is signed in. */
  @Post('email/confirm')
  @RateLimit('auth')
  @HttpCode(204)
  @Doc("Confirms an e-mail address with a confirmation link's token (the current address, or a pending new one)", {
    errors: ['RESET_TOKEN_INVALID', 'USER_EXISTS'],
  })
  async confirm(@ZodBody(emailConfirmBody) body: EmailConfirmBody): Promise<void> {
    await this.emails.confirm(body.token);
  }

  @Post('email/resend')
  @UseGuards(UserAuthGuard)
  @RateLimit('mail')
  @HttpCode(202)
  @Doc('Mails the confirmation link again (to the pending address if any); at most 3 an hour', { errors: ['RATE_LIMITED'] })
  async resend(@CurrentUser() u: AuthUser, @Req() req: HttpRequest): Promise<void> {
    await this.emails.resend(u.id, requestLocale(req));
  }

  @Post('email')
  @UseGuards(UserAuthGuard)
  @RateLimit('mail')
  @HttpCode(202)
  @Doc('Changes the e-mail address: the new one takes effect when its mailed link is used; the old one is told', {
    ok: 'UserProfile',
    errors: ['OLD_PASSWORD_INVALID', 'USER_EXISTS', 'RATE_LIMITED'],
  })
  async change(@CurrentUser() u: AuthUser, @ZodBody(emailChangeBody) body: EmailChangeBody, @Req() req: HttpRequest): Promise<UserProfile> {
    await this.emails.change(u.id, body, clientIp(req), requestLocale(req));
    const user = await this.users.findById(u.id);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return toProfile(user);
  }

  @Get('mail-preferences')
  @UseGuards(UserAuthGuard)
  @Doc('Which optional e-mails the user receives (security mails always go)', { ok: 'MailPreferences' })
  preferences(@CurrentUser() u: AuthUser): Promise<MailPreferences> {
    return this.emails.preferences(u.id);
  }

  @Put('mail-preferences')
  @UseGuards(UserAuthGuard)
  @Doc('Turns optional e-mails on or off', { ok: 'MailPreferences' })
  updatePreferences(@CurrentUser() u: AuthUser, @ZodBody(mailPreferencesBody) body: MailPreferencesBody): Promise<MailPreferences> {
    return this.emails.updatePreferences(u.id, body);
  }
}
