import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { JSON_CONTENT_TYPE, type HttpReply, type HttpRequest } from '../common/http.js';
import { z } from 'zod';
import type { Candle, Product, TickBlock, TickRecord } from '@candor/contracts';
import { requestLocale } from '../common/request-context.js';
import { ApiFeature, Doc, ZodQuery } from '../common/openapi.js';
import { candlesQuerySchema, rangeQuerySchema, symbolParam } from './market.query.js';
import { MarketService } from './market.service.js';

const langOnly = z.strictObject({ lang: z.string().max(10).optional() });

/** Public market data: no token needed. */
@Controller('products')
@ApiFeature('market')
export class ProductsController {
  constructor(private readonly market: MarketService) {}

  /** Answered from memory: the JSON bytes kept current by the tick stream (MarketService.productsJson). */
  // Answered by the fast path in product-list.route.ts for most requests; keep both in step.
  @Get()
  @Doc('The products with their last price, 24 h figures, trading status and expiries', { ok: 'Product[]' })
  list(@ZodQuery(langOnly) _q: unknown, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply): Promise<Buffer> {
    void res.type(JSON_CONTENT_TYPE);
    return this.market.productsJson(requestLocale(req));
  }

  @Get(':symbol')
  @Doc('One product', { ok: 'Product' })
  one(@Param('symbol') symbol: string, @ZodQuery(langOnly) _q: unknown, @Req() req: HttpRequest): Promise<Product> {
    return this.market.product(symbolParam(symbol), requestLocale(req));
  }

  /** `?interval=1m|5m|15m|1h|1d&from&to` (ISO 8601 or epoch seconds/ms): at most 500 candles, the latest ending at `to` (default now). */
  @Get(':symbol/candles')
  @Doc('Candles of a product', {
    ok: 'Candle[]',
    description: '`from` and `to` are ISO 8601 times or epoch seconds or milliseconds: at most 500 candles, the latest ending at `to` (default now).',
  })
  candles(@Param('symbol') symbol: string, @ZodQuery(candlesQuerySchema) q: z.infer<typeof candlesQuerySchema>): Promise<Candle[]> {
    return this.market.candles(symbolParam(symbol), q);
  }

  /** The public tick record: sealed ticks `{ seq, t, price, blockSecond, blockHash }` in [from, to] (at most 10 minutes from `from`; default the last minute). */
  @Get(':symbol/ticks')
  @Doc('The public tick record: sealed ticks in [from, to]', {
    ok: 'TickRecord[]',
    description: 'At most 10 minutes from `from`; by default the last minute. Times as for candles.',
  })
  ticks(@Param('symbol') symbol: string, @ZodQuery(rangeQuerySchema) q: z.infer<typeof rangeQuerySchema>): Promise<TickRecord[]> {
    return this.market.ticks(symbolParam(symbol), q);
  }

  /** Blocks `{ symbol, second, ticks, prevHash, hash }` whose second is in [from, to], oldest first, at most 600 (page on with from = last second + 1). */
  @Get(':symbol/blocks')
  @Doc("The tick record's hash-chained blocks whose second is in [from, to], oldest first", {
    ok: 'TickBlock[]',
    description: 'At most 600; page on with `from` = the last second + 1.',
  })
  blocks(@Param('symbol') symbol: string, @ZodQuery(rangeQuerySchema) q: z.infer<typeof rangeQuerySchema>): Promise<TickBlock[]> {
    return this.market.blocks(symbolParam(symbol), q);
  }
}
