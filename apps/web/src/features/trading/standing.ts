import { decideOutcome, isDecimal } from '@candor/domain';
import type { Order, Outcome } from '@candor/contracts';

/** Where an open order stands against the latest price: what it would be if it expired now. */
export function standing(order: Pick<Order, 'direction' | 'openPrice'>, price: string | null | undefined): Outcome | null {
  if (!price || !isDecimal(price) || !isDecimal(order.openPrice)) return null;
  return decideOutcome(order.direction, order.openPrice, price);
}
