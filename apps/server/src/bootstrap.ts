import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from './config/config.js';
import { ApiModule } from './api.module.js';
import { API_PREFIX, CONSOLE_PATH } from './common/http.js';
import { requestIdFor } from './common/request-id.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { serveOpenApi } from './openapi/openapi.js';
import { QueuesDashboard } from './ops/queues-dashboard.js';

/** Largest request body (JSON) the api reads; a larger one is refused as 400 VALIDATION_FAILED. */
const BODY_LIMIT = 64 * 1024;

/**
 * Builds the api (used by main.ts and by the integration tests, so both run the same app). It runs on
 * Nest's Fastify platform: at 1,500 orders/s its routing, body parsing and replies cost a third of
 * Express's (docs/performance.md).
 */
export async function createApp(config: AppConfig, opts: { logger?: false | ('log' | 'error' | 'warn' | 'debug')[] } = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    // TRUST_PROXY: the first hop (one reverse proxy) is trusted for the client address and protocol.
    trustProxy: config.TRUST_PROXY === 'true' ? (_address: string, hop: number) => hop === 0 : false,
    genReqId: requestIdFor,
  });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config), adapter, {
    logger: opts.logger ?? ['log', 'error', 'warn'],
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  acceptJson(fastify);
  // Security headers: helmet's middleware is built once here (its options never change) and run on
  // the raw response of every request, with the request id. (@fastify/helmet rebuilt it per request.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('X-Request-Id', req.id);
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(fastifyCookie);
  app.setGlobalPrefix(API_PREFIX);
  serveOpenApi(app);
  app.enableShutdownHooks();

  const io = new RedisIoAdapter(app, config.REDIS_URL);
  await io.connect();
  app.useWebSocketAdapter(io);

  // Before the built apps: the web app's static files answer every path under /.
  await app.get(QueuesDashboard).register(app);
  await serveBuiltApps(app, fastify, config);
  return app;
}

/**
 * JSON bodies only, parsed by Fastify's own parser (which refuses `__proto__` and `constructor`
 * keys). An empty body counts as no body, as it did before (a POST without a body may still say
 * `Content-Type: application/json`). Other content types are refused (415, answered as
 * VALIDATION_FAILED on `body`).
 */
function acceptJson(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parse(req, text, done);
  });
}

/** In production the api serves the built web app at / and the console at /console/. */
async function serveBuiltApps(app: NestFastifyApplication, fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const setHeaders = (reply: FastifyReply, path: string) => {
    void reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  let decorated = false;
  if (config.CONSOLE_DIST && existsSync(join(config.CONSOLE_DIST, 'index.html'))) {
    fastify.get(CONSOLE_PATH.slice(0, -1), (_req, reply) => reply.redirect(CONSOLE_PATH, 301));
    await app.register(fastifyStatic, { root: config.CONSOLE_DIST, prefix: CONSOLE_PATH, index: 'index.html', setHeaders });
    decorated = true;
  }
  if (config.WEB_DIST && existsSync(join(config.WEB_DIST, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.WEB_DIST, prefix: '/', index: 'index.html', setHeaders, decorateReply: !decorated });
  }
}
