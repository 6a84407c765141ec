import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What operators edit for the apps (issue 47): news articles, home banners and highlights, the static pages
 * and the offices. One row per item with its texts per language in `translations` (jsonb, keyed by locale;
 * zh-TW always present, the fallback). Items are soft-deleted (`deleted_at`), so a seed that ran once never
 * comes back after an operator removed it. Content images are found by the SHA-256 of their bytes (their
 * public, immutable name).
 */
export class Content1765700000000 implements MigrationInterface {
  name = 'Content1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content_news (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        translations jsonb NOT NULL CHECK (translations ? 'zh-TW'),
        cover_upload_id uuid NULL REFERENCES uploads(id),
        publish_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL
      )`);
    // The public list: newest first, keyset on (publish_at, id).
    await q.query(`CREATE INDEX content_news_published ON content_news (publish_at DESC, id DESC) WHERE deleted_at IS NULL AND publish_at IS NOT NULL`);
    for (const [table, image] of [
      ['content_banners', 'image_upload_id'],
      ['content_highlights', 'icon_upload_id'],
    ] as const) {
      await q.query(`
        CREATE TABLE ${table} (
          id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          translations jsonb NOT NULL CHECK (translations ? 'zh-TW'),
          ${image} uuid NULL REFERENCES uploads(id),
          link jsonb NOT NULL,
          published boolean NOT NULL DEFAULT true,
          sort int NOT NULL DEFAULT 0,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now(),
          deleted_at timestamptz NULL
        )`);
    }
    await q.query(`
      CREATE TABLE content_pages (
        slug varchar(20) PRIMARY KEY CHECK (slug IN ('privacy', 'rights', 'about')),
        translations jsonb NOT NULL CHECK (translations ? 'zh-TW'),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE content_offices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        translations jsonb NOT NULL CHECK (translations ? 'zh-TW'),
        latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
        map_image_upload_id uuid NULL REFERENCES uploads(id),
        osm_embed boolean NOT NULL DEFAULT false,
        sort int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX uploads_content_by_hash ON uploads (sha256) WHERE purpose = 'content_image' AND removed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX uploads_content_by_hash`);
    await q.query(`DROP TABLE content_offices`);
    await q.query(`DROP TABLE content_pages`);
    await q.query(`DROP TABLE content_highlights`);
    await q.query(`DROP TABLE content_banners`);
    await q.query(`DROP TABLE content_news`);
  }
}
