import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../config/config.js';

export const USER_REFRESH_COOKIE = { name: 'candor_rt', path: '/api/auth' } as const;
export const OPERATOR_REFRESH_COOKIE = { name: 'candor_ort', path: '/api/admin/auth' } as const;
type CookieSpec = typeof USER_REFRESH_COOKIE | typeof OPERATOR_REFRESH_COOKIE;

function options(config: AppConfig, req: Request, path: string): CookieOptions {
  const secure = config.COOKIE_SECURE === 'auto' ? req.secure : config.COOKIE_SECURE === 'true';
  return { httpOnly: true, sameSite: 'strict', secure, path, maxAge: config.REFRESH_TOKEN_TTL_DAYS * 86400_000 };
}

export function setRefreshCookie(res: Response, req: Request, config: AppConfig, spec: CookieSpec, token: string): void {
  res.cookie(spec.name, token, options(config, req, spec.path));
}
export function clearRefreshCookie(res: Response, req: Request, config: AppConfig, spec: CookieSpec): void {
  const { maxAge: _drop, ...o } = options(config, req, spec.path);
  res.clearCookie(spec.name, o);
}
export function readRefreshCookie(req: Request, spec: CookieSpec): string | undefined {
  const v = (req.cookies as Record<string, unknown> | undefined)?.[spec.name];
  return typeof v === 'string' ? v : undefined;
}
