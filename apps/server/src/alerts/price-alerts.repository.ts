import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { FIRED_ALERTS_LISTED_DAYS, type AlertDirection } from '@candor/contracts';
import type { AlertThresholds } from '@candor/domain';
import { returnedRows } from '../database/rows.js';

export interface PriceAlertRow {
  id: string;
  symbol: string;
  direction: AlertDirection;
  level: string;
  created_at: Date;
  triggered_at: Date | null;
  triggered_price: string | null;
}

/** An alert that just fired, with what its message needs. */
export interface FiredAlertRow {
  id: string;
  user_id: string;
  symbol: string;
  direction: AlertDirection;
  level: string;
  triggered_at: Date;
  names: Record<string, string>;
}

const COLUMNS = `id::text, symbol, direction, level::text AS level, created_at, triggered_at, triggered_price::text AS triggered_price`;

/** The price_alerts table; no business rules here. */
@Injectable()
export class PriceAlertsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's active alerts (oldest first), then those fired in the last days (newest first); of one product when `symbol` is given. */
  listForUser(userId: string, symbol: string | null): Promise<PriceAlertRow[]> {
    return this.ds.query(
      `SELECT ${COLUMNS} FROM price_alerts
        WHERE user_id = $1 AND NOT removed AND ($2::text IS NULL OR symbol = $2)
          AND (triggered_at IS NULL OR triggered_at > now() - make_interval(days => $3))
        ORDER BY triggered_at IS NOT NULL, triggered_at DESC, created_at
        LIMIT 100`,
      [userId, symbol, FIRED_ALERTS_LISTED_DAYS],
    );
  }

  /** Inside `em`'s transaction: waits for the user's other alert writes, so a count and the insert after it cannot interleave with another request's. */
  async lockUser(em: EntityManager, userId: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtextextended('price-alerts:' || $1::text, 0))`, [userId]);
  }

  async countActive(em: EntityManager, userId: string): Promise<number> {
    const [{ count }]: { count: number }[] = await em.query(
      `SELECT count(*)::int AS count FROM price_alerts WHERE user_id = $1 AND triggered_at IS NULL AND NOT removed`,
      [userId],
    );
    return count;
  }

  async insert(em: EntityManager, a: { userId: string; symbol: string; direction: AlertDirection; level: string }): Promise<PriceAlertRow> {
    const [row]: PriceAlertRow[] = await em.query(
      `INSERT INTO price_alerts (user_id, symbol, direction, level) VALUES ($1, $2, $3, $4::numeric) RETURNING ${COLUMNS}`,
      [a.userId, a.symbol, a.direction, a.level],
    );
    return row!;
  }

  /** Marks the user's alert removed; its symbol, or null when the user has no alert of that id. */
  async remove(userId: string, id: string): Promise<string | null> {
    const [row] = returnedRows<{ symbol: string }>(
      await this.ds.query(`UPDATE price_alerts SET removed = true WHERE id = $2::uuid AND user_id = $1 RETURNING symbol`, [userId, id]),
    );
    return row?.symbol ?? null;
  }

  /** What the active alerts wait for, per product (of one product when `symbol` is given; a product without any is absent). */
  async thresholds(symbol: string | null = null): Promise<Map<string, AlertThresholds>> {
    const rows: { symbol: string; lowest_above: string | null; highest_below: string | null }[] = await this.ds.query(
      `SELECT symbol,
              min(level) FILTER (WHERE direction = 'above')::text AS lowest_above,
              max(level) FILTER (WHERE direction = 'below')::text AS highest_below
         FROM price_alerts
        WHERE triggered_at IS NULL AND NOT removed AND ($1::text IS NULL OR symbol = $1)
        GROUP BY symbol`,
      [symbol],
    );
    return new Map(rows.map((r) => [r.symbol, { lowestAbove: r.lowest_above, highestBelow: r.highest_below }]));
  }

  /**
   * Fires, in `em`'s transaction, every active alert of the product that `price` reaches, at the tick's time
   * `t`. The condition on `triggered_at` makes each alert fire once, whoever else runs this at the same time.
   */
  async fire(em: EntityManager, symbol: string, price: string, t: string): Promise<FiredAlertRow[]> {
    return returnedRows<FiredAlertRow>(
      await em.query(
        `UPDATE price_alerts a SET triggered_at = $3::timestamptz, triggered_price = $2::numeric
           FROM products p
          WHERE a.symbol = $1 AND p.symbol = a.symbol AND a.triggered_at IS NULL AND NOT a.removed
            AND ((a.direction = 'above' AND a.level <= $2::numeric) OR (a.direction = 'below' AND a.level >= $2::numeric))
          RETURNING a.id::text, a.user_id::text, a.symbol, a.direction, a.level::text AS level, a.triggered_at, p.names`,
        [symbol, price, t],
      ),
    );
  }
}
