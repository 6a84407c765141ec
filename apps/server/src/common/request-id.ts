import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Every request gets an id (or keeps a sane one from X-Request-Id): Fastify's `genReqId`, so it is
 * `request.id`; the api returns it in the X-Request-Id header and the error body, and logs it.
 */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
}
