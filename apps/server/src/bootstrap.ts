import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from './config/config.js';
import { ApiModule } from './api.module.js';
import { API_PREFIX, CONSOLE_PATH, JSON_CONTENT_TYPE } from './common/http.js';
import { errorEnvelope } from './common/error.filter.js';
import { apiSecurityHeaders, lowerCaseHeaders, plainHttpHeaders, securityHeaders } from './common/security-headers.js';
import { DEFAULT_LOCALE, ERROR_STATUS, type ErrorCode } from '@candor/contracts';
import { translate } from '@candor/i18n';
import { requestIdFor } from './common/request-id.js';
import { compressAnswers } from './common/compression.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { serveOpenApi } from './openapi/openapi.js';
import { QueuesDashboard } from './ops/queues-dashboard.js';
import type { Clock } from './common/clock.js';
import { createLogger, levelOfNestLevels, NestPinoLogger, type Logger, type LogLevelSetting } from './observability/logger.js';
import { observeRequests } from './observability/request-log.js';
import { ApiMetrics } from './observability/api-metrics.js';
import type { DestinationStream } from 'pino';
import type { LogLevel } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from './redis/redis.module.js';
import { TokenService } from './auth/token.service.js';
import { installRateLimits } from './auth/rate-limits.js';
import { installMultipart } from './uploads/multipart.js';

export interface AppOptions {
  /** Nest's levels (tests pass ['error'] to keep quiet): the lowest of them becomes the log level. */
  logger?: false | LogLevel[];
  /** Where the JSON log lines go and from which level (default: stdout, LOG_LEVEL). */
  log?: { destination?: DestinationStream; level?: LogLevelSetting };
  /** The platform clock; only tests pass one (main/api.ts never does), to move time for Yu'e Bao's calendar. */
  clock?: Clock;
}

/** Largest request body (JSON) the api reads; a larger one is refused as 400 VALIDATION_FAILED. */
const BODY_LIMIT = 64 * 1024;

/**
 * Builds the api (used by main.ts and by the integration tests, so both run the same app). It runs on
 * Nest's Fastify platform: its routing, body parsing and replies cost less than Express's.
 */
