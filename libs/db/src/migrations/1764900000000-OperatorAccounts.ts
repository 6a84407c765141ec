import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operator accounts and two-factor sign-in: the `finance` role, disabling an operator, the TOTP
 * secret (AES-256-GCM, never in clear) with the last accepted time step (a code is refused a second
 * time), and one-use recovery codes kept as keyed hashes.
 */
export class OperatorAccounts1764900000000 implements MigrationInterface {
  name = 'OperatorAccounts1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE operators DROP CONSTRAINT IF EXISTS operators_role_check;
      ALTER TABLE operators ADD CONSTRAINT operators_role_check CHECK (role IN ('admin','reviewer','support','finance'));
      ALTER TABLE operators
        ADD COLUMN disabled_at timestamptz,
        ADD COLUMN totp_secret_enc text,
        ADD COLUMN totp_enrolled_at timestamptz,
        ADD COLUMN totp_last_step bigint;
      CREATE TABLE operator_recovery_codes (
        operator_id uuid NOT NULL REFERENCES operators(id),
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (operator_id, code_hash)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE operator_recovery_codes;
      ALTER TABLE operators DROP COLUMN disabled_at, DROP COLUMN totp_secret_enc, DROP COLUMN totp_enrolled_at, DROP COLUMN totp_last_step;
      UPDATE operators SET role = 'support' WHERE role = 'finance';
      ALTER TABLE operators DROP CONSTRAINT operators_role_check;
      ALTER TABLE operators ADD CONSTRAINT operators_role_check CHECK (role IN ('admin','reviewer','support'));
    `);
  }
}
