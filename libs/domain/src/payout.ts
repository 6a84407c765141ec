/**
 * Outcome and payout rules of a fixed-time order. Prices are compared exactly as decimal
 * strings and money is integer cents; a rate is a decimal string with at most 4 decimals
 * ("0.85" = 85 %). Nothing here takes a float.
 */
import type { Cents } from './money.js';
import { compareDecimal, roundDecimal, divRoundHalfAway, scaledToDecimal } from './decimal.js';

/** Which way the buyer expects the price to move between the opening and the closing tick. */
export const DIRECTIONS = ['up', 'down'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export type Outcome = 'win' | 'loss' | 'tie';

/** Rates are carried to 4 decimals: 1 = 10 000 rate units. */
export const RATE_SCALE = 10_000n;
const RATE = /^(\d{1,6})?(?:\.(\d{1,4}))?$/;

/** Parse a payout rate to rate units (0.0001 each): "0.85" -> 8500n, ".875" -> 8750n. Null if malformed, negative or over 4 decimals. */
export function parseRate(rate: string): bigint | null {
  if (typeof rate !== 'string') return null;
  const m = RATE.exec(rate);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return BigInt(m[1] ?? '0') * RATE_SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}

function mustRate(rate: string): bigint {
  const r = parseRate(rate);
  if (r === null) throw new RangeError(`not a payout rate: ${JSON.stringify(String(rate).slice(0, 40))}`);
  return r;
}

function mustStake(stakeCents: Cents, allowZero = false): bigint {
  if (!Number.isSafeInteger(stakeCents) || stakeCents < (allowZero ? 0 : 1)) throw new RangeError(`stake must be a positive integer of cents: ${stakeCents}`);
  return BigInt(stakeCents);
}

/**
 * `up` wins when close > open, `down` wins when close < open, equal prices are a tie.
 * Prices compare by value, so "1.50" equals "1.5". With `precision` (the decimals the order opened with) the
 * close is rounded to it first: an order is decided under its own terms. Throws RangeError on a malformed price.
 */
export function decideOutcome(direction: Direction, open: string, close: string, precision?: number): Outcome {
  const c = compareDecimal(precision === undefined ? close : roundDecimal(close, precision), open);
  if (c === 0) return 'tie';
  if (direction === 'up') return c > 0 ? 'win' : 'loss';
  if (direction === 'down') return c < 0 ? 'win' : 'loss';
  throw new RangeError(`bad direction: ${String(direction)}`);
}

/** Profit of a winning stake: floor(stake x rate) in cents, exact. A stake of 0 (an empty amount field) gives 0. */
export function winProfitCents(stakeCents: Cents, payoutRate: string): Cents {
  const profit = (mustStake(stakeCents, true) * mustRate(payoutRate)) / RATE_SCALE;
  if (profit + BigInt(stakeCents) > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('payout beyond the safe integer range');
  return Number(profit);
}

/** What a win would pay back in total: stake + floor(stake x rate). */
export function estimatePayout(stakeCents: Cents, payoutRate: string): Cents {
  return stakeCents + winProfitCents(stakeCents, payoutRate);
}

export interface Settlement {
  /** Paid back to the user (0 on a loss, the stake on a tie, stake + profit on a win). */
  payoutCents: Cents;
  /** Profit and loss of the order: +profit, -stake, or 0. */
  pnlCents: Cents;
}

/** Amounts of a settled order. Invariant: payoutCents = stakeCents + pnlCents. */
export function settleAmounts(stakeCents: Cents, payoutRate: string, outcome: Outcome): Settlement {
  mustStake(stakeCents);
  switch (outcome) {
    case 'win': {
      const profit = winProfitCents(stakeCents, payoutRate);
      return { payoutCents: stakeCents + profit, pnlCents: profit };
    }
    case 'loss':
      mustRate(payoutRate);
      return { payoutCents: 0, pnlCents: -stakeCents };
    case 'tie':
      mustRate(payoutRate);
      return { payoutCents: stakeCents, pnlCents: 0 };
    default:
      throw new RangeError(`bad outcome: ${String(outcome)}`);
  }
}

/** Win rate at which the expected result is zero: 1 / (1 + rate). "0.85" -> 0.5405... */
export function breakEvenWinRate(payoutRate: string): number {
  const r = mustRate(payoutRate);
  return Number(RATE_SCALE) / Number(RATE_SCALE + r);
}

/**
 * The break-even win rate as a percent string, exact and rounded half up:
 * ("0.85") -> "54.05", ("0.85", 1) -> "54.1", ("1") -> "50.00". No "%" sign: the UI adds it per locale.
 */
export function breakEvenPercent(payoutRate: string, decimals = 2): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10) throw new RangeError(`bad decimals: ${decimals}`);
  const r = mustRate(payoutRate);
  const scaled = divRoundHalfAway(RATE_SCALE * 100n * 10n ** BigInt(decimals), RATE_SCALE + r);
  return scaledToDecimal(scaled, decimals);
}

/** A rate as a percent string without trailing zeros: "0.85" -> "85", "0.875" -> "87.5", "1.2" -> "120". No "%" sign. */
export function ratePercent(payoutRate: string): string {
  const r = mustRate(payoutRate); // units of 0.01 %
  const text = scaledToDecimal(r, 2);
  return text.replace(/\.?0+$/, '');
}
