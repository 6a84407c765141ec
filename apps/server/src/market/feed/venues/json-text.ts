/**
 * JSON with every number kept as its source text: some exchanges (Kraken) send prices as JSON floats,
 * and JSON.parse would turn "63027.10000001" into the nearest double. Number tokens outside strings are
 * quoted before JSON.parse, so they come back as the exact text the exchange sent.
 */

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const PLAIN = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** JSON.parse, but every number becomes its source text (a string). Throws SyntaxError on malformed JSON. */
export function parseJsonKeepNumbers(text: string): unknown {
  let out = '';
  let from = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Skip the string, escapes included.
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i += 2;
        else if (d === 34) break;
        else i++;
      }
      i++;
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) throw new SyntaxError(`bad number at ${i}`);
      out += `${text.slice(from, i)}"${m[0]}"`;
      i += m[0].length;
      from = i;
    } else {
      i++;
    }
  }
  return JSON.parse(from === 0 ? text : out + text.slice(from));
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
