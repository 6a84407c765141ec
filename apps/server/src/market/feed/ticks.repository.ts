import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PriceRule, TickSource } from '@candor/domain';
import { pgPool } from '../../database/pg-pool.js';
import type { PendingTick, SymbolBlock } from './tick-store.js';

/** Most unsealed ticks a writer picks up from a predecessor (far more than a crash can leave). */
const MAX_UNSEALED = 200_000;

/** A stored tick as the chain hashes it. */
export interface TickRow {
  seq: string;
  t: Date;
  price: string;
  sources: TickSource[] | null;
  rule: PriceRule | null;
}
export interface LastTickRow {
  seq: string;
  t: Date;
  price: string;
}
export interface LastBlockRow {
  second: string;
  hash: string;
  last_seq: string;
}
export interface MinuteCandleRow {
  t: Date;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  amount: string;
}

/**
 * The tick record in Postgres (the feed's tick writer, through PgTickStore): what a writer reads before a
 * product's next tick, and the one statement that stores ticks, their candle rollups and sealed blocks.
 */
@Injectable()
export class TicksRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The product's price precision, or null when no such product exists. */
  async precision(symbol: string): Promise<number | null> {
    const [product]: { precision: number }[] = await this.ds.query(`SELECT precision FROM products WHERE symbol = $1`, [symbol]);
    return product ? product.precision : null;
  }

  async lastTick(symbol: string): Promise<LastTickRow | null> {
    const [last]: LastTickRow[] = await this.ds.query(`SELECT seq, t, price FROM ticks WHERE symbol = $1 ORDER BY seq DESC LIMIT 1`, [symbol]);
    return last ?? null;
  }

  async lastBlock(symbol: string): Promise<LastBlockRow | null> {
    const [block]: LastBlockRow[] = await this.ds.query(`SELECT second, hash, last_seq FROM tick_blocks WHERE symbol = $1 ORDER BY second DESC LIMIT 1`, [
      symbol,
    ]);
    return block ?? null;
  }

  /** Stored ticks after `afterSeq` (not sealed in a block yet), in seq order. */
  unsealed(symbol: string, afterSeq: string): Promise<TickRow[]> {
    return this.ds.query(`SELECT seq, t, price, sources, rule FROM ticks WHERE symbol = $1 AND seq > $2 ORDER BY seq LIMIT ${MAX_UNSEALED}`, [
      symbol,
      afterSeq,
    ]);
  }

  /** The 1-minute rollups from `from` on, oldest first. */
  minuteCandles(symbol: string, from: Date): Promise<MinuteCandleRow[]> {
    return this.ds.query(`SELECT t, o, h, l, c, v, amount FROM candles WHERE symbol = $1 AND size = 60 AND t >= $2 ORDER BY t`, [symbol, from]);
  }

  /**
   * Ticks, rollups and blocks in one statement (COMMIT_SQL): on its own, as a named statement; inside `em`'s
   * transaction when given (a block that applies catalogue changes).
   */
  async commit(ticks: readonly PendingTick[], blocks: readonly SymbolBlock[], em?: EntityManager): Promise<void> {
    const values = commitValues(ticks, blocks);
    if (em) await em.query(COMMIT_SQL, values);
    else await pgPool(this.ds).query({ name: 'candor-tick-commit', text: COMMIT_SQL, values });
  }
}

/** Each block's changes (or null) in one JSON text, like the ticks' sources. */
const changesJson = (blocks: readonly SymbolBlock[]): string => `[${blocks.map((b) => (b.changes?.length ? JSON.stringify(b.changes) : 'null')).join(',')}]`;

