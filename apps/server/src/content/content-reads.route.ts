import type { FastifyInstance } from 'fastify';
import { API_PREFIX, JSON_CONTENT_TYPE, sharedReadBeforeNest } from '../common/http.js';
import { sendShared } from '../common/compression.js';
import { requestLocale } from '../common/request-context.js';
import type { ContentService } from './content.service.js';

/**
 * GET /api/home and the first page of GET /api/news answered from memory before Nest's pipeline runs, as
 * the product list is: the same bytes for every reader of a language, compressed once per answer
 * (sendShared). A query with more than `?lang=` (a cursor, a limit) goes on to ContentController, whose
 * validation and paging answer it. Registered by ContentModule.
 *
 * Stands in for ContentController.home and .news: keep them in step.
 */
export function serveContentReadsFromMemory(fastify: FastifyInstance, content: ContentService): void {
  sharedReadBeforeNest(fastify, `/${API_PREFIX}/home`, async (req, reply) =>
    sendShared(req, reply.type(JSON_CONTENT_TYPE), await content.homeJson(requestLocale(req))),
  );
  sharedReadBeforeNest(fastify, `/${API_PREFIX}/news`, async (req, reply) =>
    sendShared(req, reply.type(JSON_CONTENT_TYPE), await content.newsJson(requestLocale(req))),
  );
}
