import { sanitizeAmountInput } from '@candor/domain';

// The amount box of the money forms (deposit, withdrawal, Yu'e Bao transfers): what it keeps while typing and
// the amount it holds, in integer cents.

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** "12.5" -> 1250; null when it is not an amount with at most two decimals. */
export function toCents(text: string): number | null {
  const s = text.trim();
  if (!AMOUNT.test(s)) return null;
  const [whole = '0', frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** What the amount box keeps while typing: digits and one dot, at most two decimals. */
export function amountInput(raw: string): string {
  return sanitizeAmountInput(raw);
}
