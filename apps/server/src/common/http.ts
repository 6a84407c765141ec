import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** The request and reply the api's controllers, guards and filters see (the api runs on Nest's Fastify platform). */
export type HttpRequest = FastifyRequest;
export type HttpReply = FastifyReply;

/** The global prefix of the api's routes (`/api/...`); bootstrap.ts sets it, the OpenAPI builder mirrors it. */
export const API_PREFIX = 'api';

/** Where the api serves the built console (its Vite `base`); the queues dashboard links back to it. */
export const CONSOLE_PATH = '/console/';

/** The type of every JSON answer the api sends itself. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Runs `hook` for one route of Nest's before Nest's pipeline: a route-level onRequest hook, after the
 * app-wide ones (security headers, request id). A hook that sends an answer ends the request there; one that
 * returns without sending leaves it to the controller. Call before the routes are registered, and before
 * compressAnswers (whose plugin must see the route marked).
 */
export function beforeNest(fastify: FastifyInstance, method: string, url: string, hook: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== url || route.method !== method) return;
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
    // Such a route is a hot read that encodes its own answer (sendShared) or whose answer is short: the
    // compression plugin's hooks (compression.ts) would only add their cost to each request.
    route.compress = false;
  });
}

/** Only `?lang=` (at most 10 characters) or nothing: what the shared reads answer from memory. */
export function plainQuery(q: unknown): boolean {
  if (q === null || typeof q !== 'object') return true;
  const keys = Object.keys(q);
  if (keys.length === 0) return true;
  const lang = (q as { lang?: unknown }).lang;
  return keys.length === 1 && typeof lang === 'string' && lang.length <= 10;
}

/** The route config key that marks a shared read (sharedReadBeforeNest). */
const SHARED_READ = 'candorSharedRead';

/**
 * A public GET answered from memory before Nest when its query is plain (`hook` answers it, the same bytes for
 * every reader of a language); any other query goes on to the controller. Such a plain read is not counted
 * against the client's address (rate-limits.ts): the count, a round trip to Redis, costs more than the answer it
 * would guard, and a refusal costs as much as the answer, so counting it protected nothing.
 */
export function sharedReadBeforeNest(fastify: FastifyInstance, url: string, hook: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === url && route.method === 'GET') route.config = { ...(route.config as object | undefined), [SHARED_READ]: true } as never;
  });
  beforeNest(fastify, 'GET', url, async (req, reply) => (plainQuery(req.query) ? hook(req, reply) : undefined));
}

/** Whether this request is a shared read that its route answers from memory (see sharedReadBeforeNest). */
export function isSharedRead(req: FastifyRequest): boolean {
  return req.method === 'GET' && (req.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[SHARED_READ] === true && plainQuery(req.query);
}
