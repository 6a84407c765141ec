import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHint } from './build/compile-hint.ts';
import { LIBRARY_ALIASES } from './build/library-aliases.ts';
import { pwa } from './build/pwa-plugin.ts';
import { reactRouterProduction } from './build/react-router-production.ts';
import { routePreload } from './build/route-preload.ts';
import { ROUTES } from './src/lib/paths.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The pages a first visit most often lands on, whose files index.html asks for at once (build/route-preload.ts). */
const LANDING_PAGES: Record<string, string> = {
  [ROUTES.root]: '/src/pages/welcome/WelcomePage.tsx',
  [ROUTES.welcome]: '/src/pages/welcome/WelcomePage.tsx',
  [ROUTES.index]: '/src/pages/home/HomePage.tsx',
  [ROUTES.product]: '/src/pages/products/ProductsPage.tsx',
  [ROUTES.detail]: '/src/pages/product-detail/ProductDetailPage.tsx',
  [ROUTES.user]: '/src/pages/personal-center/PersonalCenterPage.tsx',
  [ROUTES.login]: '/src/pages/login/LoginPage.tsx',
  [ROUTES.information]: '/src/pages/news/NewsPage.tsx',
};

/** Where the dev server sends /api and /socket.io (the api's default port). */
const apiTarget = process.env.CANDOR_API_URL ?? 'http://localhost:3000';

/**
 * The app is written against React's API and type-checked with React's types, but runs on Preact's
 * compatibility layer, a fraction of React DOM's size, which is what keeps the first visit within its
 * 120 KiB budget (docs/performance.md, "The web app's budgets"). Every import of React, here and in libraries
 * (React Router, React Query, react-i18next), resolves to preact/compat.
 */
const preactForReact: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** Libraries every page needs, in one long-cached chunk; zod, socket.io and the chart load with the pages that use them. */
const VENDOR_CHUNKS = [
  {
    name: 'framework',
    test: /[\\/]node_modules[\\/](preact|react-router|react-router-dom|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/,
    priority: 3,
  },
  { name: 'socket', test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/, priority: 2 },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
  { name: 'hashes', test: /[\\/]node_modules[\\/](@noble|@scure)[\\/]/, priority: 2 },
];

/**
 * Shared app code in a few chunks: one for each of the features the main pages share (market, trading,
 * records), one for lib and one for the shared libraries, each of the modules that two pages or more use.
 * Left to itself the bundler makes a chunk of each set of modules with the same users: Home's first visit
 * took twenty files, most of one or two KiB, and over HTTP/1.1 (six connections to a host, a round trip
 * per file) those round trips were much of the wait for its first paint. Left out: the modules the entry
 * loads anyway, and those that import a library themselves (zod, the hashes): in a shared chunk, the
 * library would come with it to pages that never use it.
 */
const APP_SHARED = /[\\/](?:apps[\\/]web[\\/]src[\\/](?:features[\\/](market|trading|records)|(lib))|libs[\\/](domain|contracts)[\\/]src)[\\/]/;
/**
 * lib modules only a few pages use: the upload client (verification, the deposit slip) and the country list
 * (verification, the withdrawal account, whose ISO codes come from libphonenumber's metadata). In the shared
 * lib chunk they would load on every first visit, and bring a chunk of their own along (17 KiB for the
 * country list).
 */
const UPLOAD_ONLY = /[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/](upload|useUpload|countries)\.ts$/;
/** The content sanitiser, for the pages that show stored HTML only: it goes with SafeHtml, not into every first visit. */
const CONTENT_ONLY = /[\\/]libs[\\/]contracts[\\/]src[\\/]content-html\.ts$/;
const FRAMEWORK = VENDOR_CHUNKS[0]!.test;
const BARREL = /[\\/]libs[\\/]\w+[\\/]src[\\/]index\.ts$/;
const notShared = new Set<string>();
/** Finds the modules APP_CHUNKS leaves alone (see above), once the module graph is known. */
function sharedChunkFilter(): Plugin {
  return {
    name: 'candor-shared-chunks',
    apply: 'build',
    buildEnd() {
      notShared.clear();
      const visit = (id: string) => {
        if (notShared.has(id)) return;
        notShared.add(id);
        // A shared library's index re-exports all of it, though a bundle keeps only what is used.
        if (BARREL.test(id)) return;
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      const ids = [...this.getModuleIds()];
      for (const id of ids) if (id.endsWith('index.html') && this.getModuleInfo(id)?.isEntry) visit(id);
      for (const id of ids) {
        const deps = this.getModuleInfo(id)?.importedIds ?? [];
        if (APP_SHARED.test(id) && deps.some((d) => /[\\/]node_modules[\\/]/.test(d) && !FRAMEWORK.test(d))) notShared.add(id);
      }
    },
  };
}
const APP_CHUNKS = [
  {
    name: (id: string) => {
      const m = APP_SHARED.exec(id);
      return m?.[1] ?? m?.[2] ?? (m?.[3] ? 'libs' : null);
    },
    test: (id: string) => APP_SHARED.test(id) && !UPLOAD_ONLY.test(id) && !CONTENT_ONLY.test(id) && !notShared.has(id),
    minShareCount: 2,
    // Their own imports are in the entry, the libraries' chunks or chunks of their own: none comes along.
    includeDependenciesRecursively: false,
    priority: 1,
  },
];

// The user web app: served by the api at / in production (hash routes), on port 4200 in development.
export default defineConfig(({ command }) => ({
  root: here('.'),
  base: '/',
  plugins: [react(), pwa(), sharedChunkFilter(), routePreload(LANDING_PAGES), compileHint(['zod', 'hashes'])],
  resolve: {
    alias: [...LIBRARY_ALIASES, ...preactForReact, ...(command === 'build' ? reactRouterProduction(here('.')) : [])],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The shared libraries are declarations and pure functions: a page that takes one constant from
      // them does not pull in (and run) their zod schemas or hash functions.
      treeshake: { moduleSideEffects: [{ test: /[\\/]libs[\\/](contracts|domain)[\\/]src[\\/]/, sideEffects: false }] },
      output: { codeSplitting: { groups: [...VENDOR_CHUNKS, ...APP_CHUNKS] } },
      // React Router looks for React 19's useOptimistic and falls back when it is missing, as it is in Preact.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
    },
  },
  server: {
    port: 4200,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: 4200,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
}));
