#!/usr/bin/env node
// `npm run build`: TypeScript project build of the server apps and libs, then the Vite
// builds of the web app and the console. Up-to-date steps are skipped; `--force` rebuilds all.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './lib/build.mjs';
import { prefixer } from './lib/infra.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = prefixer('build');
try {
  await build({ rootDir, force: process.argv.includes('--force'), log });
} catch (err) {
  log(`error: ${err.message}`);
  process.exit(1);
}
