import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { TimelineStep } from '@candor/contracts';
import type { WithdrawalStatus } from '@candor/domain';
import { returnedRows } from '../database/rows.js';
import { keysetPosition } from '../common/keyset.js';

export interface WithdrawalRow {
  id: string;
  order_no: string;
  user_id: string;
  amount: string;
  status: WithdrawalStatus;
  account: Record<string, string | null>;
  approvals: number;
  approvals_required: number;
  first_approver_id: string | null;
  reason: string | null;
  timeline: TimelineStep[];
  created_at: Date;
  decided_at: Date | null;
}
export interface AdminWithdrawalRow extends WithdrawalRow {
  /** created_at to the microsecond, for the queue's cursor. */
  position: string;
  email: string;
  available: string;
  held: string;
}

const COLUMNS = `id, order_no, user_id, amount::text, status, account, approvals, approvals_required, first_approver_id, reason, timeline, created_at, decided_at`;
const W_COLUMNS = COLUMNS.split(', ')
  .map((c) => `w.${c}`)
  .join(', ');

@Injectable()
export class WithdrawalsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(
    em: EntityManager,
    w: { userId: string; amount: number; account: Record<string, string | null>; approvalsRequired: number },
  ): Promise<WithdrawalRow> {
    const [row]: WithdrawalRow[] = await em.query(
      `INSERT INTO withdrawals (order_no, user_id, amount, account, approvals_required, timeline)
       VALUES ('W' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(nextval('withdrawal_no_seq')::text, 10, '0'), $1, $2, $3::jsonb, $4,
               jsonb_build_array(jsonb_build_object('status', 'in_review', 'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))))
       RETURNING ${COLUMNS}`,
      [w.userId, w.amount, JSON.stringify(w.account), w.approvalsRequired],
    );
    return row!;
  }

  /** The row, locked until the caller's transaction ends (a decision and its money move together). */
  async lock(em: EntityManager, id: string, userId?: string): Promise<WithdrawalRow | null> {
    const [row]: WithdrawalRow[] = await em.query(
      `SELECT ${COLUMNS} FROM withdrawals WHERE id = $1 ${userId ? 'AND user_id = $2' : ''} FOR UPDATE`,
      userId ? [id, userId] : [id],
    );
    return row ?? null;
  }

  /** Writes a review step; `step` is appended to the timeline in the same statement. */
  async update(
    em: EntityManager,
    id: string,
    next: { status: WithdrawalStatus; approvals: number; approvalsRequired: number; firstApproverId: string | null; reason?: string | null },
    step: TimelineStep['status'],
  ): Promise<WithdrawalRow> {
    const decided = next.status !== 'in_review';
    const [row] = returnedRows<WithdrawalRow>(
      await em.query(
        `UPDATE withdrawals
          SET status = $2, approvals = $3, first_approver_id = $4, reason = coalesce($5, reason), approvals_required = $8,
              decided_at = CASE WHEN $6 THEN now() ELSE decided_at END,
              timeline = timeline || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
                'status', $7::text, 'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reason', $5::text)))
        WHERE id = $1
        RETURNING ${COLUMNS}`,
        [id, next.status, next.approvals, next.firstApproverId, next.reason ?? null, decided, step, next.approvalsRequired],
      ),
    );
    return row!;
  }

  async get(userId: string, id: string): Promise<WithdrawalRow | null> {
    const [row]: WithdrawalRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1 AND user_id = $2`, [id, userId]);
    return row ?? null;
  }

  /** Newest first, by keyset (created_at, id). */
  async listForUser(userId: string, limit: number, after: { createdAt: string; id: string } | null): Promise<WithdrawalRow[]> {
    return this.ds.query(
      `SELECT ${COLUMNS} FROM withdrawals
        WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [userId, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  }

  /** For reviewers: in every status oldest first by keyset (created_at, id), with the user's e-mail and the balances beside each request. */
  async listForReview(status: WithdrawalStatus, limit: number, after: { createdAt: string; id: string } | null): Promise<AdminWithdrawalRow[]> {
    return this.ds.query(
      `SELECT ${W_COLUMNS}, u.email, ${keysetPosition('w.created_at')} AS position,
              coalesce((SELECT balance FROM ledger_accounts WHERE user_id = w.user_id AND kind = 'cash'), 0)::text AS available,
              coalesce((SELECT balance FROM ledger_accounts WHERE user_id = w.user_id AND kind = 'hold'), 0)::text AS held
         FROM withdrawals w JOIN users u ON u.id = w.user_id
        WHERE w.status = $1 AND ($2::timestamptz IS NULL OR (w.created_at, w.id) > ($2::timestamptz, $3::uuid))
        ORDER BY w.created_at, w.id LIMIT $4`,
      [status, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  }
}
