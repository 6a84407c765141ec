import i18next, { type TFunction } from 'i18next';
import { ApiError, CLIENT_ERROR } from './api';
import { formatAnnouncedTime } from './format';

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
    // The server cannot know the reader's time zone: the time of the change is written here, on the device.
    if (err.code === 'CATALOGUE_CHANGE_PENDING' && err.effectiveAt)
      return t('common:error.catalogueChangePending', { time: formatAnnouncedTime(err.effectiveAt, i18next.resolvedLanguage ?? i18next.language) });
    // A responsible-trading refusal names the limit and when it resets, in the reader's language and time zone.
    if (err.code === 'LIMIT_REACHED' && err.limit) {
      const limit = t(`limits:names.${err.limit}`);
      return err.until
        ? t('limits:refused.reached', { limit, time: formatAnnouncedTime(err.until, i18next.resolvedLanguage ?? i18next.language) })
        : t('limits:refused.stake', { limit });
    }
    if (err.code === 'SELF_EXCLUDED' && err.until)
      return t('limits:refused.excluded', { time: formatAnnouncedTime(err.until, i18next.resolvedLanguage ?? i18next.language) });
    if (err.message && err.message !== err.code) return err.message;
    const key = `errors:${err.code}`;
    return t(key, { defaultValue: t('common:error.generic'), field: err.field ?? '' });
  }
  return t('common:error.generic');
}
