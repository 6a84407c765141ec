import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * journal_entries_ref (ref_type, ref_id) serves no query: the wallet reads entries through postings
 * by account, and an order's stake and settlement entries are found by their unique keys
 * (`stake:<id>`, `settle:<id>`). It cost one more index insert per journal entry, on every order and
 * every settlement.
 */
export class JournalEntriesRefIndexDropped1764100000002 implements MigrationInterface {
  name = 'JournalEntriesRefIndexDropped1764100000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX journal_entries_ref`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX journal_entries_ref ON journal_entries (ref_type, ref_id)`);
  }
}
