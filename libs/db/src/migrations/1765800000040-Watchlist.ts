import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users' favourite products (issue 48): one row per user and product, its time kept to list them in the
 * order added. Both sides cascade: a deleted user or product takes its rows with it.
 */
export class Watchlist1765800000040 implements MigrationInterface {
  name = 'Watchlist1765800000040';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE watchlist_items (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, product_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE watchlist_items`);
  }
}
