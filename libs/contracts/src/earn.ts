import { z } from 'zod';
import { calendarDate, moneyInput } from './common.js';

/** `POST /api/earn/transfer-in` and `POST /api/earn/transfer-out`. */
export const earnTransferBody = z.strictObject({ amount: moneyInput });
export type EarnTransferBody = z.infer<typeof earnTransferBody>;

/** `GET /api/earn`: the user's Yu'e Bao (money as decimal strings, rates as decimal strings, "0.01" = 1 %). */
export interface EarnSummary {
  /** confirmed + pending. */
  total: string;
  /** Shares that earn (and the income, which earns too). */
  confirmed: string;
  /** Transfers in not confirmed yet. */
  pending: string;
  /** What may be transferred out now: all confirmed money and every lot one day after its transfer in. */
  withdrawable: string;
  /** The user's income of `incomeDate` (the last day posted), "0.00" when none. */
  yesterdayIncome: string;
  /** The income date `yesterdayIncome` is for (posted at the cut-off of the next day); null before the first posting. */
  incomeDate: string | null;
  totalIncome: string;
  /** What 10,000.00 earned on `incomeDate` (at that day's rate, rounded down like every income). */
  incomePer10k: string;
  /** Mean income per share of the last seven posted days (all holders, after rounding down) times 365; null before any. */
  sevenDayYield: string | null;
  /** The daily rate governing the next posting. */
  dailyRate: string;
  /** dailyRate x 365. */
  annualizedRate: string;
  /** (1 + dailyRate)^365 - 1. */
  annualizedRateCompounded: string;
  minAmount: string;
  dailyInLimit: number;
  dailyOutLimit: number;
  remainingInToday: number;
  remainingOutToday: number;
  /** When the daily counts start again: the next local midnight in `timezone`. */
  countsResetAt: string;
  /** 'HH:MM' in `timezone`. */
  cutoff: string;
  timezone: string;
  /** The next cut-off, when the next income is posted and due lots are confirmed. */
  nextPostingAt: string;
  /** How many days of income at today's rate and all holders' balances the platform's equity covers; null when no income is due (see EarnCoverage). */
  daysCovered: number | null;
}

/**
 * `GET /api/transparency/earn` (no token): who pays Yu'e Bao's income and for how long it can. Every figure is
 * read from the ledger (docs/earn.md, "Who pays the income"); none is an operator's setting but `rate`.
 */
export interface EarnCoverage {
  /** All income paid so far: what the platform's interest_expense account gave. */
  interestPaid: string;
  /** The platform's own equity: the house account's balance (users' losses minus their winnings) plus interest_expense's (minus the income paid). */
  equity: string;
  /** Today's income at `rate` on every holder's current Yu'e Bao balance, rounded down per holder like the posting. */
  dailyIncome: string;
  /** floor(equity / dailyIncome); null when no income is due; 0 when income is due and equity is 0 or less. */
  daysCovered: number | null;
  /** The daily rate of the day now accruing. */
  rate: string;
  computedAt: string;
}

export type EarnRecordType = 'in' | 'out' | 'income';
export type EarnRecordStatus = 'pending' | 'confirmed' | 'done';

/** A transfer in (with its dates) or out, and `GET /api/earn/records` items of those types. */
export interface EarnTransfer {
  id: string;
  type: 'in' | 'out';
  amount: string;
  createdAt: string;
  /** in: `pending` until its confirmation at `confirmAt`, then `confirmed`; out: `done`. */
  status: EarnRecordStatus;
  /** in: the trading day it counts for. */
  tradeDate?: string;
  /** in: when it is (or was) confirmed (the cut-off of the next trading day after `tradeDate`). */
  confirmAt?: string;
  /** in: the date (at its cut-off) its first income is posted; that income is for the confirmation day. */
  firstIncomeOn?: string;
  /** in: from when it may be transferred out (one day after the transfer). */
  withdrawableAt?: string;
  /** in: what is left of it after transfers out. */
  remaining?: string;
}

