import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ContentLink, PageSlug } from '@candor/contracts';

/** The content tables with one image each: its column, under one name in every row read. */
const TABLES = {
  news: { table: 'content_news', image: 'cover_upload_id' },
  banner: { table: 'content_banners', image: 'image_upload_id' },
  highlight: { table: 'content_highlights', image: 'icon_upload_id' },
  office: { table: 'content_offices', image: 'map_image_upload_id' },
} as const;
export type ContentKind = keyof typeof TABLES;
/** The kinds an operator orders by hand. */
export type OrderedKind = 'banner' | 'highlight';

export type Translations = Record<string, Record<string, string>>;

/** One item as read: the columns its table has, its image's upload id and hash (its public name). */
export interface ContentRow {
  id: string;
  translations: Translations;
  image_upload_id: string | null;
  image_sha: string | null;
  updated_at: Date;
  publish_at?: Date | null;
  link?: ContentLink;
  published?: boolean;
  sort?: number;
  latitude?: number;
  longitude?: number;
  osm_embed?: boolean;
}
export interface PageRow {
  slug: PageSlug;
  translations: Translations;
  updated_at: Date;
}

/** What an insert or update writes; absent fields are left as they are (or their defaults). */
export interface ContentValues {
  translations?: Translations;
  imageUploadId?: string | null;
  publishAt?: Date | null;
  link?: ContentLink;
  published?: boolean;
  sort?: number;
  latitude?: number;
  longitude?: number;
  osmEmbed?: boolean;
}

/** Each value's column and how it is cast; the image column is the kind's own. */
function columns(kind: ContentKind, v: ContentValues): [column: string, cast: string, value: unknown][] {
  const out: [string, string, unknown][] = [];
  if (v.translations !== undefined) out.push(['translations', '::jsonb', JSON.stringify(v.translations)]);
  if (v.imageUploadId !== undefined) out.push([TABLES[kind].image, '::uuid', v.imageUploadId]);
  // Milliseconds only: the keyset cursor carries a JavaScript date.
  if (v.publishAt !== undefined) out.push(['publish_at', '::timestamptz', v.publishAt && new Date(v.publishAt.getTime()).toISOString()]);
  if (v.link !== undefined) out.push(['link', '::jsonb', JSON.stringify(v.link)]);
  if (v.published !== undefined) out.push(['published', '::boolean', v.published]);
  if (v.sort !== undefined) out.push(['sort', '::int', v.sort]);
  if (v.latitude !== undefined) out.push(['latitude', '::float8', v.latitude]);
  if (v.longitude !== undefined) out.push(['longitude', '::float8', v.longitude]);
  if (v.osmEmbed !== undefined) out.push(['osm_embed', '::boolean', v.osmEmbed]);
  return out;
}

const select = (kind: ContentKind) =>
  `SELECT t.*, t.id::text AS id, t.${TABLES[kind].image}::text AS image_upload_id, u.sha256 AS image_sha
     FROM ${TABLES[kind].table} t LEFT JOIN uploads u ON u.id = t.${TABLES[kind].image} AND u.removed_at IS NULL`;

