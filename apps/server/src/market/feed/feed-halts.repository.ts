import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { HaltReason } from '@candor/domain';

export interface OpenHaltRow {
  id: string;
  symbol: string;
  reason: HaltReason;
  started_at: Date;
}

/** `market_halts`: when products had no valid price (written by the feed, read by settlement). */
@Injectable()
export class FeedHaltsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The halts not ended yet, oldest first. */
  open(): Promise<OpenHaltRow[]> {
    return this.ds.query(`SELECT id, symbol, reason, started_at FROM market_halts WHERE ended_at IS NULL ORDER BY id`);
  }

  /** Records a halt of `symbol` from `since`; returns its id. */
  async start(symbol: string, reason: HaltReason, since: Date): Promise<string> {
    const [row]: { id: string }[] = await this.ds.query(`INSERT INTO market_halts (symbol, reason, started_at) VALUES ($1, $2, $3) RETURNING id`, [
      symbol,
      reason,
      since,
    ]);
    return String(row!.id);
  }

  /** Writes the end of a halt (once: an ended halt is left as it is). */
  async end(id: string, at: Date): Promise<void> {
    await this.ds.query(`UPDATE market_halts SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL`, [id, at]);
  }
}
