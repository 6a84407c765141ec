import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import type { HttpRequest } from '../common/http.js';
import { z } from 'zod';
import type { Candle, HomeResponse, Product, TickBlock, TickRecord } from '@candor/contracts';
import { requestLocale } from '../common/request-context.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { candlesQuerySchema, rangeQuerySchema, symbolParam } from './market.query.js';
import { MarketService } from './market.service.js';

const langOnly = z.strictObject({ lang: z.string().max(10).optional() });

/** Public market data: no token needed. */
@Controller('products')
export class ProductsController {
  constructor(private readonly market: MarketService) {}

  @Get()
  list(@Query(new ZodPipe(langOnly)) _q: unknown, @Req() req: HttpRequest): Promise<Product[]> {
    return this.market.products(requestLocale(req));
  }

  @Get(':symbol')
  one(@Param('symbol') symbol: string, @Query(new ZodPipe(langOnly)) _q: unknown, @Req() req: HttpRequest): Promise<Product> {
    return this.market.product(symbolParam(symbol), requestLocale(req));
  }

  /** `?interval=1m|5m|15m|1h|1d&from&to` (ISO 8601 or epoch seconds/ms): at most 500 candles, the latest ending at `to` (default now). */
  @Get(':symbol/candles')
  candles(@Param('symbol') symbol: string, @Query(new ZodPipe(candlesQuerySchema)) q: z.infer<typeof candlesQuerySchema>): Promise<Candle[]> {
    return this.market.candles(symbolParam(symbol), q);
  }

  /** The public tick record: sealed ticks `{ seq, t, price, blockSecond, blockHash }` in [from, to] (at most 10 minutes from `from`; default the last minute). */
  @Get(':symbol/ticks')
  ticks(@Param('symbol') symbol: string, @Query(new ZodPipe(rangeQuerySchema)) q: z.infer<typeof rangeQuerySchema>): Promise<TickRecord[]> {
    return this.market.ticks(symbolParam(symbol), q);
  }

  /** Blocks `{ symbol, second, ticks, prevHash, hash }` whose second is in [from, to], oldest first, at most 600 (page on with from = last second + 1). */
  @Get(':symbol/blocks')
  blocks(@Param('symbol') symbol: string, @Query(new ZodPipe(rangeQuerySchema)) q: z.infer<typeof rangeQuerySchema>): Promise<TickBlock[]> {
    return this.market.blocks(symbolParam(symbol), q);
  }
}

@Controller('home')
export class HomeController {
  constructor(private readonly market: MarketService) {}

  @Get()
  home(@Query(new ZodPipe(langOnly)) _q: unknown, @Req() req: HttpRequest): Promise<HomeResponse> {
    return this.market.home(requestLocale(req));
  }
}
