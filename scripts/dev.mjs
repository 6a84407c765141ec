#!/usr/bin/env node
// Development servers behind `nx serve server` (the api) and `nx run server:serve-worker`; the api's
// run keeps TypeScript in watch mode for both, and Node restarts each process on a rebuild:
//   node scripts/dev.mjs api     Postgres (DATABASE_URL or embedded in DATA_DIR/pg) and Redis
//                                (REDIS_URL or a child), migrations + seed, then the api on
//                                PORT (3000). Writes DATA_DIR/dev-env.json for the worker.
//   node scripts/dev.mjs worker  the worker, with the URLs from the environment or from the
//                                dev-env.json of a running `nx serve server`.
// The web and console dev servers (`nx serve web|console`) proxy /api and /socket.io to :3000.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  commandLine,
  describeExit,
  ensureDatabase,
  ensureDatabaseOf,
  freePort,
  isAlive,
  prefixer,
  readJson,
  runCommand,
  spawnService,
  startEmbeddedPostgres,
  startRedis,
  writeJson,
} from './lib/infra.mjs';
import { DATABASE_NAME, MIGRATE, jwtSecret } from './lib/platform.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = process.argv[2];
if (app !== 'api' && app !== 'worker') {
  console.error('usage: node scripts/dev.mjs api|worker');
  process.exit(2);
}
const log = prefixer('dev');
const dataDir = path.resolve(rootDir, process.env.DATA_DIR ?? '.data');
const devEnvFile = path.join(dataDir, 'dev-env.json');
const tsc = path.join(rootDir, 'node_modules/typescript/bin/tsc');
const stack = []; // started services, stopped in reverse order
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const service of stack.reverse()) {
    if (service.running()) {
      log(`stopping ${service.name}`);
      await service.stop();
    }
  }
  if (app === 'api' && readJson(devEnvFile)?.owner === process.pid) fs.rmSync(devEnvFile, { force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

function watch(service) {
  stack.push(service);
  service.exited.then((exit) => {
    if (!stopping) {
      log(`${service.name} exited (${describeExit(exit)}): stopping`);
      stopAll(1);
    }
  });
}

async function infraEnv() {
  if (app === 'worker') {
    if (process.env.DATABASE_URL && process.env.REDIS_URL && process.env.JWT_SECRET) return {};
    const devEnv = readJson(devEnvFile);
    if (!devEnv || !isAlive(devEnv.owner) || !commandLine(devEnv.owner).includes('dev.mjs')) {
      throw new Error('no database to use: run `nx serve server` first (it starts Postgres and Redis), or set DATABASE_URL, REDIS_URL and JWT_SECRET');
    }
    return devEnv.env;
  }
  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await ensureDatabaseOf(databaseUrl);
  } else {
    const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort(), log });
    stack.push({ name: 'postgres', running: postgres.running, stop: postgres.stop });
    databaseUrl = await ensureDatabase(postgres.url(), DATABASE_NAME);
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const redis = await startRedis({ port: await freePort(), dir: path.join(dataDir, 'redis'), log });
    stack.push({ name: 'redis', running: redis.running, stop: redis.stop });
    redisUrl = redis.url;
  }
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, JWT_SECRET: jwtSecret(process.env, dataDir) };
  writeJson(devEnvFile, { owner: process.pid, env }, 0o600);
  return env;
}

try {
  log('tsc -b apps/server');
  const first = await runCommand({ name: 'tsc', command: process.execPath, args: [tsc, '-b', 'apps/server'], cwd: rootDir });
  if (first.code !== 0) throw new Error('apps/server does not compile: see the errors above');
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    PORT: process.env.PORT ?? '3000',
    WEB_DIST: path.join(rootDir, 'apps/web/dist'),
    CONSOLE_DIST: path.join(rootDir, 'apps/console/dist'),
    ...(await infraEnv()),
  };
  if (app === 'api') {
    const migrate = await runCommand({ name: 'migrate', command: process.execPath, args: [MIGRATE], cwd: rootDir, env });
    if (migrate.code !== 0) throw new Error('migrations/seed failed');
  }
  // One compiler for both processes: the worker's Node restarts on the api's rebuilds.
  if (app === 'api')
    watch(spawnService({ name: 'tsc', command: process.execPath, args: [tsc, '-b', 'apps/server', '--watch', '--preserveWatchOutput'], cwd: rootDir, env }));
  watch(spawnService({ name: app, command: process.execPath, args: ['--watch', `apps/server/dist/main/${app}.js`], cwd: rootDir, env }));
  if (app === 'api') log(`api on http://localhost:${env.PORT}/api (web dev server: nx serve web -> http://localhost:4200)`);
} catch (err) {
  log(`error: ${err.message}`);
  await stopAll(1);
}
