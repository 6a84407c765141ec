import { Global, Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AdminProductsController } from './admin-products.controller.js';
import { AdminProductsService } from './admin-products.service.js';
import { ProductsController } from './market.controller.js';
import { MarketRepository } from './market.repository.js';
import { MarketService } from './market.service.js';
import { MarketStatusWatcher } from './market-status.watcher.js';
import { FeedStatusController } from './feed-status.controller.js';
import { PriceSources } from './price-sources.js';
import { TickerRelay } from './ticker-relay.service.js';
import { CatalogueController } from './catalogue/catalogue.controller.js';
import { CatalogueChangesRepository } from './catalogue/catalogue-changes.repository.js';
import { serveProductListFromMemory } from './product-list.route.js';

/**
 * The market in the api: public products, candles and tick record, the operator catalogue, the
 * Redis -> socket ticker relay and the market status events. Exports MarketService (global).
 */
@Global()
@Module({
  controllers: [ProductsController, AdminProductsController, FeedStatusController, CatalogueController],
  providers: [MarketRepository, MarketService, MarketStatusWatcher, TickerRelay, AdminProductsService, PriceSources, CatalogueChangesRepository],
  exports: [MarketService, PriceSources, CatalogueChangesRepository],
})
export class MarketModule {
  // GET /api/products: the fast path in product-list.route.ts stands in for ProductsController.list. Added
  // here, while Nest builds the app: its hook must exist before Nest registers the routes (onModuleInit is later).
  constructor(http: HttpAdapterHost, market: MarketService) {
    const fastify = http.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) serveProductListFromMemory(fastify, market);
  }
}
