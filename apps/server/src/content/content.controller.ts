import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { z } from 'zod';
import {
  DEFAULT_LOCALE,
  LOCALES,
  mediaQuery,
  newsListQuery,
  type ContentPage,
  type HomeResponse,
  type NewsArticle,
  type NewsArticleDetail,
  type NewsListQuery,
  type Office,
} from '@candor/contracts';
import type { HttpReply, HttpRequest } from '../common/http.js';
import { ApiFeature, Doc, ZodQuery } from '../common/openapi.js';
import { requestLocale } from '../common/request-context.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { vapidKeys } from '../config/vapid.js';
import { ContentService } from './content.service.js';
import { MediaService } from './media.service.js';
import { BlockedCountriesService } from '../countries/blocked-countries.service.js';

export const APP_VERSION = '1.0.0';
const langOnly = z.strictObject({ lang: z.string().max(10).optional() });
/** A name is the hash of the bytes: what it names never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What anyone may read (no token): app information, news, the home page, pages, offices and content images. */
@Controller()
@ApiFeature('content')
export class ContentController {
  constructor(
    private readonly content: ContentService,
    private readonly media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly countries: BlockedCountriesService,
  ) {}

  /** The key browsers subscribe to Web Push with; null when push is off (production without VAPID keys). */
  private vapidPublicKey?: string | null;

  @Get('app-info')
  @Doc('The version, locales, default locale, support hours, the Web Push key and the blocked countries', {
    description:
      'Answers `{ version, locales, defaultLocale, supportHours, vapidPublicKey, blockedCountries }`; `vapidPublicKey` is null when push is off; ' +
      '`blockedCountries` is `{ phone, nationality, message }`, the message in the asked language (else zh-TW).',
  })
  async appInfo(@ZodQuery(langOnly) _q: unknown, @Req() req: HttpRequest) {
    return {
      version: APP_VERSION,
      locales: LOCALES,
      defaultLocale: DEFAULT_LOCALE,
      supportHours: '09:00-21:00 (UTC+8)',
      vapidPublicKey: (this.vapidPublicKey ??= vapidKeys(this.config)?.publicKey ?? null),
      blockedCountries: await this.countries.publicList(requestLocale(req)),
    };
  }

  // Answered by the fast path in content-reads.route.ts for plain requests (and news' first page): keep both in step.
  @Get('home')
  @Doc('The home page: banners, highlights, the three newest articles and the recommended products', { ok: 'HomeResponse' })
  home(@ZodQuery(langOnly) _q: unknown, @Req() req: HttpRequest): Promise<HomeResponse> {
    return this.content.home(requestLocale(req));
  }

  @Get('news')
  @Doc('Published news, newest first, in the asked language (else Traditional Chinese)', {
    ok: '{ items: NewsArticle[], nextCursor }',
    description: 'Keyset-paged: pass `nextCursor` as `cursor` for the next page; `null` when there is none.',
  })
  news(@ZodQuery(newsListQuery) q: NewsListQuery, @Req() req: HttpRequest): Promise<{ items: NewsArticle[]; nextCursor: string | null }> {
    return this.content.news(requestLocale(req), q);
  }

  // The parameter is not `id`: an article is public, read alike by everyone, not a user's own thing.
  @Get('news/:articleId')
  @Doc('One published article with its sanitised HTML body and the previous and next articles', { ok: 'NewsArticleDetail', errors: ['NOT_FOUND'] })
  article(@Param('articleId') id: string, @ZodQuery(langOnly) _q: unknown, @Req() req: HttpRequest): Promise<NewsArticleDetail> {
    return this.content.article(id, requestLocale(req));
  }

  @Get('pages/:slug')
  @Doc('An operator-edited page (`privacy`, `rights`, `about`) in the asked language', { ok: 'ContentPage', errors: ['NOT_FOUND'] })
  page(@Param('slug') slug: string, @ZodQuery(langOnly) _q: unknown, @Req() req: HttpRequest): Promise<ContentPage> {
    return this.content.page(slug, requestLocale(req));
  }

  @Get('offices')
  @Doc("The company's offices for the location pages", { ok: 'Office[]' })
  offices(@ZodQuery(langOnly) _q: unknown, @Req() req: HttpRequest): Promise<Office[]> {
    return this.content.offices(requestLocale(req));
  }

  @Get('media/:name')
  @Doc('A content image under its content-hashed name, at a width the apps use', {
    description:
      '`?w=` 360, 720 or 1080 (absent: as stored, at most 2560 px). WebP when `Accept` takes `image/webp`, else JPEG; ' +
      '`Cache-Control: public, max-age=31536000, immutable` and `Vary: Accept`.',
    errors: ['NOT_FOUND'],
  })
  async image(@Param('name') name: string, @ZodQuery(mediaQuery) q: z.infer<typeof mediaQuery>, @Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    const webp = /\bimage\/webp\b/i.test(String(req.headers.accept ?? ''));
    const image = await this.media.image(name, q.w ? Number(q.w) : undefined, webp);
    await res
      .header('Content-Type', image.contentType)
      .header('Content-Length', image.data.length)
      .header('Cache-Control', IMMUTABLE)
      .header('Vary', 'Accept')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(image.data);
  }
}
