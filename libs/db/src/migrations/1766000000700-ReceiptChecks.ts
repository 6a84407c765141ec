import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receipts their owners checked (issue 50, docs/transparency.md): the app's receipt page reports an order after
 * its check in the browser passed. One row per order, ever (the primary key), so the public count of checked
 * receipts counts each order once however often it is checked. Only final orders (settled or voided) are
 * recorded; the orders table itself is not touched, so settlement's updates stay HOT.
 */
export class ReceiptChecks1766000000700 implements MigrationInterface {
  name = 'ReceiptChecks1766000000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE receipt_checks (
        order_id uuid PRIMARY KEY REFERENCES orders(id),
        user_id uuid NOT NULL REFERENCES users(id),
        checked_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE receipt_checks`);
  }
}
