import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { LIBRARY_ALIASES } from '../web/build/library-aliases.ts';
import { reactRouterProduction } from '../web/build/react-router-production.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The operator console: served by the api under /console/ in production, on port 4300 in development.
export default defineConfig(({ command }) => ({
  root: here('.'),
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: [...LIBRARY_ALIASES, ...(command === 'build' ? reactRouterProduction(here('.')) : [])],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: a separate chunk stays cached across deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 20 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
            // every locale's strings for every namespace
            { name: 'locales', test: /libs[\\/]i18n[\\/]src[\\/]locales[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    port: 4300,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false }, '/ops': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { port: 4300 },
}));
