/**
 * Exact helpers for decimal strings (prices, rates). No floating point: values are compared
 * digit by digit or as scaled bigints, so "1.50" and "1.5" are equal and "0.1" + "0.2" never drifts.
 *
 * Accepted form: an optional "-", then digits with an optional fraction ("12", "12.30", "12."),
 * or a bare fraction (".5"). No exponent, no "+", no spaces, no thousands separators.
 */
const DECIMAL = /^(-)?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** A decimal split into sign and digits, normalised: no leading zeros in `int` ("0" at least), no trailing zeros in `frac`, zero is never negative. */
export interface ParsedDecimal {
  negative: boolean;
  int: string;
  frac: string;
}

export function parseDecimal(s: string): ParsedDecimal | null {
  const m = DECIMAL.exec(s);
  if (!m) return null;
  const int = (m[2] ?? '').replace(/^0+/, '') || '0';
  const frac = (m[3] ?? m[4] ?? '').replace(/0+$/, '');
  const negative = m[1] === '-' && (int !== '0' || frac !== '');
  return { negative, int, frac };
}

export function isDecimal(s: unknown): s is string {
  return typeof s === 'string' && DECIMAL.test(s);
}

function mustParse(s: string): ParsedDecimal {
  const p = typeof s === 'string' ? parseDecimal(s) : null;
  if (!p) throw new RangeError(`not a decimal string: ${JSON.stringify(String(s).slice(0, 40))}`);
  return p;
}

/** Canonical text of a decimal: "007.50" -> "7.5", "-0.00" -> "0", ".5" -> "0.5". Throws RangeError if malformed. */
export function normalizeDecimal(s: string): string {
  const p = mustParse(s);
  return `${p.negative ? '-' : ''}${p.int}${p.frac ? `.${p.frac}` : ''}`;
}

function compareMagnitude(a: ParsedDecimal, b: ParsedDecimal): -1 | 0 | 1 {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1;
  if (a.int !== b.int) return a.int < b.int ? -1 : 1;
  const len = Math.max(a.frac.length, b.frac.length);
  const fa = a.frac.padEnd(len, '0');
  const fb = b.frac.padEnd(len, '0');
  if (fa === fb) return 0;
  return fa < fb ? -1 : 1;
}

/** Exact comparison of two decimal strings: -1 if a < b, 0 if equal in value, 1 if a > b. Throws RangeError if either is malformed. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const pa = mustParse(a);
  const pb = mustParse(b);
  if (pa.negative !== pb.negative) return pa.negative ? -1 : 1;
  const m = compareMagnitude(pa, pb);
  return pa.negative ? ((-m || 0) as -1 | 0 | 1) : m;
}

/** The larger of two decimal strings (the first one when equal), unchanged in text. */
export function maxDecimal(a: string, b: string): string {
  return compareDecimal(b, a) > 0 ? b : a;
}

/** The smaller of two decimal strings (the first one when equal), unchanged in text. */
export function minDecimal(a: string, b: string): string {
  return compareDecimal(b, a) < 0 ? b : a;
}

/** Number of fraction digits of the normalised value ("1.50" -> 1, "3" -> 0). */
export function decimalPlaces(s: string): number {
  return mustParse(s).frac.length;
}

/**
 * The decimal times 10^scale as an exact bigint: ("0.85", 4) -> 8500n. Throws RangeError when
 * the value has more than `scale` significant fraction digits (no silent rounding).
 */
export function decimalToScaled(s: string, scale: number): bigint {
  if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`bad scale: ${scale}`);
  const p = mustParse(s);
  if (p.frac.length > scale) throw new RangeError(`more than ${scale} decimals: ${s.slice(0, 40)}`);
  const v = BigInt(p.int + p.frac.padEnd(scale, '0'));
  return p.negative ? -v : v;
}

/** Inverse of decimalToScaled with exactly `scale` decimals: (8500n, 4) -> "0.8500", (-5n, 2) -> "-0.05". */
export function scaledToDecimal(v: bigint, scale: number): string {
  if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`bad scale: ${scale}`);
  const negative = v < 0n;
  const digits = (negative ? -v : v).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

/** a / b rounded half away from zero, for bigints (b != 0). */
export function divRoundHalfAway(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const q = (2n * absA + absB) / (2n * absB);
  return negative ? -q : q;
}

/** A decimal rounded half away from zero to `precision` places (as Postgres' round(numeric, n)): ("1.08416", 2) -> "1.08". */
export function roundDecimal(s: string, precision: number): string {
  const scale = decimalPlaces(s);
  if (scale <= precision) return scaledToDecimal(decimalToScaled(s, precision), precision);
  return scaledToDecimal(divRoundHalfAway(decimalToScaled(s, scale), 10n ** BigInt(scale - precision)), precision);
}

/**
 * Relative change (to - from) / from as a decimal string with `decimals` places, rounded half
 * away from zero: ("100", "101.5") -> "0.0150". Throws RangeError if `from` is zero.
 */
export function relativeChange(from: string, to: string, decimals = 4): string {
  const scale = Math.max(decimalPlaces(from), decimalPlaces(to));
  const a = decimalToScaled(from, scale);
  const b = decimalToScaled(to, scale);
  if (a === 0n) throw new RangeError('relative change from zero');
  return scaledToDecimal(divRoundHalfAway((b - a) * 10n ** BigInt(decimals), a), decimals);
}
