import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Where the dev server sends /api and /socket.io (the api's default port). */
const apiTarget = process.env.CANDOR_API_URL ?? 'http://localhost:3000';

// The user web app: served by the api at / in production (hash routes), on port 4200 in development.
export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@candor/domain': here('../../libs/domain/src/index.ts'),
      '@candor/contracts': here('../../libs/contracts/src/index.ts'),
      '@candor/i18n': here('../../libs/i18n/src/index.ts'),
    },
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
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
