import { z } from 'zod';
import { LOCALES, type Locale } from './locales.js';

/**
 * Content the operators edit (issue 47): news articles, home banners and highlights, the static pages
 * (privacy, rights, about) and the company's offices. Every text is per language; a reader gets their
 * language, else zh-TW (the fallback). Bodies are HTML sanitised by the server when saved (CONTENT_HTML).
 */

/** The static pages operators edit (`GET /api/pages/:slug`). */
export const PAGE_SLUGS = ['privacy', 'rights', 'about'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

// The allow-list lives in a zod-free module the browser apps import on their own (`@candor/contracts/content-html`).
export { CONTENT_HTML, type ContentTag } from './content-html.js';

/** Where a banner or highlight leads: an article of its own (`/#/pages/index/detail?id=`) or an in-app route. */
export type ContentLink = { kind: 'detail'; id: string } | { kind: 'route'; path: string };

/** `GET /api/news` items and `GET /api/news/:id` (with `body`, `previous`, `next`), in the asked language. */
export interface NewsArticle {
  id: string;
  title: string;
  summary: string;
  /** Sanitised HTML; only in the single-article answer. */
  body?: string;
  /** A URL under /api/media (immutable, content-hashed), or null. */
  coverUrl: string | null;
  publishedAt: string;
  /** The language the texts are in (the asked one, or zh-TW when it has no translation). */
  locale: Locale;
}
export interface NewsArticleDetail extends NewsArticle {
  body: string;
  previous: { id: string; title: string } | null;
  next: { id: string; title: string } | null;
}

export interface ContentBanner {
  id: string;
  title: string;
  imageUrl: string | null;
  link: ContentLink;
}
export interface ContentHighlight {
  id: string;
  title: string;
  summary: string;
  iconUrl: string | null;
  link: ContentLink;
}
/** `GET /api/home`: banners in their order, highlights in theirs, the three newest articles, the recommended products. */
export interface HomeContent<P = unknown> {
  banners: ContentBanner[];
  highlights: ContentHighlight[];
  news: NewsArticle[];
  recommended: P[];
}

/** `GET /api/pages/:slug`. */
export interface ContentPage {
  slug: PageSlug;
  title: string;
  body: string;
  locale: Locale;
  updatedAt: string;
}

/** `GET /api/offices`: the company's offices for the location pages. */
export interface Office {
  id: string;
  name: string;
  address: string;
  hours: string;
  latitude: number;
  longitude: number;
  /** An uploaded map picture (no tile server is contacted), or null. */
  mapImageUrl: string | null;
  /** When the operator turned it on: the page may embed OpenStreetMap; otherwise no third-party request is made. */
  osmEmbed: boolean;
}

// ---- operators' bodies ----

const text = (max: number) => z.string().trim().max(max);
const perLocale = <T extends z.ZodType>(schema: T) => z.partialRecord(z.enum(LOCALES), schema);
const link = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('detail'), id: z.string().uuid() }),
  z.strictObject({ kind: z.literal('route'), path: z.string().regex(/^\/[\w\-/?=&.%]{0,200}$/) }),
]);

/** `POST /api/admin/news`, `PATCH /api/admin/news/:id` (partial): texts per language (zh-TW required), cover upload id, publish time. */
export const newsBody = z.strictObject({
  translations: perLocale(z.strictObject({ title: text(200).min(1), summary: text(500), body: z.string().max(100_000) })).refine((t) => Boolean(t['zh-TW']), {
    message: 'zh-TW is required',
    path: ['zh-TW'],
  }),
  coverUploadId: z.string().uuid().nullable().optional(),
  /** Null or absent: a draft (unpublished). A future time schedules it. */
  publishAt: z.iso.datetime().nullable().optional(),
});
export type NewsBody = z.infer<typeof newsBody>;
export const patchNewsBody = newsBody.partial();

