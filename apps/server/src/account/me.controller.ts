import { RateLimit } from '../auth/rate-limit.guard.js';
import { Controller, Get, HttpCode, Patch, Post, Req, UseGuards } from '@nestjs/common';
import {
  bigintId,
  changePasswordBody,
  patchMeBody,
  type AccountActivity,
  type AuditEntry,
  type ChangePasswordBody,
  type LoginHistory,
  type Page,
  type PatchMeBody,
  type Summary,
  type UserProfile,
} from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import type { HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { ApiFeature, Doc, ZodBody, ZodQuery } from '../common/openapi.js';
import { AuthService } from '../auth/auth.service.js';
import { CurrentUser, UserAuthGuard, type AuthUser } from '../auth/auth.guard.js';
import { AuditService } from '../admin/audit.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { toProfile } from '../users/user-view.js';
import { SummaryService } from './summary.service.js';
import { z } from 'zod';

const auditQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: bigintId.optional(),
  lang: z.string().max(10).optional(),
});

@Controller('me')
@UseGuards(UserAuthGuard)
@ApiFeature('account')
export class MeController {
  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly summary: SummaryService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @Doc('The signed-in user (phone masked)', { ok: 'UserProfile' })
  async me(@CurrentUser() u: AuthUser): Promise<UserProfile> {
    const user = await this.users.findById(u.id);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return toProfile(user);
  }

  @Patch()
  @Doc('Change the nickname', { ok: 'UserProfile' })
  async patch(@CurrentUser() u: AuthUser, @ZodBody(patchMeBody) body: PatchMeBody): Promise<UserProfile> {
    await this.users.updateNickname(u.id, body.nickname);
    return this.me(u);
  }

  @Get('summary')
  @Doc('Total assets, balances, what is in review (deposits and withdrawals) and profit and loss', { ok: 'Summary' })
  getSummary(@CurrentUser() u: AuthUser): Promise<Summary> {
    return this.summary.forUser(u.id);
  }

  /** The old password counts against its lockout: the withdrawal's for the trade password, the login's (and its graphic code) for the login password. */
  @Post('password')
  @RateLimit('auth')
  @HttpCode(204)
  @Doc('Change the login or the transaction password', {
    errors: ['OLD_PASSWORD_INVALID', 'PASSWORD_MISMATCH', 'TRADE_PASSWORD_MISMATCH', 'TRADE_PASSWORD_LOCKED', 'CAPTCHA_INVALID'],
  })
  async password(@CurrentUser() u: AuthUser, @ZodBody(changePasswordBody) body: ChangePasswordBody, @Req() req: HttpRequest): Promise<void> {
    await this.auth.changePassword(u.id, u.sid, body, clientIp(req));
  }

  @Get('logins')
  @Doc('The sign-in history: each attempt on this account (time, address, device, whether it got in and why not), newest first; the newest 100 are kept', {
    ok: 'LoginHistory',
  })
  logins(@CurrentUser() u: AuthUser): Promise<LoginHistory> {
    return this.auth.loginHistory(u.id);
  }

  /** The same slice in the short form of the account-activity screen: when, what, as which role, and why. */
  @Get('activity')
  @Doc('Operator actions on this account: when, what, the role, the reason', { ok: 'Page<AccountActivity>' })
  async activity(@CurrentUser() u: AuthUser, @ZodQuery(auditQuery) q: z.infer<typeof auditQuery>): Promise<Page<AccountActivity>> {
    const page = await this.audit.list({ userId: u.id, limit: q.limit ?? 20, cursor: q.cursor });
    return {
      items: page.items.map((e) => {
        const item: AccountActivity = {
          at: e.createdAt,
          action: e.action,
          role: e.operatorRole ?? 'system',
          reason: typeof (e.details as { reason?: unknown } | null)?.reason === 'string' ? (e.details as { reason: string }).reason : null,
        };
        if (e.action === 'product.change_applied' && e.targetId) {
          const d = e.details as { field: string; from: unknown; to: unknown; effectiveAt: string };
          item.symbol = e.targetId;
          item.change = { field: d.field, from: d.from, to: d.to, effectiveAt: d.effectiveAt };
        }
        return item;
      }),
      nextCursor: page.nextCursor,
    };
  }

  /** What operators did on this account: the user's own slice of the append-only audit log. */
  @Get('operator-actions')
  @Doc('What operators recorded about this account, newest first', { ok: 'Page<AuditEntry>' })
  operatorActions(@CurrentUser() u: AuthUser, @ZodQuery(auditQuery) q: z.infer<typeof auditQuery>): Promise<Page<AuditEntry>> {
    return this.audit.list({ userId: u.id, limit: q.limit ?? 20, cursor: q.cursor });
  }
}