/** One item of `GET /api/earn/records`: a transfer, or the income of one date (`type: "income"`, id `income-<date>`). */
export interface EarnRecord extends Omit<EarnTransfer, 'type'> {
  type: EarnRecordType;
  /** income: the day it was earned for. */
  date?: string;
}

export const earnRecordsQuery = z.strictObject({
  type: z.enum(['in', 'out', 'income']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
  lang: z.string().max(10).optional(),
});

export const earnIncomeQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(90).optional(),
  lang: z.string().max(10).optional(),
});
/** `GET /api/earn/income?days=30`: one item per day, oldest first, "0.00" for a day without income. */
export interface EarnIncomeDay {
  date: string;
  income: string;
}

// ---- operators ----

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** `PUT /api/admin/earn/settings`: any of the settings; the others stay. A new version, effective from the next posting. */
export const earnSettingsBody = z
  .strictObject({
    dailyRate: z
      .string()
      .regex(/^\d{1,2}(\.\d{1,8})?$/)
      .optional(),
    cutoff: clockTime.optional(),
    timezone: z.string().min(1).max(64).optional(),
    minAmount: moneyInput.optional(),
    dailyInLimit: z.number().int().min(1).max(10_000).optional(),
    dailyOutLimit: z.number().int().min(1).max(10_000).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'at least one setting' });
export type EarnSettingsBody = z.infer<typeof earnSettingsBody>;

/** One version of the settings. */
export interface EarnSettings {
  id: string;
  /** The first income date (and the cut-off starting it) this version governs. */
  effectiveDate: string;
  /** From this instant transfers follow it (its own first cut-off). */
  effectiveAt: string;
  dailyRate: string;
  annualizedRate: string;
  annualizedRateCompounded: string;
  cutoff: string;
  timezone: string;
  minAmount: string;
  dailyInLimit: number;
  dailyOutLimit: number;
  operatorId: string | null;
  createdAt: string;
}
/** `GET /api/admin/earn/settings`: the version in force now, the one governing the next posting, and all versions (newest first). */
export interface AdminEarnSettings {
  current: EarnSettings;
  next: EarnSettings;
  nextPostingAt: string;
  versions: EarnSettings[];
}

export const earnHolidayBody = z.strictObject({ date: calendarDate, name: z.string().trim().min(1).max(100) });
export type EarnHolidayBody = z.infer<typeof earnHolidayBody>;
/** `POST /api/admin/earn/holidays/import`: dates with names; an existing date gets the new name. */
export const earnHolidaysImportBody = z.strictObject({ holidays: z.array(earnHolidayBody).min(1).max(400) });
export type EarnHolidaysImportBody = z.infer<typeof earnHolidaysImportBody>;
export const earnHolidaysQuery = z.strictObject({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  lang: z.string().max(10).optional(),
});
export interface EarnHoliday {
  date: string;
  name: string;
}
export interface EarnHolidaysImport {
  added: number;
  updated: number;
}

/** One income date's posting. */
export interface EarnRun {
  date: string;
  postingAt: string;
  dailyRate: string;
  holders: number;
  basisTotal: string;
  incomeTotal: string;
  startedAt: string;
  finishedAt: string | null;
}
/** `GET /api/admin/earn/dashboard`. */
export interface EarnDashboard {
  /** All users' confirmed and pending shares (the ledger's earn_confirmed and earn_pending). */
  confirmed: string;
  pending: string;
  holders: number;
  /** The last posted day's income, paid from interest_expense. */
  yesterdayIncome: string;
  incomeDate: string | null;
  nextPostingAt: string;
  /** The platform time zone (IANA) of the next posting's cut-off, in which the console shows it. */
  timezone: string;
  /** The income date the next posting pays. */
  nextIncomeDate: string;
  /** What the next posting pays if nothing changes before it: each holder's confirmed share at its start, rounded down. */
  nextPostingExpected: string;
  interestExpenseTotal: string;
  recentRuns: EarnRun[];
}
