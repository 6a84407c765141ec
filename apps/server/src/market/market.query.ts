import { CANDLE_INTERVALS, type CandleInterval } from '@candor/contracts';
import { z } from 'zod';
import { DomainError } from '../common/domain-error.js';

const SYMBOL = /^[A-Z0-9]{2,20}$/;

/** A product symbol from the path, upper-cased; anything that cannot be a symbol is simply not found. */
export function symbolParam(raw: string): string {
  const s = String(raw ?? '').toUpperCase();
  if (!SYMBOL.test(s)) throw new DomainError('NOT_FOUND');
  return s;
}

/**
 * A time in a query: ISO 8601 with a zone, or digits as epoch seconds (up to 11 digits) or
 * milliseconds (12 or 13 digits). Null when malformed.
 */
export function parseTimeParam(text: string): number | null {
  if (/^\d{1,11}$/.test(text)) return Number(text) * 1000;
  if (/^\d{12,13}$/.test(text)) return Number(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

const time = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const ms = parseTimeParam(s);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: 'time' });
      return z.NEVER;
    }
    return ms;
  });

/** `?interval&from&to` of the candles endpoint (times as parsed epoch ms). */
export const candlesQuerySchema = z.strictObject({
  interval: z.enum(CANDLE_INTERVALS).default('1m'),
  from: time.optional(),
  to: time.optional(),
  lang: z.string().max(10).optional(),
});
export type CandlesQuery = { interval: CandleInterval; from?: number; to?: number };

/** `?from&to` of the ticks and blocks endpoints. */
export const rangeQuerySchema = z.strictObject({ from: time.optional(), to: time.optional(), lang: z.string().max(10).optional() });
export type RangeQuery = { from?: number; to?: number };

/** At most this many candles per request. */
export const MAX_CANDLES = 500;
/** Candles returned when no `from` is given. */
export const DEFAULT_CANDLES = 300;
/** Longest tick/block window per request (10 minutes), and the default (the last minute). */
export const MAX_RECORD_WINDOW_MS = 600_000;
export const DEFAULT_RECORD_WINDOW_MS = 60_000;

/**
 * The candle buckets to return: the buckets containing `from` and `to` and those between,
 * at most MAX_CANDLES (the latest ones, ending at `to`). `to` defaults to now, `from` to
 * DEFAULT_CANDLES buckets before `to`. Returns [first bucket start, end exclusive).
 */
export function candleWindow(intervalSeconds: number, nowMs: number, from?: number, to?: number): { start: number; end: number } {
  const size = intervalSeconds * 1000;
  const toMs = to ?? nowMs;
  if (from !== undefined && from > toMs) throw new DomainError('VALIDATION_FAILED', 'from');
  const last = Math.floor(toMs / size) * size;
  let first = from !== undefined ? Math.floor(from / size) * size : last - (DEFAULT_CANDLES - 1) * size;
  if ((last - first) / size + 1 > MAX_CANDLES) first = last - (MAX_CANDLES - 1) * size;
  return { start: first, end: last + size };
}

/**
 * The window of the tick record to return, both ends inclusive: `from` given -> at most
 * MAX_RECORD_WINDOW_MS from it; only `to` -> the minute before it; neither -> the last minute.
 */
export function recordWindow(nowMs: number, from?: number, to?: number): { from: number; to: number } {
  if (from !== undefined && to !== undefined && from > to) throw new DomainError('VALIDATION_FAILED', 'from');
  if (from !== undefined) return { from, to: Math.min(to ?? from + MAX_RECORD_WINDOW_MS, from + MAX_RECORD_WINDOW_MS) };
  const end = to ?? nowMs;
  return { from: end - DEFAULT_RECORD_WINDOW_MS, to: end };
}
