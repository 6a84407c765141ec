import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  PAGE_SLUGS,
  type AdminBanner,
  type AdminHighlight,
  type AdminNews,
  type AdminOffice,
  type AdminPage,
  type AuditAction,
  type BannerBody,
  type HighlightBody,
  type NewsBody,
  type OfficeBody,
  type PageBody,
  type PageSlug,
  type PatchBannerBody,
  type PatchHighlightBody,
  type PatchNewsBody,
  type PatchOfficeBody,
} from '@candor/contracts';
import { AuditService } from '../admin/audit.service.js';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { isUuid } from '../common/keyset.js';
import { ContentCache } from './content-cache.js';
import { ContentRepository, type ContentKind, type ContentRow, type ContentValues, type OrderedKind, type Translations } from './content.repository.js';
import { toAdminBanner, toAdminHighlight, toAdminNews, toAdminOffice, toAdminPage } from './content-view.js';
import { sanitizeContentHtml } from './sanitize.js';

/** Who acts, from where: every change is a line in the audit log. */
export interface Actor {
  operatorId: string;
  ip: string | null;
}

type CardBody = BannerBody | HighlightBody;
type PatchCardBody = PatchBannerBody | PatchHighlightBody;

/** Bodies keep only the sanitiser's HTML (CONTENT_HTML); other texts are plain and shown as text. */
function cleanBodies(translations: Partial<Record<string, Record<string, string | undefined>>>): Translations {
  const out: Translations = {};
  for (const [locale, texts] of Object.entries(translations)) {
    if (!texts) continue;
    const kept: Record<string, string> = {};
    for (const [k, v] of Object.entries(texts)) if (v !== undefined) kept[k] = k === 'body' ? sanitizeContentHtml(v) : v;
    out[locale] = kept;
  }
  return out;
}

/**
 * The operators' side of content: news, banners, highlights, pages and offices. Each change commits with its
 * audit line, then every api instance is told to drop its cached content.
 */
