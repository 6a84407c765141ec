import type { MigrationInterface, QueryRunner } from 'typeorm';
import { POSTINGS_CHECKED_BY_INDEX_SQL } from './1764000000001-PostingsReferencesChecked.js';

/**
 * The postings statement trigger sums each entry from the statement's own rows (one hash aggregate) instead of
 * probing all of the entry's postings by index. It refuses the same entries: postings are append-only and every
 * insert is checked, so an entry can only be unbalanced by the statement's own postings of it
 * (docs/internals.md, "Migrations: why each exists").
 */
export class PostingsBalancedPerStatement1764400000000 implements MigrationInterface {
  name = 'PostingsBalancedPerStatement1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION candor_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad bigint;
      BEGIN
        -- Per entry of the statement: it exists, and the statement's postings of it sum to zero. The
        -- LATERAL probe keeps the plan on the primary key, however the cached plan estimated new_rows.
        SELECT n.entry_id INTO bad
          FROM (SELECT r.entry_id, sum(r.amount) AS s FROM new_rows r GROUP BY r.entry_id) n
          CROSS JOIN LATERAL (SELECT count(*) AS c FROM journal_entries j WHERE j.id = n.entry_id) ex
         WHERE ex.c = 0 OR n.s <> 0
         LIMIT 1;
        IF bad IS NOT NULL THEN
          IF NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.id = bad) THEN
            RAISE EXCEPTION 'posting names journal entry %, which does not exist', bad USING ERRCODE = 'foreign_key_violation';
          END IF;
          RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'check_violation';
        END IF;
        SELECT n.account_id INTO bad
          FROM (SELECT DISTINCT r.account_id FROM new_rows r) n
          CROSS JOIN LATERAL (SELECT count(*) AS c FROM ledger_accounts a WHERE a.id = n.account_id) ex
         WHERE ex.c = 0
         LIMIT 1;
        IF bad IS NOT NULL THEN
          RAISE EXCEPTION 'posting names ledger account %, which does not exist', bad USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NULL;
      END $$;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(POSTINGS_CHECKED_BY_INDEX_SQL);
  }
}
