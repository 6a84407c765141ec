import { Controller, Get } from '@nestjs/common';
import type { FeedStatus } from '@candor/contracts';
import { scheduledOf } from './product-view.js';
import { z } from 'zod';
import { ApiFeature, Doc, ZodQuery } from '../common/openapi.js';
import { MarketService } from './market.service.js';
import { PriceSources } from './price-sources.js';

const langOnly = z.strictObject({ lang: z.string().max(10).optional() });

/** Where each product's price comes from right now: public, so anyone can watch the exchanges behind a price. */
@Controller('market')
@ApiFeature('market')
export class FeedStatusController {
  constructor(
    private readonly market: MarketService,
    private readonly sources: PriceSources,
  ) {}

  @Get('feed-status')
  @Doc("Each product's price source and each of its exchanges: connected, age of the last message, last mid, used or why not", {
    ok: 'FeedStatus[]',
    description:
      '`scheduledChanges`: announced catalogue changes not yet in effect. `kind` is `venues` (the median of public exchanges), `simulated` or `replay` (demo only). `status` is `open`, `halted` (with `haltReason`: `quorum` or `disagreement`), `starting`, or `unknown` when no feed has reported. Per exchange: `connected`, `lastMessageAgeMs`, `mid`, `used`, and `reason` when not used (`stale`, `deviation`, `currency`, `invalid`, `disabled`).',
  })
  async feedStatus(@ZodQuery(langOnly) _q: unknown): Promise<FeedStatus[]> {
    const rows = (await this.market.allProductRows()).filter((p) => p.enabled);
    await this.sources.fresh();
    const scheduled = new Map(rows.map((r) => [r.symbol, scheduledOf(r)]));
    // Announced changes of each product's price source or precision, so a watcher sees them before they happen.
    return this.sources.feedStatus(rows).map((f) => {
      const mine = scheduled.get(f.symbol) ?? [];
      return mine.length ? { ...f, scheduledChanges: mine } : f;
    });
  }
}