@Injectable()
export class AdminContentService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: ContentRepository,
    private readonly audit: AuditService,
    private readonly cache: ContentCache,
    private readonly clock: Clock,
  ) {}

  // ---- news ----

  async listNews(): Promise<AdminNews[]> {
    const now = this.clock.now();
    return (await this.repo.list('news')).map((r) => toAdminNews(r, now));
  }

  async news(id: string): Promise<AdminNews> {
    return toAdminNews(await this.row('news', id), this.clock.now());
  }

  async createNews(actor: Actor, body: NewsBody): Promise<AdminNews> {
    const values = await this.newsValues(body);
    const id = await this.edit(actor, 'content.news_create', 'news', (em) => this.repo.insert('news', values, em));
    return this.news(id);
  }

  async updateNews(actor: Actor, id: string, body: PatchNewsBody): Promise<AdminNews> {
    await this.row('news', id);
    const values = await this.newsValues(body);
    await this.edit(actor, 'content.news_update', 'news', (em) => this.changed(this.repo.update('news', id, values, em), id), { fields: Object.keys(body) });
    return this.news(id);
  }

  deleteNews(actor: Actor, id: string): Promise<void> {
    return this.removeItem(actor, 'news', id, 'content.news_delete');
  }

  private async newsValues(body: PatchNewsBody): Promise<ContentValues> {
    const values: ContentValues = {};
    if (body.translations) values.translations = cleanBodies(body.translations);
    if (body.coverUploadId !== undefined) values.imageUploadId = await this.image(body.coverUploadId, 'coverUploadId');
    if (body.publishAt !== undefined) values.publishAt = body.publishAt === null ? null : new Date(body.publishAt);
    return values;
  }

  // ---- banners and highlights ----

  async listCards(kind: OrderedKind): Promise<(AdminBanner | AdminHighlight)[]> {
    return (await this.repo.list(kind)).map((r) => this.card(kind, r));
  }

  async createCard(actor: Actor, kind: OrderedKind, body: CardBody): Promise<AdminBanner | AdminHighlight> {
    const values = await this.cardValues(kind, body);
    values.sort ??= (await this.repo.liveIds(kind)).length;
    const id = await this.edit(actor, `content.${kind}_create`, kind, (em) => this.repo.insert(kind, values, em));
    return this.card(kind, await this.row(kind, id));
  }

  async updateCard(actor: Actor, kind: OrderedKind, id: string, body: PatchCardBody): Promise<AdminBanner | AdminHighlight> {
    await this.row(kind, id);
    const values = await this.cardValues(kind, body);
    await this.edit(actor, `content.${kind}_update`, kind, (em) => this.changed(this.repo.update(kind, id, values, em), id), { fields: Object.keys(body) });
    return this.card(kind, await this.row(kind, id));
  }

  deleteCard(actor: Actor, kind: OrderedKind, id: string): Promise<void> {
    return this.removeItem(actor, kind, id, `content.${kind}_delete`);
  }

  /** `ids` must name every live item of the kind once. */
  async reorder(actor: Actor, kind: OrderedKind, ids: string[]): Promise<(AdminBanner | AdminHighlight)[]> {
    const live = new Set(await this.repo.liveIds(kind));
    if (new Set(ids).size !== ids.length || ids.length !== live.size || !ids.every((id) => live.has(id))) throw new DomainError('VALIDATION_FAILED', 'ids');
    await this.edit(actor, `content.${kind}_reorder`, kind, async (em) => (await this.repo.reorder(kind, ids, em), null), { ids });
    return this.listCards(kind);
  }

  private card(kind: OrderedKind, row: ContentRow): AdminBanner | AdminHighlight {
    return kind === 'banner' ? toAdminBanner(row) : toAdminHighlight(row);
  }

  private async cardValues(kind: OrderedKind, body: PatchCardBody): Promise<ContentValues> {
    const values: ContentValues = {};
    if (body.translations) values.translations = cleanBodies(body.translations);
    if (body.link) values.link = body.link;
    if (body.published !== undefined) values.published = body.published;
    const image = 'imageUploadId' in body ? body.imageUploadId : 'iconUploadId' in body ? body.iconUploadId : undefined;
    const field = kind === 'banner' ? 'imageUploadId' : 'iconUploadId';
    if (image !== undefined) values.imageUploadId = await this.image(image, field);
    return values;
  }

  // ---- pages ----

  async listPages(): Promise<AdminPage[]> {
    return (await this.repo.pages()).map(toAdminPage);
  }

  async savePage(actor: Actor, slug: string, body: PageBody): Promise<AdminPage> {
    if (!(PAGE_SLUGS as readonly string[]).includes(slug)) throw new DomainError('NOT_FOUND');
    const translations = cleanBodies(body.translations);
    await this.edit(actor, 'content.page_update', 'page', async (em) => (await this.repo.savePage(slug as PageSlug, translations, em), slug), {
      locales: Object.keys(translations),
    });
    return toAdminPage((await this.repo.page(slug as PageSlug))!);
  }

  // ---- offices ----

  async listOffices(): Promise<AdminOffice[]> {
    return (await this.repo.list('office')).map(toAdminOffice);
  }

  async createOffice(actor: Actor, body: OfficeBody): Promise<AdminOffice> {
    const values = await this.officeValues(body);
    const id = await this.edit(actor, 'content.office_create', 'office', (em) => this.repo.insert('office', values, em));
    return toAdminOffice(await this.row('office', id));
  }

  async updateOffice(actor: Actor, id: string, body: PatchOfficeBody): Promise<AdminOffice> {
    await this.row('office', id);
    const values = await this.officeValues(body);
    await this.edit(actor, 'content.office_update', 'office', (em) => this.changed(this.repo.update('office', id, values, em), id), {
      fields: Object.keys(body),
    });
    return toAdminOffice(await this.row('office', id));
  }

  deleteOffice(actor: Actor, id: string): Promise<void> {
    return this.removeItem(actor, 'office', id, 'content.office_delete');
  }

  private async officeValues(body: PatchOfficeBody): Promise<ContentValues> {
    const { translations, mapImageUploadId, osmEmbed, ...rest } = body;
    const values: ContentValues = { ...rest };
    if (translations) values.translations = cleanBodies(translations);
    if (osmEmbed !== undefined) values.osmEmbed = osmEmbed;
    if (mapImageUploadId !== undefined) values.imageUploadId = await this.image(mapImageUploadId, 'mapImageUploadId');
    return values;
  }

  // ---- shared ----

  /** A live item, else 404 (an id that is not a UUID too). */
  private async row(kind: ContentKind, id: string): Promise<ContentRow> {
    const row = isUuid(id) ? await this.repo.byId(kind, id) : null;
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  /** An image field: null clears it; an id must be a live content image. */
  private async image(id: string | null, field: string): Promise<string | null> {
    if (id === null) return null;
    if (!(await this.repo.contentImageHash(id))) throw new DomainError('VALIDATION_FAILED', field);
    return id;
  }

  private async changed(done: Promise<boolean>, id: string): Promise<string> {
    if (!(await done)) throw new DomainError('NOT_FOUND');
    return id;
  }

  private async removeItem(actor: Actor, kind: ContentKind, id: string, action: AuditAction): Promise<void> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    await this.edit(actor, action, kind, (em) => this.changed(this.repo.remove(kind, id, em), id));
  }

  /** Runs a change and its audit line in one transaction, then drops every instance's cached content. */
  private async edit<T extends string | null>(
    actor: Actor,
    action: AuditAction,
    targetType: string,
    change: (em: EntityManager) => Promise<T>,
    details?: Record<string, unknown>,
  ): Promise<T> {
    const result = await this.ds.transaction(async (em) => {
      const target = await change(em);
      await this.audit.record({ operatorId: actor.operatorId, action, targetType, targetId: target, ip: actor.ip, ...(details ? { details } : {}) }, em);
      return target;
    });
    await this.cache.invalidate();
    return result;
  }
}
