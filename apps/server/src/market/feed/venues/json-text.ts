const PLAIN = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/**
 * JSON where the numbers of some keys are kept as their source text: some exchanges (Kraken) send prices
 * as JSON floats, and JSON.parse would turn "63027.10000001" into the nearest double. The number after each
 * of the named keys is quoted before JSON.parse, so it comes back as the exact text the exchange sent; the
 * frame's other numbers (sizes, volumes, never read as money) stay doubles, which spares quoting every one of
 * thousands of frames a second. A quoted name followed by a colon is a key wherever it stands in valid JSON
 * (a quote inside a string value is escaped), so no string value is changed.
 */
export function jsonKeepingNumbersOf(keys: readonly string[]): (text: string) => unknown {
  const names = keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const valueOfKey = new RegExp(`("(?:${names})"\\s*:\\s*)(-?(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)(?=\\s*[,}\\]])`, 'g');
  return (text) => JSON.parse(text.replace(valueOfKey, '$1"$2"'));
}

/**
 * A JSON number's text as a plain decimal string, exactly: "63027.1" -> "63027.1", "1.234e-05" ->
 * "0.00001234", "5E+3" -> "5000". Null when the text is not a JSON number.
 */
export function numberTextToDecimal(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  if (PLAIN.test(text)) return text; // already a plain decimal without leading zeros: the common case, as sent
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return null;
  const sign = m[1]!;
  const exp = m[4] ? Number(m[4]) : 0;
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 100) return null;
  let digits = m[2]! + (m[3] ?? '');
  let point = m[2]!.length + exp; // position of the decimal point within `digits`
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(point);
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/** A price field as a decimal string: a string of digits as sent, or a number's source text converted exactly. */
export function priceText(v: unknown): string | null {
  if (typeof v !== 'string' || v === '') return null;
  return numberTextToDecimal(v);
}
