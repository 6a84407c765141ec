import type { Plugin, Rollup } from 'vite';

/** The script's name at the root of the build: not hashed (index.html names it), so served with `no-cache`. */
export const ROUTE_PRELOAD_FILE = 'route-preload.js';

/**
 * For each path, the files a first visit to it needs beyond the entry's own: its page's chunk, the chunks
 * that chunk imports, and their styles (`/assets/...`, as Vite's preload helper names them).
 */
export function routePreloadMap(bundle: Rollup.OutputBundle, pages: Readonly<Record<string, string>>): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  if (!entry) throw new Error('route-preload: the index.html entry chunk was not found');
  // What the entry loads itself is already on its way (index.html's own modulepreload links).
  const loaded = new Set<string>();
  const closure = (name: string, into: Set<string>) => {
    const c = bundle[name];
    if (into.has(name) || !c || c.type !== 'chunk') return;
    into.add(name);
    c.imports.forEach((i) => closure(i, into));
  };
  closure(entry.fileName, loaded);
  const cssOf = (files: Iterable<string>) =>
    [...files].flatMap((f) => {
      const c = bundle[f];
      return c?.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : [];
    });
  const loadedCss = new Set(cssOf(loaded));
  const out: Record<string, string[]> = {};
  for (const [path, module] of Object.entries(pages)) {
    const page = chunks.find((c) => c.facadeModuleId?.endsWith(module));
    if (!page) throw new Error(`route-preload: no chunk for ${module} (${path}); was the page moved?`);
    const files = new Set<string>();
    closure(page.fileName, files);
    const css = new Set(cssOf(files).filter((f) => !loadedCss.has(f)));
    out[path] = [...[...files].filter((f) => !loaded.has(f)), ...css].map((f) => `/${f}`);
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
