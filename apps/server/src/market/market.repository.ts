import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ProductEntity, type ProductExpiry } from '@candor/db';
import type { LastTick } from '@candor/cross-process';
import { CatalogueChangesRepository, toScheduled } from './catalogue/catalogue-changes.repository.js';
import type { ChainChange, PriceRule, TickSource } from '@candor/contracts';

export interface StatsRow {
  symbol: string;
  first: string;
  last: string;
  high: string;
  low: string;
  volume: string;
  amount: string;
}
export interface CandleRow {
  t: Date;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}
export interface RecordTickRow {
  seq: string;
  t: Date;
  price: string;
  second: string;
  hash: string;
  sources: TickSource[] | null;
  rule: PriceRule | null;
}
export interface BlockRow {
  second: string;
  prev_hash: string;
  hash: string;
  first_seq: string;
  last_seq: string;
  tick_count: number;
  changes: ChainChange[] | null;
}
/** The settings of a product an operator's edit writes at once (the scheduled fields change at their time). */
export interface ProductSettingsUpdate {
  names: Record<string, string>;
  maintenance: boolean;
  maintenanceMessage: string | null;
  expiries: ProductExpiry[];
  minStake: number;
  maxStake: number;
  recommended: boolean;
  enabled: boolean;
}
export interface BlockTickRow {
  seq: string;
  t: Date;
  price: string;
  sources: TickSource[] | null;
  rule: PriceRule | null;
}

