import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `open_orders` keyed by (expires_at, turn, user_id, order_id), with the symbol kept as a column.
 * Settlement claims a window's orders in this key order, so one batch holds all of a user's orders of
 * a second (but at a batch boundary), and each ledger account is locked and updated about once per
 * burst instead of once per batch it appears in. Keyed by (expires_at, symbol, order_id), a user with
 * five orders in a 10 000-order second over three symbols had them in about four of its ten batches:
 * 13 400 account updates instead of 4 000.
 *
 * `turn` is a hash of the user and the expiry second (candor_settle_turn), so the users' order changes
 * from second to second: no user's orders are always the last of a burst to settle.
 *
 * Readiness (a tick later than the expiry is stored) is now decided per symbol from its latest stored
 * tick (SETTLE_SQL), which needs no index on (expires_at, symbol). The trigger fills user_id and turn;
 * a listed row whose order does not exist (none should) is dropped.
 */
export class OpenOrdersByUser1764300000000 implements MigrationInterface {
  name = 'OpenOrdersByUser1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- A user's turn in an expiry second (the epoch second, so the session's time zone plays no part).
      CREATE FUNCTION candor_settle_turn(p_user uuid, p_expires timestamptz) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN hashtext(p_user::text || '@' || floor(extract(epoch FROM p_expires))::bigint::text);

      ALTER TABLE open_orders ADD COLUMN user_id uuid, ADD COLUMN turn int;
      UPDATE open_orders q SET user_id = o.user_id, turn = candor_settle_turn(o.user_id, q.expires_at) FROM orders o WHERE o.id = q.order_id;
      DELETE FROM open_orders WHERE user_id IS NULL;
      ALTER TABLE open_orders ALTER COLUMN user_id SET NOT NULL, ALTER COLUMN turn SET NOT NULL,
        DROP CONSTRAINT open_orders_pkey, ADD PRIMARY KEY (expires_at, turn, user_id, order_id);

      CREATE OR REPLACE FUNCTION candor_open_orders_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO open_orders (expires_at, turn, user_id, order_id, symbol)
        SELECT n.expires_at, candor_settle_turn(n.user_id, n.expires_at), n.user_id, n.id, n.symbol FROM new_rows n WHERE n.status = 'open';
        RETURN NULL;
      END $$;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION candor_open_orders_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO open_orders (expires_at, symbol, order_id) SELECT n.expires_at, n.symbol, n.id FROM new_rows n WHERE n.status = 'open';
        RETURN NULL;
      END $$;
      ALTER TABLE open_orders DROP CONSTRAINT open_orders_pkey, ADD PRIMARY KEY (expires_at, symbol, order_id), DROP COLUMN user_id, DROP COLUMN turn;
      DROP FUNCTION candor_settle_turn(uuid, timestamptz);
    `);
  }
}
