// Browser tests of the installable app: Chromium's install criteria (manifest, icons, a service worker
// controlling the page), the offline page in the reader's language, no private data kept by the worker
// (a user signs in, then the network goes away), and the update prompt after a new build is deployed.
// Screenshots at 375x812 in screenshots/.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { BrowserContext, Page } from 'playwright-core';
import { API } from '@candor/contracts';
import { resources } from '@candor/i18n';
import { launchBrowser, screenshot } from '../../../scripts/testing/browser.mjs';
import { BASE, registerUser } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://localhost:6379';
const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));
const HOME = '/#/pages/index/index';

/** Waits until a service worker controls the page; returns its script URL. */
async function controlled(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL, null, { timeout: 20_000 });
  return (await handle.jsonValue()) as string;
}

/** Every URL the page's origin keeps in Cache Storage, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out;
  });
}

describe('the installable app', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await launchBrowser();
    page = context.pages()[0] ?? (await context.newPage());
  });
  afterAll(async () => {
    await context?.close();
  });

  it('meets the install criteria: manifest linked and valid, service worker registered and controlling', async () => {
    await page.goto(`${BASE}${HOME}`);
    await page.getByTestId('home').waitFor();
    expect(await controlled(page)).toBe(`${BASE}/sw.js`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const cdp = await context.newCDPSession(page);
    const { errors, data } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as { theme_color: string; display: string; start_url: string; icons: { sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ theme_color: '#1150C2', display: 'standalone', start_url: HOME });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    await screenshot(page, 'pwa-home-controlled');
  }, 60_000);

  it('shows the offline page, in the chosen language, when there is no network, and the app again after a retry', async () => {
    await page.goto(`${BASE}${HOME}`);
    await controlled(page);
    await context.setOffline(true);
    try {
      await page.goto(`${BASE}/#/pages/product/product`);
      await page.reload(); // a hash change alone asks the network for nothing
      const offline = page.getByTestId('offline-page');
      await offline.waitFor();
      const zh = resources['zh-TW'].pwa.offline;
      await expect(page.locator('#offline-title').textContent()).resolves.toBe(zh.title);
      await expect(page.locator('#offline-retry').textContent()).resolves.toBe(zh.retry);
      await screenshot(page, 'pwa-offline-zh-TW');
      await page.evaluate(() => localStorage.setItem('candor.lang', 'en'));
      await page.reload();
      await expect(page.locator('#offline-title').textContent()).resolves.toBe(resources.en.pwa.offline.title);
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
      await screenshot(page, 'pwa-offline-en');
    } finally {
      await context.setOffline(false);
    }
    await page.locator('#offline-retry').click();
    await page.getByTestId('products').waitFor({ timeout: 20_000 });
    await page.evaluate(() => localStorage.removeItem('candor.lang'));
  }, 60_000);

  it('keeps no api answer: offline after signing in, nothing private comes from the cache', async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    const user = await registerUser(redis, 'pwa').finally(() => redis.disconnect());
    await page.goto(`${BASE}/#/pages/login/login`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'), { timeout: 15_000 });
    // The personal center and the capital records ask the api for this user's data.
    await page.goto(`${BASE}/#/pages/user/user`);
    await page.getByTestId('total-assets').waitFor();
    await page.goto(`${BASE}/#/pages/money-record/money-record`);
    await page.getByTestId('empty-state').first().waitFor();
    expect(await controlled(page)).toBe(`${BASE}/sw.js`);

    const cached = Object.values(await cachedUrls(page)).flat();
    expect(cached.length).toBeGreaterThan(5);
    expect(cached.filter((u) => new URL(u).pathname.startsWith('/api'))).toEqual([]);
    expect(cached.every((u) => /^\/(assets\/|icons\/|offline\.|manifest\.webmanifest$)/.test(new URL(u).pathname))).toBe(true);

    await context.setOffline(true);
    try {
      // The same requests the app made a moment ago now fail: no copy of them exists anywhere.
      const results = await page.evaluate(
        (paths) =>
          Promise.all(
            paths.map((p) =>
              fetch(`/api${p}`, { credentials: 'include' }).then(
                (r) => `${p} answered ${r.status}`,
                () => `${p} failed`,
              ),
            ),
          ),
        [API.me, API.wallet, '/wallet/records?limit=20'],
      );
      expect(results).toEqual([`${API.me} failed`, `${API.wallet} failed`, '/wallet/records?limit=20 failed']);
      await page.goto(`${BASE}/#/pages/user/user`);
      await page.reload();
      await page.getByTestId('offline-page').waitFor();
      expect(await page.content()).not.toContain(user.email);
      await screenshot(page, 'pwa-offline-signed-in');
    } finally {
      await context.setOffline(false);
    }
  }, 90_000);
});

/**
 * A copy of the built web app behind a small file server (the api's file headers, /api passed on to the
 * platform), so a test can deploy a "new build" into it without touching the build the other tests use.
 */
async function serveCopy(): Promise<{ url: string; dir: string; server: Server }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'candor-pwa-'));
  cpSync(WEB_DIST, dir, { recursive: true });
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.png': 'image/png',
    '.svg': 'image/svg+xml',
    '.webmanifest': 'application/manifest+json',
  };
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname.startsWith('/api/')) {
      void fetch(`${BASE}${req.url}`, { headers: { 'accept-language': req.headers['accept-language'] ?? '' } }).then(
        async (r) => res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await r.arrayBuffer())),
        () => res.writeHead(502).end(),
      );
      return;
    }
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const cache = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': cache }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://localhost:${port}`, dir, server };
}

describe('a new version', () => {
  it('is offered by the update prompt after a new build is deployed, and taken on "update now"', async () => {
    const site = await serveCopy();
    const context = await launchBrowser();
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${site.url}${HOME}`);
      await page.getByTestId('home').waitFor();
      await controlled(page);
      const before = Object.keys(await cachedUrls(page));
      expect(before).toHaveLength(1);
      await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);

      // A new build: its worker names a different version (as every build with changed files does).
      const swFile = path.join(site.dir, 'sw.js');
      const sw = readFileSync(swFile, 'utf8');
      const next = sw.replace(/"version":"([0-9a-f]+)"/, '"version":"$1next"');
      expect(next).not.toBe(sw);
      writeFileSync(swFile, next);

      await page.reload(); // a navigation makes the browser look for a new worker
      const prompt = page.getByTestId('update-prompt');
      await prompt.waitFor({ timeout: 20_000 });
      await expect(prompt.textContent()).resolves.toContain(resources['zh-TW'].pwa.update.text);
      await screenshot(page, 'pwa-update-prompt');

      await Promise.all([page.waitForEvent('framenavigated'), page.getByTestId('update-reload').click()]);
      await page.getByTestId('home').waitFor();
      await page.waitForFunction((old) => caches.keys().then((k) => k.length === 1 && k[0] !== old), before[0], { timeout: 20_000 });
      await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
    } finally {
      await context.close();
      await new Promise((resolve) => site.server.close(resolve));
      rmSync(site.dir, { recursive: true, force: true });
    }
  }, 90_000);
});
