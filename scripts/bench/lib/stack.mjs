// What a benchmark brings up for itself and takes down again: the server build (if stale),
// an embedded Postgres (or DATABASE_URL's server, in a fresh database dropped afterwards), a
// redis-server child (or REDIS_URL), migrations + seed, and the api / worker processes.
// Everything listens on 127.0.0.1 on spare ports.
import { randomKeys } from '../../lib/platform.mjs';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR, log } from './common.mjs';
import { serverStale } from '../../lib/build.mjs';
import {
  dropDatabase,
  ensureDatabase,
  freePort,
  prefixer,
  runCommand,
  spawnService,
  startEmbeddedPostgres,
  startRedis,
  waitFor,
  waitForHttp,
  withDatabase,
} from '../../lib/infra.mjs';

export const API_MAIN = path.join(ROOT_DIR, 'apps/server/dist/main/api.js');
export const WORKER_MAIN = path.join(ROOT_DIR, 'apps/server/dist/main/worker.js');
export const MIGRATE = path.join(ROOT_DIR, 'apps/server/dist/cli/migrate.js');

/** Builds the server apps and libs (tsc -b tsconfig.build.json) when their outputs are missing or stale. */
export async function ensureServerBuilt({ skip = false } = {}) {
  if (!skip && serverStale(ROOT_DIR)) {
    log('building the server and libs (tsc -b tsconfig.build.json)');
    const { code } = await runCommand({
      name: 'tsc',
      command: process.execPath,
      args: [path.join(ROOT_DIR, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'],
      cwd: ROOT_DIR,
    });
    if (code !== 0) throw new Error('the TypeScript build failed: see the errors above (or pass --no-build to run the existing dist)');
  }
  for (const file of [API_MAIN, WORKER_MAIN, MIGRATE]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT_DIR, file)} is missing: run "node scripts/build.mjs"`);
  }
}

/**
 * Brings up Postgres (+ a fresh database, migrated and seeded) and/or Redis.
 * options: { name, postgres: bool, redis: bool, fast: bool (fsync off), seedEnv }
 * Returns { databaseUrl, redisUrl, env (for api/worker children), postgresPid, redisPid, stop() }.
 */
export async function startStack({ name, postgres = true, redis = true, fast = false, seedEnv = {}, quiet = true } = {}) {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dbName = `candor_bench_${name}_${stamp}_${process.pid}`;
  const cleanups = [];
  const stack = { env: {}, cleanups };
  const stop = async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      await fn().catch((err) => log(`cleanup: ${err.message}`));
    }
  };
  stack.stop = stop;
  try {
    if (postgres) {
      let serverUrl;
      if (process.env.DATABASE_URL) {
        serverUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
        log(`Postgres: DATABASE_URL's server, database ${dbName}`);
      } else {
        const shared = path.join(ROOT_DIR, '.data', fast ? 'bench-pg-fast' : 'bench-pg');
        let pg;
        try {
          pg = await startEmbeddedPostgres({ dataDir: shared, port: await freePort(), fast, log: (l) => log(`postgres: ${l}`) });
          cleanups.push(() => pg.stop());
        } catch (err) {
          if (!/in use by another run/.test(err.message)) throw err;
          // Another benchmark holds the shared cluster: use a cluster of our own, removed afterwards.
          const own = `${shared}-${process.pid}`;
          log(`Postgres: ${path.relative(ROOT_DIR, shared)} is in use by another run; using ${path.relative(ROOT_DIR, own)} for this one`);
          pg = await startEmbeddedPostgres({ dataDir: own, port: await freePort(), fast, log: (l) => log(`postgres: ${l}`) });
          cleanups.push(async () => {
            await pg.stop();
            for (const f of [pg.dataDir, `${pg.dataDir}.log`, `${pg.dataDir}.credentials.json`, `${pg.dataDir}.owner`])
              fs.rmSync(f, { recursive: true, force: true });
          });
        }
        serverUrl = pg.url('postgres');
        stack.postgresPid = pg.pid;
        log(`Postgres: embedded on 127.0.0.1:${pg.port}${fast ? ' (fsync off)' : ' (fsync on, as npm start)'}, database ${dbName}`);
      }
      stack.databaseUrl = await ensureDatabase(serverUrl, dbName);
      stack.serverUrl = serverUrl;
      stack.dbName = dbName;
      cleanups.push(() => dropDatabase(serverUrl, dbName));
      /** CREATE DATABASE <dbName>_<suffix> TEMPLATE <from> (nobody may be connected to `from`); dropped at stop(). */
      stack.cloneDatabase = async (suffix, from = dbName) => {
        const name = `${dbName}_${suffix}`;
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(from)}`);
        } finally {
          await client.end();
        }
        cleanups.push(() => dropDatabase(serverUrl, name));
        return { name, url: withDatabase(serverUrl, name) };
      };
    }
    if (redis) {
      if (process.env.REDIS_URL) {
        stack.redisUrl = process.env.REDIS_URL;
        log('Redis: REDIS_URL');
      } else {
        const r = await startRedis({ port: await freePort(), dir: path.join(ROOT_DIR, '.data', `bench-redis-${process.pid}`), log: (l) => log(`redis: ${l}`) });
        cleanups.push(async () => {
          await r.stop();
          fs.rmSync(path.join(ROOT_DIR, '.data', `bench-redis-${process.pid}`), { recursive: true, force: true });
        });
        stack.redisUrl = r.url;
        stack.redisPid = r.pid;
        log(`Redis: redis-server child on 127.0.0.1:${r.port}`);
      }
    }
    stack.env = {
      ...process.env,
      NODE_ENV: 'production',
      ...(stack.databaseUrl ? { DATABASE_URL: stack.databaseUrl } : {}),
      ...(stack.redisUrl ? { REDIS_URL: stack.redisUrl } : {}),
      ...randomKeys(),
      // /metrics and the worker's /health on any free port: several benches (and npm start) may run at once.
      METRICS_PORT: '0',
      WORKER_PORT: '0',
      // The benchmarks register many users from one address: lift the auth rate limits.
      RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
      RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000000',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '100000000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000',
      RATE_LIMIT_MAIL_PER_HOUR: '100000000',
      RATE_LIMIT_MONEY_PER_MINUTE: '100000000',
      RATE_LIMIT_ACCESSIBLE_PER_HOUR: '100000000',
      ALTCHA_REQUIRED: 'false',
      LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: '100000000',
      OPERATOR_LOGIN_MAX_FAILURES_PER_ADDRESS: '100000000',
      TOTP_FAILURES_PER_ADDRESS: '100000000',
      // ...and open thousands of sockets from one address: lift the per-address socket limits too.
      SOCKET_MAX_PER_ADDRESS: '0',
      SOCKET_ADDRESS_EVENTS_PER_SECOND: '0',
      OPERATOR_EMAIL: 'operator.bench@example.com',
      OPERATOR_PASSWORD: 'Bench-Operator-Pass-2024',
      SEED_INVITE_CODE: 'BENCH2024',
      ...seedEnv,
    };
    delete stack.env.WEB_DIST;
    delete stack.env.CONSOLE_DIST;
    if (postgres) {
      const out = quiet ? () => {} : prefixer('migrate');
      const m = await runCommand({ name: 'migrate', command: process.execPath, args: [MIGRATE], cwd: ROOT_DIR, env: stack.env, onLine: out });
      if (m.code !== 0) throw new Error(`migrations/seed failed (exit ${m.code}):\n${m.lines.slice(-20).join('\n')}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return stack;
}

