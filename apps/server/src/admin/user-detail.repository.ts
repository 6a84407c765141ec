import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface UserDetailRow {
  id: string;
  email: string;
  email_confirmed: boolean;
  phone: string;
  nickname: string;
  invite_code: string;
  invited_by_user_id: string | null;
  created_at: Date;
  kyc_status: string;
  disabled_at: Date | null;
  disabled_reason: string | null;
}
export interface UserKycRow {
  id: string;
  attempt: number;
  status: string;
  final: boolean;
  submitted_at: Date;
  decided_at: Date | null;
}
export interface UserOrderRow {
  id: string;
  order_no: string;
  account: 'real' | 'demo';
  symbol: string;
  direction: 'up' | 'down';
  amount: string;
  status: 'open' | 'settled';
  outcome: 'win' | 'loss' | 'tie' | null;
  pnl: string | null;
  created_at: Date;
}
export interface UserRequestRow {
  id: string;
  order_no: string;
  amount: string;
  status: string;
  created_at: Date;
}

/** What the console's user detail reads of one user, newest first; no rules here. */
@Injectable()
export class UserDetailRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** How many requests of a review queue wait for a decision. */
  async waiting(queue: 'deposits' | 'withdrawals' | 'kyc'): Promise<number> {
    const sql = {
      deposits: `SELECT count(*)::int AS n FROM deposits WHERE status = 'in_review'`,
      withdrawals: `SELECT count(*)::int AS n FROM withdrawals WHERE status = 'in_review'`,
      kyc: `SELECT count(*)::int AS n FROM kyc_submissions WHERE status = 'pending'`,
    }[queue];
    const [row]: { n: number }[] = await this.ds.query(sql);
    return row!.n;
  }

  async user(id: string): Promise<UserDetailRow | null> {
    const [row]: UserDetailRow[] = await this.ds.query(
      `SELECT id, email, email_confirmed_at IS NOT NULL AS email_confirmed, phone, nickname, invite_code, invited_by_user_id, created_at,
              kyc_status, disabled_at, disabled_reason
         FROM users WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  async latestKyc(userId: string): Promise<UserKycRow | null> {
    const [row]: UserKycRow[] = await this.ds.query(
      `SELECT id, attempt, status, final, submitted_at, decided_at FROM kyc_submissions WHERE user_id = $1 ORDER BY attempt DESC LIMIT 1`,
      [userId],
    );
    return row ?? null;
  }

  orders(userId: string, limit: number): Promise<UserOrderRow[]> {
    return this.ds.query(
      `SELECT id, order_no, account, symbol, direction, amount::text, status, outcome, pnl::text, created_at
         FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  requests(table: 'deposits' | 'withdrawals', userId: string, limit: number): Promise<UserRequestRow[]> {
    return this.ds.query(`SELECT id, order_no, amount::text, status, created_at FROM ${table} WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, [
      userId,
      limit,
    ]);
  }
}
