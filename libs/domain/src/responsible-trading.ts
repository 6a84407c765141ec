/**
 * Self-set responsible-trading limits (docs/responsible-trading.md): which limits there are, their periods
 * in the platform time zone, and the rule that a lower limit applies at once while a higher or removed one
 * waits a cooling-off period. Pure functions of the stored state and an instant.
 */
import { DateTime } from 'luxon';
import { isValidTimeZone } from './trading-hours.js';

export const MONEY_LIMITS = ['depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek', 'lossMonth', 'stakePerOrder'] as const;
export type MoneyLimit = (typeof MONEY_LIMITS)[number];
export const LIMIT_NAMES = [...MONEY_LIMITS, 'reminderMinutes'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
/** A limit's value (cents, or minutes for the reminder); null = no limit. */
export type Limits = Record<LimitName, number | null>;
export type LimitPeriod = 'day' | 'week' | 'month';

/** How long a higher or removed limit waits before it applies. */
export const LIMIT_COOLING_OFF_MS = 24 * 3_600_000;
export const TIME_OUT_DAYS = { min: 1, max: 42 } as const;
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;
export const REMINDER_MINUTES = { min: 5, max: 720 } as const;

export const NO_LIMITS: Limits = Object.freeze(Object.fromEntries(LIMIT_NAMES.map((n) => [n, null])) as Limits);

/** A change waiting for its cooling-off to end. */
export interface PendingLimit {
  value: number | null;
  effectiveAtMs: number;
}
export type PendingLimits = Partial<Record<LimitName, PendingLimit>>;

export interface LimitsState {
  limits: Limits;
  pending: PendingLimits;
}

/** The period of a day, week or month limit: the limit's own suffix. */
export function periodOf(name: MoneyLimit): LimitPeriod | null {
  if (name.endsWith('Day')) return 'day';
  if (name.endsWith('Week')) return 'week';
  if (name.endsWith('Month')) return 'month';
  return null;
}

/**
 * The calendar day, week (Monday 00:00 to the next Monday 00:00) or month holding `at`, read in `timezone`:
 * `[start, end)` as instants, so a DST change makes a day 23 or 25 hours long and the limit follows the wall clock.
 */
export function limitPeriod(at: Date, period: LimitPeriod, timezone: string): { start: Date; end: Date } {
  if (!isValidTimeZone(timezone)) throw new RangeError(`unknown time zone: ${String(timezone).slice(0, 60)}`);
  const local = DateTime.fromJSDate(at, { zone: timezone });
  // luxon's weeks are ISO weeks: they start on Monday.
  const start = local.startOf(period);
  const end = start.plus({ [`${period}s`]: 1 });
  return { start: start.toJSDate(), end: end.toJSDate() };
}

/** The state with every pending change whose time has come applied (and removed from `pending`). */
export function resolveLimits(state: LimitsState, now: Date): LimitsState {
  const limits = { ...state.limits };
  const pending: PendingLimits = {};
  for (const [name, p] of Object.entries(state.pending) as [LimitName, PendingLimit][]) {
    if (p.effectiveAtMs <= now.getTime()) limits[name] = p.value;
    else pending[name] = p;
  }
  return { limits, pending };
}

/** Whether `next` is stricter than or as strict as `current` (null = no limit, the loosest). */
export function isTighter(current: number | null, next: number | null): boolean {
  if (next === null) return current === null;
  return current === null || next <= current;
}

/**
 * The state after the user asks for `changes` (on a resolved state). A lower (or equal) value applies at once and drops a
 * pending raise of that limit; a higher or removed one becomes pending for LIMIT_COOLING_OFF_MS from now (a new request
 * starts a new cooling-off). The reminder only informs, so it changes at once either way. Answers the names that started
 * a cooling-off.
 */
export function requestLimits(state: LimitsState, changes: Partial<Limits>, now: Date): { state: LimitsState; started: LimitName[] } {
  const limits = { ...state.limits };
  const pending = { ...state.pending };
  const started: LimitName[] = [];
  for (const name of LIMIT_NAMES) {
    if (!(name in changes)) continue;
    const next = changes[name] ?? null;
    if (name === 'reminderMinutes' || isTighter(limits[name], next)) {
      limits[name] = next;
      delete pending[name];
    } else {
      pending[name] = { value: next, effectiveAtMs: now.getTime() + LIMIT_COOLING_OFF_MS };
      started.push(name);
    }
  }
  return { state: { limits, pending }, started };
}

/** The later of a running restriction's end and a new one: a time-out or self-exclusion is never shortened. */
export function extendUntil(current: Date | null, next: Date): Date {
  return current && current.getTime() > next.getTime() ? current : next;
}

/** The end of a time-out of `days` days (24 h each) from `now`. */
export function timeOutEnd(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

/** The end of a self-exclusion of `months` calendar months from `now` (read in UTC; a 31st becomes the month's last day). */
export function selfExclusionEnd(now: Date, months: number): Date {
  return DateTime.fromJSDate(now, { zone: 'UTC' }).plus({ months }).toJSDate();
}

/** One period's use of a money limit: what was used in it, and what the new request adds. */
export interface LimitUse {
  name: MoneyLimit;
  limit: number | null;
  used: number;
  resetsAt: Date;
}

/**
 * The limit a request of `adding` would pass, or null when it fits every one. A request fits a limit when
 * used + adding <= limit. When several refuse, the one that resets last is named: before then nothing can pass.
 */
export function firstExceeded(uses: readonly LimitUse[], adding: number): LimitUse | null {
  let worst: LimitUse | null = null;
  for (const u of uses) {
    if (u.limit === null || u.used + adding <= u.limit) continue;
    if (!worst || u.resetsAt.getTime() > worst.resetsAt.getTime()) worst = u;
  }
  return worst;
}
