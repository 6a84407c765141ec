import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { startApp, type TestApp } from './support/app.js';

// The running api's OpenAPI description against the api itself: every route it registers is
// documented and every documented operation is a route, and GET /api/openapi.json answers the
// committed docs/openapi.json (the unit test openapi.spec.ts checks that file against the code).
const COMMITTED = new URL('../../../docs/openapi.json', import.meta.url);

let t: TestApp;
/** Every route registered under /api once the app is built (Nest's controllers), as `METHOD /path/{param}`. */
const registered: string[] = [];
const asOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  t = await startApp(
    {},
    {
      beforeListen: (app) => {
        const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
        fastify.addHook('onRoute', (route) => {
          const methods = [route.method].flat().filter((m) => m !== 'HEAD');
          if (route.url.startsWith('/api/')) for (const m of methods) registered.push(`${m} ${asOpenApiPath(route.url)}`);
        });
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

function documented(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
}

describe('GET /api/openapi.json', () => {
  it('answers the committed docs/openapi.json, as JSON', async () => {
    const r = await t.http().get('/api/openapi.json').expect(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    const committed = JSON.parse(readFileSync(COMMITTED, 'utf8')) as unknown;
    if (JSON.stringify(r.body) !== JSON.stringify(committed)) {
      throw new Error('GET /api/openapi.json differs from docs/openapi.json: run `npm run openapi` and commit docs/openapi.json');
    }
    // Built once: a second request answers the same bytes.
    const again = await t.http().get('/api/openapi.json').expect(200);
    expect(again.text).toBe(r.text);
  });

  it('documents every route the api registers under /api, and documents no route it does not have', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const operations = documented(doc);
    expect(registered.length).toBeGreaterThan(30);
    expect(registered.filter((r) => !operations.includes(r))).toEqual([]);

    const fastify = t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    const missing = operations.filter((o) => {
      const [method, path] = o.split(' ') as [HTTPMethods, string];
      return !fastify.hasRoute({ method, url: path.replace(/\{(\w+)\}/g, ':$1') });
    });
    expect(missing).toEqual([]);
    // GET /api/openapi.json itself is registered by bootstrap, outside Nest's controllers.
    expect(operations).toContain('GET /api/openapi.json');
  });
});
