import { Controller, Get, Param, Req } from '@nestjs/common';
import type { HttpRequest } from '../common/http.js';
import { LOCALES, DEFAULT_LOCALE } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { DomainError } from '../common/domain-error.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import { requestLocale } from '../common/request-context.js';

export const APP_VERSION = '1.0.0';
const PAGES = ['privacy', 'about'] as const;

@Controller()
@ApiFeature('content')
export class ContentController {
  @Get('app-info')
  @Doc('The version, locales, default locale and support hours', { description: 'Answers `{ version, locales, defaultLocale, supportHours }`.' })
  appInfo() {
    return { version: APP_VERSION, locales: LOCALES, defaultLocale: DEFAULT_LOCALE, supportHours: '09:00-21:00 (UTC+8)' };
  }

  /** Static pages in the asked language, from the same translations the web app shows. */
  @Get('pages/:slug')
  @Doc('A static page (`privacy`, `about`) in the asked language', { description: 'Answers `{ title, body }`.' })
  page(@Param('slug') slug: string, @Req() req: HttpRequest) {
    if (!(PAGES as readonly string[]).includes(slug)) throw new DomainError('NOT_FOUND');
    const content = (
      resources[requestLocale(req)] as unknown as Record<
        string,
        Record<string, { title?: string; body?: string; paragraphs?: string[] } | undefined> | undefined
      >
    ).content;
    const page = content?.[slug];
    if (!page?.title) throw new DomainError('NOT_FOUND');
    return { title: page.title, body: page.body ?? (page.paragraphs ?? []).join('\n\n') };
  }
}
