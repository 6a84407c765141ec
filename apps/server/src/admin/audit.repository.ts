import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditAction } from '@candor/contracts';

/** One line of the audit log as written: `operatorId` null is the system. */
export interface AuditRecord {
  operatorId: string | null;
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | null;
  userId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** One line of the audit log as read, with its operator's e-mail and role. */
export interface AuditRow {
  id: string;
  operator_id: string | null;
  operator_email: string | null;
  operator_role: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  user_id: string | null;
  details: unknown;
  ip: string | null;
  created_at: Date;
}

export interface AuditFilter {
  userId?: string;
  action?: string;
  operatorId?: string;
  limit: number;
  cursor?: string;
}

/** The append-only `audit_log`: inserts and reads, no update or delete (the database refuses them too). */
@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(r: AuditRecord, em: EntityManager = this.ds.manager): Promise<void> {
    await em.query(
      `INSERT INTO audit_log (operator_id, actor, action, target_type, target_id, user_id, details, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
      [
        r.operatorId,
        r.operatorId ? 'operator' : 'system',
        r.action,
        r.targetType ?? null,
        r.targetId ?? null,
        r.userId ?? null,
        JSON.stringify(r.details ?? {}),
        r.ip ?? null,
      ],
    );
  }

  /**
   * Up to `limit` lines newest first, below the id `cursor` when given. For one user: the lines about them,
   * and every catalogue change applied to a product they had an order open on within 12 h of the change.
   */
  list(f: AuditFilter): Promise<AuditRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.action) {
      params.push(f.action);
      where.push(`l.action = $${params.length}`);
    }
    if (f.operatorId) {
      params.push(f.operatorId);
      where.push(`l.operator_id = $${params.length}`);
    }
    if (f.cursor) {
      params.push(f.cursor);
      where.push(`l.id < $${params.length}::bigint`);
    }
    params.push(f.limit);
    const limit = `$${params.length}`;
    const and = (extra: string[]) => [...where, ...extra].join(' AND ') || 'true';
    let source = `(SELECT l.* FROM audit_log l WHERE ${and([])} ORDER BY l.id DESC LIMIT ${limit}) l`;
    if (f.userId) {
      params.push(f.userId);
      const user = `$${params.length}`;
      // Two index scans (by user, by action), each cut at the page size, merged below.
      source = `(
        (SELECT l.* FROM audit_log l WHERE ${and([`l.user_id = ${user}`])} ORDER BY l.id DESC LIMIT ${limit})
        UNION ALL
        (SELECT l.* FROM audit_log l
          WHERE ${and([`l.action = 'product.change_applied'`, `l.user_id IS NULL`])}
            AND EXISTS (SELECT 1 FROM orders o
                         WHERE o.user_id = ${user} AND o.symbol = l.target_id
                           AND o.opened_at <= (l.details->>'effectiveAt')::timestamptz + interval '12 hours'
                           AND coalesce(o.closed_at, o.expires_at) >= (l.details->>'effectiveAt')::timestamptz - interval '12 hours')
          ORDER BY l.id DESC LIMIT ${limit})
      ) l`;
    }
    return this.ds.query(
      `SELECT l.id, l.operator_id, o.email AS operator_email, o.role AS operator_role, l.action, l.target_type, l.target_id, l.user_id, l.details, l.ip, l.created_at
         FROM ${source} LEFT JOIN operators o ON o.id = l.operator_id
        ORDER BY l.id DESC LIMIT ${limit}`,
      params,
    );
  }
}
