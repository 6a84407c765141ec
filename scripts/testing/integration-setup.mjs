// jest globalSetup of the `integration` tier: a real Postgres and Redis for the tests.
//  - Postgres: TEST_DATABASE_URL's server if set, else embedded Postgres under .data/test-pg
//    (kept between runs, fsync off). Each run gets a fresh database candor_it_<time>_<pid>.
//  - Redis: TEST_REDIS_URL if set, else a fresh redis-server child on a spare port.
// Sets DATABASE_URL, REDIS_URL and JWT_SECRET (random) in process.env, which the tests
// (run in band) inherit, and writes them to .data/test-env.json for tests that spawn
// `node apps/server/dist/main/worker.js` children. integration-teardown.mjs undoes all of it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, ensureDatabase, freePort, listDatabases, prefixer, randomSecret, startEmbeddedPostgres, startRedis, writeJson } from '../lib/infra.mjs';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEST_ENV_FILE = path.join(ROOT_DIR, '.data', 'test-env.json');
const STATE = '__CANDOR_INTEGRATION__';

export default async function integrationSetup() {
  const log = prefixer('it-setup', process.stderr);
  const state = {};
  globalThis[STATE] = state;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  state.dbName = `candor_it_${stamp}_${process.pid}`;
  try {
    if (process.env.TEST_DATABASE_URL) {
      state.serverUrl = process.env.TEST_DATABASE_URL;
    } else {
      state.postgres = await startEmbeddedPostgres({
        dataDir: path.join(ROOT_DIR, '.data', 'test-pg'),
        port: await freePort(),
        fast: true,
        log,
      });
      state.serverUrl = state.postgres.url();
      // We own this cluster now: databases of earlier, interrupted runs are leftovers.
      for (const name of await listDatabases(state.serverUrl, 'candor_it_')) await dropDatabase(state.serverUrl, name);
    }
    const databaseUrl = await ensureDatabase(state.serverUrl, state.dbName);
    state.created = true;

    let redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) {
      state.redis = await startRedis({ port: await freePort(), dir: path.join(ROOT_DIR, '.data', 'test-redis'), log });
      redisUrl = state.redis.url;
    }

    const testEnv = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, JWT_SECRET: randomSecret(48) };
    Object.assign(process.env, testEnv);
    writeJson(TEST_ENV_FILE, testEnv, 0o600);
    log(`database ${state.dbName} on ${state.postgres ? `embedded Postgres (127.0.0.1:${state.postgres.port})` : 'TEST_DATABASE_URL'}, Redis ${redisUrl}`);
  } catch (err) {
    // jest does not run the teardown when the setup throws: clean up here.
    const { default: teardown } = await import('./integration-teardown.mjs');
    await teardown().catch(() => {});
    throw err;
  }
}
