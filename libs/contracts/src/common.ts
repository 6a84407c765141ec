import { z } from 'zod';

/** A second-factor code as typed: a TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`), users' and operators'. */
export const totpField = z
  .string()
  .trim()
  .min(6)
  .max(32)
  .regex(/^[0-9A-Za-z -]+$/);

/** A money amount on the wire: a decimal string ("12.50") or a JSON number. Parsed to cents by the server. */
export const moneyInput = z.union([z.string().max(40), z.number()]);
/** A money amount in a response: a decimal string with two decimals. */
export type Money = string;
/** A price in a response: a decimal string with the product's precision. */
export type Price = string;
/** ISO 8601 UTC time. */
export type IsoTime = string;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export const pageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
});

const MAX_BIGINT = 9_223_372_036_854_775_807n;
export const isBigintId = (s: string): boolean => /^\d{1,19}$/.test(s) && BigInt(s) <= MAX_BIGINT;
/** Digits that no bigint id can be: a path id so is refused as bad input (400 on `id`), not looked up. */
export const isIdBeyondBigint = (s: string): boolean => /^\d+$/.test(s) && !isBigintId(s);
/**
 * A bigint row id or keyset cursor (digits within Postgres's bigint), so no id reaches the database out of range.
 * The refinement guards itself: zod runs it even after the regex failed, and BigInt() throws on text that is no number.
 */
export const bigintId = z
  .string()
  .regex(/^\d{1,19}$/)
  .refine(isBigintId);

// Dates people and systems actually mean; Postgres refuses year 0 and offsets beyond ±15:59 with an error.
const MIN_TIME = Date.UTC(1970, 0, 1);
const MAX_TIME = Date.UTC(2200, 0, 1);
/** An ISO 8601 date-time with an offset of at most ±14:00 in 1970..2199, passed on in UTC ("...Z"). */
export const saneDateTime = z.iso
  .datetime({ offset: true })
  .refine((s) => {
    const offset = /([+-])(\d{2}):?(\d{2})$/.exec(s);
    const minutes = offset ? Number(offset[2]) * 60 + Number(offset[3]) : 0;
    const t = Date.parse(s);
    return minutes <= 14 * 60 && t >= MIN_TIME && t < MAX_TIME;
  })
  .transform((s) => new Date(s).toISOString());
/** A real calendar date YYYY-MM-DD in 1970..2199 (no February 30th, no year 0). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return t >= MIN_TIME && t < MAX_TIME && new Date(t).toISOString().slice(0, 10) === s;
  });

/** Bidirectional overrides and isolates: they make a name read differently from what it is. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** Control characters (C0 including tab and new lines, DEL, C1): a name is one line of visible text. */
const NAME_CONTROLS = /[\u0000-\u001F\u007F-\u009F]/;
/** A name shown to other people (a nickname): trimmed, 1..max characters, no bidi or other control characters. */
export const displayName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !BIDI_CONTROLS.test(s) && !NAME_CONTROLS.test(s));

// C0 controls other than tab, line feed and carriage return, DEL, and UTF-16 halves without their pair:
// none is text anyone types, Postgres refuses NUL, and a lone surrogate is not valid UTF-8.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** True when a string is text that may be stored: valid UTF-16 without control characters. */
export const isStorableText = (s: string): boolean => !CONTROL.test(s) && !LONE_SURROGATE.test(s);
