import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The postings statement trigger's function as this migration leaves it (PostingsBalancedPerStatement's down restores it). */
export const POSTINGS_CHECKED_BY_INDEX_SQL = `
      CREATE OR REPLACE FUNCTION candor_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad bigint;
      BEGIN
        -- Per distinct entry: it exists, and its postings sum to zero with two or more of them. The
        -- LATERAL probes keep the plan on the indexes, however the cached plan estimated new_rows.
        SELECT n.entry_id INTO bad
          FROM (SELECT DISTINCT entry_id FROM new_rows) n
          CROSS JOIN LATERAL (SELECT count(*) AS c FROM journal_entries j WHERE j.id = n.entry_id) ex
          CROSS JOIN LATERAL (SELECT sum(p.amount) AS s, count(*) AS c FROM postings p WHERE p.entry_id = n.entry_id) agg
         WHERE ex.c = 0 OR agg.s <> 0 OR agg.c < 2
         LIMIT 1;
        IF bad IS NOT NULL THEN
          IF NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.id = bad) THEN
            RAISE EXCEPTION 'posting names journal entry %, which does not exist', bad USING ERRCODE = 'foreign_key_violation';
          END IF;
          RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'check_violation';
        END IF;
        SELECT n.account_id INTO bad
          FROM (SELECT DISTINCT account_id FROM new_rows) n
          CROSS JOIN LATERAL (SELECT count(*) AS c FROM ledger_accounts a WHERE a.id = n.account_id) ex
         WHERE ex.c = 0
         LIMIT 1;
        IF bad IS NOT NULL THEN
          RAISE EXCEPTION 'posting names ledger account %, which does not exist', bad USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NULL;
      END $$;
`;

/**
 * Drops the two foreign keys of `postings` (two row-level checks per posting, two thirds of a postings
 * INSERT's time) and keeps their guarantees once per statement: the postings_balanced trigger checks that
 * every named entry and account exists, and ledger accounts now refuse DELETE, TRUNCATE and a change of id
 * (docs/internals.md, "Migrations: why each exists").
 */
export class PostingsReferencesChecked1764000000001 implements MigrationInterface {
  name = 'PostingsReferencesChecked1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
${POSTINGS_CHECKED_BY_INDEX_SQL}

      CREATE FUNCTION candor_ledger_accounts_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          RAISE EXCEPTION 'the id of ledger account % cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
        END IF;
        RAISE EXCEPTION 'ledger accounts are never removed: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$;
      CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION candor_ledger_accounts_refuse();
      CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION candor_ledger_accounts_refuse();
      -- Checked without calling the function: a balance update pays nothing for it.
      CREATE TRIGGER ledger_accounts_fixed_id BEFORE UPDATE ON ledger_accounts FOR EACH ROW
        WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION candor_ledger_accounts_refuse();

      ALTER TABLE postings DROP CONSTRAINT postings_entry_id_fkey, DROP CONSTRAINT postings_account_id_fkey;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE postings ADD CONSTRAINT postings_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES journal_entries(id),
                           ADD CONSTRAINT postings_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts(id);
      DROP TRIGGER ledger_accounts_fixed_id ON ledger_accounts;
      DROP TRIGGER ledger_accounts_no_truncate ON ledger_accounts;
      DROP TRIGGER ledger_accounts_no_delete ON ledger_accounts;
      DROP FUNCTION candor_ledger_accounts_refuse();
      CREATE OR REPLACE FUNCTION candor_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad bigint;
      BEGIN
        SELECT n.entry_id INTO bad
          FROM (SELECT DISTINCT entry_id FROM new_rows) n
          CROSS JOIN LATERAL (SELECT sum(p.amount) AS s, count(*) AS c FROM postings p WHERE p.entry_id = n.entry_id) agg
         WHERE agg.s <> 0 OR agg.c < 2
         LIMIT 1;
        IF bad IS NOT NULL THEN
          RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$;
    `);
  }
}
