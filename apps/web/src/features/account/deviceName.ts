import type { TFunction } from 'i18next';
import { describeUserAgent } from '../../lib/format';

/** A user agent as the sessions and sign-in history name it: "Chrome on Linux", one part, or "Unknown device". */
export function deviceName(userAgent: string | null, t: TFunction<'user'>): string {
  const ua = describeUserAgent(userAgent);
  return ua.browser && ua.os ? t('sessions.deviceOn', { browser: ua.browser, os: ua.os }) : (ua.browser ?? ua.os ?? t('sessions.unknownDevice'));
}