export const bannerBody = z.strictObject({
  translations: perLocale(z.strictObject({ title: text(120).min(1) })).refine((t) => Boolean(t['zh-TW']), { message: 'zh-TW is required', path: ['zh-TW'] }),
  imageUploadId: z.string().uuid().nullable().optional(),
  link,
  published: z.boolean().optional(),
});
export const highlightBody = z.strictObject({
  translations: perLocale(z.strictObject({ title: text(120).min(1), summary: text(300) })).refine((t) => Boolean(t['zh-TW']), {
    message: 'zh-TW is required',
    path: ['zh-TW'],
  }),
  iconUploadId: z.string().uuid().nullable().optional(),
  link,
  published: z.boolean().optional(),
});
/** `PUT /api/admin/banners/order`, `PUT /api/admin/highlights/order`: every id once, in the new order. */
export const orderBody = z.strictObject({ ids: z.array(z.string().uuid()).min(1).max(100) });
/** `PUT /api/admin/pages/:slug`: the page's texts per language (zh-TW required). */
export const pageBody = z.strictObject({
  translations: perLocale(z.strictObject({ title: text(200).min(1), body: z.string().max(200_000) })).refine((t) => Boolean(t['zh-TW']), {
    message: 'zh-TW is required',
    path: ['zh-TW'],
  }),
});
export const officeBody = z.strictObject({
  translations: perLocale(z.strictObject({ name: text(120).min(1), address: text(300).min(1), hours: text(200) })).refine((t) => Boolean(t['zh-TW']), {
    message: 'zh-TW is required',
    path: ['zh-TW'],
  }),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  mapImageUploadId: z.string().uuid().nullable().optional(),
  osmEmbed: z.boolean().optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export const newsListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).optional(),
  cursor: z.string().max(200).optional(),
  lang: z.string().max(10).optional(),
});

/** What the console lists and edits: every language's texts, and which languages lack a translation. */
export interface AdminContentItem<T> {
  id: string;
  translations: Partial<Record<Locale, T>>;
  missing: Locale[];
  updatedAt: string;
}
export interface AdminNews extends AdminContentItem<{ title: string; summary: string; body: string }> {
  coverUploadId: string | null;
  coverUrl: string | null;
  publishAt: string | null;
  status: 'draft' | 'scheduled' | 'published';
}
export interface AdminBanner extends AdminContentItem<{ title: string }> {
  imageUploadId: string | null;
  imageUrl: string | null;
  link: ContentLink;
  published: boolean;
  sort: number;
}
export interface AdminHighlight extends AdminContentItem<{ title: string; summary: string }> {
  iconUploadId: string | null;
  iconUrl: string | null;
  link: ContentLink;
  published: boolean;
  sort: number;
}
/** A page as the console edits it: `id` is its slug. */
export interface AdminPage extends AdminContentItem<{ title: string; body: string }> {
  slug: PageSlug;
}
export interface AdminOffice extends AdminContentItem<{ name: string; address: string; hours: string }> {
  latitude: number;
  longitude: number;
  mapImageUploadId: string | null;
  mapImageUrl: string | null;
  osmEmbed: boolean;
  sort: number;
}
/** `POST /api/admin/content-images`: the upload's id (for the bodies above) and its public URL (for HTML bodies). */
export interface ContentImage {
  id: string;
  url: string;
}

/** `PATCH` bodies: any of the fields; `translations`, when given, replaces every language's texts. */
export const patchBannerBody = bannerBody.partial();
export const patchHighlightBody = highlightBody.partial();
export const patchOfficeBody = officeBody.partial();
export type BannerBody = z.infer<typeof bannerBody>;
export type HighlightBody = z.infer<typeof highlightBody>;
export type PageBody = z.infer<typeof pageBody>;
export type OfficeBody = z.infer<typeof officeBody>;
export type PatchNewsBody = z.infer<typeof patchNewsBody>;
export type PatchBannerBody = z.infer<typeof patchBannerBody>;
export type PatchHighlightBody = z.infer<typeof patchHighlightBody>;
export type PatchOfficeBody = z.infer<typeof patchOfficeBody>;
export type NewsListQuery = z.infer<typeof newsListQuery>;

/** The widths `GET /api/media/:name?w=` resizes to (the apps' list, detail and full-width sizes); absent: as stored. */
export const MEDIA_WIDTHS = [360, 720, 1080] as const;
export const mediaQuery = z.strictObject({ w: z.enum(MEDIA_WIDTHS.map(String) as [string, ...string[]]).optional() });
/** `GET /api/media/:name`: a content image's name is the SHA-256 of its stored bytes, so a new image is a new URL. */
export const MEDIA_NAME = /^[0-9a-f]{64}\.jpg$/;
