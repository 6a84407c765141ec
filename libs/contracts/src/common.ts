import { z } from 'zod';

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