/** News, banners, highlights, pages and offices (soft-deleted: a removed item keeps its row), and content images by hash. */
@Injectable()
export class ContentRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Published articles (publish_at <= now), newest first, after the keyset position when given. */
  publishedNews(now: Date, after: { at: string; id: string } | null, limit: number): Promise<ContentRow[]> {
    return this.ds.query(
      `${select('news')} WHERE t.deleted_at IS NULL AND t.publish_at IS NOT NULL AND t.publish_at <= $1
         AND ($2::timestamptz IS NULL OR (t.publish_at, t.id) < ($2::timestamptz, $3::uuid))
       ORDER BY t.publish_at DESC, t.id DESC LIMIT $4`,
      [now, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /** The published articles just before (older) and after (newer) a position. */
  async newsNeighbours(now: Date, at: Date, id: string): Promise<{ previous: ContentRow | null; next: ContentRow | null }> {
    const live = `t.deleted_at IS NULL AND t.publish_at IS NOT NULL AND t.publish_at <= $1`;
    const [previous]: ContentRow[] = await this.ds.query(
      `${select('news')} WHERE ${live} AND (t.publish_at, t.id) < ($2::timestamptz, $3::uuid) ORDER BY t.publish_at DESC, t.id DESC LIMIT 1`,
      [now, at, id],
    );
    const [next]: ContentRow[] = await this.ds.query(
      `${select('news')} WHERE ${live} AND (t.publish_at, t.id) > ($2::timestamptz, $3::uuid) ORDER BY t.publish_at, t.id LIMIT 1`,
      [now, at, id],
    );
    return { previous: previous ?? null, next: next ?? null };
  }

  /** The earliest scheduled article after now: until then, what is published does not change by itself. */
  async nextPublishAfter(now: Date): Promise<Date | null> {
    const [row]: { at: Date | null }[] = await this.ds.query(`SELECT min(publish_at) AS at FROM content_news WHERE deleted_at IS NULL AND publish_at > $1`, [
      now,
    ]);
    return row?.at ? new Date(row.at) : null;
  }

  /** Every live item of a kind: news newest first (drafts by creation), the others in their order. */
  list(kind: ContentKind, opts: { publishedOnly?: boolean } = {}): Promise<ContentRow[]> {
    const order = kind === 'news' ? 't.publish_at DESC NULLS FIRST, t.created_at DESC, t.id' : 't.sort, t.created_at, t.id';
    const published = opts.publishedOnly && kind !== 'news' && kind !== 'office' ? ' AND t.published' : '';
    return this.ds.query(`${select(kind)} WHERE t.deleted_at IS NULL${published} ORDER BY ${order} LIMIT 500`);
  }

  async byId(kind: ContentKind, id: string): Promise<ContentRow | null> {
    const [row]: ContentRow[] = await this.ds.query(`${select(kind)} WHERE t.id = $1 AND t.deleted_at IS NULL`, [id]);
    return row ?? null;
  }

  async insert(kind: ContentKind, values: ContentValues, em: EntityManager = this.ds.manager): Promise<string> {
    const cols = columns(kind, values);
    const [row]: { id: string }[] = await em.query(
      `INSERT INTO ${TABLES[kind].table} (${cols.map((c) => c[0]).join(', ')}) VALUES (${cols.map((c, i) => `$${i + 1}${c[1]}`).join(', ')}) RETURNING id::text`,
      cols.map((c) => c[2]),
    );
    return row!.id;
  }

  /** Updates a live item; false when there is none. */
  async update(kind: ContentKind, id: string, values: ContentValues, em: EntityManager = this.ds.manager): Promise<boolean> {
    const cols = columns(kind, values);
    const sets = [...cols.map((c, i) => `${c[0]} = $${i + 2}${c[1]}`), 'updated_at = now()'].join(', ');
    const rows: unknown[] = await em.query(
      `WITH changed AS (UPDATE ${TABLES[kind].table} SET ${sets} WHERE id = $1 AND deleted_at IS NULL RETURNING 1) SELECT 1 FROM changed`,
      [id, ...cols.map((c) => c[2])],
    );
    return rows.length > 0;
  }

  /** Removes a live item (its row stays, marked); false when there is none. */
  async remove(kind: ContentKind, id: string, em: EntityManager = this.ds.manager): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `WITH gone AS (UPDATE ${TABLES[kind].table} SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING 1) SELECT 1 FROM gone`,
      [id],
    );
    return rows.length > 0;
  }

  /** Sets the order of a kind's live items to `ids` (each its index). */
  async reorder(kind: OrderedKind, ids: readonly string[], em: EntityManager = this.ds.manager): Promise<void> {
    await em.query(
      `UPDATE ${TABLES[kind].table} t SET sort = o.n - 1, updated_at = now() FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n) WHERE t.id = o.id AND t.deleted_at IS NULL`,
      [ids],
    );
  }

  /** The ids of a kind's live items. */
  async liveIds(kind: OrderedKind): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(`SELECT id::text FROM ${TABLES[kind].table} WHERE deleted_at IS NULL`);
    return rows.map((r) => r.id);
  }

  pages(): Promise<PageRow[]> {
    return this.ds.query(`SELECT slug, translations, updated_at FROM content_pages ORDER BY slug`);
  }

  async page(slug: PageSlug): Promise<PageRow | null> {
    const [row]: PageRow[] = await this.ds.query(`SELECT slug, translations, updated_at FROM content_pages WHERE slug = $1`, [slug]);
    return row ?? null;
  }

  async savePage(slug: PageSlug, translations: Translations, em: EntityManager = this.ds.manager): Promise<void> {
    await em.query(
      `INSERT INTO content_pages (slug, translations) VALUES ($1, $2::jsonb)
       ON CONFLICT (slug) DO UPDATE SET translations = EXCLUDED.translations, updated_at = now()`,
      [slug, JSON.stringify(translations)],
    );
  }

  /** A live content image by the hash of its bytes (its public name). */
  async contentImageByHash(sha256: string): Promise<string | null> {
    const [row]: { id: string }[] = await this.ds.query(
      `SELECT id::text FROM uploads WHERE sha256 = $1 AND purpose = 'content_image' AND removed_at IS NULL ORDER BY created_at LIMIT 1`,
      [sha256],
    );
    return row?.id ?? null;
  }

  /** The hash of a live content image, null when `id` is not one. */
  async contentImageHash(id: string): Promise<string | null> {
    const [row]: { sha256: string }[] = await this.ds.query(`SELECT sha256 FROM uploads WHERE id = $1 AND purpose = 'content_image' AND removed_at IS NULL`, [
      id,
    ]);
    return row?.sha256 ?? null;
  }
}
