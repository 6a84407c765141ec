import type { ChainTick, PriceRule, TickSource } from '@candor/domain';
import type { PriceKind, TickMessage } from '@candor/cross-process';
import type { AssembledBlock, LastBlock } from './block-assembler.js';
import type { ScheduledChainChange } from './change-schedule.js';
import type { Market24h } from './feed-adapter.js';
import type { MinuteRow } from './live-stats.js';

// The tick writer's contracts: what it reads and writes through its store and bus, and its options.

/** What the writer needs to know about a product before its next tick (read from Postgres). */
export interface SymbolSeed {
  precision: number;
  /** Highest stored seq, null before the first tick. */
  lastSeq: string | null;
  /** The latest stored tick. */
  lastTick: { t: string; price: string } | null;
  lastBlock: LastBlock | null;
  /** Stored ticks after the last block (a writer stopped before sealing them), in seq order. */
  unsealed: ChainTick[];
  /** Stored 1-minute rollups of the last 24 h. */
  minutes: MinuteRow[];
}

export interface PendingTick {
  symbol: string;
  seq: string;
  t: string;
  price: string;
  volume: string;
  /** A price made from exchange quotes: the quotes and the rule (hashed with the tick). */
  sources?: readonly TickSource[];
  rule?: PriceRule;
  kind?: PriceKind;
  message: TickMessage;
}

export interface SymbolBlock extends AssembledBlock {
  symbol: string;
}

/** Storage of the tick record (Postgres in production, a fake in unit tests). */
export interface TickStore {
  /** The product's state, or null when no such product exists. */
  seed(symbol: string, nowMs: number): Promise<SymbolSeed | null>;
  /**
   * Stores ticks (with their candle rollups) and sealed blocks atomically (one transaction); a block's catalogue
   * changes are applied to the catalogue in the same transaction (ChangeWithdrawnError when one is not pending).
   */
  commit(batch: { ticks: readonly PendingTick[]; blocks: readonly SymbolBlock[] }): Promise<void>;
  /** The pending catalogue changes of every product (for `refreshSchedule`). */
  pendingChanges?(): Promise<ScheduledChainChange[]>;
}

/**
 * Where stored ticks are announced (Redis: `tick:last:<SYMBOL>` and REDIS_CHANNELS.ticks). Called once per
 * stored write, in seq order, and possibly before the previous call resolved: it must send in call order
 * (one Redis connection does), so subscribers see each product's ticks in order.
 */
export interface TickBus {
  publish(ticks: readonly PendingTick[]): Promise<void>;
  /** A block applied catalogue changes: every api instance re-reads the catalogue. */
  catalogueChanged?(): Promise<void>;
}

export interface TickWriterOptions {
  /**
   * Ticks are stored at once; this timer seals the seconds that ended and retries a failed write when no
   * tick does it (default 250 ms).
   */
  flushIntervalMs?: number;
  /** A second is sealed this long after it ended (default 150 ms). */
  sealGraceMs?: number;
  /** The clock (epoch ms); tests set it. */
  now?: () => number;
  /** Pending ticks kept while Postgres is unreachable before they are dropped (default 50 000). */
  maxPending?: number;
  log?: { warn(msg: string): void; error(msg: string): void };
}

export interface WriteOptions {
  /** Traded volume of the tick (default "0"), at most 8 decimals. */
  volume?: string;
  /** Resolve only once the tick is stored and published (otherwise once it is queued). */
  flush?: boolean;
  /** Where the price came from (the last tick's kind decides whether real money may trade on it). */
  kind?: PriceKind;
  /** For a price made from exchange quotes: every quote and the rule (both, or neither). */
  sources?: readonly TickSource[];
  rule?: PriceRule;
  /** The exchanges' own 24h volume and turnover, published as the tick's 24h figures (see FeedTickInfo); never stored. */
  market24h?: Market24h;
}

export interface WrittenTick {
  symbol: string;
  seq: string;
  t: string;
  price: string;
  volume: string;
}
