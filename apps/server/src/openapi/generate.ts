import 'reflect-metadata';
import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { ApiModule } from '../api.module.js';
import { loadConfig } from '../config/config.js';
import { API_PREFIX } from '../common/http.js';
import { createOpenApiDocument } from './openapi.js';

/**
 * `npm run openapi` (scripts/openapi.mjs) and the unit test build the document here without Postgres
 * or Redis: an app holding the api's controllers, every dependency a stub (never called, as nothing
 * is served), with the api's global prefix. Only for tools and tests (@nestjs/testing is a dev
 * dependency); the running api serves the document built from itself (openapi.ts).
 */

type ModuleRef = Type | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

/** The controllers ApiModule registers, found by walking its imports (nothing is instantiated). */
export function appControllers(): Type[] {
  const config = loadConfig({ DATABASE_URL: 'postgres://unused', REDIS_URL: 'redis://unused', JWT_SECRET: 'x'.repeat(32) });
  const seen = new Set<unknown>();
  const controllers: Type[] = [];
  const visit = (ref: ModuleRef): void => {
    if (!ref || ref instanceof Promise || seen.has(ref)) return;
    seen.add(ref);
    if ('forwardRef' in ref) return visit(ref.forwardRef() as ModuleRef);
    const dynamic = 'module' in ref ? ref : undefined;
    const cls = dynamic ? dynamic.module : (ref as Type);
    const own = (key: 'controllers' | 'imports') => (Reflect.getMetadata(key, cls) as unknown[] | undefined) ?? [];
    for (const c of [...own('controllers'), ...(dynamic?.controllers ?? [])] as Type[]) if (!controllers.includes(c)) controllers.push(c);
    for (const m of [...own('imports'), ...(dynamic?.imports ?? [])] as ModuleRef[]) visit(m);
  };
  visit(ApiModule.forRoot(config));
  return controllers;
}

/** The api's OpenAPI document, from its controllers alone. */
export async function generateOpenApiDocument(): Promise<OpenAPIObject> {
  const moduleRef = await Test.createTestingModule({ controllers: appControllers() })
    .useMocker(() => ({}))
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix(API_PREFIX);
  try {
    return createOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
