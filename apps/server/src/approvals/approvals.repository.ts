import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface MoneyApproval {
  kind: 'deposit' | 'withdrawal';
  requestId: string;
  userId: string;
  operatorId: string;
  amount: number;
}

/** Every operator's approval of a user's deposit or withdrawal, for the four-eyes sum. */
@Injectable()
export class ApprovalsRepository {
  /**
   * Serialises approvals of one user's money until the caller's transaction ends, so two approvals
   * running at once cannot both read a sum below the threshold.
   */
  async lockUser(em: EntityManager, userId: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtextextended('money-approvals:' || $1::text, 0))`, [userId]);
  }

  /** Cents this operator approved for this user (deposits and withdrawals) within the last `hours`. */
  async approvedSum(em: EntityManager, userId: string, operatorId: string, hours: number): Promise<number> {
    const [row]: { sum: string }[] = await em.query(
      `SELECT coalesce(sum(amount), 0)::text AS sum FROM money_approvals
        WHERE user_id = $1 AND operator_id = $2 AND created_at > now() - make_interval(secs => $3::float8 * 3600)`,
      [userId, operatorId, hours],
    );
    return Number(row?.sum ?? 0);
  }

  async record(em: EntityManager, a: MoneyApproval): Promise<void> {
    await em.query(
      `INSERT INTO money_approvals (kind, request_id, user_id, operator_id, amount) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (kind, request_id, operator_id) DO NOTHING`,
      [a.kind, a.requestId, a.userId, a.operatorId, a.amount],
    );
  }
}
