import { createParamDecorator, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { HttpRequest } from '../common/http.js';
import type { OperatorRole } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { SessionService } from './session.service.js';
import { TokenService } from './token.service.js';

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
    const token = bearer(req);
    const claims = token ? await this.tokens.verify(token, 'user') : null;
    if (!claims || (await this.sessions.isRevoked(claims.sid))) throw new DomainError('UNAUTHENTICATED');
    req.user = { id: claims.sub, sid: claims.sid };
    return true;
  }
}

export const ROLES_KEY = 'candor:roles';
export const Roles = (...roles: OperatorRole[]) => SetMetadata(ROLES_KEY, roles);

/** Operators: a console token, and one of the roles the handler names (any role when none named). */
@Injectable()
export class OperatorAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
  ) {}
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    const token = bearer(req);
    const claims = token ? await this.tokens.verify(token, 'operator') : null;
    if (!claims || !claims.role || (await this.sessions.isRevoked(claims.sid))) throw new DomainError('UNAUTHENTICATED');
    const roles = this.reflector.getAllAndOverride<OperatorRole[] | undefined>(ROLES_KEY, [ctx.getHandler(), ctx.getClass()]);
    if (roles?.length && !roles.includes(claims.role as OperatorRole)) throw new DomainError('FORBIDDEN');
    req.operator = { id: claims.sub, sid: claims.sid, role: claims.role as OperatorRole };
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
