import { parseMoney, type Direction } from '@candor/domain';
import type { PlaceOrderBody } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';

/** The validated, normalised order request (what the Idempotency-Key's request hash covers). */
export interface PlaceOrderCommand {
  symbol: string;
  direction: Direction;
  amountCents: number;
  durationSeconds: number;
  account: 'real' | 'demo';
}

/** Amount as cents, strictly: malformed ("1.234", "abc", 1e309) is 400 VALIDATION_FAILED on `amount`. Range is checked against the product later. */
export function toCommand(body: PlaceOrderBody): PlaceOrderCommand {
  const amountCents = parseMoney(body.amount);
  if (amountCents === null) throw new DomainError('VALIDATION_FAILED', 'amount');
  return { symbol: body.symbol, direction: body.direction, amountCents, durationSeconds: body.durationSeconds, account: body.account };
}
