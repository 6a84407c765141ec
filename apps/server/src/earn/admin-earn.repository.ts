import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { EarnHoliday } from '@candor/contracts';
import { returnedRows } from '../database/rows.js';
import type { EarnVersion } from './earn-settings.js';

/** Yu'e Bao's money across all holders (bigint as text): confirmed and pending shares, and how many hold some. */
export interface SharesRow {
  confirmed: string;
  pending: string;
  holders: number;
}

/** Operators' SQL for Yu'e Bao: settings versions, the holiday calendar, and the dashboard's totals. */
@Injectable()
export class AdminEarnRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One settings change at a time, until `em`'s transaction ends. */
  async lockSettings(em: EntityManager): Promise<void> {
    await em.query(`LOCK TABLE earn_settings IN SHARE ROW EXCLUSIVE MODE`);
  }

  /** A new settings version; its id. */
  async insertVersion(em: EntityManager, v: Omit<EarnVersion, 'id' | 'createdAt'>, now: Date): Promise<string> {
    const [row]: { id: string }[] = await em.query(
      `INSERT INTO earn_settings (effective_date, effective_at, daily_rate, cutoff, timezone, min_amount, daily_in_limit, daily_out_limit, operator_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text`,
      [v.effectiveDate, v.effectiveAt, v.dailyRate, v.cutoff, v.timezone, v.minAmount, v.dailyInLimit, v.dailyOutLimit, v.operatorId, now],
    );
    return row!.id;
  }

  /** Holidays in [from, to] (either end open when null), by date, at most 2000. */
  async holidays(from: string | null, to: string | null): Promise<EarnHoliday[]> {
    return this.ds.query(
      `SELECT date::text AS date, name FROM earn_holidays WHERE ($1::date IS NULL OR date >= $1::date) AND ($2::date IS NULL OR date <= $2::date) ORDER BY date LIMIT 2000`,
      [from, to],
    );
  }

  /** Adds the holiday or renames the one on that date; whether it was added, and the name it had before. */
  async upsertHoliday(em: EntityManager, date: string, name: string): Promise<{ inserted: boolean; before: string | null } | null> {
    const [row]: { inserted: boolean; before: string | null }[] = await em.query(
      `WITH old AS (SELECT name FROM earn_holidays WHERE date = $1::date)
       INSERT INTO earn_holidays (date, name) VALUES ($1, $2)
       ON CONFLICT (date) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
       RETURNING (xmax = 0) AS inserted, (SELECT name FROM old) AS before`,
      [date, name],
    );
    return row ?? null;
  }

  /** Deletes the holiday on `date`; its name, or null when there was none. */
  async deleteHoliday(em: EntityManager, date: string): Promise<string | null> {
    const rows = returnedRows<{ name: string }>(await em.query(`DELETE FROM earn_holidays WHERE date = $1::date RETURNING name`, [date]));
    return rows[0]?.name ?? null;
  }

  /** Adds or renames the holidays (dates and names side by side, each date once); for each, whether it was added. */
  async upsertHolidays(em: EntityManager, dates: readonly string[], names: readonly string[]): Promise<{ inserted: boolean }[]> {
    return em.query(
      `INSERT INTO earn_holidays (date, name) SELECT d, n FROM unnest($1::date[], $2::text[]) AS x(d, n)
       ON CONFLICT (date) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [dates, names],
    );
  }

  /** The confirmed and pending shares of all holders, and how many holders have any. */
  async shares(): Promise<SharesRow | null> {
    const [row]: SharesRow[] = await this.ds.query(
      `SELECT coalesce(sum(a.balance) FILTER (WHERE a.kind = 'earn_confirmed'), 0)::bigint AS confirmed,
              coalesce(sum(a.balance) FILTER (WHERE a.kind = 'earn_pending'), 0)::bigint AS pending,
              count(DISTINCT h.user_id) FILTER (WHERE a.balance > 0)::int AS holders
         FROM earn_holders h JOIN ledger_accounts a ON a.user_id = h.user_id AND a.kind IN ('earn_confirmed', 'earn_pending')`,
    );
    return row ?? null;
  }

  /** Each holder's share confirmed by `start` (the day now accruing), with the income so far, at `dailyRate`: the income expected (bigint as text). */
  async expectedIncome(start: Date, dailyRate: string): Promise<string | null> {
    const [row]: { amount: string }[] = await this.ds.query(
      `SELECT coalesce(sum(floor(b.basis * $2::numeric)), 0)::bigint AS amount
         FROM (SELECT u.user_id, sum(u.amount) AS basis
                 FROM (SELECT user_id, remaining AS amount FROM earn_transfers WHERE remaining > 0 AND confirm_at <= $1
                       UNION ALL SELECT user_id, income_remaining FROM earn_holders WHERE income_remaining > 0) u
                GROUP BY u.user_id) b`,
      [start, dailyRate],
    );
    return row?.amount ?? null;
  }

  /** All income ever paid: what the interest_expense platform account gave (bigint as text). */
  async interestPaid(): Promise<string | null> {
    const [row]: { paid: string }[] = await this.ds.query(
      `SELECT coalesce(-balance, 0)::bigint AS paid FROM ledger_accounts WHERE user_id IS NULL AND kind = 'interest_expense'`,
    );
    return row?.paid ?? null;
  }
}
