import { DEFAULT_LOCALE, type AdminProduct } from '@candor/contracts';
import { i18n } from '../../lib/i18n';

export function productName(p: AdminProduct): string {
  return p.names[i18n.language] || p.names[DEFAULT_LOCALE] || Object.values(p.names)[0] || p.symbol;
}

/** Weekday names in the UI language, 0 = Sunday (2023-01-01 was a Sunday). */
export function weekdayName(day: number, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(i18n.language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

export function durationLabel(seconds: number): string {
  if (seconds % 3600 === 0) return i18n.t('console:products.hoursShort', { count: seconds / 3600 });
  if (seconds % 60 === 0) return i18n.t('console:products.minutesShort', { count: seconds / 60 });
  return i18n.t('console:products.secondsShort', { count: seconds });
}
