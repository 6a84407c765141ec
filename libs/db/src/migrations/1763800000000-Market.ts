import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The market: the product catalogue (no price, outcome or payout column of any kind), the
 * append-only tick record with its per-second hash chain, and the derived candle rollups.
 */
export class Market1763800000000 implements MigrationInterface {
  name = 'Market1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        symbol varchar(20) NOT NULL UNIQUE CHECK (symbol ~ '^[A-Z0-9]{2,20}$'),
        category varchar(16) NOT NULL CHECK (category IN ('crypto','forex','metal','index')),
        names jsonb NOT NULL CHECK (jsonb_typeof(names) = 'object' AND names ? 'zh-TW'),
        precision int NOT NULL CHECK (precision BETWEEN 0 AND 8),
        timezone varchar(60) NOT NULL,
        hours jsonb NULL CHECK (hours IS NULL OR jsonb_typeof(hours) = 'array'),
        holidays jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(holidays) = 'array'),
        maintenance boolean NOT NULL DEFAULT false,
        maintenance_message text NULL,
        expiries jsonb NOT NULL CHECK (jsonb_typeof(expiries) = 'array' AND jsonb_array_length(expiries) > 0),
        min_stake bigint NOT NULL CHECK (min_stake > 0),
        max_stake bigint NOT NULL,
        recommended boolean NOT NULL DEFAULT false,
        enabled boolean NOT NULL DEFAULT true,
        sort int NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT products_stake_range CHECK (max_stake >= min_stake)
      );

      CREATE TABLE ticks (
        symbol varchar(20) NOT NULL,
        seq bigint NOT NULL CHECK (seq > 0),
        t timestamptz NOT NULL,
        price numeric NOT NULL CHECK (price > 0),
        volume numeric NOT NULL DEFAULT 0 CHECK (volume >= 0),
        PRIMARY KEY (symbol, seq)
      );
      CREATE INDEX ticks_symbol_t ON ticks (symbol, t);
      CREATE TRIGGER ticks_append_only BEFORE UPDATE OR DELETE ON ticks FOR EACH ROW EXECUTE FUNCTION candor_append_only();
      CREATE TRIGGER ticks_no_truncate BEFORE TRUNCATE ON ticks FOR EACH STATEMENT EXECUTE FUNCTION candor_append_only();

      CREATE TABLE tick_blocks (
        symbol varchar(20) NOT NULL,
        second bigint NOT NULL CHECK (second >= 0),
        prev_hash char(64) NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
        hash char(64) NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
        first_seq bigint NOT NULL,
        last_seq bigint NOT NULL,
        tick_count int NOT NULL CHECK (tick_count > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (symbol, second),
        CONSTRAINT tick_blocks_seq_range CHECK (first_seq <= last_seq),
        -- One successor per block: the chain of a product can never fork.
        CONSTRAINT tick_blocks_one_successor UNIQUE (symbol, prev_hash)
      );
      CREATE TRIGGER tick_blocks_append_only BEFORE UPDATE OR DELETE ON tick_blocks FOR EACH ROW EXECUTE FUNCTION candor_append_only();
      CREATE TRIGGER tick_blocks_no_truncate BEFORE TRUNCATE ON tick_blocks FOR EACH STATEMENT EXECUTE FUNCTION candor_append_only();

      -- Derived from ticks in the same transaction (a cache for charts and 24h statistics).
      CREATE TABLE candles (
        symbol varchar(20) NOT NULL,
        size int NOT NULL CHECK (size IN (60, 3600)),
        t timestamptz NOT NULL,
        o numeric NOT NULL,
        h numeric NOT NULL,
        l numeric NOT NULL,
        c numeric NOT NULL,
        v numeric NOT NULL,
        amount numeric NOT NULL,
        first_seq bigint NOT NULL,
        last_seq bigint NOT NULL,
        tick_count int NOT NULL,
        PRIMARY KEY (symbol, size, t)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE candles;
      DROP TABLE tick_blocks;
      DROP TABLE ticks;
      DROP TABLE products;
    `);
  }
}
