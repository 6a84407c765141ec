import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cut-off job reads, per batch of holders, what they took out after the income day ended. By time alone
 * (earn_out_parts_at) every batch walked all of those rows of all holders, so the job grew with the square
 * of the holders; by holder and time each batch reads only its own.
 */
export class EarnOutPartsByUser1765200000001 implements MigrationInterface {
  name = 'EarnOutPartsByUser1765200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX earn_out_parts_user_at ON earn_out_parts (user_id, at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX earn_out_parts_user_at`);
  }
}
