import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { TimelineStep } from '@candor/contracts';
import type { DepositStatus } from '@candor/domain';
import { returnedRows } from '../database/rows.js';
import { keysetPosition } from '../common/keyset.js';

export interface DepositMethodRow {
  id: string;
  type: 'bank' | 'crypto';
  names: Record<string, string>;
  details: Record<string, string>;
  instructions: Record<string, string>;
  min_amount: string;
  max_amount: string;
  enabled: boolean;
  sort: number;
}
export interface DepositRow {
  id: string;
  order_no: string;
  user_id: string;
  method_id: string;
  method: { type: 'bank' | 'crypto'; names: Record<string, string> };
  amount: string;
  reference: string | null;
  status: DepositStatus;
  reason: string | null;
  timeline: TimelineStep[];
  created_at: Date;
  decided_at: Date | null;
  approvals: number;
  approvals_required: number;
  first_approver_id: string | null;
  slip_upload_id: string | null;
}
export interface AdminDepositRow extends DepositRow {
  /** created_at to the microsecond, for the queue's cursor. */
  position: string;
  email: string;
  available: string;
  held: string;
}

const METHOD_COLUMNS = 'id, type, names, details, instructions, min_amount::text, max_amount::text, enabled, sort';
const COLUMNS =
  'id, order_no, user_id, method_id, method, amount::text, reference, status, reason, timeline, created_at, decided_at, approvals, approvals_required, first_approver_id, slip_upload_id';
const NOW_ISO = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

