import type { FastifyInstance } from 'fastify';
import { API_PREFIX, JSON_CONTENT_TYPE, sharedReadBeforeNest } from '../common/http.js';
import { sendShared } from '../common/compression.js';
import { requestLocale } from '../common/request-context.js';
import type { MarketService } from './market.service.js';

const LIST_URL = `/${API_PREFIX}/products`;

/**
 * GET /api/products answered from memory before Nest's pipeline runs: the hottest public read, the
 * same text for everyone (MarketService.productsJson). A route hook of that one route, run after the
 * app-wide hooks (security headers, request id), so the answer is the controller's, byte for byte; any
 * other query goes on to the controller, whose validation refuses it in the error envelope. Compressed
 * once per list and language, not per request (sendShared). Registered by MarketModule.
 *
 * Stands in for ProductsController.list (market.controller.ts): keep both in step.
 */
export function serveProductListFromMemory(fastify: FastifyInstance, market: MarketService): void {
  sharedReadBeforeNest(fastify, LIST_URL, async (req, reply) => {
    const body = await market.productsJson(requestLocale(req));
    return sendShared(req, reply.type(JSON_CONTENT_TYPE), body);
  });
}
