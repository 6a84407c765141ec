/** Money is carried as integer minor units (cents). No floating point ever touches a balance. */
export type Cents = number;

export const MAX_AMOUNT_CENTS = 999_999_00;

/** Format cents as a wire decimal string with two decimals: 125000 -> "1250.00", -5 -> "-0.05". */
export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a safe integer amount: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  return `${sign}${whole}.${frac.toString().padStart(2, '0')}`;
}

/** Strictly parse a wire decimal ("12", "12.3", "12.34", or a finite number) into cents; null if malformed. */
export function parseMoney(input: unknown): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const whole = Number(m[2]);
  const frac = Number((m[3] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + frac;
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] && cents !== 0 ? -cents : cents; // "-0" is 0, never -0
}
