import { compareDecimal, decimalPlaces, decimalToScaled, isDecimal, scaledToDecimal } from './decimal.js';

/**
 * Price alerts: a user asks to be told when a product's price reaches a level. An `above` alert waits for the
 * price to rise to its level, a `below` alert for it to fall to it. Alerts only read prices: nothing here can
 * change a price, an order or a payout.
 */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

/** Active (not yet fired, not removed) alerts one user may keep at a time. */
export const MAX_ACTIVE_PRICE_ALERTS = 20;

/**
 * The side of the current price a level lies on: `above` when the level is higher, `below` when lower,
 * null when it equals the price (an alert there would have nothing to wait for).
 */
export function alertDirectionFor(level: string, price: string): AlertDirection | null {
  const c = compareDecimal(level, price);
  return c > 0 ? 'above' : c < 0 ? 'below' : null;
}

/**
 * Whether a stored price fires an alert: an `above` alert fires at the first price at or above its level, a
 * `below` alert at the first at or below it. An alert is created on the other side of the price, so the first
 * price that satisfies this is the one that crossed (or touched) the level, even when ticks jump over it.
 */
export function alertFires(direction: AlertDirection, level: string, price: string): boolean {
  const c = compareDecimal(price, level);
  return direction === 'above' ? c >= 0 : c <= 0;
}

/** What is wrong with a level for a product of `precision` decimals, or null: it must be a positive decimal with at most that many decimals. */
export function alertLevelProblem(level: string, precision: number): 'format' | 'decimals' | 'positive' | null {
  if (!isDecimal(level) || level.startsWith('-')) return 'format';
  if (decimalPlaces(level) > precision) return 'decimals';
  if (compareDecimal(level, '0') <= 0) return 'positive';
  return null;
}

/** A valid level written with exactly the product's decimals, as its prices are ("67000.5" at 2 -> "67000.50"). */
export function alertLevelText(level: string, precision: number): string {
  return scaledToDecimal(decimalToScaled(level, precision), precision);
}

/**
 * What one product's active alerts wait for, kept by the process that watches prices: the lowest level of its
 * `above` alerts and the highest of its `below` alerts (null: none of that side). A price can fire some alert
 * only when it reaches one of the two, so most prices need no look at the alerts themselves.
 */
export interface AlertThresholds {
  lowestAbove: string | null;
  highestBelow: string | null;
}

/** Whether `price` fires at least one of the product's active alerts. */
export function thresholdsReached(t: AlertThresholds | undefined, price: string): boolean {
  if (!t) return false;
  return (t.lowestAbove !== null && alertFires('above', t.lowestAbove, price)) || (t.highestBelow !== null && alertFires('below', t.highestBelow, price));
}
