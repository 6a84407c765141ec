import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The postings_balanced trigger checked its entries with `entry_id IN (SELECT ... FROM new_rows)`,
 * which Postgres planned as a sequential scan of all postings: every posting INSERT got slower as
 * the ledger grew. The check now starts from the statement's own entries
 * and sums each one through the postings_entry index: constant cost per entry, same rule.
 */
export class PostingsBalancedByIndex1763900000001 implements MigrationInterface {
  name = 'PostingsBalancedByIndex1763900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
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

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION candor_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad bigint;
      BEGIN
        SELECT p.entry_id INTO bad FROM postings p WHERE p.entry_id IN (SELECT DISTINCT entry_id FROM new_rows)
         GROUP BY p.entry_id HAVING sum(p.amount) <> 0 OR count(*) < 2 LIMIT 1;
        IF bad IS NOT NULL THEN
          RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$;
    `);
  }
}
