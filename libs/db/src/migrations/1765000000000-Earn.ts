import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Yu'e Bao: versioned settings (never edited, a change is a new version effective from the next posting),
 * the holiday calendar, each holder's income account, lots (transfers in) and transfers out with the parts
 * they took, one income row per user and date, and one run row per income date (docs/earn.md).
 */
export class Earn1765000000000 implements MigrationInterface {
  name = 'Earn1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE earn_settings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        effective_date date NOT NULL,
        effective_at timestamptz NOT NULL,
        daily_rate numeric(12, 8) NOT NULL CHECK (daily_rate >= 0 AND daily_rate <= 0.1),
        cutoff varchar(5) NOT NULL CHECK (cutoff ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        timezone varchar(64) NOT NULL,
        min_amount bigint NOT NULL CHECK (min_amount > 0 AND min_amount <= 99999900),
        daily_in_limit int NOT NULL CHECK (daily_in_limit BETWEEN 1 AND 10000),
        daily_out_limit int NOT NULL CHECK (daily_out_limit BETWEEN 1 AND 10000),
        operator_id uuid NULL REFERENCES operators(id),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TRIGGER earn_settings_append_only BEFORE UPDATE OR DELETE ON earn_settings FOR EACH ROW EXECUTE FUNCTION candor_append_only();

      CREATE TABLE earn_holidays (
        date date PRIMARY KEY,
        name varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- One row per user who ever transferred in: the income not yet transferred out, and all income paid.
      -- Updated by every posting: half of each page is left for HOT updates (no index names these columns).
      CREATE TABLE earn_holders (
        user_id uuid PRIMARY KEY REFERENCES users(id),
        income_remaining bigint NOT NULL DEFAULT 0 CHECK (income_remaining >= 0),
        income_total bigint NOT NULL DEFAULT 0 CHECK (income_total >= 0),
        created_at timestamptz NOT NULL
      ) WITH (fillfactor = 50);

      -- Transfers in (lots, with their schedule and what is left of them) and out. Times are the platform clock's.
      CREATE TABLE earn_transfers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id),
        direction varchar(3) NOT NULL CHECK (direction IN ('in', 'out')),
        amount bigint NOT NULL CHECK (amount > 0),
        status varchar(10) NOT NULL CHECK (status IN ('pending', 'confirmed', 'done')),
        created_at timestamptz NOT NULL,
        remaining bigint NULL CHECK (remaining >= 0 AND remaining <= amount),
        trade_date date NULL,
        confirm_date date NULL,
        confirm_at timestamptz NULL,
        first_income_on date NULL,
        withdrawable_at timestamptz NULL,
        confirmed_at timestamptz NULL,
        CHECK (
          (direction = 'in' AND status IN ('pending', 'confirmed') AND remaining IS NOT NULL AND trade_date IS NOT NULL
            AND confirm_date IS NOT NULL AND confirm_at IS NOT NULL AND first_income_on IS NOT NULL AND withdrawable_at IS NOT NULL)
          OR (direction = 'out' AND status = 'done' AND remaining IS NULL)
        )
      );
      CREATE INDEX earn_transfers_by_user ON earn_transfers (user_id, created_at DESC, id DESC);
      CREATE INDEX earn_lots_live ON earn_transfers (user_id, created_at, id) WHERE remaining > 0;
      CREATE INDEX earn_lots_due ON earn_transfers (confirm_at) WHERE status = 'pending';

      -- What each transfer out took: from the income (lot_id null) or from a lot, pending or confirmed.
      CREATE TABLE earn_out_parts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        out_id bigint NOT NULL REFERENCES earn_transfers(id),
        lot_id bigint NULL REFERENCES earn_transfers(id),
        user_id uuid NOT NULL,
        source varchar(10) NOT NULL CHECK (source IN ('income', 'pending', 'confirmed')),
        amount bigint NOT NULL CHECK (amount > 0),
        at timestamptz NOT NULL,
        CHECK ((source = 'income') = (lot_id IS NULL))
      );
      CREATE INDEX earn_out_parts_at ON earn_out_parts (at);
      CREATE INDEX earn_out_parts_out ON earn_out_parts (out_id);

      -- One income per user and date, ever: the key that makes every posting exactly once.
      CREATE TABLE earn_income (
        user_id uuid NOT NULL,
        date date NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        basis bigint NOT NULL CHECK (basis > 0),
        posted_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, date)
      );
      CREATE TRIGGER earn_income_append_only BEFORE UPDATE OR DELETE ON earn_income FOR EACH ROW EXECUTE FUNCTION candor_append_only();

      -- One row per income date the job started; finished_at once every holder's income of that date is posted.
      CREATE TABLE earn_runs (
        date date PRIMARY KEY,
        posting_at timestamptz NOT NULL,
        settings_id bigint NOT NULL REFERENCES earn_settings(id),
        daily_rate numeric(12, 8) NOT NULL,
        holders int NOT NULL DEFAULT 0,
        basis_total bigint NOT NULL DEFAULT 0,
        income_total bigint NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NULL
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE earn_runs;
      DROP TABLE earn_income;
      DROP TABLE earn_out_parts;
      DROP TABLE earn_transfers;
      DROP TABLE earn_holders;
      DROP TABLE earn_holidays;
      DROP TABLE earn_settings;
    `);
  }
}