function commitValues(ticks: readonly PendingTick[], blocks: readonly SymbolBlock[]): unknown[] {
  return [
    ticks.map((k) => k.symbol),
    ticks.map((k) => k.seq),
    ticks.map((k) => k.t),
    ticks.map((k) => k.price),
    ticks.map((k) => k.volume),
    // Each tick's [sources, rule] (or null) in one JSON text: a jsonb[] parameter would have every
    // element's quotes escaped once more by the driver and parsed as an array literal by Postgres.
    `[${ticks.map((k) => (k.sources && k.rule ? `[${JSON.stringify(k.sources)},${JSON.stringify(k.rule)}]` : 'null')).join(',')}]`,
    blocks.map((b) => b.symbol),
    blocks.map((b) => String(b.second)),
    blocks.map((b) => b.prevHash),
    blocks.map((b) => b.hash),
    blocks.map((b) => b.firstSeq),
    blocks.map((b) => b.lastSeq),
    blocks.map((b) => b.ticks.length),
    changesJson(blocks),
  ];
}

/**
 * One statement, so one round trip and its own transaction: the ticks, their rollups into the 1-minute and
 * 1-hour candles, and the sealed blocks (data-modifying CTEs all run, atomically, whatever the outer query
 * reads). The feed writes every few milliseconds, so the round trips of BEGIN and COMMIT would be most of it.
 * A named statement: Postgres parses and plans it once per connection instead of at every write, where the
 * two took longer than running it.
 */
const COMMIT_SQL = `WITH new AS (
         INSERT INTO ticks (symbol, seq, t, price, volume, sources, rule)
         SELECT u.symbol, u.seq, u.t, u.price, u.volume, x.j -> 0, x.j -> 1
           FROM unnest($1::varchar[], $2::bigint[], $3::timestamptz[], $4::numeric[], $5::numeric[])
                WITH ORDINALITY AS u(symbol, seq, t, price, volume, n)
          CROSS JOIN LATERAL (SELECT NULLIF($6::jsonb -> (u.n::int - 1), 'null') AS j) x
         RETURNING symbol, seq, t, price, volume
       ), agg AS (
         SELECT n.symbol, s.size,
                to_timestamp(floor(extract(epoch FROM n.t) / s.size) * s.size) AS bt,
                (array_agg(n.price ORDER BY n.seq))[1] AS o, max(n.price) AS h, min(n.price) AS l,
                (array_agg(n.price ORDER BY n.seq DESC))[1] AS c,
                sum(n.volume) AS v, sum(n.price * n.volume) AS amount,
                min(n.seq) AS first_seq, max(n.seq) AS last_seq, count(*)::int AS tick_count
           FROM new n CROSS JOIN (VALUES (60), (3600)) AS s(size)
          GROUP BY n.symbol, s.size, bt
       ), rollup AS (
         INSERT INTO candles AS k (symbol, size, t, o, h, l, c, v, amount, first_seq, last_seq, tick_count)
         SELECT symbol, size, bt, o, h, l, c, v, amount, first_seq, last_seq, tick_count FROM agg
         ON CONFLICT (symbol, size, t) DO UPDATE SET
           o = CASE WHEN EXCLUDED.first_seq < k.first_seq THEN EXCLUDED.o ELSE k.o END,
           h = GREATEST(k.h, EXCLUDED.h),
           l = LEAST(k.l, EXCLUDED.l),
           c = CASE WHEN EXCLUDED.last_seq > k.last_seq THEN EXCLUDED.c ELSE k.c END,
           v = k.v + EXCLUDED.v,
           amount = k.amount + EXCLUDED.amount,
           first_seq = LEAST(k.first_seq, EXCLUDED.first_seq),
           last_seq = GREATEST(k.last_seq, EXCLUDED.last_seq),
           tick_count = k.tick_count + EXCLUDED.tick_count
         RETURNING 1
       ), sealed AS (
         INSERT INTO tick_blocks (symbol, second, prev_hash, hash, first_seq, last_seq, tick_count, changes)
         SELECT b.symbol, b.second, b.prev_hash, b.hash, b.first_seq, b.last_seq, b.tick_count, NULLIF($14::jsonb -> (b.n::int - 1), 'null')
           FROM unnest($7::varchar[], $8::bigint[], $9::char(64)[], $10::char(64)[], $11::bigint[], $12::bigint[], $13::int[])
                WITH ORDINALITY AS b(symbol, second, prev_hash, hash, first_seq, last_seq, tick_count, n)
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM new) AS ticks, (SELECT count(*) FROM sealed) AS blocks`;
