import { formatCents, MAX_AMOUNT_CENTS } from '@candor/domain';

// The amount box of the money forms (deposit, withdrawal, Yu'e Bao transfers). What the user types is kept as
// typed: a character that is neither a digit nor the first dot is not inserted (and said so), nothing is
// rounded, clamped or replaced. An amount outside the form's limits is reported, never corrected.

const AMOUNT = /^(?:\d{1,12}(?:\.\d{0,2})?|\.\d{1,2})$/;

/** "12.5" -> 1250, "12." -> 1200, ".5" -> 50; null when it is not an amount with at most two decimals. */
export function toCents(text: string): number | null {
  const s = text.trim();
  if (!AMOUNT.test(s)) return null;
  const [whole = '', frac = ''] = s.split('.');
  return Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
}

/**
 * What the amount box keeps of a change: digits and the first dot, in the order typed, nothing else changed
 * (no decimals cut, no "0" added). `refused` lists the characters that were not inserted, once each.
 */
export function typedAmount(raw: string): { text: string; refused: string } {
  let text = '';
  let refused = '';
  let seenDot = false;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') text += ch;
    else if (ch === '.' && !seenDot) {
      seenDot = true;
      text += ch;
    } else if (!refused.includes(ch) && ch.trim() !== '') refused += ch;
  }
  return { text, refused };
}

/** The bounds of one form, in cents. `over` names what the maximum is (the message beside the field). */
export interface AmountLimits {
  min: number;
  max: number;
  over: 'method' | 'balance' | 'earnIn' | 'earnOut' | 'limit';
  /** An amount allowed below the minimum (Yu'e Bao: everything left may move out). */
  all?: number;
}

/** Why an amount cannot be sent, with what the message needs; null when it can. */
export type AmountIssue =
  | { kind: 'empty' }
  | { kind: 'format' }
  | { kind: 'decimals' }
  | { kind: 'belowMin'; min: string }
  | { kind: 'overMax'; max: string; over: AmountLimits['over'] }
  | { kind: 'none'; over: AmountLimits['over'] };

/** The bounds as cents, from wire amounts ("10.00"); the maximum is never above the platform's 999,999.00. */
export function amountLimits(min: string | undefined, max: string | undefined, over: AmountLimits['over'], all?: string): AmountLimits {
  const lo = min === undefined ? null : toCents(min);
  const hi = max === undefined ? null : toCents(max);
  const whole = all === undefined ? null : toCents(all);
  return {
    min: Math.max(lo ?? 1, 1),
    max: Math.min(hi ?? MAX_AMOUNT_CENTS, MAX_AMOUNT_CENTS),
    over,
    ...(whole !== null && whole > 0 ? { all: whole } : {}),
  };
}

/** The problem of the typed text against the limits (wire amounts in the issue), or null. */
export function amountIssue(text: string, limits: AmountLimits): AmountIssue | null {
  const s = text.trim();
  if (s === '') return { kind: 'empty' };
  if (/^\d*\.\d{3,}$/.test(s)) return { kind: 'decimals' };
  const cents = toCents(s);
  if (cents === null) return { kind: 'format' };
  // Nothing can move when the largest allowed amount is below the smallest (an empty balance, say).
  if (cents > 0 && cents === limits.all && cents <= limits.max) return null;
  if (limits.max < limits.min && !(limits.all !== undefined && limits.all <= limits.max)) return { kind: 'none', over: limits.over };
  if (cents < limits.min) return { kind: 'belowMin', min: formatCents(limits.min) };
  if (cents > limits.max) return { kind: 'overMax', max: formatCents(limits.max), over: limits.over };
  return null;
}

/** The largest amount the "maximum" button fills (a wire amount), or null when nothing can move. */
export function maxAmount(limits: AmountLimits): string | null {
  if (limits.max >= limits.min) return formatCents(limits.max);
  return limits.all !== undefined && limits.all <= limits.max ? formatCents(limits.all) : null;
}

/** The amount to send: the typed value in the wire's form ("12." -> "12.00"); null when it is not an amount. */
export function wireAmount(text: string): string | null {
  const cents = toCents(text);
  return cents === null ? null : formatCents(cents);
}
