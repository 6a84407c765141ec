import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { HttpRequest, HttpReply } from '../common/http.js';
import { z } from 'zod';
import {
  bigintId,
  hasPermission,
  type AdminPendingCounts,
  type OperatorPermission,
  operatorLoginBody,
  type AuditEntry,
  type LedgerCheck,
  type Operator,
  type OperatorLoginResponse,
  type Page,
  type RefreshResponse,
} from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody, ZodQuery } from '../common/openapi.js';
import { RateLimit, RateLimitGuard } from '../auth/rate-limit.guard.js';
import { clearRefreshCookie, OPERATOR_REFRESH_COOKIE, readRefreshCookie, setRefreshCookie } from '../auth/cookies.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { SessionService } from '../auth/session.service.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { REDIS } from '../redis/redis.module.js';
import type { Redis } from 'ioredis';
import { maskPhone } from '@candor/domain';
import { UsersRepository } from '../users/users.repository.js';
import { AuditService } from './audit.service.js';
import { UserDetailRepository } from './user-detail.repository.js';
import { OperatorsService, toOperator } from './operators.service.js';
import { REDIS_KEYS } from '@candor/cross-process';

const auditQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: bigintId.optional(),
  action: z.string().max(64).optional(),
  userId: z.uuid().optional(),
  operatorId: z.uuid().optional(),
  lang: z.string().max(10).optional(),
});
const auditCsvQuery = auditQuery.omit({ limit: true, cursor: true });
type LoginBody = z.infer<typeof operatorLoginBody>;
const usersQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.uuid().optional(),
  lang: z.string().max(10).optional(),
});

