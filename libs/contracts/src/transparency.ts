import type { EarnCoverage } from './earn.js';

/**
 * `GET /api/transparency` (no token): the platform's public figures, as the worker's scheduled job last
 * computed them (docs/transparency.md). Money is a decimal string with two decimals; a share or a ratio is a
 * decimal string with four (`"0.7412"` = 74.12 %); times are ISO 8601 UTC. Nothing here names a user.
 */

/** One product over the last 30 days, real-account orders settled in that time only. */
export interface TransparencyProduct {
  symbol: string;
  /** What users staked and lost minus what they won beyond their stakes: stakes - payouts. Negative when users won. */
  houseResult30d: string;
  /** Payouts (stake back on a tie, stake plus winnings on a win, 0 on a loss) / stakes; null with no order settled. */
  payoutRatio30d: string | null;
  ordersSettled30d: number;
  /** The two sums of the ratio. */
  staked30d: string;
  paidOut30d: string;
}

/** The newest block of a product's tick chain when the figures were computed. */
export interface TransparencyTickHead {
  symbol: string;
  /** The block's second (epoch seconds). */
  second: number;
  hash: string;
}

/** The worker's last scheduled ledger check as the job read it. */
export interface TransparencyLedgerCheck {
  at: string;
  ok: boolean;
  accounts: number;
  imbalance: string;
}

/** The latest published proof-of-liabilities root; `total` in integer cents, as published in the chain. */
export interface TransparencyLiabilities {
  date: string;
  root: string;
  total: string;
}

/** The figures one run of the job computed. */
export interface TransparencyFigures {
  computedAt: string;
  /** Share of the accounts that traded (settled a real order) in the 12 months before `computedAt` whose result was negative; null below `minAccounts`. */
  lossShare12m: string | null;
  /** The same over the last 90 days. */
  lossShare90d: string | null;
  /** Accounts that traded in the 12 months (the loss share's denominator). */
  accountsCounted: number;
  /** Accounts that traded in the 90 days. */
  accountsCounted90d: number;
  /** The fewest accounts a share is published for. */
  minAccounts: number;
  products: TransparencyProduct[];
  /** Order receipts their owners checked in the app, each order counted once, ever. */
  receiptsChecked: number;
  tickHeads: TransparencyTickHead[];
  /** Null when the worker had not checked the ledger yet. */
  ledgerCheck: TransparencyLedgerCheck | null;
  /** Null before the first published proof of liabilities. */
  liabilities: TransparencyLiabilities | null;
  /** Yu'e Bao's cover at the run: who pays the income (the platform's equity) and for how many days. */
  earn: EarnCoverage;
}

/** Before the job's first run: every figure null or empty, so a client never shows a number nobody computed. */
export interface TransparencyNotComputed {
  computedAt: null;
  lossShare12m: null;
  lossShare90d: null;
  accountsCounted: null;
  accountsCounted90d: null;
  minAccounts: number;
  products: [];
  receiptsChecked: null;
  tickHeads: [];
  ledgerCheck: null;
  liabilities: null;
  earn: null;
}

export type TransparencyResponse = TransparencyFigures | TransparencyNotComputed;

/** True when the answer carries computed figures. */
export function isTransparencyComputed(r: TransparencyResponse): r is TransparencyFigures {
  return r.computedAt !== null;
}
