import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from './config/config.js';
import { AppModule } from './app.module.js';
import { requestIdMiddleware } from './common/request-id.middleware.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';

/** Builds the api (used by main.ts and by the integration tests, so both run the same app). */
export async function createApp(config: AppConfig, opts: { logger?: false | ('log' | 'error' | 'warn' | 'debug')[] } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: opts.logger ?? ['log', 'error', 'warn'],
    bodyParser: false,
  });
  if (config.TRUST_PROXY === 'true') app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  app.use(
    helmet({
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
    }),
  );
  app.use(cookieParser());
  app.useBodyParser('json', { limit: '64kb' });
  app.useBodyParser('urlencoded', { limit: '64kb', extended: false });
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();

  const adapter = new RedisIoAdapter(app, config.REDIS_URL);
  await adapter.connect();
  app.useWebSocketAdapter(adapter);

  serveBuiltApps(app, config);
  return app;
}

/** In production the api serves the built web app at / and the console at /console/. */
function serveBuiltApps(app: NestExpressApplication, config: AppConfig): void {
  const immutable = { setHeaders: (res: Response, path: string) => res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache') };
  if (config.CONSOLE_DIST && existsSync(join(config.CONSOLE_DIST, 'index.html'))) {
    app.use((req: Request, res: Response, next: NextFunction) => (req.path === '/console' ? res.redirect(301, '/console/') : next()));
    app.useStaticAssets(config.CONSOLE_DIST, { prefix: '/console/', index: 'index.html', ...immutable });
  }
  if (config.WEB_DIST && existsSync(join(config.WEB_DIST, 'index.html'))) {
    app.useStaticAssets(config.WEB_DIST, { index: 'index.html', ...immutable });
  }
}
