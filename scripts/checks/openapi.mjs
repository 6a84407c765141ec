#!/usr/bin/env node
// `npm run check:openapi`: the api's OpenAPI description (docs/openapi.json, which the api serves and
// the unit and integration tests keep equal to the code) passes Redocly's recommended rules, and a
// client generated from it by openapi-typescript compiles under strict TypeScript together with a
// few typed calls. Exit code 1 when either fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const spec = path.join(rootDir, 'docs/openapi.json');
const bin = (name) => path.join(rootDir, 'node_modules/.bin', name);

// Typed uses of the generated client: they stop compiling if the description loses these shapes.
const USAGE = `import type { components, paths } from './api';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type OrderBody = Json<paths['/api/orders']['post']['requestBody']>;
export const order: OrderBody = { symbol: 'BTCUSDT', direction: 'up', amount: '10.00', durationSeconds: 60, account: 'demo' };
type LoginBody = Json<paths['/api/auth/login']['post']['requestBody']>;
export const login: LoginBody = { email: 'a@example.com', password: 'secret123' };
export const symbol: paths['/api/products/{symbol}']['get']['parameters']['path']['symbol'] = 'ETHUSDT';
export const envelope: components['schemas']['ErrorEnvelope'] = { error: { code: 'VALIDATION_FAILED', message: 'm' } };
`;

let failed = false;
const lint = spawnSync(bin('redocly'), ['lint', spec, '--config', path.join(rootDir, 'redocly.yaml'), '--format=summary'], { cwd: rootDir, encoding: 'utf8' });
process.stdout.write(
  lint.stdout
    .split('\n')
    .filter((l) => /error|warning|valid/i.test(l) && !/Deprecation/.test(l))
    .map((l) => `openapi lint: ${l.trim()}\n`)
    .join(''),
);
if (lint.status !== 0) {
  process.stderr.write(lint.stderr);
  failed = true;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-openapi-client-'));
try {
  fs.writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(new URL(`file://${spec}`))));
  fs.writeFileSync(path.join(dir, 'usage.ts'), USAGE);
  const tsconfig = {
    compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: false, types: [] },
    files: ['api.ts', 'usage.ts'],
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  const tsc = spawnSync(process.execPath, [path.join(rootDir, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
  const lines = fs.readFileSync(path.join(dir, 'api.ts'), 'utf8').split('\n').length;
  if (tsc.status === 0) console.log(`openapi client: openapi-typescript generated ${lines} lines; they and the typed calls compile`);
  else {
    console.log(`openapi client: does not compile\n${tsc.stdout}${tsc.stderr}`);
    failed = true;
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
