import { z } from 'zod';
import { DIRECTIONS, isValidTimeZone, type Direction, type OrderVoidReason, type Outcome } from '@candor/domain';
import { moneyInput } from './common.js';
import type { HaltReason, PriceRule, TickSource } from './market.js';

export const placeOrderBody = z.strictObject({
  symbol: z.string().trim().min(1).max(20),
  direction: z.enum(DIRECTIONS),
  amount: moneyInput,
  durationSeconds: z.number().int().positive().max(86400),
  account: z.enum(['real', 'demo']).default('real'),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const ordersQuery = z.strictObject({
  /** `settled`: every finished order (settled and voided); `voided`: only those voided. */
  status: z.enum(['open', 'settled', 'voided']).optional(),
  account: z.enum(['real', 'demo']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
  lang: z.string().max(10).optional(),
});

/**
 * `GET /api/orders/statistics`: the account (default `real`), the period in calendar days ending today (`7`,
 * `30` or `90`; default `30`) and the IANA time zone its days are cut in (default the platform's, Asia/Taipei).
 */
export const orderStatisticsQuery = z.strictObject({
  account: z.enum(['real', 'demo']).optional(),
  days: z.enum(['7', '30', '90']).optional(),
  tz: z.string().min(1).max(64).refine(isValidTimeZone, 'an IANA time zone').optional(),
  lang: z.string().max(10).optional(),
});
export type OrderStatisticsQuery = z.infer<typeof orderStatisticsQuery>;

/** Counts and sums of settled orders (money as 2-decimal strings, exact from integer cents). */
export interface OrderStatisticsCounts {
  /** Settled orders (open and voided orders are not counted). */
  orders: number;
  wins: number;
  losses: number;
  ties: number;
  /** Wins over wins and losses (ties left out), 4 decimals ("0.6667" = 66.67 %); null when none was won or lost. */
  winRate: string | null;
  /** The stakes of these orders. */
  staked: string;
  /** What came back: stake and winnings for a win, the stake for a tie, nothing for a loss. */
  paidOut: string;
  /** `paidOut - staked`: the result. */
  net: string;
}
export interface OrderStatisticsDay extends OrderStatisticsCounts {
  /** The local calendar date (YYYY-MM-DD) in the answer's time zone. */
  date: string;
}
export interface OrderStatisticsProduct extends OrderStatisticsCounts {
  symbol: string;
  /** The product's name in the language asked for (Accept-Language or ?lang=), else the symbol. */
  name: string;
}
/**
 * The signed-in user's settled orders of one account over the last `days` calendar days in `timezone`, each
 * counted on the day its closing tick fell. `byDay` has every day of the period, oldest first, zeros included;
 * `byProduct` every product with settled orders, most orders first.
 */
export interface OrderStatistics {
  account: 'real' | 'demo';
  days: 7 | 30 | 90;
  timezone: string;
  /** The period [from, to): local midnight of its first day and of the day after today, ISO 8601 UTC. */
  from: string;
  to: string;
  totals: OrderStatisticsCounts;
  byDay: OrderStatisticsDay[];
  byProduct: OrderStatisticsProduct[];
}

export type { Direction, Outcome, OrderVoidReason } from '@candor/domain';
export interface Order {
  id: string;
  orderNo: string;
  symbol: string;
  account: 'real' | 'demo';
  direction: Direction;
  amount: string;
  durationSeconds: number;
  payoutRate: string;
  openPrice: string;
  openedAt: string;
  expiresAt: string;
  /** The product's price decimals when it opened: its outcome compares prices at this precision. */
  precision: number;
  /** The exchange markets its product was priced from when it opened (empty: simulated prices). */
  priceVenues: { venue: string; symbol: string }[];
  /** `voided`: its expiry fell in a halt and no valid price came within the grace period; the stake was refunded. */
  status: 'open' | 'settled' | 'voided';
  closePrice?: string;
  closedAt?: string;
  outcome?: Outcome;
  pnl?: string;
  payout?: string;
  /** Why a voided order was voided. */
  voidReason?: OrderVoidReason;
  /** When it was voided (ISO 8601). */
  voidedAt?: string;
}
/** A tick an order used; the block fields are null until the feed has sealed that second. */
export interface TickRef {
  seq: string;
  t: string;
  price: string;
  blockSecond: string | null;
  blockHash: string | null;
  /** A price made from exchange quotes: every quote it was made from (used or dropped) and the rule. */
  sources?: TickSource[];
  rule?: PriceRule;
}
/**
 * Which tick closed the order: `expiry` the last tick at or before its expiry (the rule), `halt` the first
 * tick within the grace period after an expiry that fell in a halt, `void` none (voided, stake refunded).
 */
export type CloseRule = 'expiry' | 'halt' | 'void';
/**
 * `verify`: the check step by step with this order's numbers, in English, for API clients and
 * scripts. The web app shows the same steps in the reader's language (receiptSteps.ts).
 */
export interface OrderReceipt {
  order: Order;
  entryTick: TickRef;
  exitTick: TickRef | null;
  /** Once finished: how its close was chosen. */
  closeRule: CloseRule | null;
  /** The grace period after an expiry in a halt (ms), as settlement applies it. */
  graceMs: number;
  /** When its expiry fell in a halt: since when the product had no valid price, and why. */
  halt?: { reason: HaltReason; startedAt: string; endedAt: string | null };
  /**
   * When the last tick at or before its expiry was older than `staleMs` (a gap in the feed: an outage, a closed
   * session) with no halt recorded: that tick's time. The halt rule applied (closeRule `halt` or `void`).
   */
  gap?: { lastTickAt: string | null; staleMs: number };
  /** The feed's staleness limit: a close tick older than this at the expiry means the halt rule applies. */
  staleMs: number;
  verify: string;
}
