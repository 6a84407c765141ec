import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The columns the cut-off job cuts into batches of holders by range. */
const BATCHED = [
  ['earn_holders', 'user_id'],
  ['earn_transfers', 'user_id'],
  ['earn_out_parts', 'user_id'],
] as const;

/**
 * The cut-off job reads each batch of holders as a range of user ids. Postgres cannot interpolate inside a
 * histogram bucket of uuids, so a range that falls within one bucket is estimated at one row: with a million
 * holders and the default 100 buckets (10 000 holders each) a batch of 5 000 was planned as nested loops that
 * read the batch's transfers out once per holder, and the job grew with the square of the batch. With the
 * largest histogram (10 000 buckets) a bucket holds a ten-thousandth of the holders: a batch of 5 000 still
 * spans ten buckets at 5 million holders.
 */
export class EarnBatchStatistics1765300000000 implements MigrationInterface {
  name = 'EarnBatchStatistics1765300000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, column] of BATCHED) {
      await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET STATISTICS 10000`);
      await q.query(`ANALYZE ${table} (${column})`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, column] of BATCHED) await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET STATISTICS -1`);
  }
}
