import type { ProductEntity } from '@candor/db';
import { expiresAt, findExpiry, firstChangeReached, parseRate, stakeRange } from '@candor/domain';
import { DomainError } from '../common/domain-error.js';
import { scaleOf } from './order-view.js';

export type TermsProduct = Pick<ProductEntity, 'expiries' | 'minStake' | 'maxStake' | 'precision' | 'priceVenues' | 'scheduledChanges'>;

/**
 * The terms a new order would open under, from the catalogue alone, or the refusal: the expiry offered (422
 * EXPIRY_NOT_OFFERED), the stake within the limits (422 AMOUNT_OUT_OF_RANGE), the market open now and at the
 * expiry (422 MARKET_CLOSED), and no announced catalogue change at or before the expiry (422
 * CATALOGUE_CHANGE_PENDING): an order never lives across a change of the terms it is decided under.
 */
export function catalogueTerms(
  product: TermsProduct,
  cmd: { durationSeconds: number; amountCents: number },
  nowMs: number,
  openAt: (ms: number) => boolean,
): { payoutRate: string; expiresAtMs: number } {
  const expiry = findExpiry(product.expiries ?? [], cmd.durationSeconds);
  if (!expiry || parseRate(String(expiry.payoutRate)) === null) throw new DomainError('EXPIRY_NOT_OFFERED', 'durationSeconds');
  if (stakeRange(cmd.amountCents, Number(product.minStake), Number(product.maxStake)) !== 'ok') throw new DomainError('AMOUNT_OUT_OF_RANGE', 'amount');
  const expiresAtMs = expiresAt(nowMs, cmd.durationSeconds);
  if (!openAt(nowMs) || !openAt(expiresAtMs)) throw new DomainError('MARKET_CLOSED');
  const reached = firstChangeReached(
    (product.scheduledChanges ?? []).map((c) => ({ effectiveAtMs: Date.parse(c.effectiveAt) })),
    expiresAtMs,
  );
  if (reached !== null) {
    const effectiveAt = new Date(reached).toISOString();
    throw new DomainError('CATALOGUE_CHANGE_PENDING', 'durationSeconds', { effectiveAt }, { effectiveAt });
  }
  return { payoutRate: String(expiry.payoutRate), expiresAtMs };
}

/**
 * The terms the opening tick gives: its decimals and the markets it was made from. A tick made before the
 * product's latest precision change is not a price under its current terms (422 MARKET_DATA_STALE).
 */
export function tickTerms(
  product: TermsProduct,
  tick: { price: string; kind?: string },
): { precision: number; priceVenues: { venue: string; symbol: string }[] } {
  const precision = scaleOf(String(tick.price));
  if (precision !== product.precision) throw new DomainError('MARKET_DATA_STALE');
  const priceVenues = tick.kind === 'venues' ? (product.priceVenues ?? []).map((v) => ({ venue: v.venue, symbol: v.symbol })) : [];
  return { precision, priceVenues };
}
