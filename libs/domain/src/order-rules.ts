/** Rules for opening and settling a fixed-time order. Time comes in as arguments. */
import type { Cents } from './money.js';

/** Why an order was voided: its expiry fell in a halt and no valid price came within the grace period. */
export type OrderVoidReason = 'halt';

/** A tick older than this (ms) may not open an order: MARKET_DATA_STALE. */
export const MAX_TICK_AGE_MS = 3000;

/** The tick is fresh when it is under `maxAgeMs` old at `nowMs` (a tick stamped slightly in the future counts as fresh). */
export function isTickFresh(tickMs: number, nowMs: number, maxAgeMs: number = MAX_TICK_AGE_MS): boolean {
  return Number.isFinite(tickMs) && Number.isFinite(nowMs) && nowMs - tickMs < maxAgeMs;
}

/** The offered expiry with exactly these seconds, or undefined (EXPIRY_NOT_OFFERED). */
export function findExpiry<E extends { seconds: number }>(expiries: readonly E[], seconds: number): E | undefined {
  return expiries.find((e) => e.seconds === seconds);
}

/** Where a stake stands against the product's limits (inclusive): 'ok', 'below' the minimum or 'above' the maximum. */
export function stakeRange(stakeCents: Cents, minCents: Cents, maxCents: Cents): 'ok' | 'below' | 'above' {
  if (!Number.isSafeInteger(stakeCents) || stakeCents < minCents || stakeCents <= 0) return 'below';
  if (stakeCents > maxCents) return 'above';
  return 'ok';
}

/**
 * Expiry instant of an order placed at `placedAtMs` for `durationSeconds`: the first WHOLE second at
 * or after placement + duration. Every order of a second then expires at the same instant, the
 * settlement of a second is one batch, and the feed's tick right after each second boundary closes
 * them promptly. The countdown is the chosen duration plus less than one second, never less.
 */
export function expiresAt(placedAtMs: number, durationSeconds: number): number {
  if (!Number.isSafeInteger(durationSeconds) || durationSeconds <= 0) throw new RangeError(`bad duration: ${durationSeconds}`);
  return Math.ceil((placedAtMs + durationSeconds * 1000) / 1000) * 1000;
}

/**
 * The closing tick of an order: the last tick at or before `expiresAtMs`, but only once a tick
 * later than `expiresAtMs` exists (until then a later-arriving tick could still be the close,
 * so the answer is 'pending'). `ticks` must be in recording order (ascending seq); among ticks
 * with the same time the later-recorded one wins. 'none' when nothing is at or before expiry.
 */
export function closingTick<T extends { t: number }>(
  ticks: readonly T[],
  expiresAtMs: number,
): { status: 'ready'; tick: T } | { status: 'pending' } | { status: 'none' } {
  let close: T | undefined;
  let after = false;
  for (const tick of ticks) {
    if (tick.t <= expiresAtMs) {
      if (!close || tick.t >= close.t) close = tick;
    } else {
      after = true;
    }
  }
  if (!after) return { status: 'pending' };
  return close ? { status: 'ready', tick: close } : { status: 'none' };
}
