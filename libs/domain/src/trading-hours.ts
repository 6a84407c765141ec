/**
 * When a product trades: weekly open intervals in the product's time zone (null for 24/7), holiday dates and a
 * maintenance flag; `marketState` says whether the market is open at an instant and when it next opens. Local
 * times become instants with luxon, so DST is honoured. A session belongs to the day it opens on, also when it
 * runs past midnight (close <= open), and none opens on a holiday (docs/internals.md, "Trading hours").
 */
import { DateTime, IANAZone } from 'luxon';

export interface TradingInterval {
  /** Weekday the session opens on, 0 = Sunday ... 6 = Saturday. */
  day: number;
  /** 'HH:MM', 00:00-23:59. */
  open: string;
  /** 'HH:MM', 00:00-23:59, or '24:00' for midnight at the end of the day; at or before `open`, the session closes the next day. */
  close: string;
}

export interface TradingSchedule {
  timezone: string;
  /** null = open around the clock. */
  hours: readonly TradingInterval[] | null;
  /** Local dates on which no session opens. */
  holidays: readonly string[];
  maintenance: boolean;
}

export type MarketStatus = 'open' | 'closed' | 'maintenance';

export interface MarketState {
  status: MarketStatus;
  /** Next instant the market opens; null when open now, or when none is found within the search horizon. */
  nextOpenAt: Date | null;
}

/** How far ahead `nextOpenAt` is searched, in local days. */
export const NEXT_OPEN_SEARCH_DAYS = 370;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes after midnight of 'HH:MM' (00:00-23:59; '24:00' -> 1440 only when `allow24`), or null. */
export function parseClock(text: string, allow24 = false): number | null {
  if (allow24 && text === '24:00') return 1440;
  const m = typeof text === 'string' ? CLOCK.exec(text) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function isValidTimeZone(tz: string): boolean {
  return typeof tz === 'string' && tz !== '' && IANAZone.isValidZone(tz);
}

/** A real calendar date written 'YYYY-MM-DD'. */
export function isValidLocalDate(text: string): boolean {
  return typeof text === 'string' && DATE.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;
}

/** Why a schedule is unusable, or null if it is fine. For validating operator input. */
export function scheduleProblem(s: Pick<TradingSchedule, 'timezone' | 'hours' | 'holidays'>): string | null {
  if (!isValidTimeZone(s.timezone)) return 'timezone';
  if (s.hours !== null) {
    if (!Array.isArray(s.hours)) return 'hours';
    for (const iv of s.hours) {
      if (!Number.isInteger(iv.day) || iv.day < 0 || iv.day > 6) return 'hours.day';
      if (parseClock(iv.open) === null) return 'hours.open';
      if (parseClock(iv.close, true) === null) return 'hours.close';
    }
  }
  if (!Array.isArray(s.holidays) || !s.holidays.every(isValidLocalDate)) return 'holidays';
  return null;
}

interface DailyInterval {
  openMin: number;
  /** Minutes after the opening day's midnight; above 1440 when the session runs into the next day. */
  closeMin: number;
}

interface Session {
  start: number;
  end: number;
}

/** Weekly intervals by weekday; 24/7 is one 00:00-24:00 session every day. */
function weeklyIntervals(hours: readonly TradingInterval[] | null): DailyInterval[][] {
  const week: DailyInterval[][] = [[], [], [], [], [], [], []];
  if (hours === null) {
    for (const day of week) day.push({ openMin: 0, closeMin: 1440 });
    return week;
  }
  for (const iv of hours) {
    const openMin = parseClock(iv.open);
    const close = parseClock(iv.close, true);
    if (!Number.isInteger(iv.day) || iv.day < 0 || iv.day > 6 || openMin === null || close === null) {
      throw new RangeError(`bad trading interval: ${JSON.stringify(iv)}`);
    }
    week[iv.day]!.push({ openMin, closeMin: close > openMin ? close : close + 1440 });
  }
  for (const day of week) day.sort((a, b) => a.openMin - b.openMin);
  return week;
}

/** The instant of local `minutes` after midnight of the local date `date` (may roll into the next days). */
function localInstant(date: DateTime, minutes: number, zone: string): number {
  const d = date.plus({ days: Math.floor(minutes / 1440) });
  const m = minutes % 1440;
  return DateTime.fromObject({ year: d.year, month: d.month, day: d.day, hour: Math.floor(m / 60), minute: m % 60 }, { zone }).toMillis();
}

class Calendar {
  private readonly week: DailyInterval[][];
  private readonly holidays: ReadonlySet<string>;

  constructor(private readonly schedule: TradingSchedule) {
    if (!isValidTimeZone(schedule.timezone)) throw new RangeError(`unknown time zone: ${String(schedule.timezone)}`);
    this.week = weeklyIntervals(schedule.hours);
    this.holidays = new Set(schedule.holidays);
  }

  /** Sessions opening on a local date (a UTC-zoned DateTime used as a plain calendar date), in start order. */
  sessionsOn(date: DateTime): Session[] {
    if (this.holidays.has(date.toISODate()!)) return [];
    const zone = this.schedule.timezone;
    const out: Session[] = [];
    for (const iv of this.week[date.weekday % 7]!) {
      const start = localInstant(date, iv.openMin, zone);
      const end = localInstant(date, iv.closeMin, zone);
      if (end > start) out.push({ start, end });
    }
    return out;
  }

  /** The local calendar date of an instant, as a UTC-zoned DateTime at midnight. */
  localDate(at: number): DateTime {
    const local = DateTime.fromMillis(at, { zone: this.schedule.timezone });
    return DateTime.utc(local.year, local.month, local.day);
  }

  isOpen(at: number): boolean {
    const today = this.localDate(at);
    // A session lasts at most one day (plus a DST hour), so only yesterday's and today's can cover `at`.
    return [today.minus({ days: 1 }), today].some((d) => this.sessionsOn(d).some((s) => s.start <= at && at < s.end));
  }

  nextOpen(after: number): number | null {
    const today = this.localDate(after);
    for (let i = 0; i <= NEXT_OPEN_SEARCH_DAYS; i++) {
      const s = this.sessionsOn(today.plus({ days: i })).find((x) => x.start > after);
      if (s) return s.start;
    }
    return null;
  }
}

/**
 * Market status at `now`:
 * - maintenance flag set: 'maintenance'; nextOpenAt is the next session start when the hours
 *   say closed now, and null (unknown: it ends when operators end maintenance) when they say open;
 * - inside a session: 'open', nextOpenAt null;
 * - otherwise 'closed' with the next session start (null if none within NEXT_OPEN_SEARCH_DAYS).
 * Throws RangeError on an unknown time zone or a malformed interval (see `scheduleProblem`).
 */
export function marketState(schedule: TradingSchedule, now: Date): MarketState {
  const at = now.getTime();
  if (!Number.isFinite(at)) throw new RangeError('invalid date');
  const cal = new Calendar(schedule);
  const open = cal.isOpen(at);
  const next = (): Date | null => {
    const t = cal.nextOpen(at);
    return t === null ? null : new Date(t);
  };
  if (schedule.maintenance) return { status: 'maintenance', nextOpenAt: open ? null : next() };
  if (open) return { status: 'open', nextOpenAt: null };
  return { status: 'closed', nextOpenAt: next() };
}

/** True when the schedule's hours (ignoring the maintenance flag) have the market open at `now`. */
export function isWithinTradingHours(schedule: Omit<TradingSchedule, 'maintenance'>, now: Date): boolean {
  return new Calendar({ ...schedule, maintenance: false }).isOpen(now.getTime());
}
