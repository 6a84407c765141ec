import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `open_orders` keyed by (expires_at, turn, user_id, order_id): settlement claims in key order, so a batch
 * holds all of a user's orders of a second and each ledger account is updated about once per burst, not once
 * per batch. `turn` (candor_settle_turn, a hash of user and second) reorders the users every second, so no
 * one always settles last (docs/internals.md, "Migrations: why each exists").
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
