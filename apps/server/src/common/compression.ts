import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_PREFIX } from './http.js';

/** The encodings the api compresses its answers with, in its order of preference. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** Answers shorter than this go as they are: under a kilobyte a phone gains nothing worth the work. */
export const COMPRESS_THRESHOLD = 1024;

/** Quality 4: within a few percent of the best ratio on JSON at a small part of quality 11's time. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

const API_ROUTES = `/${API_PREFIX}/`;
/**
 * Answers that carry tokens or second-factor secrets are never compressed: the length of a compressed
 * answer that holds a secret beside text an attacker chose can leak the secret (BREACH). Such an attack
 * makes the victim's browser send requests, which carry a cookie but never a bearer token: the routes
 * that read a cookie are these (the refresh cookie) and the queues dashboard, outside /api.
 */
const UNCOMPRESSED_PREFIXES = [`/${API_PREFIX}/auth/`, `/${API_PREFIX}/admin/auth/`];

/** Whether the plugin compresses a route's answers: the api's own, but neither those above nor the built apps' files (the build compressed them). */
export function compressesRoute(url: string): boolean {
  return url.startsWith(API_ROUTES) && !UNCOMPRESSED_PREFIXES.some((p) => url.startsWith(p));
}

/**
 * Compresses the api's JSON and text answers of a kilobyte or more with brotli or gzip, whichever the
 * client accepts (@fastify/compress, with Vary: Accept-Encoding), on the routes compressesRoute names and
 * not answered before Nest (beforeNest leaves its hot reads out).
 * Request bodies are never decompressed (no zip bombs). Call before the routes are registered: the plugin
 * and the exclusion attach to each route as it is added.
 */
export async function compressAnswers(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Added before the plugin's own onRoute hook, so the plugin sees `compress: false` on these routes.
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (!compressesRoute(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: [...ANSWER_ENCODINGS],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
  });
}

/** The encoding to answer a request with, or null for the bytes as they are. */
export function answerEncoding(req: FastifyRequest): AnswerEncoding | null {
  const accepted = req.headers['accept-encoding'];
  if (!accepted) return null;
  return negotiate(accepted.toLowerCase(), [...ANSWER_ENCODINGS]);
}

const copies = new WeakMap<Buffer, Partial<Record<AnswerEncoding, Buffer>>>();

/**
 * The compressed copy of an answer that many requests share (the product list), made once per body and
 * dropped with it: a request then costs a lookup, not a compression.
 */
export function compressedCopy(body: Buffer, encoding: AnswerEncoding): Buffer {
  let forBody = copies.get(body);
  if (!forBody) copies.set(body, (forBody = {}));
  return (forBody[encoding] ??= encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body));
}

/**
 * Sends a shared answer compressed when the client accepts it and it is long enough, with Vary either
 * way (the same URL has two forms). The plugin leaves an answer that already has an encoding alone.
 */
export function sendShared(req: FastifyRequest, reply: FastifyReply, body: Buffer): FastifyReply {
  void reply.header('vary', 'Accept-Encoding');
  const encoding = body.length >= COMPRESS_THRESHOLD ? answerEncoding(req) : null;
  if (encoding === null) return reply.send(body);
  return reply.header('content-encoding', encoding).send(compressedCopy(body, encoding));
}
