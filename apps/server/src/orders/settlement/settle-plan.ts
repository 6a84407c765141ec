import { SETTLE_GIVE_UP_MS, SETTLE_POLL_MS } from '@candor/cross-process';

/** Orders of a second may still be committing this long after the second ends (clock skew, slow requests). */
export const SETTLE_WINDOW_GRACE_MS = 500;

export type NextStep = { done: true; leftToSweeper: number } | { done: false; at: number };

/**
 * What the job of one expiry second does after a settlement pass: finish when the second is over
 * (plus a grace) and nothing in it is open; otherwise run again when the next order expires, or
 * shortly (SETTLE_POLL_MS) while expired orders wait for a later tick; give up SETTLE_GIVE_UP_MS
 * after the second and leave the rest to the sweeper (it never settles on a guess).
 */
export function nextStep(second: number, nowMs: number, open: number, nextExpiryMs: number | null): NextStep {
  const end = (second + 1) * 1000;
  if (open === 0 && nowMs >= end + SETTLE_WINDOW_GRACE_MS) return { done: true, leftToSweeper: 0 };
  if (nowMs >= end + SETTLE_GIVE_UP_MS) return { done: true, leftToSweeper: open };
  if (open === 0) return { done: false, at: end + SETTLE_WINDOW_GRACE_MS };
  const poll = nowMs + SETTLE_POLL_MS;
  return { done: false, at: nextExpiryMs !== null && nextExpiryMs > nowMs ? Math.max(poll, nextExpiryMs + 20) : poll };
}
