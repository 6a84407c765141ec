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

const ERROR_CODE = Symbol('candor.errorCode');

/** Remembers the error code a request was answered with (errorEnvelope calls it), for its log line and metrics. */
export function noteErrorCode(req: HttpRequest, code: string): void {
  (req as unknown as Record<symbol, string>)[ERROR_CODE] = code;
}

export function errorCodeOf(req: HttpRequest): string | undefined {
  return (req as unknown as Record<symbol, string | undefined>)[ERROR_CODE];
}
