import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../database/rows.js';
import type { CatalogueChange, CatalogueChangeStatus, ScheduledChange, ScheduledField } from '@candor/contracts';

/** A row of product_changes as read (times as Date, values as parsed JSON). */
export interface ChangeRow {
  id: string;
  symbol: string;
  field: ScheduledField;
  from_value: unknown;
  to_value: unknown;
  effective_at: Date;
  status: CatalogueChangeStatus;
  created_at: Date;
  decided_at: Date | null;
  refused_reason: string | null;
  block_second: string | null;
}

const COLUMNS = `id, symbol, field, from_value, to_value, effective_at, status, created_at, decided_at, refused_reason, block_second`;

export const toScheduled = (r: ChangeRow): ScheduledChange => ({
  id: r.id,
  field: r.field,
  from: r.from_value,
  to: r.to_value,
  effectiveAt: new Date(r.effective_at).toISOString(),
});

export const toCatalogueChange = (r: ChangeRow): CatalogueChange => ({
  ...toScheduled(r),
  symbol: r.symbol,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  refusedReason: r.refused_reason,
  blockSecond: r.block_second === null ? null : String(r.block_second),
});

/** A pending change as the feed schedules it (the tick writer's ScheduledChainChange). */
export const toChainSchedule = (r: ChangeRow) => ({
  id: r.id,
  symbol: r.symbol,
  field: r.field,
  from: r.from_value,
  to: r.to_value,
  effectiveAtMs: new Date(r.effective_at).getTime(),
});

/** The columns of `products` a scheduled field writes, and how its JSON value is stored there. */
const PRODUCT_COLUMN: Record<ScheduledField, string> = {
  precision: `precision = ($2::jsonb)::int`,
  priceVenues: `price_venues = $2::jsonb`,
  // null (around the clock) is SQL NULL in the column, not JSON null
  hours: `hours = NULLIF($2::jsonb, 'null'::jsonb)`,
  timezone: `timezone = $2::jsonb #>> '{}'`,
  holidays: `holidays = $2::jsonb`,
};

/** Scheduled catalogue changes in Postgres (SQL only, no rules). */
@Injectable()
export class CatalogueChangesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(
    em: EntityManager,
    c: { id: string; symbol: string; field: ScheduledField; from: unknown; to: unknown; effectiveAt: Date; operatorId: string | null },
  ): Promise<ChangeRow> {
    const [row]: ChangeRow[] = await em.query(
      `INSERT INTO product_changes (id, symbol, field, from_value, to_value, effective_at, created_by)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7) RETURNING ${COLUMNS}`,
      [c.id, c.symbol, c.field, JSON.stringify(c.from), JSON.stringify(c.to), c.effectiveAt, c.operatorId],
    );
    return row!;
  }

  /** Pending changes, earliest first (of one product, or all). */
  pending(symbol?: string, em: EntityManager = this.ds.manager): Promise<ChangeRow[]> {
    return symbol
      ? em.query(`SELECT ${COLUMNS} FROM product_changes WHERE status = 'pending' AND symbol = $1 ORDER BY effective_at, created_at`, [symbol])
      : em.query(`SELECT ${COLUMNS} FROM product_changes WHERE status = 'pending' ORDER BY effective_at, created_at`);
  }

  /** A product's changes, newest first, keyset-paged by (created_at, id). */
  async history(symbol: string, limit: number, cursor?: { createdAt: Date; id: string }): Promise<ChangeRow[]> {
    return cursor
      ? this.ds.query(
          `SELECT ${COLUMNS} FROM product_changes WHERE symbol = $1 AND (date_trunc('milliseconds', created_at), id) < ($2, $3::uuid)
            ORDER BY date_trunc('milliseconds', created_at) DESC, id DESC LIMIT $4`,
          [symbol, cursor.createdAt, cursor.id, limit],
        )
      : this.ds.query(`SELECT ${COLUMNS} FROM product_changes WHERE symbol = $1 ORDER BY date_trunc('milliseconds', created_at) DESC, id DESC LIMIT $2`, [
          symbol,
          limit,
        ]);
  }

  async find(id: string, em: EntityManager = this.ds.manager, lock = false): Promise<ChangeRow | null> {
    const [row]: ChangeRow[] = await em.query(`SELECT ${COLUMNS} FROM product_changes WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return row ?? null;
  }

  /** The latest expiry among the product's open orders (epoch ms), or null. */
  async lastOpenExpiry(em: EntityManager, symbol: string): Promise<number | null> {
    const [row]: { last: Date | null }[] = await em.query(`SELECT max(expires_at) AS last FROM open_orders WHERE symbol = $1`, [symbol]);
    return row?.last ? new Date(row.last).getTime() : null;
  }

  /** Marks a pending change cancelled (by an operator) or refused (by the check at its time); false when it was not pending. */
  async decide(em: EntityManager, id: string, outcome: { status: 'cancelled'; operatorId: string } | { status: 'refused'; reason: string }): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await em.query(
        `UPDATE product_changes SET status = $2, decided_at = now(), decided_by = $3, refused_reason = $4
          WHERE id = $1 AND status = 'pending' RETURNING id`,
        [id, outcome.status, outcome.status === 'cancelled' ? outcome.operatorId : null, outcome.status === 'refused' ? outcome.reason : null],
      ),
    );
    return rows.length > 0;
  }

  /**
   * Applies a pending change to its product in the transaction that stores the block recording it; false when
   * the change is no longer pending (cancelled or refused meanwhile), and then nothing is written.
   */
  async apply(em: EntityManager, id: string, blockSecond: number): Promise<ChangeRow | null> {
    const [applied] = returnedRows<ChangeRow>(
      await em.query(
        `UPDATE product_changes SET status = 'applied', decided_at = now(), block_second = $2
          WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [id, blockSecond],
      ),
    );
    if (!applied) return null;
    await em.query(`UPDATE products SET ${PRODUCT_COLUMN[applied.field]}, updated_at = now() WHERE symbol = $1`, [
      applied.symbol,
      JSON.stringify(applied.to_value),
    ]);
    return applied;
  }
}
