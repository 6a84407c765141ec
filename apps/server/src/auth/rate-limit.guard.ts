import { applyDecorators, Injectable, SetMetadata, type CanActivate } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';

/** The stricter named buckets a route may count against (besides its address and account); see rate-limits.ts. */
export type RateLimitName = 'auth' | 'captcha' | 'mail' | 'money';
export const RATE_LIMIT_KEY = 'candor:rate-limit';
/** Where a route's bucket travels in its Fastify route config, read by the limiter's hook before Nest runs. */
export const RATE_LIMIT_ROUTE_CONFIG = 'candorRateLimit';

export interface RouteRateLimit {
  bucket: RateLimitName;
  /** A body without `captchaId` (registration's accessible path) also counts against the `accessible` bucket. */
  accessible?: boolean;
}

/**
 * Counts a route against the named bucket as well (per account when signed in, else per address). On route
 * methods only: Fastify's route config is per route.
 */
export const RateLimit = (name: RateLimitName, opts: { accessible?: boolean } = {}): MethodDecorator =>
  applyDecorators(SetMetadata(RATE_LIMIT_KEY, name), RouteConfig({ [RATE_LIMIT_ROUTE_CONFIG]: { bucket: name, ...opts } satisfies RouteRateLimit }));

/**
 * Kept so that `@UseGuards(RateLimitGuard)` still compiles and the OpenAPI builder still lists 429 on the named
 * routes. It decides nothing: every limit is applied by @fastify/rate-limit's hook (rate-limits.ts) before Nest runs.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}
