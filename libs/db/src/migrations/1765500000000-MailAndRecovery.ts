import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail and account recovery. A user's e-mail address is confirmed by a mailed link before withdrawals open
 * (users who registered before confirmation existed count as confirmed); a new address waits in `pending_email`
 * until its own link is used. `locale` is the language the user last registered or signed in with, so mails
 * caused by an operator or a job still go in that language. `mail_preferences` holds only the kinds turned off
 * (`{"withdrawalDecided": false}`); a missing kind is on.
 *
 * `mail_tokens` holds the one-use links (password reset, e-mail confirmation): only an HMAC of the token is
 * stored, so a copy of the table opens no account; a token is used once (`used_at`) and expires.
 */
export class MailAndRecovery1765500000000 implements MigrationInterface {
  name = 'MailAndRecovery1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN email_confirmed_at timestamptz NULL,
        ADD COLUMN pending_email varchar(254) NULL,
        ADD COLUMN locale varchar(8) NULL,
        ADD COLUMN mail_preferences jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(mail_preferences) = 'object');
      UPDATE users SET email_confirmed_at = now();

      CREATE TABLE mail_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(8) NOT NULL CHECK (kind IN ('reset', 'confirm')),
        user_id uuid NOT NULL REFERENCES users(id),
        token_hash bytea NOT NULL CHECK (octet_length(token_hash) = 32),
        email varchar(254) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT mail_tokens_expiry CHECK (expires_at > created_at),
        CONSTRAINT mail_tokens_used_once CHECK (used_at IS NULL OR used_at >= created_at)
      );
      CREATE UNIQUE INDEX mail_tokens_hash ON mail_tokens (token_hash);
      -- A new link of one kind voids the user's earlier unused ones.
      CREATE INDEX mail_tokens_open_by_user ON mail_tokens (user_id, kind) WHERE used_at IS NULL;
      CREATE INDEX mail_tokens_by_expiry ON mail_tokens (expires_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE mail_tokens;
      ALTER TABLE users DROP COLUMN email_confirmed_at, DROP COLUMN pending_email, DROP COLUMN locale, DROP COLUMN mail_preferences;
    `);
  }
}
