import { Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { HttpRequest, HttpReply } from '../common/http.js';
import {
  captchaResponse,
  loginBody,
  registerBody,
  registerCheckBody,
  type AltchaChallenge,
  type CaptchaResponse,
  type LoginBody,
  type LoginResponse,
  type RefreshResponse,
  type RegisterBody,
  type RegisterCheckBody,
  type RegisterCheckResponse,
  type RegisterResponse,
  type RevokeSessionsResponse,
  type SessionInfo,
} from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { clientIp, requestLocale } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { RateLimit, RateLimitGuard } from './rate-limit.guard.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { AltchaService } from './altcha.service.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, USER_REFRESH_COOKIE } from './cookies.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from './auth.guard.js';
import { SessionService } from './session.service.js';

@Controller('auth')
@UseGuards(RateLimitGuard)
@ApiFeature('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly captcha: CaptchaService,
    private readonly altcha: AltchaService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('captcha')
  @RateLimit('captcha')
  @Doc('A 4-digit graphic captcha (one use, 5 minutes)', { ok: captchaResponse })
  getCaptcha(): Promise<CaptchaResponse> {
    return this.captcha.create();
  }

  @Get('altcha')
  @RateLimit('captcha')
  @Doc('An ALTCHA proof-of-work challenge (10 minutes); its solution goes in the `altcha` field of registration, login and password reset', {
    ok: 'AltchaChallenge',
  })
  getAltcha(): Promise<AltchaChallenge> {
    return this.altcha.challenge();
  }

  @Post('register/check')
  @RateLimit('auth', { accessible: true })
  @HttpCode(200)
  @Doc('Registration step 1: e-mail, phone, invitation code, the graphic code and the proof-of-work (or, the accessible path, the proof-of-work alone)', {
    ok: 'RegisterCheckResponse',
    errors: ['CAPTCHA_INVALID', 'ALTCHA_INVALID', 'INVITATION_CODE_INVALID', 'USER_EXISTS', 'COUNTRY_NOT_SERVED'],
  })
  registerCheck(@ZodBody(registerCheckBody) body: RegisterCheckBody): Promise<RegisterCheckResponse> {
    return this.auth.registerCheck(body);
  }

  @Post('register')
  @RateLimit('auth')
  @Doc('Registration step 2: the passwords; creates the user', {
    ok: 'RegisterResponse',
    errors: ['PASSWORD_MISMATCH', 'TRADE_PASSWORD_MISMATCH', 'INVITATION_CODE_INVALID', 'USER_EXISTS', 'COUNTRY_NOT_SERVED'],
  })
  register(@ZodBody(registerBody) body: RegisterBody, @Req() req: HttpRequest): Promise<RegisterResponse> {
    // The confirmation mail goes in the language the person registered in.
    return this.auth.register(body, requestLocale(req));
  }

  @Post('login')
  @RateLimit('auth')
  @HttpCode(200)
  @Doc('Log in; sets the refresh-token cookie', {
    ok: 'LoginResponse',
    errors: ['CAPTCHA_INVALID', 'ALTCHA_INVALID', 'INVALID_CREDENTIALS', 'ACCOUNT_DISABLED', 'TOTP_REQUIRED', 'TOTP_INVALID', 'RATE_LIMITED'],
  })
  async login(@ZodBody(loginBody) body: LoginBody, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<LoginResponse> {
    const r = await this.auth.login(body, req.headers['user-agent'], clientIp(req), requestLocale(req));
    setRefreshCookie(res, req, this.config, USER_REFRESH_COOKIE, r.refreshToken);
    return { accessToken: r.accessToken, user: r.user };
  }

  @Post('refresh')
  @HttpCode(200)
  @Doc('A new access token for the refresh-token cookie, which is rotated', { ok: 'RefreshResponse', errors: ['UNAUTHENTICATED'] })
  async refresh(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<RefreshResponse> {
    try {
      const r = await this.auth.refresh(readRefreshCookie(req, USER_REFRESH_COOKIE));
      setRefreshCookie(res, req, this.config, USER_REFRESH_COOKIE, r.refreshToken);
      return { accessToken: r.accessToken };
    } catch (e) {
      clearRefreshCookie(res, req, this.config, USER_REFRESH_COOKIE);
      throw e;
    }
  }

  @Post('logout')
  @HttpCode(204)
  @Doc("Log out: ends the refresh-token cookie's session and clears the cookie")
  async logout(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<void> {
    const token = readRefreshCookie(req, USER_REFRESH_COOKIE);
    // Only the holder of a live refresh token of that session can end it this way.
    const r = token ? await this.sessions.rotate(token, 'user') : null;
    if (r?.ok) await this.sessions.revoke(r.sessionId, 'logout');
    clearRefreshCookie(res, req, this.config, USER_REFRESH_COOKIE);
  }

  @Get('sessions')
  @UseGuards(UserAuthGuard)
  @Doc("The user's sessions", { ok: 'SessionInfo[]' })
  async listSessions(@CurrentUser() user: AuthUser): Promise<SessionInfo[]> {
    const rows = await this.sessions.list('user', user.id);
    return rows.map((s) => ({
      id: s.id,
      createdAt: new Date(s.created_at).toISOString(),
      lastUsedAt: new Date(s.last_used_at).toISOString(),
      userAgent: s.user_agent,
      ip: s.ip,
      current: s.id === user.sid,
    }));
  }

  @Delete('sessions')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @Doc("Sign out every other device: ends all the user's sessions but the current one (their sockets close at once)", { ok: 'RevokeSessionsResponse' })
  async revokeOtherSessions(@CurrentUser() user: AuthUser): Promise<RevokeSessionsResponse> {
    return { revoked: await this.sessions.revokeAllExcept('user', user.id, user.sid, 'remote_logout') };
  }

  @Delete('sessions/:id')
  @HttpCode(204)
  @UseGuards(UserAuthGuard)
  @Doc("End another of the user's sessions (remote logout)")
  async revokeSession(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => new DomainError('NOT_FOUND') })) id: string,
  ): Promise<void> {
    if (!(await this.sessions.revokeOwned('user', user.id, id, 'remote_logout'))) throw new DomainError('NOT_FOUND');
  }
}
