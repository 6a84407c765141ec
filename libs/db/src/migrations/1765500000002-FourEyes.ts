import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Four eyes on deposits as on withdrawals: a deposit may wait for a second approval by another operator.
 * Every approval is kept in money_approvals, so the sum one operator approved for one user in the last
 * hours is one indexed read (the threshold applies to that sum, not only to one request).
 */
export class FourEyes1765500000002 implements MigrationInterface {
  name = 'FourEyes1765500000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE deposits
        ADD COLUMN approvals int NOT NULL DEFAULT 0,
        ADD COLUMN approvals_required int NOT NULL DEFAULT 1 CHECK (approvals_required IN (1, 2)),
        ADD COLUMN first_approver_id uuid NULL REFERENCES operators(id)`);
    await q.query(`
      CREATE TABLE money_approvals (
        id bigserial PRIMARY KEY,
        kind varchar(16) NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
        request_id uuid NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id),
        operator_id uuid NOT NULL REFERENCES operators(id),
        amount bigint NOT NULL CHECK (amount > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, request_id, operator_id)
      )`);
    await q.query(`CREATE INDEX money_approvals_by_operator_user ON money_approvals (user_id, operator_id, created_at)`);
    // Withdrawals approved before this migration count too, as far as the row tells (the first approver).
    await q.query(`
      INSERT INTO money_approvals (kind, request_id, user_id, operator_id, amount, created_at)
      SELECT 'withdrawal', id, user_id, first_approver_id, amount, coalesce(decided_at, created_at)
        FROM withdrawals WHERE first_approver_id IS NOT NULL AND created_at > now() - interval '2 days'`);
    await q.query(`
      INSERT INTO money_approvals (kind, request_id, user_id, operator_id, amount, created_at)
      SELECT 'deposit', id, user_id, decided_by, amount, decided_at
        FROM deposits WHERE status = 'successful' AND decided_by IS NOT NULL AND decided_at > now() - interval '2 days'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE money_approvals`);
    await q.query(`ALTER TABLE deposits DROP COLUMN approvals, DROP COLUMN approvals_required, DROP COLUMN first_approver_id`);
  }
}
