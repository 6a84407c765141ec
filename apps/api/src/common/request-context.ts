import type { Request } from 'express';
import { resolveLocale, type Locale } from '@candor/i18n';

/** The locale asked for by `?lang=` or `Accept-Language`. */
export function requestLocale(req: Request): Locale {
  const q = typeof req.query?.lang === 'string' ? req.query.lang : undefined;
  return resolveLocale(q ?? req.headers['accept-language']);
}

export function requestId(req: Request): string {
  return (req as Request & { id?: string }).id ?? '-';
}

export function clientIp(req: Request): string {
  return (req.ip ?? req.socket?.remoteAddress ?? '').slice(0, 64);
}
