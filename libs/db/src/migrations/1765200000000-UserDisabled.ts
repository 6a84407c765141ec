import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An operator can disable a user's account: sign-in is then refused and every session ends. The reason
 * stays with the account (and in the audit log, which the user reads as operator actions).
 */
export class UserDisabled1765200000000 implements MigrationInterface {
  name = 'UserDisabled1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN disabled_at timestamptz NULL, ADD COLUMN disabled_reason text NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN disabled_at, DROP COLUMN disabled_reason`);
  }
}
