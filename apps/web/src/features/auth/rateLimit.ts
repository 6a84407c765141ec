import i18next, { type TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';

/**
 * Seconds until a refused request may be sent again, when the answer said so (its `Retry-After` header, which
 * the api client keeps as `retryAfterSeconds`); undefined when unknown.
 */
export function retryAfterSeconds(err: unknown): number | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const value = (err as ApiError & { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/** "in 42 seconds", "in 3 minutes", "in 2 hours" in the reader's language (Intl: each language's own plurals). */
export function retryWhen(seconds: number, locale: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 90) return rtf.format(seconds, 'second');
  if (seconds < 90 * 60) return rtf.format(Math.ceil(seconds / 60), 'minute');
  return rtf.format(Math.ceil(seconds / 3600), 'hour');
}

/** The text of a failure; a RATE_LIMITED one says when to try again instead of "later", when the server told us. */
export function authErrorText(err: unknown, t: TFunction): string {
  const seconds = err instanceof ApiError && err.code === 'RATE_LIMITED' ? retryAfterSeconds(err) : undefined;
  if (seconds === undefined) return errorText(err, t);
  return t('auth:rateLimit.retry', { when: retryWhen(seconds, i18next.resolvedLanguage ?? i18next.language) });
}

export function isRateLimited(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'RATE_LIMITED';
}
