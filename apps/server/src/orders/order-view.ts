import { formatCents, type Direction as OrderDirection, type OrderVoidReason, type Outcome as OrderOutcome } from '@candor/domain';
import type { Order } from '@candor/contracts';
import type { OrderAccount, OrderStatus } from '@candor/db';
import { toCents } from '../database/rows.js';

/** An `orders` row as pg returns it (bigint and numeric as strings). Shared by the api and the worker. */
export interface OrderRow {
  id: string;
  order_no: string;
  user_id: string;
  account: OrderAccount;
  symbol: string;
  direction: OrderDirection;
  amount: string;
  duration_seconds: number;
  payout_rate: string;
  open_price: string;
  open_tick_seq: string;
  opened_at: Date;
  expires_at: Date;
  status: OrderStatus;
  close_price: string | null;
  close_tick_seq: string | null;
  closed_at: Date | null;
  outcome: OrderOutcome | null;
  payout: string | null;
  pnl: string | null;
  settled_at: Date | null;
  void_reason?: OrderVoidReason | null;
  /** Null for orders placed before it was recorded: their open price's own decimals. */
  precision?: number | null;
  price_venues?: { venue: string; symbol: string }[] | null;
  created_at: Date;
}

/** Columns of an order for `SELECT`/`RETURNING`, in one place. */
export const ORDER_COLUMNS = `id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate, open_price, open_tick_seq,
  opened_at, expires_at, status, close_price, close_tick_seq, closed_at, outcome, payout, pnl, settled_at, void_reason, precision, price_venues, created_at`;

/** Decimals written in a price's text, trailing zeros included ("1.08400" has 5): the precision it was stored at. */
export const scaleOf = (price: string): number => (price.includes('.') ? price.length - price.indexOf('.') - 1 : 0);

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** ISO 8601 UTC with milliseconds; a string already in that form (formatted by SQL) is used as it is. */
const iso = (d: Date | string): string => (typeof d === 'string' && ISO_UTC.test(d) ? d : new Date(d).toISOString());

/** What `toOrder` reads of a row. */
export type OrderViewRow = Omit<OrderRow, 'user_id' | 'settled_at' | 'created_at' | 'opened_at' | 'expires_at' | 'closed_at'> & {
  opened_at: Date | string;
  expires_at: Date | string;
  closed_at: Date | string | null;
  /** When it was settled or voided (only a voided order's is shown). */
  settled_at?: Date | string | null;
};

/** The wire shape `Order` (libs/contracts): money as 2-decimal strings, prices as stored, times ISO UTC; result fields only once settled. */
export function toOrder(r: OrderViewRow): Order {
  const order: Order = {
    id: r.id,
    orderNo: r.order_no,
    symbol: r.symbol,
    account: r.account,
    direction: r.direction,
    amount: formatCents(toCents(r.amount)),
    durationSeconds: Number(r.duration_seconds),
    payoutRate: String(r.payout_rate),
    openPrice: String(r.open_price),
    openedAt: iso(r.opened_at),
    expiresAt: iso(r.expires_at),
    status: r.status,
    precision: r.precision ?? scaleOf(String(r.open_price)),
    priceVenues: (r.price_venues ?? []).map((v) => ({ venue: v.venue, symbol: v.symbol })),
  };
  if (r.status === 'settled') {
    order.closePrice = String(r.close_price);
    order.closedAt = iso(r.closed_at!);
    order.outcome = r.outcome!;
    order.pnl = formatCents(toCents(r.pnl));
    order.payout = formatCents(toCents(r.payout));
  } else if (r.status === 'voided') {
    order.pnl = formatCents(toCents(r.pnl));
    order.payout = formatCents(toCents(r.payout));
    if (r.void_reason) order.voidReason = r.void_reason;
    if (r.settled_at) order.voidedAt = iso(r.settled_at);
  }
  return order;
}
