/**
 * Yu'e Bao's calendar: when a transfer in is traded, confirmed, first earns and may leave again, and when
 * each day's income is posted. Pure functions of an instant and a calendar (the platform time zone, the
 * daily cut-off and the public holidays); local times become instants with luxon, so DST is honoured
 * (docs/earn.md, "The rules").
 */
import { DateTime } from 'luxon';
import { isValidLocalDate, isValidTimeZone, parseClock } from './trading-hours.js';

export interface EarnCalendar {
  /** IANA zone in which dates, the cut-off and midnight are read. */
  timezone: string;
  /** 'HH:MM' local time of the daily cut-off (08:00 in the seed). */
  cutoff: string;
  /** Local dates 'YYYY-MM-DD' that are not trading days besides Saturdays and Sundays. */
  holidays: ReadonlySet<string>;
}

/** When a lot moves: what the transfer-in answer and the records show. */
export interface LotSchedule {
  /** The trading day the transfer counts for. */
  tradeDate: string;
  /** The trading day after the trade date, on whose cut-off the lot is confirmed. */
  confirmDate: string;
  confirmAt: Date;
  /** The local date whose cut-off brings the lot's first income (the income for its confirmation day). */
  firstIncomeOn: string;
  /** One day after the transfer: from then on the lot may be transferred out. */
  withdrawableAt: Date;
}

/** How far a next trading day is searched; a longer run of holidays is an operator's mistake. */
export const TRADING_DAY_SEARCH_DAYS = 400;

function calendarDate(date: string): DateTime {
  if (!isValidLocalDate(date)) throw new RangeError(`not a date: ${String(date).slice(0, 20)}`);
  return DateTime.fromISO(date, { zone: 'UTC' });
}

function zoned(at: Date, timezone: string): DateTime {
  if (!isValidTimeZone(timezone)) throw new RangeError(`unknown time zone: ${String(timezone).slice(0, 60)}`);
  const t = DateTime.fromJSDate(at, { zone: timezone });
  if (!t.isValid) throw new RangeError('invalid instant');
  return t;
}

/** The local calendar date of an instant in a zone. */
export function localDate(at: Date, timezone: string): string {
  return zoned(at, timezone).toISODate()!;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return calendarDate(date).plus({ days }).toISODate()!;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(calendarDate(to).diff(calendarDate(from), 'days').days);
}

/** The instant of local time `hhmm` on local `date` in `timezone` (a time skipped by DST moves forward by the gap). */
export function localInstant(date: string, hhmm: string, timezone: string): Date {
  const minutes = parseClock(hhmm);
  if (minutes === null) throw new RangeError(`not a time of day: ${String(hhmm).slice(0, 10)}`);
  if (!isValidTimeZone(timezone)) throw new RangeError(`unknown time zone: ${String(timezone).slice(0, 60)}`);
  const d = calendarDate(date);
  return DateTime.fromObject({ year: d.year, month: d.month, day: d.day, hour: Math.floor(minutes / 60), minute: minutes % 60 }, { zone: timezone }).toJSDate();
}

/** Monday to Friday and not a holiday. */
export function isTradingDay(date: string, holidays: ReadonlySet<string>): boolean {
  return calendarDate(date).weekday <= 5 && !holidays.has(date);
}

/** The first trading day strictly after `date`. */
export function nextTradingDay(date: string, holidays: ReadonlySet<string>): string {
  let d = calendarDate(date);
  for (let i = 0; i < TRADING_DAY_SEARCH_DAYS; i++) {
    d = d.plus({ days: 1 });
    const iso = d.toISODate()!;
    if (d.weekday <= 5 && !holidays.has(iso)) return iso;
  }
  throw new RangeError(`no trading day within ${TRADING_DAY_SEARCH_DAYS} days after ${date}`);
}

/** The cut-off instant of a local date. */
export function cutoffOn(date: string, cal: Pick<EarnCalendar, 'timezone' | 'cutoff'>): Date {
  return localInstant(date, cal.cutoff, cal.timezone);
}

/**
 * The trade date of a transfer in at `at`: its own day when that is a trading day and the transfer came
 * before the cut-off; otherwise the next trading day (after the cut-off, on a weekend, on a holiday).
 */
export function tradeDateOf(at: Date, cal: EarnCalendar): string {
  const date = localDate(at, cal.timezone);
  return isTradingDay(date, cal.holidays) && at.getTime() < cutoffOn(date, cal).getTime() ? date : nextTradingDay(date, cal.holidays);
}

/** Everything a transfer in at `at` will do, from the calendar in force at that moment (the lot keeps these dates). */
export function lotSchedule(at: Date, cal: EarnCalendar): LotSchedule {
  const tradeDate = tradeDateOf(at, cal);
  const confirmDate = nextTradingDay(tradeDate, cal.holidays);
  return {
    tradeDate,
    confirmDate,
    confirmAt: cutoffOn(confirmDate, cal),
    firstIncomeOn: addDays(confirmDate, 1),
    withdrawableAt: zoned(at, cal.timezone).plus({ days: 1 }).toJSDate(),
  };
}

/**
 * The income of day D covers [cut-off on D, cut-off on D + 1) and is posted at the cut-off on D + 1, every
 * calendar day. `postingCalendar` is the calendar governing the posting on D + 1.
 */
export function incomePostingAt(incomeDate: string, postingCalendar: Pick<EarnCalendar, 'timezone' | 'cutoff'>): Date {
  return cutoffOn(addDays(incomeDate, 1), postingCalendar);
}

/**
 * The income dates due at `now`, in order, starting at `first` (the day after the last one posted): each D
 * whose posting instant (the cut-off on D + 1 under `calendarFor(D + 1)`) has come. At most `max` dates.
 */
export function incomeDatesDue(
  first: string,
  now: Date,
  calendarFor: (postingDate: string) => Pick<EarnCalendar, 'timezone' | 'cutoff'>,
  max = 3660,
): string[] {
  const out: string[] = [];
  for (let d = first; out.length < max; d = addDays(d, 1)) {
    if (incomePostingAt(d, calendarFor(addDays(d, 1))).getTime() > now.getTime()) break;
    out.push(d);
  }
  return out;
}

/** The local day containing `at`: [midnight, next midnight). Daily transfer counts reset at its end. */
export function localDay(at: Date, timezone: string): { date: string; start: Date; end: Date } {
  const start = zoned(at, timezone).startOf('day');
  return { date: start.toISODate()!, start: start.toJSDate(), end: start.plus({ days: 1 }).startOf('day').toJSDate() };
}

/** A cron pattern firing daily at the cut-off (minute hour), for a job scheduler in the calendar's zone. */
export function cutoffCronPattern(cutoff: string): string {
  const minutes = parseClock(cutoff);
  if (minutes === null) throw new RangeError(`not a time of day: ${String(cutoff).slice(0, 10)}`);
  return `${minutes % 60} ${Math.floor(minutes / 60)} * * *`;
}
