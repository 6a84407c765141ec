/**
 * Yu'e Bao's cover: how many days of income the platform's own equity pays for, and the highest rate it
 * would pay for long enough. Integer cents in, no floating point in any comparison.
 */
import { decimalToScaled, normalizeDecimal, scaledToDecimal } from './decimal.js';
import { EARN_MAX_DAILY_RATE, EARN_RATE_DECIMALS } from './earn.js';

/** The fewest days of income at a raised rate the equity must cover. */
export const EARN_MIN_DAYS_COVERED = 30;

/**
 * Whole days of `dailyIncome` that `equity` pays for: floor(equity / dailyIncome). Null when no income is
 * due (nothing to cover: unlimited); 0 when income is due and the equity is 0 or less.
 */
export function earnDaysCovered(equity: number, dailyIncome: number): number | null {
  if (dailyIncome <= 0) return null;
  if (equity <= 0) return 0;
  return Number(BigInt(equity) / BigInt(dailyIncome));
}

/** What a reader is told about `days` (from earnDaysCovered): nothing due, not covered at all, or a number of days. */
export type EarnCoverState = 'noneDue' | 'notCovered' | 'covered';
export function earnCoverState(days: number | null): EarnCoverState {
  if (days === null) return 'noneDue';
  return days <= 0 ? 'notCovered' : 'covered';
}

/** Whether `days` (from earnDaysCovered) is enough for a raised rate: unlimited, or at least EARN_MIN_DAYS_COVERED. */
export function isEarnRateCovered(days: number | null): boolean {
  return days === null || days >= EARN_MIN_DAYS_COVERED;
}

/** Whether going from `current` to `next` is a raise (only a raise needs cover: the same or a lower rate never does). */
export function isEarnRateRaise(current: string, next: string): boolean {
  return decimalToScaled(next, EARN_RATE_DECIMALS) > decimalToScaled(current, EARN_RATE_DECIMALS);
}

/**
 * The highest daily rate (8 decimals, rounded down, at most the maximum) whose income on `balance` the
 * equity covers for EARN_MIN_DAYS_COVERED days: income(r) <= r * balance <= floor(equity / 30), so
 * floor(equity / income) >= 30 whatever the per-holder rounding. "0" when the equity is 0 or less.
 */
export function highestCoveredRate(equity: number, balance: number, days: number = EARN_MIN_DAYS_COVERED): string {
  const max = decimalToScaled(EARN_MAX_DAILY_RATE, EARN_RATE_DECIMALS);
  if (balance <= 0) return normalizeDecimal(EARN_MAX_DAILY_RATE);
  if (equity <= 0) return '0';
  const budget = BigInt(equity) / BigInt(days);
  const scaled = (budget * 10n ** BigInt(EARN_RATE_DECIMALS)) / BigInt(balance);
  return normalizeDecimal(scaledToDecimal(scaled < max ? scaled : max, EARN_RATE_DECIMALS));
}
