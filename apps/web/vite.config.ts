import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';
import react from '@vitejs/plugin-react';
import { pwa } from './build/pwa-plugin.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Where the dev server sends /api and /socket.io (the api's default port). */
const apiTarget = process.env.CANDOR_API_URL ?? 'http://localhost:3000';

/**
 * The app is written against React's API and type-checked with React's types, but runs on Preact's
 * compatibility layer: ~10 KiB instead of React DOM's ~58 KiB (brotli), which is what keeps the first
 * visit within its 120 KiB budget (docs/performance.md). Every import of React, here and in libraries
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
  { name: 'framework', test: /[\\/]node_modules[\\/](preact|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/, priority: 3 },
  { name: 'socket', test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/, priority: 2 },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
  { name: 'hashes', test: /[\\/]node_modules[\\/](@noble|@scure)[\\/]/, priority: 2 },
];

// The user web app: served by the api at / in production (hash routes), on port 4200 in development.
export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react(), pwa()],
  resolve: {
    alias: [
      { find: '@candor/domain', replacement: here('../../libs/domain/src/index.ts') },
      { find: '@candor/contracts', replacement: here('../../libs/contracts/src/index.ts') },
      { find: '@candor/i18n', replacement: here('../../libs/i18n/src/index.ts') },
      ...preactForReact,
    ],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The shared libraries are declarations and pure functions: a page that takes one constant from
      // them does not pull in (and run) their zod schemas or hash functions.
      treeshake: { moduleSideEffects: [{ test: /[\\/]libs[\\/](contracts|domain)[\\/]src[\\/]/, sideEffects: false }] },
      output: { codeSplitting: { groups: VENDOR_CHUNKS } },
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
});
