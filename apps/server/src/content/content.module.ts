import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AdminBannersController, AdminContentController, AdminHighlightsController } from './admin-content.controller.js';
import { AdminContentService } from './admin-content.service.js';
import { ContentCache } from './content-cache.js';
import { ContentController } from './content.controller.js';
import { ContentRepository } from './content.repository.js';
import { ContentService } from './content.service.js';
import { serveContentReadsFromMemory } from './content-reads.route.js';
import { MediaService } from './media.service.js';

/**
 * What operators write for the apps: news, home banners and highlights, pages and offices, their images,
 * and the home page (which adds MarketService's recommended products; MarketModule is global).
 */
@Module({
  imports: [UploadsModule],
  controllers: [ContentController, AdminContentController, AdminBannersController, AdminHighlightsController],
  providers: [ContentRepository, ContentCache, ContentService, AdminContentService, MediaService],
})
export class ContentModule {
  // The fast paths of GET /api/home and /api/news (content-reads.route.ts) must be hooked before Nest
  // registers the routes, so here, while the app is built.
  constructor(http: HttpAdapterHost, content: ContentService) {
    const fastify = http.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) serveContentReadsFromMemory(fastify, content);
  }
}
