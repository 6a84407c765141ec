import { createParamDecorator, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { HttpRequest } from '../common/http.js';
import { hasPermission, type OperatorPermission, type OperatorRole } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { SessionService } from './session.service.js';
import { TokenService } from './token.service.js';
import { OperatorAccessRepository } from './operator-access.repository.js';

export interface AuthUser {
  id: string;
  sid: string;
}
export interface AuthOperator {
  id: string;
  sid: string;
  role: OperatorRole;
}
type AuthedRequest = HttpRequest & { user?: AuthUser; operator?: AuthOperator };

function bearer(req: HttpRequest): string | null {
  const h = req.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7).trim() : null;
}

/** Users: a valid access token whose session was not revoked. */
@Injectable()
export class UserAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
  ) {}
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    if (!(await this.authenticate(req))) throw new DomainError('UNAUTHENTICATED');
    return true;
  }

  /** The signed-in user of a request (also set as `req.user`), or null: the one check, shared by the reads served before Nest's pipeline. */
  async authenticate(req: HttpRequest): Promise<AuthUser | null> {
    const token = bearer(req);
    const claims = token ? await this.tokens.verify(token, 'user') : null;
    if (!claims || (await this.sessions.isRevoked(claims.sid))) return null;
    const user = { id: claims.sub, sid: claims.sid };
    (req as AuthedRequest).user = user;
    return user;
  }
}

export const PERMISSION_KEY = 'candor:permission';
/** The one permission (libs/contracts ROLE_PERMISSIONS) a console route needs; a route without one is refused. */
export const Permission = (permission: OperatorPermission) => SetMetadata(PERMISSION_KEY, permission);

/**
 * Operators: a console token whose session is alive, and the permission the route names, checked
 * against the operator's role as stored now, so a role change or a disabled account counts at once.
 */
@Injectable()
export class OperatorAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
    private readonly operators: OperatorAccessRepository,
  ) {}
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    const token = bearer(req);
    const claims = token ? await this.tokens.verify(token, 'operator') : null;
    if (!claims || !claims.role || (await this.sessions.isRevoked(claims.sid))) throw new DomainError('UNAUTHENTICATED');
    const op = await this.operators.findRole(claims.sub);
    if (!op || op.disabled) throw new DomainError('UNAUTHENTICATED');
    const permission = this.reflector.getAllAndOverride<OperatorPermission | undefined>(PERMISSION_KEY, [ctx.getHandler(), ctx.getClass()]);
    // Fail closed: a console route that forgot to name its permission is refused to everyone.
    if (!permission || !hasPermission(op.role, permission)) throw new DomainError('FORBIDDEN');
    req.operator = { id: claims.sub, sid: claims.sid, role: op.role };
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const u = ctx.switchToHttp().getRequest<AuthedRequest>().user;
  if (!u) throw new DomainError('UNAUTHENTICATED');
  return u;
});
export const CurrentOperator = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthOperator => {
  const o = ctx.switchToHttp().getRequest<AuthedRequest>().operator;
  if (!o) throw new DomainError('UNAUTHENTICATED');
  return o;
});
