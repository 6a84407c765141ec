import { Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { HttpRequest } from '../common/http.js';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { clientIp } from '../common/request-context.js';
import { REDIS } from '../redis/redis.module.js';
import { REDIS_KEYS } from '@candor/cross-process';

export type RateLimitName = 'auth' | 'captcha';
export const RATE_LIMIT_KEY = 'candor:rate-limit';
const WINDOW_MS = 60_000;

/** Marks a route as limited per client IP and route, per minute (limits come from the config). */
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT_KEY, name);

/**
 * Fixed one-minute windows counted in Redis, so every api instance shares one limit.
 * (@nestjs/throttler is CommonJS and cannot load ESM-only Nest 12 under jest; this is its small core.)
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const name = this.reflector.getAllAndOverride<RateLimitName | undefined>(RATE_LIMIT_KEY, [ctx.getHandler(), ctx.getClass()]);
    if (!name) return true;
    const limit = name === 'auth' ? this.config.RATE_LIMIT_AUTH_PER_MINUTE : this.config.RATE_LIMIT_CAPTCHA_PER_MINUTE;
    const req = ctx.switchToHttp().getRequest<HttpRequest>();
    const key = REDIS_KEYS.rateLimit(name, `${ctx.getClass().name}.${ctx.getHandler().name}`, clientIp(req));
    const res = await this.redis.multi().incr(key).pexpire(key, WINDOW_MS, 'NX').pttl(key).exec();
    const hits = Number(res?.[0]?.[1] ?? 0);
    if (hits > limit) throw DomainError.rateLimited(Number(res?.[2]?.[1] ?? WINDOW_MS));
    return true;
  }
}
