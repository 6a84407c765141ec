import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Cents, LotSchedule, OutPart } from '@candor/domain';
import { pgPlainArray, pgTextArray } from '../ledger/pg-array.js';

/** A row of earn_transfers, with its dates as text and its times as Date. */
export interface TransferRow {
  id: string;
  user_id: string;
  direction: 'in' | 'out';
  amount: string;
  status: 'pending' | 'confirmed' | 'done';
  created_at: Date;
  remaining: string | null;
  trade_date: string | null;
  confirm_at: Date | null;
  first_income_on: string | null;
  withdrawable_at: Date | null;
}
export interface IncomeRow {
  date: string;
  amount: string;
  posted_at: Date;
}
export interface RunRow {
  date: string;
  posting_at: Date;
  daily_rate: string;
  holders: number;
  basis_total: string;
  income_total: string;
  started_at: Date;
  finished_at: Date | null;
}

const TRANSFER_COLUMNS = `id::text, user_id, direction, amount, status, created_at, remaining, trade_date::text, confirm_at, first_income_on::text, withdrawable_at`;
const RUN_COLUMNS = `date::text, posting_at, daily_rate::text, holders, basis_total, income_total, started_at, finished_at`;

/** A position in the records list: (createdAt, rank, seq) descending; rank 1 transfers (seq = id), 0 income (seq = date). */
export interface RecordsPosition {
  createdAt: string;
  rank: 0 | 1;
  seq: string;
}

