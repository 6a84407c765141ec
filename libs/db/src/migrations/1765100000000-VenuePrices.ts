import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The seeded crypto products' markets on the four exchanges (the products seeder sets the same on a fresh database). */
const SEEDED_VENUES: Record<string, string> = {
  BTCUSDT:
    '[{"venue":"binance","symbol":"BTCUSDT"},{"venue":"okx","symbol":"BTC-USDT"},{"venue":"coinbase","symbol":"BTC-USDT"},{"venue":"kraken","symbol":"BTC/USDT"}]',
  ETHUSDT:
    '[{"venue":"binance","symbol":"ETHUSDT"},{"venue":"okx","symbol":"ETH-USDT"},{"venue":"coinbase","symbol":"ETH-USDT"},{"venue":"kraken","symbol":"ETH/USDT"}]',
  SOLUSDT:
    '[{"venue":"binance","symbol":"SOLUSDT"},{"venue":"okx","symbol":"SOL-USDT"},{"venue":"coinbase","symbol":"SOL-USDT"},{"venue":"kraken","symbol":"SOL/USDT"}]',
  XRPUSDT:
    '[{"venue":"binance","symbol":"XRPUSDT"},{"venue":"okx","symbol":"XRP-USDT"},{"venue":"coinbase","symbol":"XRP-USDT"},{"venue":"kraken","symbol":"XRP/USDT"}]',
};

/**
 * Prices from public exchanges (docs/prices.md):
 *  - a tick made from exchange quotes keeps them (`sources`) and the rule that made it (`rule`), both part
 *    of its block's hash; ticks before this have neither;
 *  - a product names its markets on the exchanges (`price_venues`, edited by operators);
 *  - `market_halts` records when a product had no valid price: from the time of its last tick before the
 *    halt, so an order expiring in it settles on the first tick within the grace period, or is voided;
 *  - an order can be `voided` (its stake refunded, `void_reason` saying why), final like a settled one.
 */
export class VenuePrices1765100000000 implements MigrationInterface {
  name = 'VenuePrices1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ticks ADD COLUMN sources jsonb NULL, ADD COLUMN rule jsonb NULL;
      ALTER TABLE ticks ADD CONSTRAINT ticks_sources_with_rule
        CHECK ((sources IS NULL) = (rule IS NULL) AND (sources IS NULL OR jsonb_typeof(sources) = 'array'));

      ALTER TABLE products ADD COLUMN price_venues jsonb NOT NULL DEFAULT '[]'::jsonb
        CHECK (jsonb_typeof(price_venues) = 'array');

      CREATE TABLE market_halts (
        id bigserial PRIMARY KEY,
        symbol varchar(20) NOT NULL,
        reason varchar(16) NOT NULL CHECK (reason IN ('quorum','disagreement')),
        -- the time of the product's last tick before the halt: no valid price after it until the halt ended
        started_at timestamptz NOT NULL,
        detected_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz NULL,
        CONSTRAINT market_halts_ends_after_start CHECK (ended_at IS NULL OR ended_at >= started_at)
      );
      CREATE INDEX market_halts_symbol_started ON market_halts (symbol, started_at);
      -- A halt is never deleted; its end is written once.
      CREATE FUNCTION candor_market_halts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' OR OLD.ended_at IS NOT NULL OR (NEW.id, NEW.symbol, NEW.reason, NEW.started_at, NEW.detected_at)
             IS DISTINCT FROM (OLD.id, OLD.symbol, OLD.reason, OLD.started_at, OLD.detected_at) THEN
          RAISE EXCEPTION 'market halts are append-only (only a missing end may be written)' USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER market_halts_guard BEFORE UPDATE OR DELETE ON market_halts FOR EACH ROW EXECUTE FUNCTION candor_market_halts_guard();

