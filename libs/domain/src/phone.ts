/**
 * One person, one phone: numbers are stored, compared and indexed in E.164 (`+8613954176704`), so two
 * spellings of one number are one account.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isMainlandPhone, isTaiwanMobile } from './validation.js';

/** What people type between digits: spaces, hyphens, dots and parentheses. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * A phone number in E.164, or null when it cannot be read as one.
 *
 * - A mainland mobile written without a country code (11 digits, 1 then 3/4/5/7/8/9) is read as +86:
 *   the product's own rule for phones.
 * - A Taiwan mobile in its national form (`09` and 8 digits) is read as +886 without the trunk 0:
 *   Traditional Chinese (Taiwan) is the default locale, and that is how Taiwan writes a mobile.
 * - Any other number must start with `+` and its country code: without one, a national number is
 *   ambiguous (`0912345678` is a Taiwan mobile, and also a number in other countries' plans).
 * - A number with `+` is parsed by libphonenumber (its trunk prefix dropped: `+8860912345678` is
 *   `+886912345678`) and must have a possible length for its country.
 */
export function normalizePhone(raw: string): string | null {
  const s = raw.trim().replace(SEPARATORS, '');
  if (isMainlandPhone(s)) return `+86${s}`;
  if (isTaiwanMobile(s)) return `+886${s.slice(1)}`;
  if (!/^\+\d{1,17}$/.test(s)) return null;
  const parsed = parsePhoneNumberFromString(s, { extract: false });
  return parsed?.isPossible() ? parsed.number : null;
}