/** Yu'e Bao's SQL for users' transfers and reads (TypeORM access only; the rules are the service's and libs/domain's). */
@Injectable()
export class EarnRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's holder row, locked for the transaction (made first when `create`): transfers of one user go one at a time. */
  async lockHolder(em: EntityManager, userId: string, now: Date, create: boolean): Promise<{ incomeRemaining: Cents } | null> {
    if (create) await em.query(`INSERT INTO earn_holders (user_id, created_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [userId, now]);
    const rows: { income_remaining: string }[] = await em.query(`SELECT income_remaining FROM earn_holders WHERE user_id = $1 FOR UPDATE`, [userId]);
    return rows[0] ? { incomeRemaining: Number(rows[0].income_remaining) } : null;
  }

  /** Transfers in and out of the user in [from, to). */
  async countsBetween(em: EntityManager, userId: string, from: Date, to: Date): Promise<{ in: number; out: number }> {
    const rows: { direction: 'in' | 'out'; n: number }[] = await em.query(
      `SELECT direction, count(*)::int AS n FROM earn_transfers WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY direction`,
      [userId, from, to],
    );
    return { in: rows.find((r) => r.direction === 'in')?.n ?? 0, out: rows.find((r) => r.direction === 'out')?.n ?? 0 };
  }

  async insertLot(em: EntityManager, userId: string, amount: Cents, now: Date, s: LotSchedule): Promise<TransferRow> {
    const [row]: TransferRow[] = await em.query(
      `INSERT INTO earn_transfers (user_id, direction, amount, status, created_at, remaining, trade_date, confirm_date, confirm_at, first_income_on, withdrawable_at)
       VALUES ($1, 'in', $2, 'pending', $3, $2, $4, $5, $6, $7, $8) RETURNING ${TRANSFER_COLUMNS}`,
      [userId, amount, now, s.tradeDate, s.confirmDate, s.confirmAt, s.firstIncomeOn, s.withdrawableAt],
    );
    return row!;
  }

  /** The user's lots still holding money, oldest first, locked. */
  async liveLots(em: EntityManager, userId: string): Promise<TransferRow[]> {
    return em.query(`SELECT ${TRANSFER_COLUMNS} FROM earn_transfers WHERE user_id = $1 AND remaining > 0 ORDER BY created_at, id FOR UPDATE`, [userId]);
  }

  /** The transfer out, what it took (parts), the lots and the income it took it from. */
  async insertOut(em: EntityManager, userId: string, amount: Cents, now: Date, parts: readonly OutPart[]): Promise<TransferRow> {
    const [row]: TransferRow[] = await em.query(
      `INSERT INTO earn_transfers (user_id, direction, amount, status, created_at) VALUES ($1, 'out', $2, 'done', $3) RETURNING ${TRANSFER_COLUMNS}`,
      [userId, amount, now],
    );
    await em.query(
      `INSERT INTO earn_out_parts (out_id, lot_id, user_id, source, amount, at)
       SELECT $1, p.lot_id, $2, p.source, p.amount, $3 FROM unnest($4::bigint[], $5::varchar[], $6::bigint[]) AS p(lot_id, source, amount)`,
      [row!.id, userId, now, pgPlainArray(parts.map((p) => p.lotId)), pgTextArray(parts.map((p) => p.from)), pgPlainArray(parts.map((p) => p.amount))],
    );
    const lots = parts.filter((p) => p.lotId !== null);
    if (lots.length) {
      await em.query(
        `UPDATE earn_transfers t SET remaining = t.remaining - p.amount FROM unnest($1::bigint[], $2::bigint[]) AS p(id, amount) WHERE t.id = p.id AND t.user_id = $3`,
        [pgPlainArray(lots.map((p) => p.lotId)), pgPlainArray(lots.map((p) => p.amount)), userId],
      );
    }
    const income = parts.filter((p) => p.lotId === null).reduce((s, p) => s + p.amount, 0);
    if (income > 0) await em.query(`UPDATE earn_holders SET income_remaining = income_remaining - $2 WHERE user_id = $1`, [userId, income]);
    return row!;
  }

  /** Pending lots (their money still in earn_pending) that may leave at `now`. */
  async pendingWithdrawable(userId: string, now: Date): Promise<Cents> {
    const [r]: { s: string }[] = await this.ds.query(
      `SELECT coalesce(sum(remaining), 0)::bigint AS s FROM earn_transfers WHERE user_id = $1 AND remaining > 0 AND status = 'pending' AND withdrawable_at <= $2`,
      [userId, now],
    );
    return Number(r?.s ?? 0);
  }

  async holder(userId: string): Promise<{ incomeTotal: Cents } | null> {
    const rows: { income_total: string }[] = await this.ds.query(`SELECT income_total FROM earn_holders WHERE user_id = $1`, [userId]);
    return rows[0] ? { incomeTotal: Number(rows[0].income_total) } : null;
  }

  /** The last `n` finished postings, newest first. */
  async lastRuns(n: number, em: EntityManager = this.ds.manager): Promise<RunRow[]> {
    return em.query(`SELECT ${RUN_COLUMNS} FROM earn_runs WHERE finished_at IS NOT NULL ORDER BY date DESC LIMIT $1`, [n]);
  }

  /** The last `n` runs, finished or not, newest first. */
  async recentRuns(n: number): Promise<RunRow[]> {
    return this.ds.query(`SELECT ${RUN_COLUMNS} FROM earn_runs ORDER BY date DESC LIMIT $1`, [n]);
  }

  async incomeOf(userId: string, date: string): Promise<Cents> {
    const rows: { amount: string }[] = await this.ds.query(`SELECT amount FROM earn_income WHERE user_id = $1 AND date = $2::date`, [userId, date]);
    return Number(rows[0]?.amount ?? 0);
  }

  async incomeBetween(userId: string, from: string, to: string): Promise<Map<string, Cents>> {
    const rows: IncomeRow[] = await this.ds.query(
      `SELECT date::text, amount, posted_at FROM earn_income WHERE user_id = $1 AND date BETWEEN $2::date AND $3::date`,
      [userId, from, to],
    );
    return new Map(rows.map((r) => [r.date, Number(r.amount)]));
  }

  /** One page of transfers (of a direction, or both), newest first, after `after`; one row more than asked when there is more. */
  async transfersPage(userId: string, direction: 'in' | 'out' | null, limit: number, after: RecordsPosition | null): Promise<TransferRow[]> {
    const params: unknown[] = [userId, limit + 1];
    const where = [`user_id = $1`];
    if (direction) {
      params.push(direction);
      where.push(`direction = $${params.length}`);
    }
    if (after) {
      params.push(after.createdAt);
      if (after.rank === 1) {
        params.push(after.seq);
        where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
      } else {
        where.push(`created_at < $${params.length}::timestamptz`);
      }
    }
    return this.ds.query(`SELECT ${TRANSFER_COLUMNS} FROM earn_transfers WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $2`, params);
  }

  /** One page of income rows, newest first, after `after`. */
  async incomePage(userId: string, limit: number, after: RecordsPosition | null): Promise<IncomeRow[]> {
    const params: unknown[] = [userId, limit + 1];
    const where = [`user_id = $1`];
    if (after) {
      params.push(after.createdAt);
      if (after.rank === 0) {
        params.push(after.seq);
        where.push(`(posted_at, date) < ($${params.length - 1}::timestamptz, $${params.length}::date)`);
      } else {
        where.push(`posted_at <= $${params.length}::timestamptz`);
      }
    }
    return this.ds.query(
      `SELECT date::text, amount, posted_at FROM earn_income WHERE ${where.join(' AND ')} ORDER BY posted_at DESC, date DESC LIMIT $2`,
      params,
    );
  }
}
