import { DomainError } from './domain-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID; anything else in a path is answered 404, never a database error. */
export const isUuid = (s: string): boolean => UUID.test(s);

export interface KeysetPosition {
  createdAt: string;
  id: string;
}

/**
 * The opaque cursor after a row of a list ordered by (created_at, id). Postgres keeps microseconds and a Date
 * only milliseconds: a list whose rows can share a millisecond passes the time as Postgres wrote it
 * (`keysetPosition` in its SELECT), so the next page starts exactly after the row and repeats none.
 */
export function keysetCursor(createdAt: Date | string, id: string): string {
  return Buffer.from(`${typeof createdAt === 'string' ? createdAt : createdAt.toISOString()}|${id}`).toString('base64url');
}

/** A SELECT expression for a timestamptz column as exact ISO text in UTC (microseconds), for `keysetCursor`. */
export const keysetPosition = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The position a cursor names, null for none; a cursor that is not one of ours is 400 on `cursor`. */
export function parseKeysetCursor(cursor: string | undefined): KeysetPosition | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id || !isUuid(id) || Number.isNaN(Date.parse(createdAt))) throw new DomainError('VALIDATION_FAILED', 'cursor');
  return { createdAt, id };
}
