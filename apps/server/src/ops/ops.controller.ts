import { Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { OPS, type OpsSession } from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { clientIp } from '../common/request-context.js';
import { cookieOptions } from '../auth/cookies.js';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import { TokenService } from '../auth/token.service.js';
import { AuditService } from '../admin/audit.service.js';
import { ApiFeature, Doc } from '../common/openapi.js';

/** The cookie that lets a browser open the /ops pages. */
export const OPS_COOKIE = 'candor_ops';
/** How long one ops cookie lasts; the console's session being revoked (logout) ends it sooner. */
export const OPS_SESSION_TTL_SECONDS = 3600;

@Controller('admin/ops')
@UseGuards(OperatorAuthGuard)
@ApiFeature('admin')
export class OpsSessionController {
  constructor(
    private readonly tokens: TokenService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sets the ops cookie for this console session (admins only) and records it in the audit log. */
  @Post('session')
  @Permission('ops.queues')
  @HttpCode(200)
  @Doc('Sets the httpOnly cookie (path /ops, one hour, ended by logout) that opens the read-only queues dashboard at /ops/queues', { ok: 'OpsSession' })
  async open(@CurrentOperator() o: AuthOperator, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<OpsSession> {
    const token = await this.tokens.signOps({ sub: o.id, sid: o.sid, typ: 'operator', role: o.role }, OPS_SESSION_TTL_SECONDS);
    const options = cookieOptions(this.config, req, OPS.cookiePath, OPS_SESSION_TTL_SECONDS);
    void res.setCookie(OPS_COOKIE, token, options);
    await this.audit.record({ operatorId: o.id, action: 'ops.session', details: { url: OPS.queues }, ip: clientIp(req) });
    return { url: OPS.queues, expiresAt: (options.expires as Date).toISOString() };
  }
}
