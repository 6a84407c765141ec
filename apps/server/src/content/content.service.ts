import { Injectable } from '@nestjs/common';
import {
  PAGE_SLUGS,
  type ContentBanner,
  type ContentHighlight,
  type ContentPage,
  type HomeResponse,
  type Locale,
  type NewsArticle,
  type NewsArticleDetail,
  type Office,
  type PageSlug,
} from '@candor/contracts';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { isUuid, keysetCursor, parseKeysetCursor } from '../common/keyset.js';
import { MarketService } from '../market/market.service.js';
import { ContentCache } from './content-cache.js';
import { ContentRepository } from './content.repository.js';
import { pick, toBanner, toHighlight, toNewsArticle, toOffice, toPage } from './content-view.js';

export const NEWS_PAGE_DEFAULT = 20;
/** How many of the newest articles the home page shows. */
export const HOME_NEWS = 3;
const CLOSE_BRACE = Buffer.from('}');

/** What readers see: published content in their language (else zh-TW), answered from ContentCache. */
@Injectable()
export class ContentService {
  /** The last home answer per language with the two parts it was joined from. */
  private readonly homeBodies = new Map<Locale, { head: Buffer; recommended: Buffer; body: Buffer }>();

  constructor(
    private readonly repo: ContentRepository,
    private readonly cache: ContentCache,
    private readonly market: MarketService,
    private readonly clock: Clock,
  ) {}

  /** Published articles newest first, keyset-paged on (publish time, id). */
  news(locale: Locale, q: { limit?: number; cursor?: string }): Promise<{ items: NewsArticle[]; nextCursor: string | null }> {
    const limit = q.limit ?? NEWS_PAGE_DEFAULT;
    const after = parseKeysetCursor(q.cursor);
    return this.cache.get(`news:${locale}:${limit}:${q.cursor ?? ''}`, async () => {
      const rows = await this.repo.publishedNews(this.clock.now(), after && { at: after.createdAt, id: after.id }, limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => toNewsArticle(r, locale)),
        nextCursor: rows.length > limit && last ? keysetCursor(new Date(last.publish_at!), last.id) : null,
      };
    });
  }

  /** One published article with its body and its neighbours by publish time; anything else is 404. */
  article(id: string, locale: Locale): Promise<NewsArticleDetail> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    return this.cache.get(`article:${locale}:${id}`, async () => {
      const now = this.clock.now();
      const row = await this.repo.byId('news', id);
      if (!row?.publish_at || new Date(row.publish_at).getTime() > now.getTime()) throw new DomainError('NOT_FOUND');
      const { previous, next } = await this.repo.newsNeighbours(now, new Date(row.publish_at), row.id);
      const brief = (r: typeof previous) => (r ? { id: r.id, title: pick(r.translations, locale).texts.title ?? '' } : null);
      return { ...toNewsArticle(row, locale), body: pick(row.translations, locale).texts.body ?? '', previous: brief(previous), next: brief(next) };
    });
  }

  /** Banners and highlights (published, in their order), the newest articles, and the recommended products (live prices, never cached). */
  async home(locale: Locale): Promise<HomeResponse> {
    const [content, recommended] = await Promise.all([this.homeContent(locale), this.market.recommended(locale)]);
    return { ...content, recommended };
  }

  /**
   * `GET /api/home` as JSON bytes, the same text as `home()`: the content part is encoded once per edit and
   * language, the recommended products come as the market keeps them, and the two are joined only when
   * either changed, so that a shared answer is also compressed once (sendShared).
   */
  async homeJson(locale: Locale): Promise<Buffer> {
    const [head, recommended] = await Promise.all([
      this.cache.get(`home-head:${locale}`, async () => {
        const text = JSON.stringify(await this.homeContent(locale));
        return Buffer.from(`${text.slice(0, -1)},"recommended":`);
      }),
      this.market.recommendedJson(locale),
    ]);
    const joined = this.homeBodies.get(locale);
    if (joined && joined.head === head && joined.recommended === recommended) return joined.body;
    const body = Buffer.concat([head, recommended, CLOSE_BRACE]);
    this.homeBodies.set(locale, { head, recommended, body });
    return body;
  }

  /** The first page of the news in a language as JSON bytes (what the news tab asks first), encoded once per edit. */
  newsJson(locale: Locale): Promise<Buffer> {
    return this.cache.get(`news-json:${locale}`, async () => Buffer.from(JSON.stringify(await this.news(locale, {}))));
  }

  private homeContent(locale: Locale): Promise<Omit<HomeResponse, 'recommended'>> {
    return this.cache.get(`home:${locale}`, async () => {
      const [banners, highlights, news] = await Promise.all([
        this.repo.list('banner', { publishedOnly: true }),
        this.repo.list('highlight', { publishedOnly: true }),
        this.repo.publishedNews(this.clock.now(), null, HOME_NEWS),
      ]);
      return {
        banners: banners.map((r): ContentBanner => toBanner(r, locale)),
        highlights: highlights.map((r): ContentHighlight => toHighlight(r, locale)),
        news: news.map((r) => toNewsArticle(r, locale)),
      };
    });
  }

  page(slug: string, locale: Locale): Promise<ContentPage> {
    if (!(PAGE_SLUGS as readonly string[]).includes(slug)) throw new DomainError('NOT_FOUND');
    return this.cache.get(`page:${locale}:${slug}`, async () => {
      const row = await this.repo.page(slug as PageSlug);
      if (!row) throw new DomainError('NOT_FOUND');
      return toPage(row, locale);
    });
  }

  offices(locale: Locale): Promise<Office[]> {
    return this.cache.get(`offices:${locale}`, async () => (await this.repo.list('office')).map((r) => toOffice(r, locale)));
  }
}
