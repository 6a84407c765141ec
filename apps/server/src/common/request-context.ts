import { resolveLocale, type Locale } from '@candor/i18n';
import type { HttpRequest } from './http.js';

/** The locale asked for by `?lang=` or `Accept-Language`. */
export function requestLocale(req: HttpRequest): Locale {
  const lang = (req.query as Record<string, unknown> | undefined)?.lang;
  return resolveLocale(typeof lang === 'string' ? lang : req.headers['accept-language']);
}

export function requestId(req: HttpRequest): string {
  return req.id ?? '-';
}

export function clientIp(req: HttpRequest): string {
  return (req.ip ?? req.socket?.remoteAddress ?? '').slice(0, 64);
}
