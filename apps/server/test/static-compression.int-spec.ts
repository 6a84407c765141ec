import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { precompressDir } from '../../../scripts/lib/precompress.mjs';
import { startApp, type TestApp } from './support/app.js';
import { rawGet, varies } from './support/raw-http.js';

// The built apps as the build leaves them: precompressed by scripts/lib/precompress.mjs, then served by
// the api with the encoding the browser asks for, `Vary: Accept-Encoding`, HTML revalidated on every
// visit and hashed assets cached for a year. The apps here are stand-ins written to a temporary folder.
let t: TestApp;
let dir: string;
const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, label: 'row ${i}' }`).join(', ')}];\n`;
const html = `<!doctype html><html><head><title>web</title></head><body>${'<p>Candor</p>'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'candor-static-'));
  for (const app of ['web', 'console']) {
    mkdirSync(join(dir, app, 'assets'), { recursive: true });
    writeFileSync(join(dir, app, 'index.html'), html.replace('web', app));
    writeFileSync(join(dir, app, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(join(dir, app, 'assets', 'tiny-Ef56Gh78.js'), 'export {};\n');
    writeFileSync(join(dir, app, 'sw.js'), `self.addEventListener('fetch', () => {}); // ${'x'.repeat(600)}\n`);
    await precompressDir(join(dir, app));
  }
  t = await startApp({ WEB_DIST: join(dir, 'web'), CONSOLE_DIST: join(dir, 'console') });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET that keeps the body as bytes, with the Accept-Encoding given (none when undefined). */
const get = (path: string, acceptEncoding?: string) => rawGet(t.url, path, { 'Accept-Encoding': acceptEncoding });

describe('the build', () => {
  it('writes brotli and gzip copies of the text files that decode to the original, and none of tiny files', () => {
    const file = join(dir, 'web', 'assets', 'index-Ab12Cd34.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 3);
    expect(existsSync(join(dir, 'web', 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'web', 'assets', 'tiny-Ef56Gh78.js.br'))).toBe(false);
  });
});

describe.each([
  ['web', '/', '/assets/index-Ab12Cd34.js'],
  ['console', '/console/', '/console/assets/index-Ab12Cd34.js'],
])('the %s app', (_app, indexPath, assetPath) => {
  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
    ['br', 'br;q=1, gzip;q=0.5', brotliDecompressSync],
    ['gzip', 'br;q=0, gzip', gunzipSync],
  ])('sends %s for Accept-Encoding "%s", immutable, with Vary', async (encoding, accept, decode) => {
    const r = await get(assetPath, accept);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(encoding);
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(varies(r.headers)).toContain('accept-encoding');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(r.body).toString()).toBe(script);
  });

  it('sends the plain file, still with Vary, when the browser accepts no compression', async () => {
    for (const accept of [undefined, 'identity']) {
      const r = await get(assetPath, accept);
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(varies(r.headers)).toContain('accept-encoding');
      expect(r.body.toString()).toBe(script);
    }
  });

  it('sends the HTML compressed too, as text/html and never cached without revalidation', async () => {
    const r = await get(indexPath, 'br, gzip');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(varies(r.headers)).toContain('accept-encoding');
    expect(brotliDecompressSync(r.body).toString()).toContain('<title>');
  });
});

describe('other files', () => {
  it('a file without compressed copies is sent as it is; the service worker is revalidated, not cached', async () => {
    const tiny = await get('/assets/tiny-Ef56Gh78.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    const sw = await get('/sw.js', 'gzip');
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('a missing file is a 404 in the error envelope whatever the encoding asked', async () => {
    const r = await get('/assets/nope-00000000.js', 'br, gzip');
    expect(r.status).toBe(404);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body.toString()).error.code).toBe('NOT_FOUND');
  });
});
