import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue changes that shape prices or sessions (precision, exchange markets, hours, time zone, holidays) are
 * scheduled rows, never immediate updates: `product_changes` holds each one from its announcement to its end
 * (applied in the tick-chain block of its second, cancelled by an operator before it, or refused by a check at
 * that moment). A row's terms never change after it is written; only its outcome is filled in, once.
 *
 * A block of the tick record may now carry the changes that took effect in its second (`changes`, hashed with
 * it), and may then have no ticks. Orders record the terms they opened under: their price decimals and their
 * product's exchange markets, part of the opening terms the orders_guard trigger keeps unchangeable.
 */
export class CatalogueChanges1765400000000 implements MigrationInterface {
  name = 'CatalogueChanges1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE product_changes (
        id uuid PRIMARY KEY,
        symbol varchar(20) NOT NULL,
        field varchar(16) NOT NULL CHECK (field IN ('precision', 'priceVenues', 'hours', 'timezone', 'holidays')),
        from_value jsonb NOT NULL,
        to_value jsonb NOT NULL,
        effective_at timestamptz NOT NULL CHECK (effective_at = date_trunc('second', effective_at)),
        status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'cancelled', 'refused')),
        created_by uuid NULL REFERENCES operators(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz NULL,
        decided_by uuid NULL REFERENCES operators(id),
        refused_reason varchar(32) NULL,
        block_second bigint NULL,
        CONSTRAINT product_changes_decided CHECK ((status = 'pending') = (decided_at IS NULL))
      );
      CREATE INDEX product_changes_pending ON product_changes (effective_at) WHERE status = 'pending';
      CREATE INDEX product_changes_by_symbol ON product_changes (symbol, created_at DESC);
      CREATE UNIQUE INDEX product_changes_one_pending_field ON product_changes (symbol, field) WHERE status = 'pending';

      -- The terms of a change are fixed once announced; its outcome is written once, from pending.
      CREATE FUNCTION candor_product_changes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.status <> 'pending'
           OR (NEW.id, NEW.symbol, NEW.field, NEW.from_value, NEW.to_value, NEW.effective_at, NEW.created_by, NEW.created_at)
              IS DISTINCT FROM (OLD.id, OLD.symbol, OLD.field, OLD.from_value, OLD.to_value, OLD.effective_at, OLD.created_by, OLD.created_at) THEN
          RAISE EXCEPTION 'product_changes: a decided change or the terms of a change cannot be altered' USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER product_changes_guard BEFORE UPDATE ON product_changes FOR EACH ROW EXECUTE FUNCTION candor_product_changes_guard();
      CREATE TRIGGER product_changes_no_delete BEFORE DELETE ON product_changes FOR EACH ROW EXECUTE FUNCTION candor_append_only();
      CREATE TRIGGER product_changes_no_truncate BEFORE TRUNCATE ON product_changes FOR EACH STATEMENT EXECUTE FUNCTION candor_append_only();

      ALTER TABLE tick_blocks ADD COLUMN changes jsonb NULL;
      ALTER TABLE tick_blocks DROP CONSTRAINT tick_blocks_tick_count_check;
      ALTER TABLE tick_blocks ADD CONSTRAINT tick_blocks_tick_count_check CHECK (tick_count > 0 OR (tick_count = 0 AND changes IS NOT NULL));

      ALTER TABLE orders ADD COLUMN precision int NULL, ADD COLUMN price_venues jsonb NULL;
      DROP TRIGGER orders_guard ON orders;
      CREATE TRIGGER orders_guard BEFORE UPDATE ON orders FOR EACH ROW
        WHEN (OLD.status = 'settled'
              OR (NEW.id, NEW.order_no, NEW.user_id, NEW.account, NEW.symbol, NEW.direction, NEW.amount, NEW.duration_seconds,
                  NEW.payout_rate, NEW.open_price, NEW.open_tick_seq, NEW.opened_at, NEW.expires_at, NEW.created_at,
                  NEW.precision, NEW.price_venues)
                 IS DISTINCT FROM
                 (OLD.id, OLD.order_no, OLD.user_id, OLD.account, OLD.symbol, OLD.direction, OLD.amount, OLD.duration_seconds,
                  OLD.payout_rate, OLD.open_price, OLD.open_tick_seq, OLD.opened_at, OLD.expires_at, OLD.created_at,
                  OLD.precision, OLD.price_venues))
        EXECUTE FUNCTION candor_orders_refuse();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER orders_guard ON orders;
      CREATE TRIGGER orders_guard BEFORE UPDATE ON orders FOR EACH ROW
        WHEN (OLD.status = 'settled'
              OR (NEW.id, NEW.order_no, NEW.user_id, NEW.account, NEW.symbol, NEW.direction, NEW.amount, NEW.duration_seconds,
                  NEW.payout_rate, NEW.open_price, NEW.open_tick_seq, NEW.opened_at, NEW.expires_at, NEW.created_at)
                 IS DISTINCT FROM
                 (OLD.id, OLD.order_no, OLD.user_id, OLD.account, OLD.symbol, OLD.direction, OLD.amount, OLD.duration_seconds,
                  OLD.payout_rate, OLD.open_price, OLD.open_tick_seq, OLD.opened_at, OLD.expires_at, OLD.created_at))
        EXECUTE FUNCTION candor_orders_refuse();
      ALTER TABLE orders DROP COLUMN precision, DROP COLUMN price_venues;
      ALTER TABLE tick_blocks DROP CONSTRAINT tick_blocks_tick_count_check;
      ALTER TABLE tick_blocks ADD CONSTRAINT tick_blocks_tick_count_check CHECK (tick_count > 0);
      ALTER TABLE tick_blocks DROP COLUMN changes;
      DROP TABLE product_changes;
      DROP FUNCTION candor_product_changes_guard();
    `);
  }
}