@Injectable()
export class DepositsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  methods(enabledOnly: boolean): Promise<DepositMethodRow[]> {
    return this.ds.query(`SELECT ${METHOD_COLUMNS} FROM deposit_methods ${enabledOnly ? 'WHERE enabled' : ''} ORDER BY sort, created_at`);
  }

  async method(id: string): Promise<DepositMethodRow | null> {
    const [row]: DepositMethodRow[] = await this.ds.query(`SELECT ${METHOD_COLUMNS} FROM deposit_methods WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** The method, locked against a deposit choosing it while it is deleted. */
  async lockMethod(em: EntityManager, id: string): Promise<DepositMethodRow | null> {
    const [row]: DepositMethodRow[] = await em.query(`SELECT ${METHOD_COLUMNS} FROM deposit_methods WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Whether any deposit was made with the method. */
  async methodUsed(em: EntityManager, id: string): Promise<boolean> {
    const [row]: { used: boolean }[] = await em.query(`SELECT EXISTS (SELECT 1 FROM deposits WHERE method_id = $1) AS used`, [id]);
    return row!.used;
  }

  async deleteMethod(em: EntityManager, id: string): Promise<void> {
    await em.query(`DELETE FROM deposit_methods WHERE id = $1`, [id]);
  }

  async saveMethod(
    em: EntityManager,
    id: string | null,
    m: Omit<DepositMethodRow, 'id' | 'min_amount' | 'max_amount'> & { min: number; max: number },
  ): Promise<DepositMethodRow> {
    const params = [m.type, JSON.stringify(m.names), JSON.stringify(m.details), JSON.stringify(m.instructions), m.min, m.max, m.enabled, m.sort];
    const rows = id
      ? returnedRows<DepositMethodRow>(
          await em.query(
            `UPDATE deposit_methods SET type = $1, names = $2::jsonb, details = $3::jsonb, instructions = $4::jsonb, min_amount = $5, max_amount = $6,
                    enabled = $7, sort = $8, updated_at = now() WHERE id = $9 RETURNING ${METHOD_COLUMNS}`,
            [...params, id],
          ),
        )
      : await em.query(
          `INSERT INTO deposit_methods (type, names, details, instructions, min_amount, max_amount, enabled, sort)
           VALUES ($1, $2::jsonb, $3::jsonb, $4::jsonb, $5, $6, $7, $8) RETURNING ${METHOD_COLUMNS}`,
          params,
        );
    return rows[0]!;
  }

  async insert(
    em: EntityManager,
    d: { userId: string; method: DepositMethodRow; amount: number; reference: string | null; approvalsRequired: number },
  ): Promise<DepositRow> {
    const [row]: DepositRow[] = await em.query(
      `INSERT INTO deposits (order_no, user_id, method_id, method, amount, reference, approvals_required, timeline)
       VALUES ('D' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(nextval('deposit_no_seq')::text, 10, '0'), $1, $2, $3::jsonb, $4, $5, $6,
               jsonb_build_array(jsonb_build_object('status', 'in_review', 'at', ${NOW_ISO})))
       RETURNING ${COLUMNS}`,
      [
        d.userId,
        d.method.id,
        JSON.stringify({ type: d.method.type, names: d.method.names, details: d.method.details }),
        d.amount,
        d.reference,
        d.approvalsRequired,
      ],
    );
    return row!;
  }

  async lock(em: EntityManager, id: string): Promise<DepositRow | null> {
    const [row]: DepositRow[] = await em.query(`SELECT ${COLUMNS} FROM deposits WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /**
   * Writes a review step. A first approval that leaves the deposit in review (a second operator must approve)
   * records the approver and an `approved_once` step; a final one records who decided and when.
   */
  async decide(
    em: EntityManager,
    id: string,
    next: { status: DepositStatus; approvals: number; approvalsRequired: number; firstApproverId: string | null },
    operatorId: string,
    reason: string | null,
  ): Promise<DepositRow> {
    const final = next.status !== 'in_review';
    const [row] = returnedRows<DepositRow>(
      await em.query(
        `UPDATE deposits SET status = $2::varchar, reason = $4::text, approvals = $5, approvals_required = $6, first_approver_id = $7,
                decided_by = CASE WHEN $8 THEN $3::uuid ELSE decided_by END, decided_at = CASE WHEN $8 THEN now() ELSE decided_at END,
                timeline = timeline || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
                  'status', CASE WHEN $8 THEN $2::text ELSE 'approved_once' END, 'at', ${NOW_ISO}, 'reason', $4::text)))
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, next.status, operatorId, reason, next.approvals, next.approvalsRequired, next.firstApproverId, final],
      ),
    );
    return row!;
  }

  /** One slip per deposit, and only while it is in review: a decided request's evidence does not change. */
  async attachSlip(em: EntityManager, userId: string, id: string, uploadId: string): Promise<DepositRow | null> {
    const [row] = returnedRows<DepositRow>(
      await em.query(
        `UPDATE deposits SET slip_upload_id = $3 WHERE id = $1 AND user_id = $2 AND status = 'in_review' AND slip_upload_id IS NULL RETURNING ${COLUMNS}`,
        [id, userId, uploadId],
      ),
    );
    return row ?? null;
  }

  async find(id: string): Promise<DepositRow | null> {
    const [row]: DepositRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM deposits WHERE id = $1`, [id]);
    return row ?? null;
  }

  async get(userId: string, id: string): Promise<DepositRow | null> {
    const [row]: DepositRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM deposits WHERE id = $1 AND user_id = $2`, [id, userId]);
    return row ?? null;
  }

  listForUser(userId: string, limit: number, after: { createdAt: string; id: string } | null): Promise<DepositRow[]> {
    return this.ds.query(
      `SELECT ${COLUMNS} FROM deposits
        WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [userId, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  }

  /** For reviewers, in every status oldest first by keyset (created_at, id), so the oldest request is decided first. */
  listForReview(status: DepositStatus, limit: number, after: { createdAt: string; id: string } | null): Promise<AdminDepositRow[]> {
    const d = COLUMNS.split(', ')
      .map((c) => `d.${c}`)
      .join(', ');
    return this.ds.query(
      `SELECT ${d}, u.email, ${keysetPosition('d.created_at')} AS position,
              coalesce((SELECT balance FROM ledger_accounts WHERE user_id = d.user_id AND kind = 'cash'), 0)::text AS available,
              coalesce((SELECT balance FROM ledger_accounts WHERE user_id = d.user_id AND kind = 'hold'), 0)::text AS held
         FROM deposits d JOIN users u ON u.id = d.user_id
        WHERE d.status = $1 AND ($2::timestamptz IS NULL OR (d.created_at, d.id) > ($2::timestamptz, $3::uuid))
        ORDER BY d.created_at, d.id LIMIT $4`,
      [status, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  }
}
