/**
 * Yu'e Bao's money rules: the transfer amount, which lots a transfer out takes, the daily income rounded
 * down to the cent, and the yields shown beside the rate. Amounts are integer cents, rates decimal strings;
 * no floating point (docs/earn.md, "The rules").
 */
import { decimalToScaled, isDecimal, scaledToDecimal } from './decimal.js';
import { MAX_AMOUNT_CENTS, type Cents } from './money.js';

/** Daily rates carry at most this many decimals ("0.01000000" = 1 % a day); the database column is numeric(12,8). */
export const EARN_RATE_DECIMALS = 8;
/** The highest daily rate an operator may set (10 % a day). */
export const EARN_MAX_DAILY_RATE = '0.1';
/** Yields and annualised rates are shown with this many decimals ("3.650000" = 365 %). */
export const EARN_YIELD_DECIMALS = 6;
/** Defaults of the seed: 1 % a day, cut-off 08:00 Taipei time, 20.00 minimum, 60 transfers each way a day. */
export const EARN_DEFAULTS = {
  dailyRate: '0.01',
  cutoff: '08:00',
  timezone: 'Asia/Taipei',
  minAmountCents: 20_00,
  dailyInLimit: 60,
  dailyOutLimit: 60,
} as const;

const RATE_ONE = 10n ** BigInt(EARN_RATE_DECIMALS);

/** A daily rate an operator may set: a decimal from 0 to 10 % with at most 8 decimals. */
export function isValidDailyRate(rate: unknown): rate is string {
  if (!isDecimal(rate) || rate.startsWith('-')) return false;
  try {
    const v = decimalToScaled(rate, EARN_RATE_DECIMALS);
    return v >= 0n && v <= decimalToScaled(EARN_MAX_DAILY_RATE, EARN_RATE_DECIMALS);
  } catch {
    return false;
  }
}

export type EarnAmountProblem = 'EARN_MIN_AMOUNT' | 'AMOUNT_OUT_OF_RANGE';

/**
 * Why an amount (cents) cannot be transferred, or null. Below the minimum (zero and negative included) is
 * EARN_MIN_AMOUNT, above the platform's amount maximum AMOUNT_OUT_OF_RANGE. `wholeBalance`: a transfer out of
 * everything that is left may be smaller than the minimum, so no remainder is ever stuck.
 */
export function earnAmountProblem(amount: Cents, minAmount: Cents, wholeBalance: Cents | null = null): EarnAmountProblem | null {
  if (amount > MAX_AMOUNT_CENTS) return 'AMOUNT_OUT_OF_RANGE';
  if (amount < minAmount && !(amount > 0 && amount === wholeBalance)) return 'EARN_MIN_AMOUNT';
  return null;
}

/** One lot (a transfer in) still holding money, as a transfer out sees it. */
export interface EarnLot {
  id: string;
  remaining: Cents;
  /** The instant of the transfer in: lots are taken oldest first. */
  createdAt: Date;
  withdrawableAt: Date;
  /** Moved to earn_confirmed yet (by the cut-off job); otherwise its money is still in earn_pending. */
  confirmed: boolean;
}

/** What a transfer out takes: from the income first, then from withdrawable lots, oldest first. */
export interface OutPart {
  lotId: string | null;
  amount: Cents;
  from: 'income' | 'confirmed' | 'pending';
}

export type TakeResult =
  { ok: true; parts: OutPart[] } | { ok: false; code: 'INSUFFICIENT_BALANCE' | 'EARN_NOT_WITHDRAWABLE'; withdrawable: Cents; balance: Cents };

/** The money that may leave at `now`: all income, and every lot one day after its transfer in. */
export function withdrawableCents(income: Cents, lots: readonly EarnLot[], now: Date): Cents {
  return lots.reduce((sum, l) => (l.withdrawableAt.getTime() <= now.getTime() ? sum + l.remaining : sum), income);
}

/**
 * FIFO consumption for a transfer out of `amount` at `now`. Income (already confirmed, always withdrawable)
 * goes first, then the lots in the order of their transfer in. More than the whole balance is
 * INSUFFICIENT_BALANCE; more than the withdrawable part EARN_NOT_WITHDRAWABLE.
 */
