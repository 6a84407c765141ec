/**
 * Trade statistics (docs/internals.md, "Trade statistics"): the calendar days of a period in a time zone and
 * the sums of a user's settled orders over them. Pure: the days are cut with luxon (DST honoured, any IANA zone
 * Intl knows), the money is integer cents.
 */
import { DateTime } from 'luxon';
import { isValidTimeZone } from './trading-hours.js';

/** The periods a user may ask for, in calendar days ending today. */
export const STATISTICS_PERIODS = [7, 30, 90] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

/** The longest an order runs (the contract's largest `durationSeconds`: one day). */
export const MAX_ORDER_DURATION_MS = 86_400_000;
/** How long after its expiry an order may close at the latest (the database checks closed_at <= expires_at + 60 s). */
export const MAX_CLOSE_AFTER_EXPIRY_MS = 60_000;
/** Room for the time between a request and its row (batching, clocks): generous, since it only widens an index range. */
const CREATED_SLACK_MS = 3_600_000;

/** The days of a period: their local dates, oldest first, and the N + 1 instants that start each and end the last. */
export interface StatisticsDays {
  dates: string[];
  /** `bounds[i]` is the local midnight starting `dates[i]`; `bounds[dates.length]` ends the period (exclusive). */
  bounds: Date[];
}

/** The `days` calendar days in `timezone` ending with the one that holds `now`. */
export function statisticsDays(now: Date, days: number, timezone: string): StatisticsDays {
  if (!Number.isSafeInteger(days) || days < 1 || days > 366) throw new RangeError(`not a number of days: ${days}`);
  if (!isValidTimeZone(timezone)) throw new RangeError(`unknown time zone: ${String(timezone).slice(0, 60)}`);
  const today = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
  if (!today.isValid) throw new RangeError('invalid instant');
  const dates: string[] = [];
  const bounds: Date[] = [];
  for (let i = days - 1; i >= -1; i--) {
    // startOf('day') after the calendar step: a midnight that DST skips starts the day at its first hour.
    const day = today.minus({ days: i }).startOf('day');
    bounds.push(day.toJSDate());
    if (i >= 0) dates.push(day.toISODate()!);
  }
  return { dates, bounds };
}

/** Which day of `bounds` holds `at`: 0 to N - 1, or -1 outside the period (what SQL's width_bucket gives, less one). */
export function statisticsDayIndex(at: Date, bounds: readonly Date[]): number {
  const t = at.getTime();
  if (bounds.length < 2 || t < bounds[0]!.getTime() || t >= bounds[bounds.length - 1]!.getTime()) return -1;
  let lo = 0;
  let hi = bounds.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (t >= bounds[mid]!.getTime()) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The range of `created_at` that holds every order that closed within [from, to): an order closes at most a
 * day plus a minute after it was placed, and never long before (its close tick is at most a few seconds older
 * than its expiry, which is after it was placed). The statistics read orders by (user, created_at), the index
 * orders already have.
 */
export function createdRangeFor(from: Date, to: Date): { createdFrom: Date; createdTo: Date } {
  return {
    createdFrom: new Date(from.getTime() - MAX_ORDER_DURATION_MS - MAX_CLOSE_AFTER_EXPIRY_MS - CREATED_SLACK_MS),
    createdTo: new Date(to.getTime() + CREATED_SLACK_MS),
  };
}

/** One group of settled orders as the database sums them: a day (0-based index into the dates) and a product. */
export interface StatisticsBucket {
  day: number;
  symbol: string;
  orders: number;
  wins: number;
  losses: number;
  ties: number;
  /** Cents: the stakes, what was paid back (stake and winnings; a tie's stake; 0 for a loss), and pnl. */
  stakedCents: number;
  paidOutCents: number;
  netCents: number;
}

export interface StatisticsCounts {
  orders: number;
  wins: number;
  losses: number;
  ties: number;
  stakedCents: number;
  paidOutCents: number;
  netCents: number;
}

export interface StatisticsSums {
  totals: StatisticsCounts;
  /** One per date, oldest first, zeros for a day without settled orders. */
  byDay: (StatisticsCounts & { date: string })[];
  /** One per product with settled orders, most orders first (then by symbol). */
  byProduct: (StatisticsCounts & { symbol: string })[];
}

const zero = (): StatisticsCounts => ({ orders: 0, wins: 0, losses: 0, ties: 0, stakedCents: 0, paidOutCents: 0, netCents: 0 });

function add(into: StatisticsCounts, b: StatisticsCounts): void {
  into.orders += b.orders;
  into.wins += b.wins;
  into.losses += b.losses;
  into.ties += b.ties;
  into.stakedCents += b.stakedCents;
  into.paidOutCents += b.paidOutCents;
  into.netCents += b.netCents;
}

/** Totals, every day of `dates` (zeros included) and every product, from the database's groups. */
export function sumStatistics(buckets: readonly StatisticsBucket[], dates: readonly string[]): StatisticsSums {
  const totals = zero();
  const byDay = dates.map((date) => ({ date, ...zero() }));
  const products = new Map<string, StatisticsCounts & { symbol: string }>();
  for (const b of buckets) {
    const day = byDay[b.day];
    if (!day) throw new RangeError(`a group outside the period: day ${b.day} of ${dates.length}`);
    add(totals, b);
    add(day, b);
    let p = products.get(b.symbol);
    if (!p) products.set(b.symbol, (p = { symbol: b.symbol, ...zero() }));
    add(p, b);
  }
  for (const c of [totals, ...byDay, ...products.values()]) {
    if (![c.stakedCents, c.paidOutCents, c.netCents].every(Number.isSafeInteger)) throw new RangeError('a sum beyond exact integers');
  }
  const byProduct = [...products.values()].sort((a, b) => b.orders - a.orders || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  return { totals, byDay, byProduct };
}

/**
 * The win rate as a decimal string with four decimals ("0.6667" = 66.67 %): wins over wins and losses, ties
 * left out (a tie refunds the stake: neither won nor lost). Rounded half up; null when nothing was won or lost.
 */
export function winRate(wins: number, losses: number): string | null {
  const decided = wins + losses;
  if (!Number.isSafeInteger(wins) || !Number.isSafeInteger(losses) || wins < 0 || losses < 0) throw new RangeError('not counts');
  if (decided === 0) return null;
  const bps = Math.floor((wins * 20_000 + decided) / (2 * decided));
  return `${Math.floor(bps / 10_000)}.${String(bps % 10_000).padStart(4, '0')}`;
}
