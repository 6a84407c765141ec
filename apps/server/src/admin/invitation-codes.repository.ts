import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../database/rows.js';

export interface InvitationCodeRow {
  code: string;
  active: boolean;
  uses: number;
  created_at: Date;
  created_by_operator_id: string | null;
}

const COLUMNS = 'code, active, uses, created_at, created_by_operator_id';

/** The platform's invitation codes (those no user owns) in `invitation_codes`; no rules here. */
@Injectable()
export class InvitationCodesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The platform's codes, newest first. */
  list(limit: number): Promise<InvitationCodeRow[]> {
    return this.ds.query(`SELECT ${COLUMNS} FROM invitation_codes WHERE owner_user_id IS NULL ORDER BY created_at DESC, code LIMIT $1`, [limit]);
  }

  /** Adds a platform code; null when the code (in any case) is taken, by the platform or a user. */
  async insert(em: EntityManager, code: string, operatorId: string): Promise<InvitationCodeRow | null> {
    const rows: InvitationCodeRow[] = await em.query(
      `INSERT INTO invitation_codes (code, created_by_operator_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [code, operatorId],
    );
    return rows[0] ?? null;
  }

  /** Sets a platform code's `active`; answers the row before and after, or null when there is no such platform code. */
  async setActive(em: EntityManager, code: string, active: boolean): Promise<{ before: InvitationCodeRow; after: InvitationCodeRow } | null> {
    const [before]: InvitationCodeRow[] = await em.query(
      `SELECT ${COLUMNS} FROM invitation_codes WHERE upper(code) = upper($1) AND owner_user_id IS NULL FOR UPDATE`,
      [code],
    );
    if (!before) return null;
    const [after] = returnedRows<InvitationCodeRow>(
      await em.query(`UPDATE invitation_codes SET active = $2 WHERE code = $1 RETURNING ${COLUMNS}`, [before.code, active]),
    );
    return { before, after: after! };
  }
}
