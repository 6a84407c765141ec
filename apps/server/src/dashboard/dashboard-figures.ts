import type { DashboardHouseDay, DashboardQueue } from '@candor/contracts';
import { formatCents } from '@candor/domain';
import { toCents } from '../database/rows.js';

/**
 * Every day of the period with the house's result, zeros included, from width_bucket's rows (day 1 to N;
 * anything outside is dropped); and the sum of the last day (today) and of all days.
 */
export function houseDays(
  dates: readonly string[],
  rows: readonly { day: number | string; result: string }[],
): { byDay: DashboardHouseDay[]; today: string; total: string } {
  const cents = new Array<number>(dates.length).fill(0);
  for (const r of rows) {
    const i = Number(r.day) - 1;
    if (Number.isInteger(i) && i >= 0 && i < dates.length) cents[i]! += toCents(r.result);
  }
  const total = cents.reduce((a, b) => a + b, 0);
  return {
    byDay: dates.map((date, i) => ({ date, result: formatCents(cents[i]!) })),
    today: formatCents(cents[cents.length - 1] ?? 0),
    total: formatCents(total),
  };
}

/** A review queue's figure: the count, the oldest one's time and its age in whole seconds at `now` (never negative). */
export function queueFigure(count: number, oldest: Date | string | null, now: Date): DashboardQueue {
  if (count <= 0 || oldest === null) return { count: Math.max(0, count), oldestAt: null, oldestAgeSeconds: null };
  const at = new Date(oldest);
  return { count, oldestAt: at.toISOString(), oldestAgeSeconds: Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000)) };
}
