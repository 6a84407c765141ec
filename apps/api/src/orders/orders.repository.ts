import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ORDER_COLUMNS, type OrderRow } from './order-view.js';

export interface NewOrder {
  id: string;
  userId: string;
  account: 'real' | 'demo';
  symbol: string;
  direction: 'up' | 'down';
  amountCents: number;
  durationSeconds: number;
  payoutRate: string;
  openPrice: string;
  openTickSeq: string;
  openedAt: Date;
  expiresAt: Date;
}

export interface ListQuery { status?: 'open' | 'settled'; account?: 'real' | 'demo'; limit: number; cursor?: string }

export interface TickWithBlock { seq: string; t: Date; price: string; block_second: string | null; block_hash: string | null }

/** TypeORM access for orders: SQL only, no rules. Every read is scoped by the user id. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Inserts the order; also answers the user's account balances as they stand in this transaction
   * (after its stake posting), for the `wallet` push, without another round trip.
   */
  async insert(em: EntityManager, o: NewOrder): Promise<{ row: OrderRow; balances: Record<string, string> }> {
    const rows: (OrderRow & { balances: Record<string, string> | null })[] = await em.query(
      `INSERT INTO orders (id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate,
                           open_price, open_tick_seq, opened_at, expires_at, status)
       VALUES ($1, (SELECT 'O' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(n, greatest(10, length(n)), '0') FROM (SELECT nextval('order_no_seq')::text AS n) s),
               $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'open')
       RETURNING ${ORDER_COLUMNS},
                 (SELECT json_object_agg(a.kind, a.balance::text) FROM ledger_accounts a WHERE a.user_id = $2) AS balances`,
      [o.id, o.userId, o.account, o.symbol, o.direction, o.amountCents, o.durationSeconds, o.payoutRate, o.openPrice, o.openTickSeq, o.openedAt, o.expiresAt],
    );
    const { balances, ...row } = rows[0]!;
    return { row, balances: balances ?? {} };
  }

  async findForUser(userId: string, id: string): Promise<OrderRow | null> {
    const rows: OrderRow[] = await this.ds.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ?? null;
  }

  /** Newest first; the cursor is the id of the last order of the previous page (must be the user's). */
  async list(userId: string, q: ListQuery): Promise<OrderRow[]> {
    const params: unknown[] = [userId];
    const where = ['user_id = $1'];
    if (q.status) { params.push(q.status); where.push(`status = $${params.length}`); }
    if (q.account) { params.push(q.account); where.push(`account = $${params.length}`); }
    if (q.cursor) {
      params.push(q.cursor);
      where.push(`(created_at, id) < (SELECT c.created_at, c.id FROM orders c WHERE c.id = $${params.length} AND c.user_id = $1)`);
    }
    params.push(q.limit + 1);
    return this.ds.query(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
  }

  /** Ticks of one product by seq, each with the block of its second when that block is already sealed. */
  async ticksWithBlocks(symbol: string, seqs: readonly string[]): Promise<TickWithBlock[]> {
    return this.ds.query(
      `SELECT t.seq, t.t, t.price, b.second AS block_second, b.hash AS block_hash
         FROM ticks t
         LEFT JOIN tick_blocks b ON b.symbol = t.symbol AND b.second = floor(extract(epoch FROM t.t))::bigint
                                AND t.seq BETWEEN b.first_seq AND b.last_seq
        WHERE t.symbol = $1 AND t.seq = ANY($2::bigint[])`,
      [symbol, seqs],
    );
  }
}
