import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Deposit methods that operators configure, and users' deposit requests (the method copied in, as reviewed). */
export class Deposits1764700000000 implements MigrationInterface {
  name = 'Deposits1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deposit_methods (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type varchar(8) NOT NULL CHECK (type IN ('bank', 'crypto')),
        names jsonb NOT NULL,
        details jsonb NOT NULL,
        instructions jsonb NOT NULL DEFAULT '{}',
        min_amount bigint NOT NULL CHECK (min_amount > 0),
        max_amount bigint NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        sort int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (max_amount >= min_amount)
      );
      CREATE SEQUENCE deposit_no_seq;
      CREATE TABLE deposits (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_no varchar(24) NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id),
        method_id uuid NOT NULL REFERENCES deposit_methods(id),
        method jsonb NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        reference varchar(64),
        status varchar(12) NOT NULL DEFAULT 'in_review' CHECK (status IN ('in_review', 'successful', 'failed')),
        reason text,
        decided_by uuid REFERENCES operators(id),
        timeline jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz
      );
      CREATE INDEX deposits_by_user ON deposits (user_id, created_at DESC, id DESC);
      CREATE INDEX deposits_in_review ON deposits (created_at, id) WHERE status = 'in_review';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deposits; DROP SEQUENCE deposit_no_seq; DROP TABLE deposit_methods;`);
  }
}