export function takeForTransferOut(amount: Cents, income: Cents, lots: readonly EarnLot[], now: Date): TakeResult {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad amount ${amount}`);
  const balance = lots.reduce((s, l) => s + l.remaining, income);
  const withdrawable = withdrawableCents(income, lots, now);
  if (amount > balance) return { ok: false, code: 'INSUFFICIENT_BALANCE', withdrawable, balance };
  if (amount > withdrawable) return { ok: false, code: 'EARN_NOT_WITHDRAWABLE', withdrawable, balance };
  const parts: OutPart[] = [];
  let left = amount;
  if (income > 0) {
    const take = Math.min(income, left);
    parts.push({ lotId: null, amount: take, from: 'income' });
    left -= take;
  }
  const ordered = [...lots].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareIds(a.id, b.id));
  for (const lot of ordered) {
    if (left === 0) break;
    if (lot.remaining <= 0 || lot.withdrawableAt.getTime() > now.getTime()) continue;
    const take = Math.min(lot.remaining, left);
    parts.push({ lotId: lot.id, amount: take, from: lot.confirmed ? 'confirmed' : 'pending' });
    left -= take;
  }
  return { ok: true, parts };
}

/** Bigint ids as strings, compared as numbers. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** One day's income on `basis` cents at `dailyRate`, rounded down to the cent (the database computes the same). */
export function dailyIncomeCents(basis: Cents, dailyRate: string): Cents {
  if (!Number.isSafeInteger(basis) || basis < 0) throw new RangeError(`bad basis ${basis}`);
  return Number((BigInt(basis) * decimalToScaled(dailyRate, EARN_RATE_DECIMALS)) / RATE_ONE);
}

/** What 10,000.00 held for one day earns at `dailyRate`, rounded down like every user's income. */
export function incomePer10kCents(dailyRate: string): Cents {
  return dailyIncomeCents(1_000_000, dailyRate);
}

/** `value / 10^scale` as a decimal with EARN_YIELD_DECIMALS decimals, rounded half up (value >= 0). */
function toYield(value: bigint, scale: number): string {
  const drop = 10n ** BigInt(scale - EARN_YIELD_DECIMALS);
  return scaledToDecimal((value + drop / 2n) / drop, EARN_YIELD_DECIMALS);
}

/** The daily rate times 365 ("0.01" -> "3.650000"). */
export function annualizedSimple(dailyRate: string): string {
  return toYield(decimalToScaled(dailyRate, EARN_RATE_DECIMALS) * 365n, EARN_RATE_DECIMALS);
}

/** (1 + daily rate)^365 - 1, the rate with each day's income earning too ("0.01" -> "36.783434"). */
export function annualizedCompounded(dailyRate: string): string {
  const SCALE = 40;
  const one = 10n ** BigInt(SCALE);
  const base = one + decimalToScaled(dailyRate, EARN_RATE_DECIMALS) * 10n ** BigInt(SCALE - EARN_RATE_DECIMALS);
  // Exponentiation by squaring at 40 decimals: the truncation error stays far below the 6 shown.
  let result = one;
  let b = base;
  for (let e = 365; e > 0; e >>= 1) {
    if (e & 1) result = (result * b) / one;
    b = (b * b) / one;
  }
  return toYield(result - one, SCALE);
}

/** One posted day of the whole platform: the shares that earned and the income paid on them. */
export interface PostedDay {
  basis: Cents;
  income: Cents;
}

/**
 * The 7-day annualised yield from income actually posted: the mean of the last (up to) seven days' income
 * per share (income / basis, after every user's rounding down), times 365. Null before any day was posted.
 */
export function sevenDayYield(days: readonly PostedDay[]): string | null {
  const counted = days.slice(-7).filter((d) => d.basis > 0);
  if (counted.length === 0) return null;
  const SCALE = 18;
  const one = 10n ** BigInt(SCALE);
  const sum = counted.reduce((s, d) => s + (BigInt(d.income) * one) / BigInt(d.basis), 0n);
  return toYield((sum * 365n) / BigInt(counted.length), SCALE);
}
