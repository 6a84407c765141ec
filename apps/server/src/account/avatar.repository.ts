import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returnedRows } from '../database/rows.js';

/** The avatar columns of `users`: which upload is the user's photo, and the hash that names it. */
@Injectable()
export class AvatarRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Makes `next` the user's avatar (null: none), in one statement that locks the user's row, and answers the
   * upload it replaced (null when there was none). Two uploads at once (a second tab) are taken one after the
   * other, so each learns exactly the photo it replaced and none is left behind.
   */
  async swap(userId: string, next: { uploadId: string; sha256: string } | null): Promise<string | null> {
    const result: unknown = await this.ds.query(
      `WITH old AS (SELECT id, avatar_upload_id FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users u SET avatar_upload_id = $2, avatar_sha256 = $3 FROM old WHERE u.id = old.id
       RETURNING old.avatar_upload_id::text AS replaced`,
      [userId, next?.uploadId ?? null, next?.sha256 ?? null],
    );
    return returnedRows<{ replaced: string | null }>(result)[0]?.replaced ?? null;
  }

  /** The upload of an avatar in use under the hash `sha256`, null when no user has it now. */
  async uploadInUse(sha256: string): Promise<string | null> {
    const [row]: { id: string }[] = await this.ds.query(`SELECT avatar_upload_id::text AS id FROM users WHERE avatar_sha256 = $1 LIMIT 1`, [sha256]);
    return row?.id ?? null;
  }
}
