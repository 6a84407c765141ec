import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.js';
import { rawGet as rawHttpGet } from './support/raw-http.js';
import { createUser, registerUser, login } from './support/factories.js';

// What the HTTP platform (Nest on Fastify) must do besides routing: serve the built apps with their
// cache headers, security headers and request ids on every answer, JSON bodies only, and errors in
// the envelope. The built apps here are two tiny stand-ins in a temporary directory.
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'candor-http-'));
  for (const app of ['web', 'console']) {
    mkdirSync(join(dir, app, 'assets'), { recursive: true });
    writeFileSync(join(dir, app, 'index.html'), `<!doctype html><title>${app}</title>`);
    writeFileSync(join(dir, app, 'assets', 'main-abc123.js'), `console.log('${app}')`);
  }
  t = await startApp({ WEB_DIST: join(dir, 'web'), CONSOLE_DIST: join(dir, 'console') });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built apps', () => {
  it('serves the web app at / and the console at /console/, index files not cached, hashed assets immutable', async () => {
    const web = await t.http().get('/').expect(200);
    expect(web.text).toContain('<title>web</title>');
    expect(web.headers['content-type']).toMatch(/^text\/html/);
    expect(web.headers['cache-control']).toBe('no-cache');
    const asset = await t.http().get('/assets/main-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const consoleIndex = await t.http().get('/console/').expect(200);
    expect(consoleIndex.text).toContain('<title>console</title>');
    const consoleAsset = await t.http().get('/console/assets/main-abc123.js').expect(200);
    expect(consoleAsset.text).toContain("console.log('console')");
    await t.http().get('/console').expect(301).expect('location', '/console/');
  });

  it('answers a missing file or api route with the JSON error envelope in the asked language', async () => {
    const file = await t.http().get('/assets/nope.js').set('Accept-Language', 'en').expect(404);
    expect(file.body.error.code).toBe('NOT_FOUND');
    const api = await t.http().get('/api/nope/').set('Accept-Language', 'en').expect(404);
    expect(api.body.error).toMatchObject({ code: 'NOT_FOUND', requestId: expect.any(String) });
    expect(api.body.error.message).not.toMatch(/^errors:/);
  });
});

describe('every answer', () => {
  it('carries the security headers and a request id (a sane X-Request-Id is kept, another replaced)', async () => {
    const r = await t.http().get('/api/health').set('X-Request-Id', 'client-req-0001');
    expect(r.headers['x-request-id']).toBe('client-req-0001');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-powered-by']).toBeUndefined();
    const bad = await t.http().get('/api/health').set('X-Request-Id', 'bad id with spaces');
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const err = await t.http().get('/api/orders').set('X-Request-Id', 'client-req-0002').expect(401);
    expect(err.body.error).toMatchObject({ code: 'UNAUTHENTICATED', requestId: 'client-req-0002' });
  });
});

/** A raw GET, for URLs supertest or Node's own client would not send as they are; the body as text. */
async function rawGet(path: string, headers: Record<string, string> = {}) {
  const r = await rawHttpGet(t.url, path, headers);
  return { ...r, body: r.body.toString() };
}

describe('URLs at and beyond the limits', () => {
  it.each([
    ['an over-long path parameter', `/api/withdrawals/${'a'.repeat(300)}`, 404, 'NOT_FOUND'],
    ['a long query parameter', `/api/products?x=${'a'.repeat(5000)}`, 400, 'VALIDATION_FAILED'],
    ['a long path outside the api', `/${'a'.repeat(3000)}`, 404, 'NOT_FOUND'],
    ['a long query on the web app', `/?x=${'a'.repeat(5000)}`, 200, null],
    ['a 100 KB URL', `/api/products?x=${'a'.repeat(100_000)}`, 431, 'REQUEST_TOO_LARGE'],
  ])('%s is answered in the envelope, never echoing the path', async (_name, path, status, code) => {
    const r = await rawGet(path);
    expect(r.status).toBe(status);
    if (code === null) return;
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(r.body);
    expect(body.error).toMatchObject({ code, message: expect.any(String), requestId: expect.any(String) });
    expect(r.body).not.toContain('aaaaaaaaaa');
  });

  it('a malformed percent-encoding in an api path is a 400 on url', async () => {
    const r = await rawGet('/api/news/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
  });
});

describe('health for orchestrators', () => {
  it('answers liveness and readiness apart: ready once Postgres, Redis and the migrations are up', async () => {
    const live = await t.http().get('/api/health/live').expect(200);
    expect(live.body).toMatchObject({ status: 'ok' });
    const ready = await t.http().get('/api/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready', postgres: 'up', redis: 'up', migrations: 'current' });
  });
});

describe('headers', () => {
  it('signed-in answers are never cached; public ones are left alone; pages get the full set, JSON the short one', async () => {
    const u = await createUser(t);
    const me = await t.http().get('/api/me').set(u.auth).expect(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.http().get('/api/me').set('Authorization', 'Bearer nope').expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const health = await t.http().get('/api/health');
    expect(health.headers['cache-control']).toBeUndefined();
    expect(health.headers['permissions-policy']).toBeUndefined();
    expect(health.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(health.headers['x-frame-options']).toBe('DENY');
    const page = await t.http().get('/').expect(200);
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Sockets and fetches go to the page's own origin (and configured ones) only: no bare ws: or wss: scheme.
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.headers['content-security-policy']).not.toMatch(/\swss?:[\s;]/);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('socket.io answers carry the security headers, and a foreign Origin is refused', async () => {
    const handshake = await rawGet('/socket.io/?EIO=4&transport=polling');
    expect(handshake.status).toBe(200);
    expect(handshake.headers['x-content-type-options']).toBe('nosniff');
    expect(handshake.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(handshake.headers['permissions-policy']).toContain('camera=()');
    expect(handshake.headers['cache-control']).toBe('no-store');
    const host = new URL(t.url).host;
    const same = await rawGet('/socket.io/?EIO=4&transport=polling', { Origin: `http://${host}` });
    expect(same.status).toBe(200);
    const foreign = await rawGet('/socket.io/?EIO=4&transport=polling', { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});

describe('request bodies', () => {
  it('takes JSON; an empty JSON body counts as none; other content types, bad JSON and prototype keys are 400 VALIDATION_FAILED', async () => {
    const u = await registerUser(t);
    const { token } = await login(t, u.email, u.password);
    // POST /api/demo/reset takes no body: an empty one with a JSON content type is fine.
    await t.http().post('/api/demo/reset').set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').send('').expect(200);

    const form = await t.http().post('/api/auth/login').type('form').send('email=a%40b.c&password=x').expect(400);
    expect(form.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body' });
    const broken = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(broken.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body' });
    const proto = await t
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"__proto__":{"x":1},"email":"a@b.c","password":"x"}')
      .expect(400);
    // Refused by the parser (field `body`), before the schema would see an unknown key.
    expect(proto.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body' });
    const huge = await t
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(70_000) }))
      .expect(400);
    expect(huge.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body' });
  });

  it('sets the refresh cookie httpOnly, SameSite=Strict, on its path, with Max-Age', async () => {
    const u = await registerUser(t);
    const r = await t.http().post('/api/auth/login').send({ email: u.email, password: u.password }).expect(200);
    const cookie = ([] as string[]).concat(r.headers['set-cookie'] ?? []).find((c) => c.startsWith('candor_rt='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Path=\/api\/auth/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(new RegExp(`; Max-Age=${t.config.REFRESH_TOKEN_TTL_DAYS * 86400}`));
  });
});
