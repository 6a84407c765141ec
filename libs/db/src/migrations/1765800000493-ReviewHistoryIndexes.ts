import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The review queues are paged by keyset. Requests waiting for review already had partial indexes in the
 * queue's order; the decided ones (the history tabs) are read by status in the same order as the queue for
 * deposits and withdrawals, and newest decision first for verifications, and get an index each here.
 */
export class ReviewHistoryIndexes1765800000493 implements MigrationInterface {
  name = 'ReviewHistoryIndexes1765800000493';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX deposits_by_status ON deposits (status, created_at, id)`);
    await q.query(`CREATE INDEX withdrawals_by_status ON withdrawals (status, created_at, id)`);
    await q.query(`CREATE INDEX kyc_decided ON kyc_submissions (status, decided_at DESC, id DESC) WHERE status <> 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX kyc_decided`);
    await q.query(`DROP INDEX withdrawals_by_status`);
    await q.query(`DROP INDEX deposits_by_status`);
  }
}
