import { Controller, Get, Param } from '@nestjs/common';
import { z } from 'zod';
import type { CatalogueChange, Page } from '@candor/contracts';
import { keysetCursor, parseKeysetCursor } from '../../common/keyset.js';
import { ApiFeature, Doc, ZodQuery } from '../../common/openapi.js';
import { DomainError } from '../../common/domain-error.js';
import { MarketService } from '../market.service.js';
import { symbolParam } from '../market.query.js';
import { CatalogueChangesRepository, toCatalogueChange } from './catalogue-changes.repository.js';

const historyQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
  lang: z.string().max(10).optional(),
});
const langOnly = z.strictObject({ lang: z.string().max(10).optional() });

/**
 * Public: every catalogue change that shapes prices or sessions, announced before it takes effect and kept
 * for good (applied, cancelled or refused). No token: anyone may see what is about to change and what did.
 */
@Controller()
@ApiFeature('market')
export class CatalogueController {
  constructor(
    private readonly changes: CatalogueChangesRepository,
    private readonly market: MarketService,
  ) {}

  @Get('products/:symbol/changes')
  @Doc("A product's catalogue changes, newest first: scheduled, applied (with the tick-chain block), cancelled or refused", {
    ok: 'Page<CatalogueChange>',
  })
  async history(@Param('symbol') raw: string, @ZodQuery(historyQuery) q: z.infer<typeof historyQuery>): Promise<Page<CatalogueChange>> {
    const symbol = symbolParam(raw);
    const product = await this.market.getProductRow(symbol);
    if (!product || !product.enabled) throw new DomainError('NOT_FOUND');
    const limit = q.limit ?? 20;
    const at = parseKeysetCursor(q.cursor);
    const rows = await this.changes.history(symbol, limit + 1, at ? { createdAt: new Date(at.createdAt), id: at.id } : undefined);
    const items = rows.slice(0, limit).map(toCatalogueChange);
    const last = rows[limit - 1];
    return { items, nextCursor: rows.length > limit && last ? keysetCursor(new Date(last.created_at), last.id) : null };
  }

  @Get('catalogue-changes')
  @Doc('Catalogue changes announced and not yet in effect, for every product, earliest first', { ok: '{ items: CatalogueChange[] }' })
  async pending(@ZodQuery(langOnly) _q: unknown): Promise<{ items: CatalogueChange[] }> {
    const enabled = new Set((await this.market.allProductRows()).filter((p) => p.enabled).map((p) => p.symbol));
    return { items: (await this.changes.pending()).filter((c) => enabled.has(c.symbol)).map(toCatalogueChange) };
  }
}
