import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's uploaded photo: `users.avatar_upload_id` names the `uploads` row (purpose `avatar`, a square JPEG
 * without metadata) and `avatar_sha256` the hash of its bytes, which is the photo's public name
 * (`/api/avatars/<sha256>.jpg`). Both are set and cleared together. The partial index answers "which avatar
 * in use has this name" for the public route, so a removed photo stops being served at once.
 */
export class UserAvatars1765800000720 implements MigrationInterface {
  name = 'UserAvatars1765800000720';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check`);
    await q.query(
      `ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check
         CHECK (purpose IN ('kyc_front', 'kyc_back', 'deposit_slip', 'support_image', 'content_image', 'avatar'))`,
    );
    await q.query(`ALTER TABLE users ADD COLUMN avatar_upload_id uuid NULL REFERENCES uploads(id), ADD COLUMN avatar_sha256 char(64) NULL`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_avatar_whole CHECK ((avatar_upload_id IS NULL) = (avatar_sha256 IS NULL))`);
    await q.query(`CREATE INDEX users_by_avatar ON users (avatar_sha256) WHERE avatar_sha256 IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_by_avatar`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_avatar_whole, DROP COLUMN avatar_sha256, DROP COLUMN avatar_upload_id`);
    // Avatar rows cannot stay under the old purposes; their objects stay in the store, unreachable.
    await q.query(`DELETE FROM uploads WHERE purpose = 'avatar'`);
    await q.query(`ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check`);
    await q.query(
      `ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('kyc_front', 'kyc_back', 'deposit_slip', 'support_image', 'content_image'))`,
    );
  }
}
