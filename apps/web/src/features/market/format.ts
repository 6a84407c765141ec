import { formatDecimal, numberFormat } from '../../lib/format';

// Prices and volumes are formatted with every other figure of the app, in lib/format.
export { formatPrice, formatVolume } from '../../lib/format';

/**
 * Display formatting for market figures. Prices arrive as decimal strings with the product's
 * precision and are shown with every digit as sent, grouped like balances; numbers here only feed
 * display (never money maths).
 */

/**
 * A decimal string with at least `digits` decimals ("67267" -> "67267.00"), longer ones kept as they are:
 * an exchange's mid is sent in its shortest exact form, and a price that drops its decimals on a round
 * number looks like a different figure from its neighbours.
 */
export function padDecimal(text: string | null | undefined, digits: number, locale?: string): string {
  if (text == null || text === '') return '--';
  return formatDecimal(text, { locale, minDecimals: digits }) ?? text;
}

/**
 * The decimals every mid in a list is shown with, so the column lines up: the product's precision, or
 * the most any mid has. Counted on the text as sent, as padDecimal keeps it ("67240.70" has two), not on
 * its value (libs/domain's decimalPlaces counts one there, and such a row would stand out by a digit).
 */
export function alignedDecimals(mids: readonly (string | null | undefined)[], precision: number): number {
  return Math.max(precision, ...mids.map((m) => (m ? sentDecimals(m) : 0)));
}

function sentDecimals(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The sign of a decimal string: 1, -1 or 0 (0 for anything unparsable). */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  const n = Number(value);
  if (!Number.isFinite(n) || n === 0) return 0;
  return n > 0 ? 1 : -1;
}

/** 24h change: the wire sends a fraction ("0.0123"); shown as a signed percent ("+1.23%"). */
export function formatChangePercent(change: string | null | undefined, locale?: string): string {
  const n = Number(change);
  if (change == null || change === '' || !Number.isFinite(n)) return '--';
  const pct = n * 100;
  const text = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(pct));
  const rounded = Math.round(pct * 100);
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${text}%`;
}

/** A rate ("0.85") as a percent ("85%"), with up to two decimals. */
export function formatRatePercent(rate: string | number, locale?: string): string {
  const n = typeof rate === 'number' ? rate : Number(rate);
  if (!Number.isFinite(n)) return '--';
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(n);
}