      ALTER TABLE orders ADD COLUMN void_reason varchar(16) NULL CHECK (void_reason IN ('halt'));
      ALTER TABLE orders DROP CONSTRAINT orders_status_check;
      ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('open','settled','voided'));
      ALTER TABLE orders DROP CONSTRAINT orders_open_has_no_result;
      ALTER TABLE orders ADD CONSTRAINT orders_open_has_no_result CHECK (
        status <> 'open' OR (close_price IS NULL AND close_tick_seq IS NULL AND closed_at IS NULL
          AND outcome IS NULL AND payout IS NULL AND pnl IS NULL AND settled_at IS NULL AND void_reason IS NULL));
      ALTER TABLE orders DROP CONSTRAINT orders_settled_result_follows_rule;
      ALTER TABLE orders ADD CONSTRAINT orders_settled_result_follows_rule CHECK (
        status <> 'settled' OR (
          close_price IS NOT NULL AND close_tick_seq IS NOT NULL AND closed_at IS NOT NULL AND settled_at IS NOT NULL
          AND void_reason IS NULL
          -- the last tick at or before the expiry, or, for an expiry in a halt, the first within the grace (at most 60 s)
          AND closed_at <= expires_at + interval '60 seconds'
          AND outcome = CASE WHEN close_price = open_price THEN 'tie'
                             WHEN (direction = 'up') = (close_price > open_price) THEN 'win'
                             ELSE 'loss' END
          AND payout = CASE outcome WHEN 'win' THEN amount + floor(amount * payout_rate)::bigint
                                    WHEN 'tie' THEN amount
                                    ELSE 0 END
          AND pnl = payout - amount));
      -- A voided order used no closing price: the whole stake goes back, nothing else.
      ALTER TABLE orders ADD CONSTRAINT orders_voided_refunded CHECK (
        status <> 'voided' OR (close_price IS NULL AND close_tick_seq IS NULL AND closed_at IS NULL AND outcome IS NULL
          AND payout = amount AND pnl = 0 AND settled_at IS NOT NULL AND void_reason IS NOT NULL));

      -- A voided order is as final as a settled one.
      CREATE OR REPLACE FUNCTION candor_orders_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'orders are never deleted' USING ERRCODE = 'insufficient_privilege';
        ELSIF OLD.status <> 'open' THEN
          RAISE EXCEPTION 'order % is % and final', OLD.id, OLD.status USING ERRCODE = 'insufficient_privilege';
        END IF;
        RAISE EXCEPTION 'the terms of order % cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
      END $$;
      DROP TRIGGER orders_guard ON orders;
      CREATE TRIGGER orders_guard BEFORE UPDATE ON orders FOR EACH ROW
        WHEN (OLD.status <> 'open'
              OR (NEW.id, NEW.order_no, NEW.user_id, NEW.account, NEW.symbol, NEW.direction, NEW.amount, NEW.duration_seconds,
                  NEW.payout_rate, NEW.open_price, NEW.open_tick_seq, NEW.opened_at, NEW.expires_at, NEW.created_at)
                 IS DISTINCT FROM
                 (OLD.id, OLD.order_no, OLD.user_id, OLD.account, OLD.symbol, OLD.direction, OLD.amount, OLD.duration_seconds,
                  OLD.payout_rate, OLD.open_price, OLD.open_tick_seq, OLD.opened_at, OLD.expires_at, OLD.created_at))
        EXECUTE FUNCTION candor_orders_refuse();
    `);
    for (const [symbol, venues] of Object.entries(SEEDED_VENUES)) {
      await q.query(`UPDATE products SET price_venues = $2::jsonb WHERE symbol = $1 AND category = 'crypto' AND price_venues = '[]'::jsonb`, [symbol, venues]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER orders_guard ON orders;
      CREATE OR REPLACE FUNCTION candor_orders_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'orders are never deleted' USING ERRCODE = 'insufficient_privilege';
        ELSIF OLD.status = 'settled' THEN
          RAISE EXCEPTION 'order % is settled and final', OLD.id USING ERRCODE = 'insufficient_privilege';
        END IF;
        RAISE EXCEPTION 'the terms of order % cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
      END $$;
      CREATE TRIGGER orders_guard BEFORE UPDATE ON orders FOR EACH ROW
        WHEN (OLD.status = 'settled'
              OR (NEW.id, NEW.order_no, NEW.user_id, NEW.account, NEW.symbol, NEW.direction, NEW.amount, NEW.duration_seconds,
                  NEW.payout_rate, NEW.open_price, NEW.open_tick_seq, NEW.opened_at, NEW.expires_at, NEW.created_at)
                 IS DISTINCT FROM
                 (OLD.id, OLD.order_no, OLD.user_id, OLD.account, OLD.symbol, OLD.direction, OLD.amount, OLD.duration_seconds,
                  OLD.payout_rate, OLD.open_price, OLD.open_tick_seq, OLD.opened_at, OLD.expires_at, OLD.created_at))
        EXECUTE FUNCTION candor_orders_refuse();
      ALTER TABLE orders DROP CONSTRAINT orders_voided_refunded;
      ALTER TABLE orders DROP CONSTRAINT orders_settled_result_follows_rule;
      ALTER TABLE orders ADD CONSTRAINT orders_settled_result_follows_rule CHECK (
        status = 'open' OR (
          close_price IS NOT NULL AND close_tick_seq IS NOT NULL AND closed_at IS NOT NULL AND settled_at IS NOT NULL
          AND closed_at <= expires_at
          AND outcome = CASE WHEN close_price = open_price THEN 'tie'
                             WHEN (direction = 'up') = (close_price > open_price) THEN 'win'
                             ELSE 'loss' END
          AND payout = CASE outcome WHEN 'win' THEN amount + floor(amount * payout_rate)::bigint
                                    WHEN 'tie' THEN amount
                                    ELSE 0 END
          AND pnl = payout - amount));
      ALTER TABLE orders DROP CONSTRAINT orders_open_has_no_result;
      ALTER TABLE orders ADD CONSTRAINT orders_open_has_no_result CHECK (
        status = 'settled' OR (close_price IS NULL AND close_tick_seq IS NULL AND closed_at IS NULL
          AND outcome IS NULL AND payout IS NULL AND pnl IS NULL AND settled_at IS NULL));
      ALTER TABLE orders DROP CONSTRAINT orders_status_check;
      ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('open','settled'));
      ALTER TABLE orders DROP COLUMN void_reason;
      DROP TABLE market_halts;
      DROP FUNCTION candor_market_halts_guard();
      ALTER TABLE products DROP COLUMN price_venues;
      ALTER TABLE ticks DROP CONSTRAINT ticks_sources_with_rule;
      ALTER TABLE ticks DROP COLUMN sources, DROP COLUMN rule;
    `);
  }
}
