import type { TFunction } from 'i18next';
import { ApiError, CLIENT_ERROR } from './api';

/**
 * The text to show for a failure, in the user's language. Server errors carry a message the
 * server already translated by Accept-Language; client-side failures (no network, timeout)
 * and envelopes without a message fall back to the local catalogue.
 */
export function errorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError) {
    if (err.code === CLIENT_ERROR.network) return t('common:error.network');
    if (err.code === CLIENT_ERROR.timeout) return t('common:error.timeout');
    if (err.code === CLIENT_ERROR.badResponse) return t('common:error.generic');
    if (err.message && err.message !== err.code) return err.message;
    const key = `errors:${err.code}`;
    return t(key, { defaultValue: t('common:error.generic'), field: err.field ?? '' });
  }
  return t('common:error.generic');
}
