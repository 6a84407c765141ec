import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded files (the bytes live in the file store, a row says whose they are and what for), identity
 * verification submissions, and a deposit's payment slip. An ID number is kept encrypted, masked for every
 * answer, and as a keyed hash that finds the same number in another account: the partial unique index makes
 * two live submissions of one number impossible even when they race.
 */
export class Verification1765600000000 implements MigrationInterface {
  name = 'Verification1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE uploads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_user_id uuid NULL REFERENCES users(id),
        purpose varchar(24) NOT NULL CHECK (purpose IN ('kyc_front', 'kyc_back', 'deposit_slip', 'support_image', 'content_image')),
        storage_key varchar(200) NOT NULL UNIQUE,
        content_type varchar(32) NOT NULL,
        bytes int NOT NULL CHECK (bytes > 0),
        width int NOT NULL,
        height int NOT NULL,
        sha256 char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX uploads_by_owner ON uploads (owner_user_id, created_at)`);
    await q.query(`
      CREATE TABLE kyc_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id),
        attempt int NOT NULL CHECK (attempt > 0),
        status varchar(16) NOT NULL CHECK (status IN ('pending', 'verified', 'rejected')),
        final boolean NOT NULL DEFAULT false,
        name varchar(100) NOT NULL,
        nationality char(2) NOT NULL,
        id_number_enc text NOT NULL,
        id_hash char(64) NOT NULL,
        id_masked varchar(40) NOT NULL,
        front_upload_id uuid NOT NULL REFERENCES uploads(id),
        back_upload_id uuid NOT NULL REFERENCES uploads(id),
        submitted_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz NULL,
        decided_by uuid NULL REFERENCES operators(id),
        reason varchar(24) NULL,
        message text NULL,
        note text NULL,
        images_removed_at timestamptz NULL,
        UNIQUE (user_id, attempt),
        CHECK (final = false OR status = 'rejected')
      )`);
    await q.query(`CREATE UNIQUE INDEX kyc_one_pending_per_user ON kyc_submissions (user_id) WHERE status = 'pending'`);
    await q.query(`CREATE UNIQUE INDEX kyc_id_number_live ON kyc_submissions (id_hash) WHERE status IN ('pending', 'verified')`);
    await q.query(`CREATE INDEX kyc_queue ON kyc_submissions (submitted_at, id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX kyc_by_user ON kyc_submissions (user_id, attempt DESC)`);
    await q.query(`CREATE INDEX kyc_rejected_by_decision ON kyc_submissions (decided_at) WHERE status = 'rejected' AND images_removed_at IS NULL`);
    await q.query(`ALTER TABLE deposits ADD COLUMN slip_upload_id uuid NULL REFERENCES uploads(id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits DROP COLUMN slip_upload_id`);
    await q.query(`DROP TABLE kyc_submissions`);
    await q.query(`DROP TABLE uploads`);
  }
}
