import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which orders are open, by expiry, moves out of `orders` into `open_orders` (filled by a statement trigger
 * for every order inserted open), so that settling an order is a HOT update: no index of orders names a
 * column settlement changes, and fillfactor 40 leaves room on each page for the settled version.
 * `orders.status` stays the truth. Orders already open are copied in (docs/internals.md, "Migrations: why each exists").
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
