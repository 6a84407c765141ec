import type { CookieSerializeOptions } from '@fastify/cookie';
import type { AppConfig } from '../config/config.js';
import type { HttpReply, HttpRequest } from '../common/http.js';

export const USER_REFRESH_COOKIE = { name: 'candor_rt', path: '/api/auth' } as const;
export const OPERATOR_REFRESH_COOKIE = { name: 'candor_ort', path: '/api/admin/auth' } as const;
type CookieSpec = typeof USER_REFRESH_COOKIE | typeof OPERATOR_REFRESH_COOKIE;

/** An httpOnly, SameSite=Strict cookie on `path` for maxAge seconds (Max-Age, and Expires from it); Secure per COOKIE_SECURE. */
export function cookieOptions(config: AppConfig, req: HttpRequest, path: string, maxAge: number): CookieSerializeOptions {
  const secure = config.COOKIE_SECURE === 'auto' ? req.protocol === 'https' : config.COOKIE_SECURE === 'true';
  return { httpOnly: true, sameSite: 'strict', secure, path, maxAge, expires: new Date(Date.now() + maxAge * 1000) };
}

/** The refresh cookie lives as long as its token: hours for operators, days for users. */
function options(config: AppConfig, req: HttpRequest, spec: CookieSpec): CookieSerializeOptions {
  const maxAge = spec.name === OPERATOR_REFRESH_COOKIE.name ? config.OPERATOR_REFRESH_TOKEN_TTL_HOURS * 3600 : config.REFRESH_TOKEN_TTL_DAYS * 86400;
  return cookieOptions(config, req, spec.path, maxAge);
}

export function setRefreshCookie(res: HttpReply, req: HttpRequest, config: AppConfig, spec: CookieSpec, token: string): void {
  res.setCookie(spec.name, token, options(config, req, spec));
}
export function clearRefreshCookie(res: HttpReply, req: HttpRequest, config: AppConfig, spec: CookieSpec): void {
  const { maxAge: _drop, expires: _gone, ...o } = options(config, req, spec);
  res.clearCookie(spec.name, o);
}
export function readRefreshCookie(req: HttpRequest, spec: CookieSpec): string | undefined {
  const v = (req.cookies as Record<string, unknown> | undefined)?.[spec.name];
  return typeof v === 'string' ? v : undefined;
}
