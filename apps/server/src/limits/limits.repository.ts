import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PendingLimits } from '@candor/domain';

/** A user_limits row: money in cents (bigint as text), null = no limit. */
export interface LimitsRow {
  deposit_day: string | null;
  deposit_week: string | null;
  deposit_month: string | null;
  loss_day: string | null;
  loss_week: string | null;
  loss_month: string | null;
  stake_per_order: string | null;
  reminder_minutes: number | null;
  pending: PendingLimits;
  time_out_until: Date | null;
  self_excluded_until: Date | null;
}

const COLUMNS = `deposit_day::text, deposit_week::text, deposit_month::text, loss_day::text, loss_week::text, loss_month::text,
  stake_per_order::text, reminder_minutes, pending, time_out_until, self_excluded_until`;

/** What a user's real orders come to since three instants: net results of settled orders, and stakes still open. */
export interface RealResults {
  pnl_day: string;
  pnl_week: string;
  pnl_month: string;
  open_stakes: string;
}

/** user_limits, and the sums the limits are checked against: SQL only. */
@Injectable()
export class LimitsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's row (locked until `em`'s transaction ends when `lock`), or null when they never set a limit. */
  async find(userId: string, em: EntityManager = this.ds.manager, lock = false): Promise<LimitsRow | null> {
    const rows: LimitsRow[] = await em.query(`SELECT ${COLUMNS} FROM user_limits WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`, [userId]);
    return rows[0] ?? null;
  }

  /** The row, created empty first when missing, locked for the rest of `em`'s transaction. */
  async lockOrCreate(em: EntityManager, userId: string): Promise<LimitsRow> {
    await em.query(`INSERT INTO user_limits (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    return (await this.find(userId, em, true))!;
  }

  async save(em: EntityManager, userId: string, r: LimitsRow): Promise<void> {
    await em.query(
      `UPDATE user_limits SET deposit_day = $2, deposit_week = $3, deposit_month = $4, loss_day = $5, loss_week = $6, loss_month = $7,
              stake_per_order = $8, reminder_minutes = $9, pending = $10::jsonb, time_out_until = $11, self_excluded_until = $12, updated_at = now()
        WHERE user_id = $1`,
      [
        userId,
        r.deposit_day,
        r.deposit_week,
        r.deposit_month,
        r.loss_day,
        r.loss_week,
        r.loss_month,
        r.stake_per_order,
        r.reminder_minutes,
        JSON.stringify(r.pending),
        r.time_out_until,
        r.self_excluded_until,
      ],
    );
  }

  /**
   * Deposits the user requested since each instant that were not turned down (in review or credited): a
   * requested deposit counts at once, so a limit cannot be passed by asking for several before any is approved.
   */
  async depositsSince(em: EntityManager, userId: string, day: Date, week: Date, month: Date): Promise<{ day: string; week: string; month: string }> {
    const [r] = await em.query(
      `SELECT coalesce(sum(amount) FILTER (WHERE created_at >= $2), 0)::text AS day,
              coalesce(sum(amount) FILTER (WHERE created_at >= $3), 0)::text AS week,
              coalesce(sum(amount) FILTER (WHERE created_at >= $4), 0)::text AS month
         FROM deposits WHERE user_id = $1 AND status <> 'failed' AND created_at >= LEAST($2::timestamptz, $3::timestamptz, $4::timestamptz)`,
      [userId, day, week, month],
    );
    return r;
  }

  /**
   * The net result of the user's real orders settled since each instant (closed_at), and the stakes of their real
   * orders still open. `createdFrom` bounds created_at for the index orders_user_created (an order settles at most
   * a day and a minute after it was placed); open orders are read whatever their age.
   */
  async realResults(em: EntityManager, userId: string, day: Date, week: Date, month: Date, createdFrom: Date): Promise<RealResults> {
    const [r] = await em.query(
      `SELECT coalesce(sum(pnl) FILTER (WHERE status = 'settled' AND closed_at >= $2), 0)::text AS pnl_day,
              coalesce(sum(pnl) FILTER (WHERE status = 'settled' AND closed_at >= $3), 0)::text AS pnl_week,
              coalesce(sum(pnl) FILTER (WHERE status = 'settled' AND closed_at >= $4), 0)::text AS pnl_month,
              coalesce(sum(amount) FILTER (WHERE status = 'open'), 0)::text AS open_stakes
         FROM orders
        WHERE user_id = $1 AND account = 'real' AND (status = 'open' OR created_at >= $5)`,
      [userId, day, week, month, createdFrom],
    );
    return r;
  }
}
