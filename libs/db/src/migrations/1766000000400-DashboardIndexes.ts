import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two indexes for the console's dashboard (issue 49). `users_created`: new users since local midnight without
 * reading every user (created_at never changes, so updates of a user stay HOT). `postings_created_brin`: the
 * house's and Yu'e Bao's postings of the last 30 days without walking each account's whole history. A BRIN
 * index keeps one summary per range of table pages: postings are only ever appended, in time order, so it
 * stays exact and tiny, and an insert costs next to nothing (a btree here would be one more write on the
 * hottest table).
 */
export class DashboardIndexes1766000000400 implements MigrationInterface {
  name = 'DashboardIndexes1766000000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_created ON users (created_at)`);
    await q.query(`CREATE INDEX postings_created_brin ON postings USING brin (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX postings_created_brin`);
    await q.query(`DROP INDEX users_created`);
  }
}
