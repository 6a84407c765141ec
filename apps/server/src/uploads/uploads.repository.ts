import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** What an upload row stores beside the bytes (which live in the file store under `storage_key`). */
export interface NewUploadRow {
  ownerUserId: string | null;
  purpose: string;
  storageKey: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  sha256: string;
}

export interface UploadRow {
  id: string;
  owner_user_id: string | null;
  purpose: string;
  storage_key: string;
  content_type: string;
}

/** The `uploads` table: one row per stored file; `removed_at` once its bytes were deleted from the store. */
@Injectable()
export class UploadsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(row: NewUploadRow, em: EntityManager = this.ds.manager): Promise<{ id: string }> {
    const [inserted]: { id: string }[] = await em.query(
      `INSERT INTO uploads (owner_user_id, purpose, storage_key, content_type, bytes, width, height, sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text`,
      [row.ownerUserId, row.purpose, row.storageKey, row.contentType, row.bytes, row.width, row.height, row.sha256],
    );
    return inserted!;
  }

  /** The upload `id` unless it was removed. */
  async findLive(id: string): Promise<UploadRow | null> {
    const [row]: UploadRow[] = await this.ds.query(
      `SELECT id::text, owner_user_id::text, purpose, storage_key, content_type FROM uploads WHERE id = $1 AND removed_at IS NULL`,
      [id],
    );
    return row ?? null;
  }

  /** Those of `ids` not removed yet, with their keys. */
  findLiveKeys(ids: readonly string[]): Promise<{ id: string; storage_key: string }[]> {
    return this.ds.query(`SELECT id::text, storage_key FROM uploads WHERE id = ANY($1::uuid[]) AND removed_at IS NULL`, [ids]);
  }

  /** Marks `ids` removed (those not marked already); answers how many it marked. */
  async markRemoved(ids: readonly string[]): Promise<number> {
    // Counted by a SELECT: TypeORM answers an UPDATE ... RETURNING as [rows, affected].
    const [{ n }]: { n: number }[] = await this.ds.query(
      `WITH marked AS (UPDATE uploads SET removed_at = now() WHERE id = ANY($1::uuid[]) AND removed_at IS NULL RETURNING 1) SELECT count(*)::int AS n FROM marked`,
      [ids],
    );
    return n;
  }
}
