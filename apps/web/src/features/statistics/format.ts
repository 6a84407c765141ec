import { localeOr, moneySign, numberFormat } from '../../lib/format';

/** The periods the page offers, in calendar days ending today. */
export const STATISTICS_DAYS = [7, 30, 90] as const;
export type StatisticsDays = (typeof STATISTICS_DAYS)[number];

/** `?days=` of the address as one of the periods (30 when absent or anything else). */
export function daysParam(raw: string | null): StatisticsDays {
  const n = Number(raw);
  return (STATISTICS_DAYS as readonly number[]).includes(n) ? (n as StatisticsDays) : 30;
}

/** A rate as sent ("0.6667") as a percentage in the reader's language ("66.67%", "66,67 %"); "--" for none. */
export function formatWinRate(rate: string | null | undefined, locale?: string): string {
  if (rate == null || !/^\d+(\.\d+)?$/.test(rate)) return '--';
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(Number(rate));
}

/** The class of a gain or a loss from trading: the price colours of the reader's rise-colour setting. */
export function resultClass(net: string | null | undefined): string {
  const sign = moneySign(net);
  return sign > 0 ? 'num num--rise' : sign < 0 ? 'num num--fall' : 'num';
}

/** A day of the period ("2026-03-04") short, in the reader's language ("03/04", "4.3."), read as that date anywhere. */
export function formatDay(date: string, locale?: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '--';
  return dayFormat(locale, { month: '2-digit', day: '2-digit' }).format(new Date(`${date}T00:00:00Z`));
}

/** A day of the period in full, with its weekday (for the table screen readers read). */
export function formatLongDay(date: string, locale?: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '--';
  return dayFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' }).format(new Date(`${date}T00:00:00Z`));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const lang = localeOr(locale);
  const key = `${lang ?? ''}|${JSON.stringify(options)}`;
  let f = dayFormats.get(key);
  if (!f) dayFormats.set(key, (f = new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' })));
  return f;
}
