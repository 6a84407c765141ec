import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each user's withdrawal account (one, replaced by a change that starts a hold) and the transaction password's lockout counters. */
export class WithdrawalAccounts1764500000000 implements MigrationInterface {
  name = 'WithdrawalAccounts1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE withdrawal_accounts (
        user_id uuid PRIMARY KEY REFERENCES users(id),
        type varchar(8) NOT NULL CHECK (type IN ('bank', 'crypto')),
        account_name varchar(64) NOT NULL,
        nationality varchar(64) NOT NULL,
        bank varchar(64),
        card_number varchar(19),
        region varchar(64),
        currency_address varchar(90),
        network varchar(8),
        hold_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((type = 'bank' AND bank IS NOT NULL AND card_number IS NOT NULL AND currency_address IS NULL AND network IS NULL)
            OR (type = 'crypto' AND currency_address IS NOT NULL AND network IS NOT NULL AND card_number IS NULL AND bank IS NULL))
      );
      ALTER TABLE users ADD COLUMN trade_password_failures int NOT NULL DEFAULT 0,
                        ADD COLUMN trade_password_locked_until timestamptz;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users DROP COLUMN trade_password_locked_until, DROP COLUMN trade_password_failures;
      DROP TABLE withdrawal_accounts;
    `);
  }
}
