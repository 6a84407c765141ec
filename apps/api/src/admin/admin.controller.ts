import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { operatorLoginBody, type AuditEntry, type LedgerCheck, type Operator, type OperatorLoginResponse, type Page, type RefreshResponse } from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { clientIp } from '../common/request-context.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { RateLimit, RateLimitGuard } from '../auth/rate-limit.guard.js';
import { clearRefreshCookie, OPERATOR_REFRESH_COOKIE, readRefreshCookie, setRefreshCookie } from '../auth/cookies.js';
import { CurrentOperator, OperatorAuthGuard, type AuthOperator } from '../auth/auth.guard.js';
import { SessionService } from '../auth/session.service.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { REDIS } from '../redis/redis.module.js';
import type { Redis } from 'ioredis';
import { LEDGER_CHECK_LAST_KEY } from '@candor/db';
import { AuditService } from './audit.service.js';
import { OperatorsService, toOperator } from './operators.service.js';

const auditQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().regex(/^\d{1,19}$/).optional(),
  action: z.string().max(64).optional(),
  userId: z.uuid().optional(),
  operatorId: z.uuid().optional(),
  lang: z.string().max(10).optional(),
});
type LoginBody = z.infer<typeof operatorLoginBody>;

@Controller('admin/auth')
@UseGuards(RateLimitGuard)
export class AdminAuthController {
  constructor(private readonly operators: OperatorsService, private readonly sessions: SessionService, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Post('login')
  @RateLimit('auth')
  @HttpCode(200)
  async login(@Body(new ZodPipe(operatorLoginBody)) body: LoginBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<OperatorLoginResponse> {
    const r = await this.operators.login(body.email, body.password, req.headers['user-agent'], clientIp(req));
    setRefreshCookie(res, req, this.config, OPERATOR_REFRESH_COOKIE, r.refreshToken);
    return { accessToken: r.accessToken, operator: r.operator };
  }

  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RefreshResponse> {
    try {
      const r = await this.operators.refresh(readRefreshCookie(req, OPERATOR_REFRESH_COOKIE));
      setRefreshCookie(res, req, this.config, OPERATOR_REFRESH_COOKIE, r.refreshToken);
      return { accessToken: r.accessToken };
    } catch (e) {
      clearRefreshCookie(res, req, this.config, OPERATOR_REFRESH_COOKIE);
      throw e;
    }
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const r = await this.sessions.rotate(readRefreshCookie(req, OPERATOR_REFRESH_COOKIE), 'operator');
    if (r.ok) await this.sessions.revoke(r.sessionId, 'logout');
    clearRefreshCookie(res, req, this.config, OPERATOR_REFRESH_COOKIE);
  }
}

@Controller('admin')
@UseGuards(OperatorAuthGuard)
export class AdminController {
  constructor(
    private readonly operators: OperatorsService,
    private readonly audit: AuditService,
    private readonly ledger: LedgerService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get('me')
  async me(@CurrentOperator() o: AuthOperator): Promise<Operator> {
    const op = await this.operators.findById(o.id);
    if (!op) throw new DomainError('UNAUTHENTICATED');
    return toOperator(op);
  }

  @Get('audit')
  list(@Query(new ZodPipe(auditQuery)) q: z.infer<typeof auditQuery>): Promise<Page<AuditEntry>> {
    return this.audit.list({ userId: q.userId, action: q.action, operatorId: q.operatorId, limit: q.limit ?? 50, cursor: q.cursor });
  }

  @Get('ledger/check')
  async check(): Promise<LedgerCheck> {
    const [live, last] = await Promise.all([this.ledger.check(), this.redis.get(LEDGER_CHECK_LAST_KEY)]);
    const parsed = last ? (JSON.parse(last) as { ok: boolean; imbalance: string; checkedAt: string }) : null;
    return { ...live, lastScheduled: parsed ? { ok: parsed.ok, imbalance: parsed.imbalance, checkedAt: parsed.checkedAt } : null };
  }
}
