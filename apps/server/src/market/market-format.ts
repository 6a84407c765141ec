import { decimalToScaled, divRoundHalfAway, normalizeDecimal, relativeChange, scaledToDecimal } from '@candor/domain';

/**
 * How market figures are written on the wire, shared by the feed (live events) and the api
 * (REST), so both show the same text for the same ticks.
 */

/** Fraction digits of `change24h` ("0.012345" = +1.2345 %). */
export const CHANGE_DECIMALS = 6;
/** Exact scales used to add volumes and turnover in memory. */
export const VOLUME_SCALE = 8;
export const AMOUNT_SCALE = 16;

/** A decimal as an exact bigint at `scale`, dropping (not rounding) digits beyond it. */
export function toScaled(value: string, scale: number): bigint {
  const text = normalizeDecimal(value);
  const dot = text.indexOf('.');
  const cut = dot >= 0 && text.length - dot - 1 > scale ? text.slice(0, dot + 1 + scale) : text;
  return decimalToScaled(cut.endsWith('.') ? cut.slice(0, -1) : cut, scale);
}

/** Volume text: normalised ("12.5000" -> "12.5", "0" when none). */
export function formatVolume(value: string | null | undefined): string {
  return value ? normalizeDecimal(value) : '0';
}

/** Turnover text: two decimals, half away from zero. */
export function formatAmount(value: string | null | undefined): string {
  if (!value) return '0.00';
  const scaled = toScaled(value, AMOUNT_SCALE);
  return scaledToDecimal(divRoundHalfAway(scaled, 10n ** BigInt(AMOUNT_SCALE - 2)), 2);
}

/** The 24h change as a fraction: last / first - 1, or "0.000000" when there is nothing to compare. */
export function formatChange(first: string | null | undefined, last: string | null | undefined): string {
  const none = scaledToDecimal(0n, CHANGE_DECIMALS);
  if (!first || !last) return none;
  try {
    return relativeChange(first, last, CHANGE_DECIMALS);
  } catch {
    return none;
  }
}

/** Minutes in the 24h window: the current minute and the 1439 before it. */
export const WINDOW_MINUTES = 1440;
/** Start (epoch ms) of the 24h statistics window that contains `atMs`. */
export function windowStart(atMs: number): number {
  return Math.floor(atMs / 60_000) * 60_000 - (WINDOW_MINUTES - 1) * 60_000;
}
