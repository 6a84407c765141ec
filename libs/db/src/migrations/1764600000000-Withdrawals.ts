import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Withdrawal requests. The account is copied into the request, so a later change of the withdrawal
 * account never alters what a reviewer approved; `timeline` is appended in the statement that changes
 * the status, so the two cannot disagree.
 */
export class Withdrawals1764600000000 implements MigrationInterface {
  name = 'Withdrawals1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE SEQUENCE withdrawal_no_seq;
      CREATE TABLE withdrawals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_no varchar(24) NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id),
        amount bigint NOT NULL CHECK (amount > 0),
        status varchar(12) NOT NULL DEFAULT 'in_review' CHECK (status IN ('in_review', 'successful', 'failed', 'cancelled')),
        account jsonb NOT NULL,
        approvals int NOT NULL DEFAULT 0,
        approvals_required int NOT NULL CHECK (approvals_required IN (1, 2)),
        first_approver_id uuid REFERENCES operators(id),
        reason text,
        timeline jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz
      );
      CREATE INDEX withdrawals_by_user ON withdrawals (user_id, created_at DESC, id DESC);
      CREATE INDEX withdrawals_in_review ON withdrawals (created_at, id) WHERE status = 'in_review';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE withdrawals; DROP SEQUENCE withdrawal_no_seq;`);
  }
}
