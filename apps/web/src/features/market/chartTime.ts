import type { Time } from 'lightweight-charts';
import { dateTimeFormat } from '../../lib/format';

/** A chart time (epoch seconds, an ISO day or a business day) as a Date. */
export function chartDate(time: Time): Date {
  if (typeof time === 'number') return new Date(time * 1000);
  if (typeof time === 'string') return new Date(time);
  return new Date(Date.UTC(time.year, time.month - 1, time.day));
}

/**
 * The chart's time labels in the reader's language, 24-hour (the app's one date-time style, lib/format): a
 * tick mark's time of day ("15:00") or day ("12月2日"), and the crosshair's full instant. Local wall-clock
 * time; the wire is UTC. `timeZone` is for tests.
 */
export function chartTimeLabels(locale: string, timeZone?: string) {
  const time = dateTimeFormat(locale, { date: false, timeZone });
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', ...(timeZone ? { timeZone } : {}) });
  const full = dateTimeFormat(locale, { timeZone });
  return {
    /** A tick mark's label: the time of day on an intraday mark, the day otherwise. */
    tick: (t: Time, timeOfDay: boolean): string => (timeOfDay ? time : day).format(chartDate(t)),
    crosshair: (t: Time): string => full.format(chartDate(t)),
  };
}
