import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
import {
  bannerBody,
  highlightBody,
  newsBody,
  officeBody,
  orderBody,
  pageBody,
  patchBannerBody,
  patchHighlightBody,
  patchNewsBody,
  patchOfficeBody,
  type AdminBanner,
  type AdminHighlight,
  type AdminNews,
  type AdminOffice,
  type AdminPage,
  type BannerBody,
  type ContentImage,
  type HighlightBody,
  type NewsBody,
  type OfficeBody,
  type PageBody,
  type PatchBannerBody,
  type PatchHighlightBody,
  type PatchNewsBody,
  type PatchOfficeBody,
} from '@candor/contracts';
import { CurrentOperator, OperatorAuthGuard, Permission, type AuthOperator } from '../auth/auth.guard.js';
import type { HttpRequest } from '../common/http.js';
import { ApiFeature, Doc, ZodBody } from '../common/openapi.js';
import { clientIp } from '../common/request-context.js';
import { readMultipartForm } from '../uploads/multipart.js';
import { AdminContentService, type Actor } from './admin-content.service.js';
import { MediaService } from './media.service.js';

const actor = (o: AuthOperator, req: HttpRequest): Actor => ({ operatorId: o.id, ip: clientIp(req) || null });
const Who = CurrentOperator;

/** News, pages, offices and content images; every change audited. Permission `content.manage` (admin). */
@Controller('admin')
@UseGuards(OperatorAuthGuard)
@Permission('content.manage')
@ApiFeature('admin')
export class AdminContentController {
  constructor(
    private readonly content: AdminContentService,
    private readonly media: MediaService,
  ) {}

  @Post('content-images')
  @HttpCode(201)
  @Doc('Upload an image for content (re-encoded, metadata removed); answers its upload id and public URL', {
    ok: 'ContentImage',
    multipart: { fields: {}, files: ['image'] },
    errors: ['IMAGE_INVALID', 'UPLOAD_TOO_LARGE'],
  })
  async uploadImage(@Who() o: AuthOperator, @Req() req: HttpRequest): Promise<ContentImage> {
    return this.media.upload(actor(o, req), await readMultipartForm(req, { files: ['image'], fields: [] }));
  }

  @Get('news')
  @Doc('Every article (drafts, scheduled and published) with all its translations', { ok: 'AdminNews[]' })
  listNews(): Promise<AdminNews[]> {
    return this.content.listNews();
  }

  @Post('news')
  @HttpCode(201)
  @Doc('Write an article: bodies sanitised; without `publishAt` a draft, a future one schedules it', { ok: 'AdminNews', errors: ['VALIDATION_FAILED'] })
  createNews(@Who() o: AuthOperator, @ZodBody(newsBody) body: NewsBody, @Req() req: HttpRequest): Promise<AdminNews> {
    return this.content.createNews(actor(o, req), body);
  }

  @Get('news/:id')
  @Doc('One article with all its translations', { ok: 'AdminNews', errors: ['NOT_FOUND'] })
  news(@Param('id') id: string): Promise<AdminNews> {
    return this.content.news(id);
  }

  @Patch('news/:id')
  @Doc('Change an article (`publishAt: null` unpublishes it)', { ok: 'AdminNews', errors: ['NOT_FOUND'] })
  updateNews(@Who() o: AuthOperator, @Param('id') id: string, @ZodBody(patchNewsBody) body: PatchNewsBody, @Req() req: HttpRequest): Promise<AdminNews> {
    return this.content.updateNews(actor(o, req), id, body);
  }

