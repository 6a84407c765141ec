#!/usr/bin/env node
// `npm run openapi`: writes the api's OpenAPI description to docs/openapi.json.
//
// Builds the server and libs first when a source is newer than its build (`tsc -b tsconfig.build.json`,
// as `npm start` does), then runs the server's `cli/openapi.js`, which builds the document from the
// api's controllers with stub providers: no Postgres or Redis is needed. The unit test
// apps/server/src/openapi/openapi.spec.ts fails while the committed file differs from what the code says.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverStale } from './lib/build.mjs';
import { prefixer, runCommand } from './lib/infra.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(rootDir, 'docs', 'openapi.json');
const log = prefixer('openapi', process.stderr);

if (serverStale(rootDir)) {
  log('tsc -b tsconfig.build.json');
  const tsc = path.join(rootDir, 'node_modules/typescript/bin/tsc');
  const { code } = await runCommand({
    name: 'tsc',
    command: process.execPath,
    args: [tsc, '-b', 'tsconfig.build.json'],
    cwd: rootDir,
    onLine: prefixer('tsc', process.stderr),
  });
  if (code !== 0) {
    log('the TypeScript build failed: see the errors above');
    process.exit(1);
  }
}
const run = spawnSync(process.execPath, [path.join(rootDir, 'apps/server/dist/cli/openapi.js')], { cwd: rootDir, encoding: 'utf8', maxBuffer: 64 << 20 });
if (run.status !== 0) {
  process.stderr.write(run.stderr);
  log('apps/server/dist/cli/openapi.js failed');
  process.exit(1);
}
const json = run.stdout;
const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
fs.writeFileSync(target, json);
const operations = Object.values(JSON.parse(json).paths).reduce((n, item) => n + Object.keys(item).length, 0);
log(`${path.relative(rootDir, target)}: ${operations} operations, ${before === json ? 'unchanged' : 'written'}`);
