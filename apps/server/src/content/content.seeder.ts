import type { EntityManager } from 'typeorm';
import { PAGE_SLUGS } from '@candor/contracts';
import type { Seeder } from '../database/seeder.js';
import { sanitizeContentHtml } from './sanitize.js';
import { SEED_CONTENT } from './seed-content.js';

type Texts = Partial<Record<string, Record<string, string>>>;
const DAY_MS = 86_400_000;

/** The seed's texts as stored: `bodyHtml` becomes a sanitised `body`, like any operator's save. */
function stored(translations: Texts): string {
  const out: Record<string, Record<string, string>> = {};
  for (const [locale, texts] of Object.entries(translations)) {
    if (!texts) continue;
    const { bodyHtml, ...rest } = texts;
    out[locale] = bodyHtml === undefined ? rest : { ...rest, body: sanitizeContentHtml(bodyHtml) };
  }
  return JSON.stringify(out);
}

/** Whether a table never had a row: removed items keep theirs, so what operators deleted is never seeded again. */
async function empty(em: EntityManager, table: string): Promise<boolean> {
  const rows: unknown[] = await em.query(`SELECT 1 FROM ${table} LIMIT 1`);
  return rows.length === 0;
}

/**
 * Seeds real content once: the pages (each slug that has none), and the articles, banners, highlights and
 * offices while their tables never had a row. Operators edit and remove them like any other.
 */
export const contentSeeder: Seeder = {
  name: 'content',
  async run(em: EntityManager, log: (line: string) => void): Promise<void> {
    const added: string[] = [];
    for (const slug of PAGE_SLUGS) {
      const rows: unknown[] = await em.query(
        `INSERT INTO content_pages (slug, translations) VALUES ($1, $2::jsonb) ON CONFLICT (slug) DO NOTHING RETURNING slug`,
        [slug, stored(SEED_CONTENT.pages[slug] as Texts)],
      );
      if (rows.length) added.push(`page ${slug}`);
    }
    if (await empty(em, 'content_news')) {
      // Whole milliseconds: the news list's keyset cursor carries a JavaScript date.
      const now = Math.floor(Date.now() / 1000) * 1000;
      for (const a of SEED_CONTENT.articles) {
        await em.query(`INSERT INTO content_news (translations, publish_at) VALUES ($1::jsonb, $2::timestamptz)`, [
          stored(a.translations as Texts),
          new Date(now - a.publishedDaysAgo * DAY_MS).toISOString(),
        ]);
      }
      added.push(`${SEED_CONTENT.articles.length} articles`);
    }
    for (const [table, items] of [
      ['content_banners', SEED_CONTENT.banners],
      ['content_highlights', SEED_CONTENT.highlights],
    ] as const) {
      if (!(await empty(em, table))) continue;
      for (const [i, item] of items.entries()) {
        await em.query(`INSERT INTO ${table} (translations, link, sort) VALUES ($1::jsonb, $2::jsonb, $3)`, [
          stored(item.translations as Texts),
          JSON.stringify(item.link),
          i,
        ]);
      }
      added.push(`${items.length} ${table.slice('content_'.length)}`);
    }
    if (await empty(em, 'content_offices')) {
      for (const [i, o] of SEED_CONTENT.offices.entries()) {
        await em.query(`INSERT INTO content_offices (translations, latitude, longitude, sort) VALUES ($1::jsonb, $2, $3, $4)`, [
          stored(o.translations as Texts),
          o.latitude,
          o.longitude,
          i,
        ]);
      }
      added.push(`${SEED_CONTENT.offices.length} offices`);
    }
    log(added.length ? `content added: ${added.join(', ')}` : 'content: up to date');
  },
};
