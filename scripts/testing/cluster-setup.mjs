// jest globalSetup of the `cluster` tier: one Postgres and one Redis for the api and worker processes
// the tier's tests start (scripts/testing/cluster.mjs), the database migrated and seeded by the built
// `apps/server/dist/cli/migrate.js`, as a deployment does once before its instances start.
//  - Postgres: TEST_DATABASE_URL's server if set, else embedded Postgres under .data/cluster-pg
//    (kept between runs, fsync off; apart from the integration tier's, so both can run at once).
//    Each run gets a fresh database candor_cluster_<time>_<pid>.
//  - Redis: TEST_REDIS_URL if set (its database is emptied first: the processes share queues and
//    the feed lock there), else a fresh redis-server child on a spare port.
// Sets DATABASE_URL, REDIS_URL, JWT_SECRET, CLUSTER_INVITE_CODE and CLUSTER_LOG_DIR (the processes'
// logs, .data/cluster-logs, kept after the run to read) in process.env for the tests (run in band).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { dropDatabase, ensureDatabase, freePort, listDatabases, prefixer, randomSecret, runCommand, startEmbeddedPostgres, startRedis } from '../lib/infra.mjs';
import { MIGRATE, randomKeys } from '../lib/platform.mjs';
import { stopLeftoverProcesses } from './cluster.mjs';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLUSTER_INVITE_CODE = 'CLUSTER24';
const STATE = '__CANDOR_CLUSTER__';

export default async function clusterSetup() {
  const log = prefixer('cluster', process.stderr);
  const run = process.env.CLUSTER_RUN_NAME ?? 'cluster'; // lb-check.mjs runs apart from the tier
  const logDir = path.join(ROOT_DIR, '.data', `${run}-logs`);
  const state = { logDir };
  globalThis[STATE] = state;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  state.dbName = `candor_cluster_${stamp}_${process.pid}`;
  await stopLeftoverProcesses(logDir);
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  try {
    if (process.env.TEST_DATABASE_URL) {
      state.serverUrl = process.env.TEST_DATABASE_URL;
    } else {
      state.postgres = await startEmbeddedPostgres({ dataDir: path.join(ROOT_DIR, '.data', 'cluster-pg'), port: await freePort(), fast: true, log });
      state.serverUrl = state.postgres.url();
      for (const name of await listDatabases(state.serverUrl, 'candor_cluster_')) await dropDatabase(state.serverUrl, name);
    }
    const databaseUrl = await ensureDatabase(state.serverUrl, state.dbName);
    state.created = true;

    let redisUrl = process.env.TEST_REDIS_URL;
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      await redis.flushdb().finally(() => redis.disconnect());
    } else {
      state.redis = await startRedis({ port: await freePort(), dir: path.join(ROOT_DIR, '.data', `${run}-redis`), log });
      redisUrl = state.redis.url;
    }

    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, ...randomKeys() };
    const out = fs.createWriteStream(path.join(logDir, 'migrate.log'));
    const migrate = await runCommand({
      name: 'migrate',
      command: process.execPath,
      args: [MIGRATE],
      cwd: ROOT_DIR,
      env: { ...process.env, ...env, NODE_ENV: 'production', SEED_INVITE_CODE: CLUSTER_INVITE_CODE, OPERATOR_PASSWORD: randomSecret(18) },
      onLine: (line) => out.write(`${line}\n`),
    });
    out.end();
    if (migrate.code !== 0) throw new Error(`migrations/seed failed (see ${path.join(logDir, 'migrate.log')})`);

    Object.assign(process.env, env, { CLUSTER_INVITE_CODE, CLUSTER_LOG_DIR: logDir });
    log(`database ${state.dbName} on ${state.postgres ? `embedded Postgres (127.0.0.1:${state.postgres.port})` : 'TEST_DATABASE_URL'}, Redis ${redisUrl}`);
  } catch (err) {
    const { default: teardown } = await import('./cluster-teardown.mjs');
    await teardown().catch(() => {});
    throw err;
  }
}
