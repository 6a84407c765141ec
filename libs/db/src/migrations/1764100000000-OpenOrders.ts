import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which orders are open, by expiry, moves out of the orders table into `open_orders` (expires_at,
 * symbol, order_id), so that settling an order can be a HOT update:
 *
 *  - The partial index orders_open_expiry (expires_at) WHERE status = 'open' named `status`, which
 *    settlement changes, so every settled order was a non-HOT update: a new entry in each of the three
 *    other orders indexes (pkey, order_no, user/created) plus bottom-up index deletion work. With no
 *    index on a column settlement changes, and room left in each page (fillfactor 40: a row measures
 *    about 160 bytes open and 208 settled by pg_column_size, so a page filled to 40 % has room for
 *    most of its orders' settled versions), the settled version stays on its page and no index changes.
 *  - A statement-level trigger adds a row to open_orders for every order inserted open, in the same
 *    statement (whatever inserts it: the api's place and placeBatch, scripts, tests). Settlement
 *    (SETTLE_SQL) claims open_orders rows FOR UPDATE SKIP LOCKED, deletes them and flips their orders
 *    in one statement; the orders row itself is no longer locked in a pass of its own before its update.
 *    `orders.status` stays the truth: the flip is still conditional on status = 'open'.
 *  - Settlement finds a window's (expiry, symbol) keys with a skip scan of the primary key and claims
 *    key by key in key order, stopping at the batch size: with the old index each batch of a burst read
 *    every open order of the second twice and sorted them.
 * The orders already open when this runs are copied in. fillfactor applies to pages filled from now on.
 */
export class OpenOrders1764100000000 implements MigrationInterface {
  name = 'OpenOrders1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE open_orders (
        expires_at timestamptz NOT NULL,
        symbol varchar(20) NOT NULL,
        order_id uuid NOT NULL,
        PRIMARY KEY (expires_at, symbol, order_id)
      );
      INSERT INTO open_orders (expires_at, symbol, order_id) SELECT expires_at, symbol, id FROM orders WHERE status = 'open';

      CREATE FUNCTION candor_open_orders_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO open_orders (expires_at, symbol, order_id) SELECT n.expires_at, n.symbol, n.id FROM new_rows n WHERE n.status = 'open';
        RETURN NULL;
      END $$;
      CREATE TRIGGER orders_open_add AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION candor_open_orders_add();

      DROP INDEX orders_open_expiry;
      ALTER TABLE orders SET (fillfactor = 40);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders RESET (fillfactor);
      CREATE INDEX orders_open_expiry ON orders (expires_at) WHERE status = 'open';
      DROP TRIGGER orders_open_add ON orders;
      DROP FUNCTION candor_open_orders_add();
      DROP TABLE open_orders;
    `);
  }
}
