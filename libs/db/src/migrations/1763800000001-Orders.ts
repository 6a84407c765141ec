import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fixed-time orders. The outcome, payout and pnl of a settled order are checked by the database
 * against the order's own prices and rate (the same rule as libs/domain payout.ts), a settled
 * order can never change again, and the opening terms can never change at all: there is no way,
 * for anyone, to choose or nudge a result.
 */
export class Orders1763800000001 implements MigrationInterface {
  name = 'Orders1763800000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE SEQUENCE order_no_seq;
      CREATE TABLE orders (
        id uuid PRIMARY KEY,
        order_no varchar(32) NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id),
        account varchar(8) NOT NULL CHECK (account IN ('real','demo')),
        symbol varchar(20) NOT NULL,
        direction varchar(4) NOT NULL CHECK (direction IN ('up','down')),
        amount bigint NOT NULL CHECK (amount > 0),
        duration_seconds int NOT NULL CHECK (duration_seconds > 0),
        payout_rate numeric NOT NULL CHECK (payout_rate >= 0 AND scale(payout_rate) <= 4),
        open_price numeric NOT NULL,
        open_tick_seq bigint NOT NULL,
        opened_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'open' CHECK (status IN ('open','settled')),
        close_price numeric NULL,
        close_tick_seq bigint NULL,
        closed_at timestamptz NULL,
        outcome varchar(4) NULL CHECK (outcome IN ('win','loss','tie')),
        payout bigint NULL,
        pnl bigint NULL,
        settled_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_expiry_after_open CHECK (expires_at > opened_at),
        CONSTRAINT orders_open_has_no_result CHECK (
          status = 'settled' OR (close_price IS NULL AND close_tick_seq IS NULL AND closed_at IS NULL
            AND outcome IS NULL AND payout IS NULL AND pnl IS NULL AND settled_at IS NULL)),
        CONSTRAINT orders_settled_result_follows_rule CHECK (
          status = 'open' OR (
            close_price IS NOT NULL AND close_tick_seq IS NOT NULL AND closed_at IS NOT NULL AND settled_at IS NOT NULL
            AND closed_at <= expires_at
            AND outcome = CASE WHEN close_price = open_price THEN 'tie'
                               WHEN (direction = 'up') = (close_price > open_price) THEN 'win'
                               ELSE 'loss' END
            AND payout = CASE outcome WHEN 'win' THEN amount + floor(amount * payout_rate)::bigint
                                      WHEN 'tie' THEN amount
                                      ELSE 0 END
            AND pnl = payout - amount))
      );
      CREATE INDEX orders_open_expiry ON orders (expires_at) WHERE status = 'open';
      CREATE INDEX orders_user_created ON orders (user_id, created_at DESC, id DESC);

      -- The guard runs only for the changes it refuses (the WHEN clause is checked without calling
      -- the function), so settling thousands of orders pays nothing for it.
      CREATE FUNCTION candor_orders_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'orders are never deleted' USING ERRCODE = 'insufficient_privilege';
        ELSIF OLD.status = 'settled' THEN
          RAISE EXCEPTION 'order % is settled and final', OLD.id USING ERRCODE = 'insufficient_privilege';
        END IF;
        RAISE EXCEPTION 'the terms of order % cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
      END $$;
      CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION candor_orders_refuse();
      CREATE TRIGGER orders_no_truncate BEFORE TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION candor_append_only();
      CREATE TRIGGER orders_guard BEFORE UPDATE ON orders FOR EACH ROW
        WHEN (OLD.status = 'settled'
              OR (NEW.id, NEW.order_no, NEW.user_id, NEW.account, NEW.symbol, NEW.direction, NEW.amount, NEW.duration_seconds,
                  NEW.payout_rate, NEW.open_price, NEW.open_tick_seq, NEW.opened_at, NEW.expires_at, NEW.created_at)
                 IS DISTINCT FROM
                 (OLD.id, OLD.order_no, OLD.user_id, OLD.account, OLD.symbol, OLD.direction, OLD.amount, OLD.duration_seconds,
                  OLD.payout_rate, OLD.open_price, OLD.open_tick_seq, OLD.opened_at, OLD.expires_at, OLD.created_at))
        EXECUTE FUNCTION candor_orders_refuse();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE orders;
      DROP FUNCTION candor_orders_refuse();
      DROP SEQUENCE order_no_seq;
    `);
  }
}
