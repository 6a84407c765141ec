import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AUDIT_CSV_MAX_ROWS, type AuditEntry, type Page } from '@candor/contracts';
import { toCsv } from '../common/csv.js';
import { AuditRepository, type AuditFilter, type AuditRecord } from './audit.repository.js';

export type { AuditRecord } from './audit.repository.js';

const CSV_PAGE = 1_000;
const CSV_COLUMNS = ['id', 'createdAt', 'operatorId', 'operatorEmail', 'operatorRole', 'action', 'targetType', 'targetId', 'userId', 'ip', 'details'] as const;
export type AuditCsvFilter = Omit<AuditFilter, 'limit' | 'cursor'>;

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
  /**
   * The filtered log as CSV (a header row, newest first, at most AUDIT_CSV_MAX_ROWS rows, formula-like text
   * defused), read page by page as the list is. The export is itself recorded, as an operator action without a
   * user: it is about no one account, so no user sees it among their operator actions.
   */
  async exportCsv(operatorId: string, f: AuditCsvFilter, ip: string | null): Promise<{ csv: string; rows: number; truncated: boolean }> {
    const rows: AuditEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.list({ ...f, limit: CSV_PAGE, cursor });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < AUDIT_CSV_MAX_ROWS);
    const truncated = rows.length > AUDIT_CSV_MAX_ROWS || (rows.length === AUDIT_CSV_MAX_ROWS && cursor !== undefined);
    const kept = rows.slice(0, AUDIT_CSV_MAX_ROWS);
    await this.record({
      operatorId,
      action: 'audit.exported',
      details: { filters: { action: f.action ?? null, userId: f.userId ?? null, operatorId: f.operatorId ?? null }, rows: kept.length, truncated },
      ip,
    });
    return { csv: toCsv(kept, CSV_COLUMNS), rows: kept.length, truncated };
  }

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
