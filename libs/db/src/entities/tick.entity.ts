import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { ChainChange, PriceRule, TickSource } from '@candor/domain';

/**
 * One price tick from the feed. `seq` is per symbol, assigned by the feed, strictly increasing.
 * Append-only: the database refuses UPDATE, DELETE and TRUNCATE (migration 1763800000000-Market).
 * Prices and volumes are numeric (strings from pg, stored with the product's precision as text).
 */
@Entity('ticks')
export class TickEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 }) symbol: string;
  @PrimaryColumn({ type: 'bigint' }) seq: string;
  @Column({ type: 'timestamptz' }) t: Date;
  @Column({ type: 'numeric' }) price: string;
  @Column({ type: 'numeric', default: 0 }) volume: string;
  /** A price made from exchange quotes: every quote it was made from, used or not (hashed into its block). */
  @Column({ type: 'jsonb', nullable: true }) sources: TickSource[] | null;
  /** The rule that made it from `sources` (name, version, quorum, maxDeviationBps); null exactly when `sources` is. */
  @Column({ type: 'jsonb', nullable: true }) rule: PriceRule | null;
}

/**
 * One second of a product's tick record: the ticks whose `t` falls in [second, second + 1),
 * chained by SHA-256 (`hash = hashBlock({ symbol, second, ticks, prevHash })`, libs/domain
 * tick-chain.ts). Seconds without ticks have no block. Append-only like `ticks`, and
 * (symbol, prev_hash) is unique, so the chain can never fork.
 */
@Entity('tick_blocks')
export class TickBlockEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 }) symbol: string;
  /** Epoch second (a bigint as a string). */
  @PrimaryColumn({ type: 'bigint' }) second: string;
  @Column({ name: 'prev_hash', type: 'char', length: 64 }) prevHash: string;
  @Column({ type: 'char', length: 64 }) hash: string;
  @Column({ name: 'first_seq', type: 'bigint' }) firstSeq: string;
  @Column({ name: 'last_seq', type: 'bigint' }) lastSeq: string;
  @Column({ name: 'tick_count', type: 'int' }) tickCount: number;
  /** Catalogue changes that took effect in this second (hashed with the block); null when none. */
  @Column({ type: 'jsonb', nullable: true }) changes: ChainChange[] | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** Rollup sizes kept in `candles` (seconds): 1 minute and 1 hour; 5m/15m are built from 1m, 1d from 1h. */
export const CANDLE_ROLLUP_SIZES = [60, 3600] as const;
export type CandleRollupSize = (typeof CANDLE_ROLLUP_SIZES)[number];

/**
 * Derived OHLC rollups of `ticks`, written by the feed in the same transaction as the ticks they
 * summarise (so they always agree with the record). A cache for charts and 24h statistics: it can
 * be rebuilt from `ticks` at any time and carries no information of its own.
 */
@Entity('candles')
export class CandleEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 }) symbol: string;
  @PrimaryColumn({ type: 'int' }) size: number;
  @PrimaryColumn({ type: 'timestamptz' }) t: Date;
  @Column({ type: 'numeric' }) o: string;
  @Column({ type: 'numeric' }) h: string;
  @Column({ type: 'numeric' }) l: string;
  @Column({ type: 'numeric' }) c: string;
  @Column({ type: 'numeric' }) v: string;
  /** Turnover: sum of price x volume. */
  @Column({ type: 'numeric' }) amount: string;
  @Column({ name: 'first_seq', type: 'bigint' }) firstSeq: string;
  @Column({ name: 'last_seq', type: 'bigint' }) lastSeq: string;
  @Column({ name: 'tick_count', type: 'int' }) tickCount: number;
}