/**
 * Spawns `node <main>` (api or worker) with the stack's env; its output goes to `logFile`
 * (and lines matching `echo` to our stdout; with `direct`, the child writes the file itself and
 * nothing is echoed). For the api, waits for /api/health.
 * Returns the spawnService handle plus { port, baseUrl }.
 */
export async function startNodeService({
  name,
  main,
  env,
  port,
  nodeArgs = [],
  logFile,
  echo = /error|fatal|exception/i,
  health = true,
  readyLine,
  readyTimeoutMs = 60000,
  direct = false,
}) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  if (direct && readyLine) throw new Error('direct output and readyLine do not go together: wait for health instead');
  const stream = fs.createWriteStream(logFile, { flags: 'a' });
  const print = prefixer(name);
  let ready = false;
  const service = spawnService({
    name,
    command: process.execPath,
    args: [...nodeArgs, main],
    cwd: ROOT_DIR,
    env: { ...env, ...(port ? { PORT: String(port) } : {}), NO_COLOR: '1' },
    outputFile: direct ? logFile : undefined,
    onLine: (line) => {
      stream.write(`${line}\n`);
      if (readyLine && readyLine.test(line)) ready = true;
      if (echo && echo.test(line)) print(line);
    },
  });
  const stop = service.stop.bind(service);
  service.stop = async (opts) => {
    const info = await stop(opts);
    await new Promise((r) => stream.end(r));
    return info;
  };
  service.port = port;
  service.baseUrl = port ? `http://127.0.0.1:${port}` : undefined;
  if (readyLine) {
    try {
      await waitFor(() => ready, {
        timeoutMs: readyTimeoutMs,
        intervalMs: 50,
        what: `${name} to log ${readyLine}`,
        abort: () => (service.running() ? null : `${name} exited during start (see ${logFile})`),
      });
    } catch (err) {
      await service.stop();
      throw err;
    }
  }
  if (health && port) {
    try {
      await waitForHttp(`${service.baseUrl}/api/health`, {
        timeoutMs: 60000,
        abort: () => (service.running() ? null : `${name} exited during start (see ${logFile})`),
      });
    } catch (err) {
      await service.stop();
      throw err;
    }
  }
  return service;
}

/** Runs cleanup once on SIGINT/SIGTERM (then exits 130) and returns a function to disarm it. */
export function onInterrupt(cleanup) {
  let done = false;
  const handler = async (sig) => {
    if (done) return;
    done = true;
    log(`${sig}: stopping what the benchmark started`);
    await cleanup().catch(() => {});
    process.exit(130);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
