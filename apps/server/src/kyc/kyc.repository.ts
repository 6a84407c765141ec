import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { KycRejectReason, KycStatus } from '@candor/domain';
import { keysetPosition, type KeysetPosition } from '../common/keyset.js';
import { returnedRows } from '../database/rows.js';

export interface KycRow {
  id: string;
  user_id: string;
  attempt: number;
  status: Exclude<KycStatus, 'not_submitted'>;
  final: boolean;
  name: string;
  nationality: string;
  id_number_enc: string;
  id_hash: string;
  id_masked: string;
  front_upload_id: string;
  back_upload_id: string;
  submitted_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decided_by_email: string | null;
  reason: KycRejectReason | null;
  message: string | null;
  note: string | null;
  images_removed_at: Date | null;
  email: string;
  user_created_at: Date;
  user_kyc_status: KycStatus;
}

const COLUMNS = `k.id, k.user_id, k.attempt, k.status, k.final, k.name, k.nationality, k.id_number_enc, k.id_hash, k.id_masked,
  k.front_upload_id, k.back_upload_id, k.submitted_at, k.decided_at, k.decided_by, o.email AS decided_by_email, k.reason, k.message,
  k.note, k.images_removed_at, u.email, u.created_at AS user_created_at, u.kyc_status AS user_kyc_status`;
const FROM = `kyc_submissions k JOIN users u ON u.id = k.user_id LEFT JOIN operators o ON o.id = k.decided_by`;

export interface NewSubmission {
  userId: string;
  attempt: number;
  name: string;
  nationality: string;
  idNumberEnc: string;
  idHash: string;
  idMasked: string;
  frontUploadId: string;
  backUploadId: string;
}

/** Identity verification submissions; the user's `kyc_status` column mirrors the latest one, in the same transaction. */
@Injectable()
export class KycRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async latest(userId: string, em: EntityManager = this.ds.manager): Promise<KycRow | null> {
    const [row]: KycRow[] = await em.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE k.user_id = $1 ORDER BY k.attempt DESC LIMIT 1`, [userId]);
    return row ?? null;
  }

  async get(id: string, em: EntityManager = this.ds.manager): Promise<KycRow | null> {
    const [row]: KycRow[] = await em.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE k.id = $1`, [id]);
    return row ?? null;
  }

  /** The submission row locked for a decision. */
  async lock(em: EntityManager, id: string): Promise<KycRow | null> {
    const [row]: KycRow[] = await em.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE k.id = $1 FOR UPDATE OF k`, [id]);
    return row ?? null;
  }

  /** Serialises one user's submissions (a second tab submitting at the same moment waits, then sees the first). */
  async lockUser(em: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return rows.length > 0;
  }

  async forUser(userId: string): Promise<KycRow[]> {
    return this.ds.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE k.user_id = $1 ORDER BY k.attempt DESC LIMIT 50`, [userId]);
  }

  /** Pending: oldest first (the queue); decided: newest decision first; `position` is the ordering time to the microsecond. */
  async list(status: KycRow['status'], limit: number, after: KeysetPosition | null): Promise<(KycRow & { position: string })[]> {
    if (status === 'pending') {
      return this.ds.query(
        `SELECT ${COLUMNS}, ${keysetPosition('k.submitted_at')} AS position FROM ${FROM} WHERE k.status = 'pending' AND ($1::timestamptz IS NULL OR (k.submitted_at, k.id) > ($1::timestamptz, $2::uuid))
          ORDER BY k.submitted_at, k.id LIMIT $3`,
        [after?.createdAt ?? null, after?.id ?? null, limit],
      );
    }
    return this.ds.query(
      `SELECT ${COLUMNS}, ${keysetPosition('k.decided_at')} AS position FROM ${FROM} WHERE k.status = $1 AND ($2::timestamptz IS NULL OR (k.decided_at, k.id) < ($2::timestamptz, $3::uuid))
        ORDER BY k.decided_at DESC, k.id DESC LIMIT $4`,
      [status, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  }

  async insert(em: EntityManager, s: NewSubmission): Promise<string> {
    const [row]: { id: string }[] = await em.query(
      `INSERT INTO kyc_submissions (user_id, attempt, status, name, nationality, id_number_enc, id_hash, id_masked, front_upload_id, back_upload_id)
       VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [s.userId, s.attempt, s.name, s.nationality, s.idNumberEnc, s.idHash, s.idMasked, s.frontUploadId, s.backUploadId],
    );
    return row!.id;
  }

  async decide(
    em: EntityManager,
    id: string,
    d: { status: 'verified' | 'rejected'; final: boolean; operatorId: string; reason: KycRejectReason | null; message: string | null; note: string | null },
  ): Promise<void> {
    await em.query(
      `UPDATE kyc_submissions SET status = $2, final = $3, decided_by = $4, decided_at = now(), reason = $5, message = $6, note = $7 WHERE id = $1`,
      [id, d.status, d.final, d.operatorId, d.reason, d.message, d.note],
    );
  }

  async setUserStatus(em: EntityManager, userId: string, status: KycStatus): Promise<void> {
    await em.query(`UPDATE users SET kyc_status = $2 WHERE id = $1`, [userId, status]);
  }

  /** Rejected submissions decided before `before` whose photos are still stored (oldest first). */
  async expiredRejections(before: Date, limit: number): Promise<Pick<KycRow, 'id' | 'user_id' | 'front_upload_id' | 'back_upload_id'>[]> {
    return this.ds.query(
      `SELECT id, user_id, front_upload_id, back_upload_id FROM kyc_submissions
        WHERE status = 'rejected' AND images_removed_at IS NULL AND decided_at < $1 ORDER BY decided_at LIMIT $2`,
      [before, limit],
    );
  }

  async markImagesRemoved(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.ds.query(`UPDATE kyc_submissions SET images_removed_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Every encrypted number, locked, for a key rotation. */
  async lockAllNumbers(em: EntityManager): Promise<Pick<KycRow, 'id' | 'nationality' | 'id_number_enc'>[]> {
    return em.query(`SELECT id, nationality, id_number_enc FROM kyc_submissions ORDER BY id FOR UPDATE`);
  }

  async replaceNumber(em: EntityManager, id: string, idNumberEnc: string, idHash: string): Promise<void> {
    returnedRows(await em.query(`UPDATE kyc_submissions SET id_number_enc = $2, id_hash = $3 WHERE id = $1 RETURNING id`, [id, idNumberEnc, idHash]));
  }
}
