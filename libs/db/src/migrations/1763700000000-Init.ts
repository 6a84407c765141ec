import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, sessions, operators, the append-only audit log and the double-entry ledger. */
export class Init1763700000000 implements MigrationInterface {
  name = 'Init1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operators (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        role varchar(16) NOT NULL CHECK (role IN ('admin','reviewer','support')),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX operators_email_lower ON operators (lower(email));

      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        phone varchar(20) NOT NULL,
        nickname varchar(32) NOT NULL,
        password_hash text NOT NULL,
        trade_password_hash text NOT NULL,
        invite_code varchar(16) NOT NULL UNIQUE,
        invited_by_user_id uuid NULL REFERENCES users(id),
        registration_code varchar(16) NOT NULL,
        credit_score int NOT NULL DEFAULT 100,
        kyc_status varchar(16) NOT NULL DEFAULT 'not_submitted' CHECK (kyc_status IN ('not_submitted','pending','verified','rejected')),
        level varchar(16) NOT NULL DEFAULT 'ordinary',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
      CREATE UNIQUE INDEX users_phone ON users (phone);
      CREATE INDEX users_invited_by ON users (invited_by_user_id);

      CREATE TABLE invitation_codes (
        code varchar(16) PRIMARY KEY,
        owner_user_id uuid NULL REFERENCES users(id),
        created_by_operator_id uuid NULL REFERENCES operators(id),
        active boolean NOT NULL DEFAULT true,
        uses int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX invitation_codes_upper ON invitation_codes (upper(code));

      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subject_type varchar(10) NOT NULL CHECK (subject_type IN ('user','operator')),
        subject_id uuid NOT NULL,
        user_agent varchar(300) NULL,
        ip varchar(64) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz NULL,
        revoked_reason varchar(32) NULL
      );
      CREATE INDEX sessions_subject ON sessions (subject_type, subject_id);

      CREATE TABLE refresh_tokens (
        token_hash char(64) PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      );
      CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        operator_id uuid NULL REFERENCES operators(id),
        actor varchar(16) NOT NULL DEFAULT 'operator' CHECK (actor IN ('operator','system')),
        action varchar(64) NOT NULL,
        target_type varchar(32) NULL,
        target_id varchar(64) NULL,
        user_id uuid NULL,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        ip varchar(64) NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX audit_log_user ON audit_log (user_id, id DESC);
      CREATE INDEX audit_log_action ON audit_log (action, id DESC);

      CREATE FUNCTION candor_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$;
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION candor_append_only();
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION candor_append_only();

      CREATE TABLE ledger_accounts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NULL REFERENCES users(id),
        kind varchar(24) NOT NULL,
        balance bigint NOT NULL DEFAULT 0,
        allow_negative boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ledger_accounts_non_negative CHECK (allow_negative OR balance >= 0)
      );
      CREATE UNIQUE INDEX ledger_accounts_user_kind ON ledger_accounts (user_id, kind) WHERE user_id IS NOT NULL;
      CREATE UNIQUE INDEX ledger_accounts_platform_kind ON ledger_accounts (kind) WHERE user_id IS NULL;

      CREATE SEQUENCE journal_entry_no_seq;
      CREATE TABLE journal_entries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        entry_no varchar(32) NOT NULL UNIQUE,
        type varchar(24) NOT NULL,
        user_id uuid NULL,
        ref_type varchar(24) NULL,
        ref_id varchar(64) NULL,
        unique_key varchar(128) NULL UNIQUE,
        memo text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX journal_entries_user ON journal_entries (user_id, id DESC);
      CREATE INDEX journal_entries_ref ON journal_entries (ref_type, ref_id);

      CREATE TABLE postings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        entry_id bigint NOT NULL REFERENCES journal_entries(id),
        account_id bigint NOT NULL REFERENCES ledger_accounts(id),
        amount bigint NOT NULL CHECK (amount <> 0),
        balance_after bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX postings_account ON postings (account_id, id DESC);
      CREATE INDEX postings_entry ON postings (entry_id);

      -- The ledger is append-only too.
      CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION candor_append_only();
      CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION candor_append_only();

      -- Every entry touched by an INSERT statement on postings must sum to zero and have two or more postings.
      CREATE FUNCTION candor_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad bigint;
      BEGIN
        SELECT p.entry_id INTO bad
          FROM postings p
         WHERE p.entry_id IN (SELECT DISTINCT entry_id FROM new_rows)
         GROUP BY p.entry_id
        HAVING sum(p.amount) <> 0 OR count(*) < 2
         LIMIT 1;
        IF bad IS NOT NULL THEN
          RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER postings_balanced AFTER INSERT ON postings REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION candor_postings_balanced();

      CREATE TABLE idempotency_keys (
        subject_id uuid NOT NULL,
        key varchar(128) NOT NULL,
        scope varchar(80) NOT NULL,
        request_hash char(64) NOT NULL,
        status_code int NULL,
        response jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subject_id, key)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE idempotency_keys;
      DROP TABLE postings;
      DROP FUNCTION candor_postings_balanced();
      DROP TABLE journal_entries;
      DROP SEQUENCE journal_entry_no_seq;
      DROP TABLE ledger_accounts;
      DROP TABLE audit_log;
      DROP FUNCTION candor_append_only() CASCADE;
      DROP TABLE refresh_tokens;
      DROP TABLE sessions;
      DROP TABLE invitation_codes;
      DROP TABLE users;
      DROP TABLE operators;
    `);
  }
}
