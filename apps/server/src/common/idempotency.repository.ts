import type { EntityManager } from 'typeorm';

/** A stored key with the answer of the request that took it (`status_code` null: no answer stored). */
export interface IdempotencyKeyRow {
  scope: string;
  request_hash: string;
  status_code: number | null;
  response: unknown;
}

/** What `insertKey` stores: the subject's key, the request it was taken by, and that request's answer. */
export interface IdempotencyKeyInsert {
  subjectId: string;
  key: string;
  scope: string;
  requestHash: string;
  status: number;
  body: unknown;
}

// The `idempotency_keys` table. Every statement runs on the caller's EntityManager: a key is stored inside
// the transaction of the work it answers for (see idempotency.ts).

export async function findKey(em: EntityManager, subjectId: string, key: string): Promise<IdempotencyKeyRow | null> {
  const rows: IdempotencyKeyRow[] = await em.query(
    `SELECT scope, request_hash, status_code, response FROM idempotency_keys WHERE subject_id = $1 AND key = $2`,
    [subjectId, key],
  );
  return rows[0] ?? null;
}

/** Stores the key; false when the subject already has it (waiting first for a transaction that holds it uncommitted). */
export async function insertKey(em: EntityManager, k: IdempotencyKeyInsert): Promise<boolean> {
  const inserted: unknown[] = await em.query(
    `INSERT INTO idempotency_keys (subject_id, key, scope, request_hash, status_code, response) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
     ON CONFLICT (subject_id, key) DO NOTHING RETURNING 1`,
    [k.subjectId, k.key, k.scope, k.requestHash, k.status, JSON.stringify(k.body)],
  );
  return inserted.length === 1;
}

/** Deletes up to `limit` keys stored before `before` (found by the BRIN index on created_at); returns how many went. */
export async function deleteKeysBefore(em: EntityManager, before: Date, limit: number): Promise<number> {
  const deleted: unknown = await em.query(
    `DELETE FROM idempotency_keys WHERE ctid = ANY(ARRAY(SELECT ctid FROM idempotency_keys WHERE created_at < $1 LIMIT $2))`,
    [before, limit],
  );
  // TypeORM answers a DELETE with [rows, affected count].
  return Array.isArray(deleted) && typeof deleted[1] === 'number' ? deleted[1] : 0;
}