  @Delete('news/:id')
  @HttpCode(204)
  @Doc('Remove an article', { errors: ['NOT_FOUND'] })
  async deleteNews(@Who() o: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<void> {
    await this.content.deleteNews(actor(o, req), id);
  }

  @Get('pages')
  @Doc('The pages (privacy, rights, about) with all their translations', { ok: 'AdminPage[]' })
  pages(): Promise<AdminPage[]> {
    return this.content.listPages();
  }

  @Put('pages/:slug')
  @Doc("Replace a page's texts (bodies sanitised)", { ok: 'AdminPage', errors: ['NOT_FOUND'] })
  savePage(@Who() o: AuthOperator, @Param('slug') slug: string, @ZodBody(pageBody) body: PageBody, @Req() req: HttpRequest): Promise<AdminPage> {
    return this.content.savePage(actor(o, req), slug, body);
  }

  @Get('offices')
  @Doc('The offices with all their translations', { ok: 'AdminOffice[]' })
  offices(): Promise<AdminOffice[]> {
    return this.content.listOffices();
  }

  @Post('offices')
  @HttpCode(201)
  @Doc('Add an office', { ok: 'AdminOffice', errors: ['VALIDATION_FAILED'] })
  createOffice(@Who() o: AuthOperator, @ZodBody(officeBody) body: OfficeBody, @Req() req: HttpRequest): Promise<AdminOffice> {
    return this.content.createOffice(actor(o, req), body);
  }

  @Patch('offices/:id')
  @Doc('Change an office', { ok: 'AdminOffice', errors: ['NOT_FOUND'] })
  updateOffice(
    @Who() o: AuthOperator,
    @Param('id') id: string,
    @ZodBody(patchOfficeBody) body: PatchOfficeBody,
    @Req() req: HttpRequest,
  ): Promise<AdminOffice> {
    return this.content.updateOffice(actor(o, req), id, body);
  }

  @Delete('offices/:id')
  @HttpCode(204)
  @Doc('Remove an office', { errors: ['NOT_FOUND'] })
  async deleteOffice(@Who() o: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<void> {
    await this.content.deleteOffice(actor(o, req), id);
  }
}

/** The home page's banners, in the order operators set. */
@Controller('admin/banners')
@UseGuards(OperatorAuthGuard)
@Permission('content.manage')
@ApiFeature('admin')
export class AdminBannersController {
  constructor(private readonly content: AdminContentService) {}

  @Get()
  @Doc('The banners in their order, with all their translations', { ok: 'AdminBanner[]' })
  list(): Promise<AdminBanner[]> {
    return this.content.listCards('banner') as Promise<AdminBanner[]>;
  }

  @Post()
  @HttpCode(201)
  @Doc('Add a banner (last in the order)', { ok: 'AdminBanner', errors: ['VALIDATION_FAILED'] })
  create(@Who() o: AuthOperator, @ZodBody(bannerBody) body: BannerBody, @Req() req: HttpRequest): Promise<AdminBanner> {
    return this.content.createCard(actor(o, req), 'banner', body) as Promise<AdminBanner>;
  }

  @Put('order')
  @Doc('Set the order: every banner id once', { ok: 'AdminBanner[]', errors: ['VALIDATION_FAILED'] })
  order(@Who() o: AuthOperator, @ZodBody(orderBody) body: { ids: string[] }, @Req() req: HttpRequest): Promise<AdminBanner[]> {
    return this.content.reorder(actor(o, req), 'banner', body.ids) as Promise<AdminBanner[]>;
  }

  @Patch(':id')
  @Doc('Change a banner (`published: false` hides it)', { ok: 'AdminBanner', errors: ['NOT_FOUND'] })
  update(@Who() o: AuthOperator, @Param('id') id: string, @ZodBody(patchBannerBody) body: PatchBannerBody, @Req() req: HttpRequest): Promise<AdminBanner> {
    return this.content.updateCard(actor(o, req), 'banner', id, body) as Promise<AdminBanner>;
  }

  @Delete(':id')
  @HttpCode(204)
  @Doc('Remove a banner', { errors: ['NOT_FOUND'] })
  async remove(@Who() o: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<void> {
    await this.content.deleteCard(actor(o, req), 'banner', id);
  }
}

/** The home page's platform highlights, in the order operators set. */
@Controller('admin/highlights')
@UseGuards(OperatorAuthGuard)
@Permission('content.manage')
@ApiFeature('admin')
export class AdminHighlightsController {
  constructor(private readonly content: AdminContentService) {}

  @Get()
  @Doc('The highlights in their order, with all their translations', { ok: 'AdminHighlight[]' })
  list(): Promise<AdminHighlight[]> {
    return this.content.listCards('highlight') as Promise<AdminHighlight[]>;
  }

  @Post()
  @HttpCode(201)
  @Doc('Add a highlight (last in the order)', { ok: 'AdminHighlight', errors: ['VALIDATION_FAILED'] })
  create(@Who() o: AuthOperator, @ZodBody(highlightBody) body: HighlightBody, @Req() req: HttpRequest): Promise<AdminHighlight> {
    return this.content.createCard(actor(o, req), 'highlight', body) as Promise<AdminHighlight>;
  }

  @Put('order')
  @Doc('Set the order: every highlight id once', { ok: 'AdminHighlight[]', errors: ['VALIDATION_FAILED'] })
  order(@Who() o: AuthOperator, @ZodBody(orderBody) body: { ids: string[] }, @Req() req: HttpRequest): Promise<AdminHighlight[]> {
    return this.content.reorder(actor(o, req), 'highlight', body.ids) as Promise<AdminHighlight[]>;
  }

  @Patch(':id')
  @Doc('Change a highlight (`published: false` hides it)', { ok: 'AdminHighlight', errors: ['NOT_FOUND'] })
  update(
    @Who() o: AuthOperator,
    @Param('id') id: string,
    @ZodBody(patchHighlightBody) body: PatchHighlightBody,
    @Req() req: HttpRequest,
  ): Promise<AdminHighlight> {
    return this.content.updateCard(actor(o, req), 'highlight', id, body) as Promise<AdminHighlight>;
  }

  @Delete(':id')
  @HttpCode(204)
  @Doc('Remove a highlight', { errors: ['NOT_FOUND'] })
  async remove(@Who() o: AuthOperator, @Param('id') id: string, @Req() req: HttpRequest): Promise<void> {
    await this.content.deleteCard(actor(o, req), 'highlight', id);
  }
}
