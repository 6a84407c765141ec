import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The watchlist_items table; no business rules here. */
@Injectable()
export class WatchlistRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's favourite symbols of enabled products, in the order added. */
  async symbols(userId: string): Promise<string[]> {
    const rows: { symbol: string }[] = await this.ds.query(
      `SELECT p.symbol FROM watchlist_items w JOIN products p ON p.id = w.product_id
        WHERE w.user_id = $1 AND p.enabled ORDER BY w.created_at, p.symbol`,
      [userId],
    );
    return rows.map((r) => r.symbol);
  }

  /** Adds the product; adding one already there changes nothing (its first time is kept). */
  async add(userId: string, productId: string): Promise<void> {
    await this.ds.query(`INSERT INTO watchlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, productId]);
  }

  async remove(userId: string, productId: string): Promise<void> {
    await this.ds.query(`DELETE FROM watchlist_items WHERE user_id = $1 AND product_id = $2`, [userId, productId]);
  }
}
