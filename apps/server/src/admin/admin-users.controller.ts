import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Req, UseGuards } from '@nestjs/common';
import { disableUserBody, type AdminUserDetail, type DisableUserBody, type UserAccess } from '@candor/contracts';
import type { HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { UserAccessService } from './user-access.service.js';
import { OperatorReadsService } from './operator-reads.service.js';
import { UserDetailService } from './user-detail.service.js';

const userId = new ParseUUIDPipe({ exceptionFactory: () => new DomainError('NOT_FOUND') });

/** Whether a user may sign in: operators disable an account (its sessions end at once) and enable it again. */
@Controller('admin/users')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class AdminUsersController {
  constructor(
    private readonly access: UserAccessService,
    private readonly reads: OperatorReadsService,
    private readonly detailService: UserDetailService,
  ) {}

  @Get(':id')
  @Permission('users.read')
  @Doc(
    'One user: profile, verification, access, sessions, and with `users.money` their newest orders, deposits and withdrawals; each read is audited (the user sees it in operator actions)',
    { ok: 'AdminUserDetail' },
  )
  detail(@CurrentOperator() o: AuthOperator, @Param('id', userId) id: string, @Req() req: HttpRequest): Promise<AdminUserDetail> {
    return this.detailService.get(o, id, clientIp(req));
  }

  @Get(':id/access')
  @Permission('users.read')
  @Doc("A user's access: disabled or not, since when and why; the read is audited (the user sees it in operator actions)", { ok: 'UserAccess' })
  async get(@CurrentOperator() o: AuthOperator, @Param('id', userId) id: string, @Req() req: HttpRequest): Promise<UserAccess> {
    const access = await this.access.get(id);
    await this.reads.record(o.id, id, 'access', clientIp(req));
    return access;
  }

  @Post(':id/disable')
  @HttpCode(200)
  @Permission('users.manage')
  @Doc("Disable a user's account: sign-in is refused with ACCOUNT_DISABLED and every session and socket ends at once; audited with the reason", {
    ok: 'UserAccess',
  })
  disable(
    @CurrentOperator() o: AuthOperator,
    @Param('id', userId) id: string,
    @ZodBody(disableUserBody) body: DisableUserBody,
    @Req() req: HttpRequest,
  ): Promise<UserAccess> {
    return this.access.setDisabled(o.id, id, true, body.reason, clientIp(req));
  }

  @Post(':id/enable')
  @HttpCode(200)
  @Permission('users.manage')
  @Doc("Enable a disabled user's account again; audited", { ok: 'UserAccess' })
  enable(@CurrentOperator() o: AuthOperator, @Param('id', userId) id: string, @Req() req: HttpRequest): Promise<UserAccess> {
    return this.access.setDisabled(o.id, id, false, null, clientIp(req));
  }
}