@Controller('admin/auth')
@UseGuards(RateLimitGuard)
@ApiFeature('admin')
export class AdminAuthController {
  constructor(
    private readonly operators: OperatorsService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @RateLimit('auth')
  @HttpCode(200)
  @Doc('Operator login (admins with a TOTP or recovery code); sets the operator refresh-token cookie (12 hours)', {
    ok: 'OperatorLoginResponse',
    errors: ['INVALID_CREDENTIALS', 'TOTP_REQUIRED', 'TOTP_INVALID'],
    description: 'An admin without a TOTP secret yet gets `401 TOTP_REQUIRED` with `enrollmentToken`: see `POST /api/admin/auth/enrollment`.',
  })
  async login(
    @ZodBody(operatorLoginBody) body: LoginBody,
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<OperatorLoginResponse> {
    const r = await this.operators.login(body.email, body.password, body.totp, req.headers['user-agent'], clientIp(req));
    setRefreshCookie(res, req, this.config, OPERATOR_REFRESH_COOKIE, r.refreshToken);
    return { accessToken: r.accessToken, operator: r.operator };
  }

  @Post('refresh')
  @HttpCode(200)
  @Doc('A new operator access token for the refresh-token cookie, which is rotated', { ok: 'RefreshResponse', errors: ['UNAUTHENTICATED'] })
  async refresh(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<RefreshResponse> {
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
  @Doc("Operator logout: ends the refresh-token cookie's session and clears the cookie")
  async logout(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<void> {
    const r = await this.sessions.rotate(readRefreshCookie(req, OPERATOR_REFRESH_COOKIE), 'operator');
    if (r.ok) await this.sessions.revoke(r.sessionId, 'logout');
    clearRefreshCookie(res, req, this.config, OPERATOR_REFRESH_COOKIE);
  }
}

@Controller('admin')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class AdminController {
  constructor(
    private readonly operators: OperatorsService,
    private readonly audit: AuditService,
    private readonly ledger: LedgerService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly usersRepository: UsersRepository,
    private readonly userDetail: UserDetailRepository,
  ) {}

  @Get('me')
  @Permission('console.use')
  @Doc('The signed-in operator', { ok: 'Operator' })
  async me(@CurrentOperator() o: AuthOperator): Promise<Operator> {
    const op = await this.operators.findById(o.id);
    if (!op) throw new DomainError('UNAUTHENTICATED');
    return toOperator(op);
  }

  @Get('audit.csv')
  @Permission('audit.read')
  @Doc('The filtered audit log as CSV (text/csv, a header row, newest first; at most 10,000 rows); the export is itself audited', {
    ok: 'text/csv',
    errors: ['VALIDATION_FAILED'],
    description:
      'The same filters as `GET /api/admin/audit`. `X-Export-Rows` says how many rows the file holds and `X-Export-Truncated: true` that older matching rows were left out (narrow the filters). Text a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with a quote.',
  })
  async auditCsv(
    @CurrentOperator() o: AuthOperator,
    @ZodQuery(auditCsvQuery) q: z.infer<typeof auditCsvQuery>,
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<string> {
    const out = await this.audit.exportCsv(o.id, { userId: q.userId, action: q.action, operatorId: q.operatorId }, clientIp(req) || null);
    void res.header('content-type', 'text/csv; charset=utf-8');
    void res.header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`);
    void res.header('x-export-rows', String(out.rows));
    void res.header('x-export-truncated', String(out.truncated));
    return out.csv;
  }

  @Get('audit')
  @Permission('audit.read')
  @Doc('The audit log, newest first', { ok: 'Page<AuditEntry>' })
  list(@ZodQuery(auditQuery) q: z.infer<typeof auditQuery>): Promise<Page<AuditEntry>> {
    return this.audit.list({ userId: q.userId, action: q.action, operatorId: q.operatorId, limit: q.limit ?? 50, cursor: q.cursor });
  }

  /** Users, newest first, by e-mail / phone / nickname fragment, exact id or invitation code; phones masked. The search is audited. */
  @Get('users')
  @Permission('users.read')
  @Doc(
    'Users, newest first, by e-mail, phone or nickname fragment, exact id, or an invitation code (its owner and who registered with it); the search is audited',
    {
      description: 'Answers `{ items: [{ id, email, phone (masked), nickname, kycStatus, inviteCode, invitedByUserId, disabled, createdAt }], nextCursor }`.',
    },
  )
  async users(@CurrentOperator() o: AuthOperator, @ZodQuery(usersQuery) q: z.infer<typeof usersQuery>, @Req() req: HttpRequest) {
    const limit = q.limit ?? 50;
    // One row more than the page says whether there is a next one.
    const rows = await this.usersRepository.search({ q: q.q, cursor: q.cursor, limit: limit + 1 });
    await this.audit.record({ operatorId: o.id, action: 'users.search', details: { q: q.q ?? null, cursor: q.cursor ?? null }, ip: clientIp(req) });
    const items = rows.slice(0, limit).map((r) => ({
      id: r.id,
      email: r.email,
      phone: maskPhone(r.phone),
      nickname: r.nickname,
      kycStatus: r.kyc_status,
      inviteCode: r.invite_code,
      invitedByUserId: r.invited_by_user_id,
      disabled: r.disabled_at !== null,
      createdAt: new Date(r.created_at).toISOString(),
    }));
    return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
  }

  @Get('pending')
  @Permission('console.use')
  @Doc("How many deposits, withdrawals and verifications wait for review, for the console's menu; null for a queue the role does not review", {
    ok: 'AdminPendingCounts',
  })
  async pending(@CurrentOperator() o: AuthOperator): Promise<AdminPendingCounts> {
    const count = (permission: OperatorPermission, queue: 'deposits' | 'withdrawals' | 'kyc') =>
      hasPermission(o.role, permission) ? this.userDetail.waiting(queue) : Promise.resolve(null);
    const [deposits, withdrawals, kyc] = await Promise.all([
      count('deposits.read', 'deposits'),
      count('withdrawals.read', 'withdrawals'),
      count('kyc.review', 'kyc'),
    ]);
    return { deposits, withdrawals, kyc };
  }

  @Get('ledger/check')
  @Permission('ledger.read')
  @Doc("The ledger check: every balance against its postings, and the worker's last scheduled check", { ok: 'LedgerCheck' })
  async check(): Promise<LedgerCheck> {
    const [live, last] = await Promise.all([this.ledger.check(), this.redis.get(REDIS_KEYS.ledgerCheckLast)]);
    const parsed = last ? (JSON.parse(last) as { ok: boolean; imbalance: string; checkedAt: string }) : null;
    return { ...live, lastScheduled: parsed ? { ok: parsed.ok, imbalance: parsed.imbalance, checkedAt: parsed.checkedAt } : null };
  }
}
