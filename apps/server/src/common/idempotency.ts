import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { DomainError } from './domain-error.js';
import { deleteKeysBefore, findKey, insertKey, type IdempotencyKeyRow } from './idempotency.repository.js';

/**
 * `Idempotency-Key` for money-moving POSTs, on the `idempotency_keys` table, scoped to the subject (user or
 * operator id). The key and its answer are stored INSIDE the transaction that does the work, so they commit
 * or roll back together: a repeat replays the first answer, another request under the key is 409
 * IDEMPOTENCY_KEY_REUSED, a concurrent repeat waits for the first and replays it, and a refused first
 * attempt keeps nothing (docs/internals.md, "Idempotency keys").
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_FORMAT = /^[\x21-\x7e]{1,128}$/;

export interface IdempotencyClaim {
  subjectId: string;
  key: string;
  scope: string;
  requestHash: string;
}
export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** JSON with object keys sorted at every level, so equal requests hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}

/**
 * The claim for one request, or null when no `Idempotency-Key` header was sent. `request` should
 * be the validated, normalised command (so "10" and "10.00" are the same request).
 * A malformed key (empty, over 128 characters, spaces or non-ASCII) is 400 VALIDATION_FAILED.
 */
export function idempotencyClaim(header: unknown, subjectId: string, scope: string, request: unknown): IdempotencyClaim | null {
  if (header === undefined || header === null) return null;
  const key = Array.isArray(header) ? undefined : header;
  if (typeof key !== 'string' || !KEY_FORMAT.test(key)) throw new DomainError('VALIDATION_FAILED', 'Idempotency-Key');
  const requestHash = createHash('sha256')
    .update(`${scope}\n${canonicalJson(request)}`)
    .digest('hex');
  return { subjectId, key, scope, requestHash };
}

function answerOf<T>(claim: IdempotencyClaim, row: IdempotencyKeyRow): IdempotentResult<T> {
  if (row.scope !== claim.scope || row.request_hash !== claim.requestHash || row.status_code === null) {
    throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');
  }
  return { status: row.status_code, body: row.response as T, replayed: true };
}

/** The stored answer of an earlier request with this key (409 if it was another request), or null. A cheap check before any work. */
export async function findIdempotent<T>(em: EntityManager, claim: IdempotencyClaim): Promise<IdempotentResult<T> | null> {
  const row = await findKey(em, claim.subjectId, claim.key);
  return row ? answerOf<T>(claim, row) : null;
}

/** Raised inside the work's transaction when another request committed the key first: rolls the work back. */
class KeyTaken extends Error {}

/**
 * Stores the key with its answer, in the work's transaction. False when the key is already taken:
 * if another transaction holds it uncommitted, this waits for it (unique index) first.
 */
export async function recordIdempotent(em: EntityManager, claim: IdempotencyClaim, status: number, body: unknown): Promise<boolean> {
  return insertKey(em, { subjectId: claim.subjectId, key: claim.key, scope: claim.scope, requestHash: claim.requestHash, status, body });
}

/**
 * Runs `work` in a transaction (via `transaction`); with a claim, the key and the answer are
 * stored at the end of that same transaction. When another request committed the key first, this
 * one's work is rolled back and the earlier answer returned (or 409 for another request). The
 * happy path costs one extra statement. With no claim it is just the transaction.
 */
export async function runIdempotent<T>(
  transaction: <R>(fn: (em: EntityManager) => Promise<R>) => Promise<R>,
  claim: IdempotencyClaim | null,
  status: number,
  work: (em: EntityManager) => Promise<T>,
  lookup: EntityManager,
): Promise<IdempotentResult<T>> {
  try {
    return await transaction(async (em) => {
      const body = await work(em);
      if (claim && !(await recordIdempotent(em, claim, status, body))) throw new KeyTaken();
      return { status, body, replayed: false };
    });
  } catch (e) {
    if (e instanceof KeyTaken) {
      const earlier = await findIdempotent<T>(lookup, claim!);
      if (earlier) return earlier;
    }
    throw e;
  }
}

/**
 * For a request with a key that was refused (a DomainError, before or inside the work): if the key
 * already has an answer, that answer wins (the first answer is final); otherwise the refusal stands.
 */
export async function answerOrRethrow<T>(lookup: EntityManager, claim: IdempotencyClaim | null, err: unknown): Promise<IdempotentResult<T>> {
  if (claim && err instanceof DomainError && err.code !== 'IDEMPOTENCY_KEY_REUSED') {
    const earlier = await findIdempotent<T>(lookup, claim);
    if (earlier) return earlier;
  }
  throw err;
}

/**
 * Removes the keys (and their answers) stored before `before`, `chunk` rows per statement so a large
 * backlog never holds locks for long; returns how many went. Rows are found by the BRIN index on
 * created_at (migration IdempotencyKeysByAge). Run by the worker's housekeeping job.
 */
export async function pruneIdempotencyKeys(em: EntityManager, before: Date, chunk = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteKeysBefore(em, before, chunk);
    total += n;
    if (n < chunk) return total;
  }
}
