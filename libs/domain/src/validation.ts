/** The seed's helper rules, plus the password rules this platform adds. Pure functions, table-tested. */

/** User id: 6 to 12 word characters. */
export function isValidUserId(s: string): boolean {
  return /^\w{6,12}$/.test(s);
}

/** E-mail: a standard pattern (local@domain.tld), at most 254 characters. */
export function isValidEmail(s: string): boolean {
  return s.length <= 254 && /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(s);
}

/** Mainland China mobile: 11 digits, 1 then 3/4/5/7/8/9. */
export function isMainlandPhone(s: string): boolean {
  return /^1[345789]\d{9}$/.test(s);
}

/** International phone in E.164: + then 8 to 15 digits, no leading zero in the country code. */
export function isE164Phone(s: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(s);
}

/** Taiwan mobile in its national form: 09 then 8 digits (read as +886 by normalizePhone). */
export function isTaiwanMobile(s: string): boolean {
  return /^09\d{8}$/.test(s);
}

/** Check number (graphic captcha): exactly 4 digits. */
export function isValidCheckNumber(s: string): boolean {
  return /^\d{4}$/.test(s);
}

/** ID card: 15 digits, or 18 whose last is a digit or X. */
export function isValidIdCard(s: string): boolean {
  return /^(\d{15}|\d{17}[\dXx])$/.test(s);
}

/**
 * Real name: 2 to 5 Chinese characters when the nationality is CN; otherwise 2 to 60 letters
 * (any script, with their combining marks), spaces, apostrophes (' or ’), dots and hyphens,
 * starting with a letter and ending with a letter or mark (Thai and Hindi names often end in a mark).
 */
export function isValidRealName(name: string, nationality: string): boolean {
  if (nationality.trim().toUpperCase() === 'CN') return /^[\u4e00-\u9fa5]{2,5}$/.test(name);
  return name.length >= 2 && name.length <= 60 && /^\p{L}(?:[\p{L}\p{M} '\u2019.\-]*[\p{L}\p{M}])?$/u.test(name);
}

/** Login password: 8 to 64 characters with at least one letter and one digit. */
export function isValidLoginPassword(s: string): boolean {
  return s.length >= 8 && s.length <= 64 && /\p{L}/u.test(s) && /\d/.test(s);
}

/** Transaction (trade) password: exactly 6 digits. */
export function isValidTradePassword(s: string): boolean {
  return /^\d{6}$/.test(s);
}

/** Invitation code: 4 to 16 letters or digits. */
export function isValidInviteCode(s: string): boolean {
  return /^[A-Za-z0-9]{4,16}$/.test(s);
}

/**
 * The amount input rule, applied as the user types: keep digits and one dot, at most 2
 * decimals; on commit (`finalize`) a value of zero or less becomes `min` (default 1) and a
 * value above `max` (default 999999) is clamped to it.
 */
export function sanitizeAmountInput(raw: string): string {
  let out = '';
  let seenDot = false;
  let decimals = 0;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') {
      if (seenDot) {
        if (decimals >= 2) continue;
        decimals++;
      }
      out += ch;
    } else if (ch === '.' && !seenDot) {
      seenDot = true;
      out += out === '' ? '0.' : '.';
    }
  }
  return out;
}

export function finalizeAmountInput(raw: string, opts: { min?: number; max?: number } = {}): string {
  const min = opts.min ?? 1;
  const max = opts.max ?? 999999;
  const clean = sanitizeAmountInput(raw);
  const value = clean === '' || clean === '0.' ? 0 : Number(clean);
  if (!(value > 0)) return String(min);
  if (value > max) return String(max);
  // Canonical text: no trailing dot, no leading zeros ("007" -> "7", "00.5" -> "0.5").
  return (clean.endsWith('.') ? clean.slice(0, -1) : clean).replace(/^0+(?=\d)/, '');
}
