import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuditEntry, Page } from '@candor/contracts';
import { AuditRepository, type AuditFilter, type AuditRecord } from './audit.repository.js';

export type { AuditRecord } from './audit.repository.js';

/** Writes and reads the append-only audit log. There is no update or delete, here or in the database. */
@Injectable()
export class AuditService {
  constructor(private readonly audits: AuditRepository) {}

  /** Record inside the caller's transaction when given one, so the action and its log line commit together. */
  async record(r: AuditRecord, em?: EntityManager): Promise<void> {
    await this.audits.insert(r, em);
  }

  /**
   * The log, newest first. For one user: the entries about them, and every catalogue change applied to a
   * product they had an order open on within 12 h of the change (it happened under them, so they see it).
   */
  async list(f: AuditFilter): Promise<Page<AuditEntry>> {
    // One row more than the page says whether there is a next one.
    const rows = await this.audits.list({ ...f, limit: f.limit + 1 });
    const items = rows.slice(0, f.limit).map((r) => ({
      id: String(r.id),
      operatorId: r.operator_id,
      operatorEmail: r.operator_email,
      operatorRole: r.operator_role,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      userId: r.user_id,
      details: r.details,
      ip: r.ip,
      createdAt: new Date(r.created_at).toISOString(),
    }));
    return { items, nextCursor: rows.length > f.limit ? items[items.length - 1]!.id : null };
  }
}