/** Market data access (TypeORM / SQL only, no rules). */
@Injectable()
export class MarketRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly changes: CatalogueChangesRepository,
  ) {}

  /** Every product, in the catalogue's order. */
  products(): Promise<ProductEntity[]> {
    return this.ds.getRepository(ProductEntity).find({ order: { sort: 'ASC', symbol: 'ASC' } });
  }

  /** Every product with its pending catalogue changes attached (`scheduledChanges`, earliest first). */
  async allProducts(): Promise<ProductEntity[]> {
    const [rows, pending] = await Promise.all([this.products(), this.changes.pending()]);
    const bySymbol = new Map<string, NonNullable<ProductEntity['scheduledChanges']>>(rows.map((r) => [r.symbol, (r.scheduledChanges = [])]));
    for (const c of pending) bySymbol.get(c.symbol)?.push(toScheduled(c));
    return rows;
  }

  /** The product, locked FOR UPDATE in `em`'s transaction (an operator's edit), or null. */
  lockProduct(em: EntityManager, symbol: string): Promise<ProductEntity | null> {
    return em.getRepository(ProductEntity).findOne({ where: { symbol }, lock: { mode: 'pessimistic_write' } });
  }

  productById(em: EntityManager, id: string): Promise<ProductEntity | null> {
    return em.getRepository(ProductEntity).findOne({ where: { id } });
  }

  async updateSettings(em: EntityManager, id: string, s: ProductSettingsUpdate): Promise<void> {
    await em.query(
      `UPDATE products SET names = $2::jsonb, maintenance = $3, maintenance_message = $4, expiries = $5::jsonb, min_stake = $6,
              max_stake = $7, recommended = $8, enabled = $9, updated_at = now()
        WHERE id = $1`,
      [id, JSON.stringify(s.names), s.maintenance, s.maintenanceMessage, JSON.stringify(s.expiries), s.minStake, s.maxStake, s.recommended, s.enabled],
    );
  }

  /** 24h statistics from the 1-minute rollups with t in [from, to]. */
  async stats(symbols: readonly string[], fromMs: number, toMs: number): Promise<Map<string, StatsRow>> {
    if (symbols.length === 0) return new Map();
    const rows: StatsRow[] = await this.ds.query(
      `SELECT symbol,
              (array_agg(o ORDER BY t))[1]::text AS first, (array_agg(c ORDER BY t DESC))[1]::text AS last,
              max(h)::text AS high, min(l)::text AS low, sum(v)::text AS volume, sum(amount)::text AS amount
         FROM candles
        WHERE size = 60 AND symbol = ANY($1::varchar[]) AND t >= $2 AND t <= $3
        GROUP BY symbol`,
      [symbols, new Date(fromMs), new Date(toMs)],
    );
    return new Map(rows.map((r) => [r.symbol, r]));
  }

  /** The latest stored tick of each symbol (the fallback when Redis has none). */
  async lastTicks(symbols: readonly string[]): Promise<Map<string, LastTick>> {
    if (symbols.length === 0) return new Map();
    const rows: { symbol: string; seq: string; t: Date; price: string; venues: boolean }[] = await this.ds.query(
      `SELECT s.symbol, k.seq, k.t, k.price, k.venues
         FROM unnest($1::varchar[]) AS s(symbol)
         CROSS JOIN LATERAL (SELECT seq, t, price, sources IS NOT NULL AS venues FROM ticks WHERE symbol = s.symbol ORDER BY seq DESC LIMIT 1) k`,
      [symbols],
    );
    // A stored tick with sources was made from exchanges; the record does not say which other kind made the rest.
    return new Map(
      rows.map((r) => [r.symbol, { seq: String(r.seq), t: new Date(r.t).toISOString(), price: r.price, ...(r.venues ? { kind: 'venues' as const } : {}) }]),
    );
  }

  /**
   * Candles of `binSeconds` for buckets in [start, end), built from the rollup of `sourceSize`
   * seconds (the rollup itself when the sizes match).
   */
  candles(symbol: string, sourceSize: 60 | 3600, binSeconds: number, startMs: number, endMs: number): Promise<CandleRow[]> {
    if (binSeconds === sourceSize) {
      return this.ds.query(
        `SELECT t, o::text, h::text, l::text, c::text, v::text FROM candles
          WHERE symbol = $1 AND size = $2 AND t >= $3 AND t < $4 ORDER BY t`,
        [symbol, sourceSize, new Date(startMs), new Date(endMs)],
      );
    }
    return this.ds.query(
      `SELECT to_timestamp(floor(extract(epoch FROM t) / $5) * $5) AS t,
              (array_agg(o ORDER BY t))[1]::text AS o, max(h)::text AS h, min(l)::text AS l,
              (array_agg(c ORDER BY t DESC))[1]::text AS c, sum(v)::text AS v
         FROM candles
        WHERE symbol = $1 AND size = $2 AND t >= $3 AND t < $4
        GROUP BY 1 ORDER BY 1`,
      [symbol, sourceSize, new Date(startMs), new Date(endMs), binSeconds],
    );
  }

  /** Sealed ticks with t in [from, to], with their block, oldest first. */
  recordTicks(symbol: string, fromMs: number, toMs: number, limit: number): Promise<RecordTickRow[]> {
    return this.ds.query(
      `SELECT k.seq, k.t, k.price::text AS price, b.second, b.hash, k.sources, k.rule
         FROM ticks k
         JOIN tick_blocks b ON b.symbol = k.symbol AND b.second = floor(extract(epoch FROM k.t))::bigint
        WHERE k.symbol = $1 AND k.t >= $2 AND k.t <= $3 AND k.seq BETWEEN b.first_seq AND b.last_seq
        ORDER BY k.seq LIMIT $4`,
      [symbol, new Date(fromMs), new Date(toMs), limit],
    );
  }

  /** Blocks with second in [fromSecond, toSecond], oldest first, with their ticks. */
  async blocks(symbol: string, fromSecond: number, toSecond: number, limit: number): Promise<{ blocks: BlockRow[]; ticks: BlockTickRow[] }> {
    const blocks: BlockRow[] = await this.ds.query(
      `SELECT second, prev_hash, hash, first_seq, last_seq, tick_count, changes FROM tick_blocks
        WHERE symbol = $1 AND second >= $2 AND second <= $3 ORDER BY second LIMIT $4`,
      [symbol, fromSecond, toSecond, limit],
    );
    if (blocks.length === 0) return { blocks, ticks: [] };
    const ticks: BlockTickRow[] = await this.ds.query(
      `SELECT seq, t, price::text AS price, sources, rule FROM ticks WHERE symbol = $1 AND seq >= $2 AND seq <= $3 ORDER BY seq`,
      [symbol, blocks[0]!.first_seq, blocks[blocks.length - 1]!.last_seq],
    );
    return { blocks, ticks };
  }
}
