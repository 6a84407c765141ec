import type { Plugin, Rollup } from 'vite';
import { entryChunk, staticGraph } from './bundle-graph.ts';

/** The script's name at the root of the build: not hashed (index.html names it), so served with `no-cache`. */
export const ROUTE_PRELOAD_FILE = 'route-preload.js';

/**
 * For each path, the files a first visit to it needs beyond the entry's own: its page's chunk, the chunks
 * that chunk imports, and their styles (`/assets/...`, as Vite's preload helper names them).
 */
export function routePreloadMap(bundle: Rollup.OutputBundle, pages: Readonly<Record<string, string>>): Record<string, string[]> {
  // What the entry loads itself is already on its way (index.html's own links).
  const loaded = staticGraph(bundle, entryChunk(bundle, 'route-preload').fileName);
  const out: Record<string, string[]> = {};
  for (const [path, module] of Object.entries(pages)) {
    const page = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(module));
    if (!page) throw new Error(`route-preload: no chunk for ${module} (${path}); was the page moved?`);
    const { chunks, css } = staticGraph(bundle, page.fileName);
    out[path] = [...[...chunks].filter((f) => !loaded.chunks.has(f)), ...[...css].filter((f) => !loaded.css.has(f))].map((f) => `/${f}`);
  }
  return out;
}

/**
 * The script that asks for the landing page's files while the entry itself downloads: without it the page's
 * chunk and its imports are found only once the entry has arrived and run (a round trip and the start-up's
 * script later). It runs `async` from index.html (the CSP allows no inline script) and adds links the
 * browser fetches at once: `modulepreload` for scripts, `preload` for styles. Vite's preload helper finds
 * those script links and adds none of its own; a style it still links itself (and waits for), from the
 * cache. Only the pages a first visit lands on are mapped: the others load as before.
 */
export function routePreloadScript(map: Record<string, string[]>): string {
  return `(function () {
  var map = ${JSON.stringify(map)};
  var files = map[location.hash.replace(/^#/, '').split('?')[0] || '/'];
  if (!files) return;
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    var css = /\\.css$/.test(files[i]);
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.as = 'style';
    link.crossOrigin = '';
    link.href = files[i];
    link.setAttribute('data-route-preload', '');
    document.head.appendChild(link);
  }
})();
`;
}

/** `pages`: the hash path of each landing page -> the end of its page module's path. */
export function routePreload(pages: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'candor-route-preload',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'script', attrs: { async: true, src: `/${ROUTE_PRELOAD_FILE}` }, injectTo: 'head-prepend' }],
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOAD_FILE, source: routePreloadScript(routePreloadMap(bundle, pages)) });
    },
  };
}