export async function createApp(config: AppConfig, opts: AppOptions = {}): Promise<NestFastifyApplication> {
  const level = opts.log?.level ?? (opts.logger !== undefined ? levelOfNestLevels(opts.logger) : config.LOG_LEVEL);
  const logger = createLogger({ service: 'api', level, destination: opts.log?.destination });
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    // TRUST_PROXY: the first hop (one reverse proxy) is trusted for the client address and protocol.
    trustProxy: config.TRUST_PROXY === 'true' ? (_address: string, hop: number) => hop === 0 : false,
    genReqId: requestIdFor,
    // The router's own refusals (a malformed URL, an over-long path parameter) in our envelope, not Fastify's
    // body that echoes the path back: such a path names nothing, so it is 404, a malformed one 400.
    frameworkErrors: (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const code = err.code === 'FST_ERR_BAD_URL' ? 'VALIDATION_FAILED' : 'NOT_FOUND';
      void reply
        .code(ERROR_STATUS[code])
        .type(JSON_CONTENT_TYPE)
        .send(errorEnvelope(req, code, code === 'VALIDATION_FAILED' ? 'url' : undefined));
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config, [], { clock: opts.clock }), adapter, {
    logger: new NestPinoLogger(logger),
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  acceptJson(fastify);
  answerClientErrors(fastify, logger);
  observeRequests(fastify, logger, [app.get(ApiMetrics).onRequest]);
  // Security headers, computed once (helmet's options never change), on every answer with the request id.
  // Set on Fastify's reply, which hands them to Node in one writeHead: one setHeader per header on the
  // raw response validated each header twice.
  // JSON answers under /api get the shorter set that means something without a page (apiSecurityHeaders).
  // The page may connect to its own origin and the configured ones (PUBLIC_URL spells out its own ws/wss twin).
  // Strict-Transport-Security only on answers that go out over HTTPS: TLS here, or a trusted proxy's X-Forwarded-Proto
  // (req.protocol reads it only with TRUST_PROXY).
  const pageHeaders = lowerCaseHeaders(securityHeaders([...(config.PUBLIC_URL ? [config.PUBLIC_URL] : []), ...config.ALLOWED_ORIGINS]));
  const apiHeaders = lowerCaseHeaders(apiSecurityHeaders());
  const plainPageHeaders = plainHttpHeaders(pageHeaders);
  const plainApiHeaders = plainHttpHeaders(apiHeaders);
  const apiPath = `/${API_PREFIX}/`;
  fastify.addHook('onRequest', (req, reply, done) => {
    const secure = req.protocol === 'https';
    const headers = req.url.startsWith(apiPath) ? (secure ? apiHeaders : plainApiHeaders) : secure ? pageHeaders : plainPageHeaders;
    void reply.headers(headers).header('x-request-id', req.id);
    done();
  });
  // What a signed-in request gets back is that person's: no shared or browser cache may keep it.
  fastify.addHook('onSend', (req, reply, payload, done) => {
    if ((req.headers.authorization || req.headers.cookie) && !reply.hasHeader('cache-control') && req.url.startsWith(`/${API_PREFIX}/`)) {
      void reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
  // Before the routes' own hooks and before Nest: every /api request counts against its address and account.
  await installRateLimits(app, app.get<Redis>(REDIS), config, app.get(TokenService));
  await compressAnswers(app);
  await app.register(fastifyCookie);
  // multipart/form-data for the upload routes (ID photos, payment slips), with the limits in uploads/multipart.ts.
  await installMultipart(app);
  app.setGlobalPrefix(API_PREFIX);
  serveOpenApi(app);

  const io = new RedisIoAdapter(app, config.REDIS_URL, config.ALLOWED_ORIGINS);
  await io.connect();
  app.useWebSocketAdapter(io);

  // Before the built apps: the web app's static files answer every path under /.
  await app.get(QueuesDashboard).register(app);
  await serveBuiltApps(app, config, logger);
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

/**
 * Requests Node's HTTP parser refuses before any route sees them (a URL or headers over its 16 KB limit,
 * malformed HTTP) get the error envelope too, instead of Node's bare 431 or 400.
 */
function answerClientErrors(fastify: FastifyInstance, logger: Logger): void {
  fastify.server.removeAllListeners('clientError');
  fastify.server.on('clientError', (err: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Duplex) => {
    if (!socket.writable || (err.code === 'ECONNRESET' && !err.bytesParsed)) {
      socket.destroy();
      return;
    }
    const code: ErrorCode = err.code === 'HPE_HEADER_OVERFLOW' ? 'REQUEST_TOO_LARGE' : 'VALIDATION_FAILED';
    const status = ERROR_STATUS[code];
    const requestId = randomUUID();
    const body = JSON.stringify({ error: { code, message: translate(DEFAULT_LOCALE, `errors:${code}`), requestId } });
    logger.warn({ context: 'http', reqId: requestId, status, code, event: 'refused', reason: err.code }, 'request refused by the HTTP parser');
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * In production the api serves the built web app at / and the console at /console/: the brotli or gzip
 * copy the build made (scripts/lib/precompress.mjs) when the browser accepts it, with Vary: Accept-Encoding.
 * Hashed files under assets/ never change, so they are cached for a year; everything else is revalidated.
 */
async function serveBuiltApps(app: NestFastifyApplication, config: AppConfig, logger: Logger): Promise<void> {
  const setHeaders = (reply: FastifyReply, path: string) => {
    void reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  const serveConsole = Boolean(config.CONSOLE_DIST && existsSync(join(config.CONSOLE_DIST, 'index.html')));
  const serveWeb = Boolean(config.WEB_DIST && existsSync(join(config.WEB_DIST, 'index.html')));
  if (!serveConsole && !serveWeb) return;
  // In a scope of their own, so their errors have their own handler: the file server refuses a name too
  // long for the file system or a path outside its root with 403, which here only means no such file.
  await app.register(async (scope: FastifyInstance) => {
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      const status = err.statusCode ?? 500;
      const code: ErrorCode = status === 400 ? 'VALIDATION_FAILED' : status < 500 ? 'NOT_FOUND' : 'INTERNAL';
      if (code === 'INTERNAL') logger.error({ context: 'http', reqId: req.id, err }, 'static file error');
      void reply
        .code(ERROR_STATUS[code])
        .type(JSON_CONTENT_TYPE)
        .send(errorEnvelope(req, code, code === 'VALIDATION_FAILED' ? 'url' : undefined));
    });
    // `index` as a list: with preCompressed the file server finds index.html(.br) for `/` only in a list.
    if (serveConsole) {
      scope.get(CONSOLE_PATH.slice(0, -1), (_req, reply) => reply.redirect(CONSOLE_PATH, 301));
      await scope.register(fastifyStatic, { root: config.CONSOLE_DIST!, prefix: CONSOLE_PATH, index: ['index.html'], setHeaders, preCompressed: true });
    }
    if (serveWeb) {
      await scope.register(fastifyStatic, {
        root: config.WEB_DIST!,
        prefix: '/',
        index: ['index.html'],
        setHeaders,
        preCompressed: true,
        decorateReply: !serveConsole,
      });
    }
  });
}
