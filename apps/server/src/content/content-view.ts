import {
  API,
  DEFAULT_LOCALE,
  LOCALES,
  type AdminBanner,
  type AdminContentItem,
  type AdminHighlight,
  type AdminNews,
  type AdminOffice,
  type AdminPage,
  type ContentBanner,
  type ContentHighlight,
  type ContentLink,
  type ContentPage,
  type Locale,
  type NewsArticle,
  type Office,
} from '@candor/contracts';
import type { ContentRow, PageRow, Translations } from './content.repository.js';

/** The public, immutable URL of a content image: its bytes' hash is its name. */
export const mediaUrl = (sha256: string | null): string | null => (sha256 ? `/api${API.media}/${sha256}.jpg` : null);

/** The texts in `locale`, else in zh-TW (always stored), with the language they are in. */
export function pick(translations: Translations, locale: Locale): { texts: Record<string, string>; locale: Locale } {
  const own = translations[locale];
  return own ? { texts: own, locale } : { texts: translations[DEFAULT_LOCALE] ?? {}, locale: DEFAULT_LOCALE };
}

const iso = (d: Date | string): string => new Date(d).toISOString();

export function toNewsArticle(row: ContentRow, locale: Locale): NewsArticle {
  const { texts, locale: lang } = pick(row.translations, locale);
  return {
    id: row.id,
    title: texts.title ?? '',
    summary: texts.summary ?? '',
    coverUrl: mediaUrl(row.image_sha),
    publishedAt: iso(row.publish_at!),
    locale: lang,
  };
}

export function toBanner(row: ContentRow, locale: Locale): ContentBanner {
  return { id: row.id, title: pick(row.translations, locale).texts.title ?? '', imageUrl: mediaUrl(row.image_sha), link: row.link as ContentLink };
}

export function toHighlight(row: ContentRow, locale: Locale): ContentHighlight {
  const { texts } = pick(row.translations, locale);
  return { id: row.id, title: texts.title ?? '', summary: texts.summary ?? '', iconUrl: mediaUrl(row.image_sha), link: row.link as ContentLink };
}

export function toOffice(row: ContentRow, locale: Locale): Office {
  const { texts } = pick(row.translations, locale);
  return {
    id: row.id,
    name: texts.name ?? '',
    address: texts.address ?? '',
    hours: texts.hours ?? '',
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    mapImageUrl: mediaUrl(row.image_sha),
    osmEmbed: Boolean(row.osm_embed),
  };
}

export function toPage(row: PageRow, locale: Locale): ContentPage {
  const { texts, locale: lang } = pick(row.translations, locale);
  return { slug: row.slug, title: texts.title ?? '', body: texts.body ?? '', locale: lang, updatedAt: iso(row.updated_at) };
}

function adminItem<T>(id: string, translations: Translations, updatedAt: Date): AdminContentItem<T> {
  return {
    id,
    translations: translations as AdminContentItem<T>['translations'],
    missing: LOCALES.filter((l) => !translations[l]),
    updatedAt: iso(updatedAt),
  };
}

/** A draft has no publish time; a scheduled article's time is still to come. */
export function newsStatus(publishAt: Date | null | undefined, now: Date): AdminNews['status'] {
  if (!publishAt) return 'draft';
  return new Date(publishAt).getTime() > now.getTime() ? 'scheduled' : 'published';
}

export function toAdminNews(row: ContentRow, now: Date): AdminNews {
  return {
    ...adminItem<{ title: string; summary: string; body: string }>(row.id, row.translations, row.updated_at),
    coverUploadId: row.image_upload_id,
    coverUrl: mediaUrl(row.image_sha),
    publishAt: row.publish_at ? iso(row.publish_at) : null,
    status: newsStatus(row.publish_at, now),
  };
}

export function toAdminBanner(row: ContentRow): AdminBanner {
  return {
    ...adminItem<{ title: string }>(row.id, row.translations, row.updated_at),
    imageUploadId: row.image_upload_id,
    imageUrl: mediaUrl(row.image_sha),
    link: row.link as ContentLink,
    published: Boolean(row.published),
    sort: Number(row.sort ?? 0),
  };
}

export function toAdminHighlight(row: ContentRow): AdminHighlight {
  return {
    ...adminItem<{ title: string; summary: string }>(row.id, row.translations, row.updated_at),
    iconUploadId: row.image_upload_id,
    iconUrl: mediaUrl(row.image_sha),
    link: row.link as ContentLink,
    published: Boolean(row.published),
    sort: Number(row.sort ?? 0),
  };
}

export function toAdminOffice(row: ContentRow): AdminOffice {
  return {
    ...adminItem<{ name: string; address: string; hours: string }>(row.id, row.translations, row.updated_at),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    mapImageUploadId: row.image_upload_id,
    mapImageUrl: mediaUrl(row.image_sha),
    osmEmbed: Boolean(row.osm_embed),
    sort: Number(row.sort ?? 0),
  };
}

export function toAdminPage(row: PageRow): AdminPage {
  return { ...adminItem<{ title: string; body: string }>(row.slug, row.translations, row.updated_at), slug: row.slug };
}
