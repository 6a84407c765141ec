// The installable app's build step: emits the service worker (/sw.js) with the list of files it keeps
// and a version that changes with every differing build, the offline page (/offline.html, in every
// locale, its words taken from the `pwa` namespace) and its script (/offline.js).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { entryChunk, staticGraph } from './bundle-graph.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
type Resources = (typeof import('@candor/i18n'))['resources'];
const PLACEHOLDER = 'self.__SW_MANIFEST';

/** Public files the worker keeps besides the build's entry: the offline page, the manifest and its icons. */
function publicShell(): string[] {
  const manifest = JSON.parse(readFileSync(here('../public/manifest.webmanifest'), 'utf8')) as { icons: { src: string }[] };
  return ['/offline.html', '/offline.js', '/manifest.webmanifest', ...manifest.icons.map((i) => i.src), '/icons/apple-touch-icon.png'];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function offlineHtml(resources: Resources): string {
  const texts = Object.fromEntries(Object.entries(resources).map(([lng, ns]) => [lng, ns.pwa.offline]));
  const zh = resources['zh-TW'].pwa.offline;
  // The JSON sits in a data block (not run, so the page's CSP allows it); `<` is escaped so it cannot close the tag.
  const json = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="zh-TW">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#1150C2" />
    <link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <title>${escapeHtml(zh.title)}</title>
    <style>
      body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 24px; box-sizing: border-box;
        font: 15px/1.5 -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'PingFang TC', 'Noto Sans CJK TC', sans-serif; color: #151b2c; background: #f3f5f9; }
      main { max-width: 360px; text-align: center; }
      svg { display: block; margin: 0 auto 20px; }
      h1 { margin: 0 0 8px; font-size: 20px; }
      p { margin: 0 0 24px; color: #5b6478; }
      button { min-height: 48px; min-width: 160px; padding: 0 24px; border: 0; border-radius: 12px; background: #1150c2; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
      button:focus-visible { outline: 3px solid rgba(17, 80, 194, 0.4); outline-offset: 2px; }
    </style>
    <script type="application/json" id="offline-strings">${json}</script>
    <script type="module" src="/offline.js"></script>
  </head>
  <body>
    <main data-testid="offline-page">
      <svg viewBox="0 0 48 48" width="64" height="64" aria-hidden="true"><rect width="48" height="48" rx="14" fill="#1150C2"/><path d="M12 31l8-10 6 6 10-13" stroke="#fff" stroke-width="3.6" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>
      <h1 id="offline-title">${escapeHtml(zh.title)}</h1>
      <p id="offline-text">${escapeHtml(zh.text)}</p>
      <button type="button" id="offline-retry">${escapeHtml(zh.retry)}</button>
    </main>
  </body>
</html>
`;
}

export function pwa(): Plugin {
  return {
    name: 'candor-pwa',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: here('../src/sw/service-worker.ts'), fileName: 'sw.js' });
      this.emitFile({ type: 'chunk', id: here('../src/pwa/offline.ts'), fileName: 'offline.js' });
    },
    async generateBundle(_options, bundle) {
      // The Vite config runs in Node, which loads the library as compiled (libs/i18n/dist): `npm run build`
      // and `nx build` compile the libraries first. Loaded here, so the dev server never needs it.
      const { resources } = await import('@candor/i18n');
      const html = offlineHtml(resources);
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: html });
      // The entry with everything it imports statically, and their styles: what every page needs first.
      const graph = staticGraph(bundle, entryChunk(bundle, 'candor-pwa').fileName);
      const files = new Set([...graph.chunks, ...graph.css]);
      const sw = bundle['sw.js'];
      if (!sw || sw.type !== 'chunk' || !sw.code.includes(PLACEHOLDER)) throw new Error(`candor-pwa: sw.js lacks ${PLACEHOLDER}`);
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).update(html).update(sw.code).digest('hex').slice(0, 16);
      const shell = [...publicShell(), ...[...files].map((f) => `/${f}`)];
      sw.code = sw.code.replace(PLACEHOLDER, JSON.stringify({ version, shell }));
    },
  };
}
