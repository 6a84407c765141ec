import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users' optional two-factor sign-in (issue 49): the TOTP secret (AES-256-GCM under USER_TOTP_ENCRYPTION_KEY,
 * never in clear) with the last accepted time step (a code is refused a second time), one-use recovery codes
 * kept as keyed hashes, and `totp` as a reason a sign-in failed.
 */
export class UserTotp1766000000200 implements MigrationInterface {
  name = 'UserTotp1766000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN totp_secret_enc text,
        ADD COLUMN totp_enabled_at timestamptz,
        ADD COLUMN totp_last_step bigint;
      CREATE TABLE user_recovery_codes (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, code_hash)
      );
      ALTER TABLE login_events DROP CONSTRAINT login_events_reason_check;
      ALTER TABLE login_events ADD CONSTRAINT login_events_reason_check CHECK (reason IN ('password', 'disabled', 'totp'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM login_events WHERE reason = 'totp';
      ALTER TABLE login_events DROP CONSTRAINT login_events_reason_check;
      ALTER TABLE login_events ADD CONSTRAINT login_events_reason_check CHECK (reason IN ('password', 'disabled'));
      DROP TABLE user_recovery_codes;
      ALTER TABLE users DROP COLUMN totp_secret_enc, DROP COLUMN totp_enabled_at, DROP COLUMN totp_last_step;
    `);
  }
}
