import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys are kept for a day (IDEMPOTENCY_KEY_TTL_MS); the worker's housekeeping job removes
 * older ones. Rows arrive in created_at order, so a BRIN index finds the old ones for almost no
 * upkeep on the order path.
 */
export class IdempotencyKeysByAge1764000000002 implements MigrationInterface {
  name = 'IdempotencyKeysByAge1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idempotency_keys_created_brin ON idempotency_keys USING brin (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idempotency_keys_created_brin`);
  }
}
