// Brings the whole platform up on one machine and takes it down again, in order:
//   build (if stale) -> Postgres -> Redis -> migrations + seed -> worker -> api -> /api/health
// and on stop: api -> worker -> Redis -> Postgres.
// Used by `npm start` (scripts/start.mjs) and the browser tests' global setup.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, buildNeeded } from './build.mjs';
import {
  commandLine,
  describeExit,
  ensureDatabase,
  ensureDatabaseOf,
  freePort,
  isAlive,
  portTaken,
  prefixer,
  randomSecret,
  readJson,
  runCommand,
  spawnService,
  startEmbeddedPostgres,
  startRedis,
  stopStale,
  waitForHttp,
  writeJson,
} from './infra.mjs';

export const DATABASE_NAME = 'candor';
export const API_MAIN = 'apps/server/dist/main/api.js';
export const WORKER_MAIN = 'apps/server/dist/main/worker.js';
export const MIGRATE = 'apps/server/dist/cli/migrate.js';
export const ROTATE_KEYS = 'apps/server/dist/cli/rotate-keys.js';

/** Lines of the migrate/seed output worth repeating in the banner. */
const SEED_LINE = /invit|operator|password|login/i;

export class StoppedError extends Error {
  constructor() {
    super('stopped');
    this.code = 'STOPPED';
  }
}

/** A path relative to the working directory when it lies inside it, else absolute. */
function shortPath(p) {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

/** Hides the password of a connection URL for printing. */
export function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** The JWT secret: from the environment, else generated once into <dataDir>/secrets.json (0600). */
export function jwtSecret(env, dataDir) {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return env.JWT_SECRET;
  }
  const file = path.join(dataDir, 'secrets.json');
  const secrets = readJson(file, {});
  if (!secrets.jwtSecret) {
    secrets.jwtSecret = randomSecret(48);
    writeJson(file, secrets, 0o600);
  }
  return secrets.jwtSecret;
}

/** The keys the api, worker and migrate get, by their field in secrets.json. */
export const PLATFORM_KEYS = {
  JWT_SECRET: 'jwtSecret',
  TOTP_ENCRYPTION_KEY: 'totpEncryptionKey',
  USER_TOTP_ENCRYPTION_KEY: 'userTotpEncryptionKey',
  MAIL_TOKEN_KEY: 'mailTokenKey',
  KYC_ENCRYPTION_KEY: 'kycEncryptionKey',
  ALTCHA_HMAC_KEY: 'altchaHmacKey',
  LIABILITIES_SALT_KEY: 'liabilitiesSaltKey',
};

/**
 * Every key of the platform, each from the environment, else generated once into <dataDir>/secrets.json (0600),
 * so no key is derived from another (production requires them all, apart). A key given as X_FILE is left to
 * the children, which read the file. Answers { env, totpOld }: env holds the values to pass; totpOld, until
 * totpReencrypted records the re-encryption, is the environment naming the JWT secret as TOTP_ENCRYPTION_KEY_OLD:
 * before a TOTP key of its own was generated, operators' TOTP secrets were encrypted under the JWT secret.
 */
export function platformKeys(env, dataDir) {
  const file = path.join(dataDir, 'secrets.json');
  const secrets = readJson(file, {});
  const before = JSON.stringify(secrets);
  /** @type {Record<string, string>} */
  const out = {};
  for (const [name, field] of Object.entries(PLATFORM_KEYS)) {
    if (env[name]) {
      if (env[name].length < 32) throw new Error(`${name} must be at least 32 characters long`);
      out[name] = env[name];
    } else if (!env[`${name}_FILE`]) {
      if (name === 'TOTP_ENCRYPTION_KEY' && !secrets[field]) secrets.totpReencryptFromJwt = true;
      secrets[field] ??= randomSecret(48);
      out[name] = secrets[field];
    }
  }
  // The Web Push (VAPID) pair: from the environment, else generated once. Changing it voids every browser's
  // subscription, so it is kept like the other keys (docs/notifications.md).
  if (!env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY && !env.VAPID_PRIVATE_KEY_FILE) {
    if (!secrets.vapidPublicKey || !secrets.vapidPrivateKey) Object.assign(secrets, vapidPair());
    out.VAPID_PUBLIC_KEY = secrets.vapidPublicKey;
    out.VAPID_PRIVATE_KEY = secrets.vapidPrivateKey;
  }
  if (JSON.stringify(secrets) !== before) writeJson(file, secrets, 0o600);
  const jwt = out.JWT_SECRET ? { TOTP_ENCRYPTION_KEY_OLD: out.JWT_SECRET } : { TOTP_ENCRYPTION_KEY_OLD_FILE: env.JWT_SECRET_FILE };
  return { env: out, totpOld: secrets.totpReencryptFromJwt ? jwt : undefined };
}

/** A new VAPID key pair for Web Push, base64url: the public key an uncompressed P-256 point, the private key 32 bytes. */
export function vapidPair() {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x, 'base64url'), Buffer.from(pub.y, 'base64url')]);
  return { vapidPublicKey: point.toString('base64url'), vapidPrivateKey: priv.d };
}

/** A fresh random value for every key, for test and bench processes that start from an empty database. */
export function randomKeys() {
  const { vapidPublicKey, vapidPrivateKey } = vapidPair();
  return {
    ...Object.fromEntries(Object.keys(PLATFORM_KEYS).map((name) => [name, randomSecret(48)])),
    VAPID_PUBLIC_KEY: vapidPublicKey,
    VAPID_PRIVATE_KEY: vapidPrivateKey,
  };
}

/** Records that the operators' TOTP secrets were re-encrypted under the data dir's own TOTP key. */
export function totpReencrypted(dataDir) {
  const file = path.join(dataDir, 'secrets.json');
  const secrets = readJson(file, {});
  delete secrets.totpReencryptFromJwt;
  writeJson(file, secrets, 0o600);
}

/**
 * Stops whatever a dead earlier run left behind in `dataDir` (api, worker, redis-server,
 * Postgres) and reports whether the dir is free to remove (false while its run is alive).
 */
export async function stopLeftovers(dataDir, log = () => {}) {
  const run = readJson(path.join(dataDir, 'run.json'), {});
  if (run.owner && isAlive(run.owner) && commandLine(run.owner).includes('node')) return false;
  await stopStale(run.api, API_MAIN, { log, name: 'an api' });
  await stopStale(run.worker, WORKER_MAIN, { log, name: 'a worker' });
  await stopStale(readJson(path.join(dataDir, 'redis', 'redis.pid'), {}).pid, 'redis-server', { log, name: 'redis-server' });
  const postmaster = path.join(dataDir, 'pg', 'postmaster.pid');
  if (fs.existsSync(postmaster)) {
    const pid = Number(fs.readFileSync(postmaster, 'utf8').split('\n')[0]);
    await stopStale(pid, 'postgres', { log, name: 'Postgres', signal: 'SIGINT', timeoutMs: 20000 });
  }
  return true;
}

/**
 * options:
 *   rootDir     the repository root
 *   dataDir     where embedded Postgres, Redis and secrets live (DATA_DIR, default <root>/.data)
 *   port        the api's port
 *   env         base environment (DATABASE_URL / REDIS_URL / JWT_SECRET / seed variables are honoured)
 *   overrides   extra environment for the api, worker and migrate (e.g. fixed seed values for tests)
 *   nodeEnv     NODE_ENV for the children (default env.NODE_ENV or 'production')
 *   log         function(line) for our own lines
 *   output      function(name) -> function(line) for the children's output (default: prefixed stdout)
 *   onUnexpectedExit(name, exitInfo)  called when a service dies after the platform came up
 */
export function createPlatform(options) {
  const {
    rootDir,
    env = process.env,
    overrides = {},
    log = prefixer('start'),
    output = (name) => prefixer(name),
    onUnexpectedExit = () => {},
    runBuild = true,
  } = options;
  const dataDir = path.resolve(rootDir, options.dataDir ?? env.DATA_DIR ?? '.data');
  const port = Number(options.port ?? env.PORT ?? 3000);
  const nodeEnv = options.nodeEnv ?? env.NODE_ENV ?? 'production';
  const runFile = path.join(dataDir, 'run.json');
  const services = { api: null, worker: null, redis: null, postgres: null };
  let transient = null; // a running build or migrate process
  let stopping = false;
  let started = false;
  let startTask = null;
  let stopTask = null;
  const info = { dataDir, port, baseUrl: `http://localhost:${port}`, seedLines: [], warnings: [] };

  const check = () => {
    if (stopping) throw new StoppedError();
  };
  const watch = (name, service) => {
    service.exited.then((exit) => {
      if (!stopping && started) onUnexpectedExit(name, exit);
    });
  };
  const deadService = () => {
    if (stopping) return 'stopped';
    for (const [name, service] of Object.entries(services)) {
      if (service && !service.running()) return `${name} exited during start (${describeExit(service.exitInfo?.() ?? {})})`;
    }
    return null;
  };

  async function doStart() {
    fs.mkdirSync(dataDir, { recursive: true });
    const previous = readJson(runFile, {});
    if (previous.owner && previous.owner !== process.pid && isAlive(previous.owner) && commandLine(previous.owner).includes('node')) {
      throw new Error(`Candor is already running from ${dataDir} (pid ${previous.owner}); stop it first, or set DATA_DIR and PORT for a second copy`);
    }
    await stopStale(previous.api, API_MAIN, { log, name: 'an api' });
    await stopStale(previous.worker, WORKER_MAIN, { log, name: 'a worker' });
    writeJson(runFile, { owner: process.pid });
    if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a TCP port number, got "${env.PORT}"`);
    if (await portTaken(port)) throw new Error(`port ${port} is already in use: stop what uses it or set PORT to a free port`);
    const keys = platformKeys(env, dataDir);

    if (runBuild && buildNeeded(rootDir)) {
      log('building (outputs are missing or older than the sources)');
      const { warnings } = await build({
        rootDir,
        log,
        track: (child) => {
          transient = child;
        },
      });
      info.warnings.push(...warnings);
    }
    check();
    for (const file of [API_MAIN, WORKER_MAIN, MIGRATE, ROTATE_KEYS]) {
      if (!fs.existsSync(path.join(rootDir, file))) throw new Error(`${file} is missing after the build: run "npm run build" and check its errors`);
    }
    const webDist = path.join(rootDir, 'apps/web/dist');
    const consoleDist = path.join(rootDir, 'apps/console/dist');
    for (const [name, dir] of [
      ['web app', webDist],
      ['console', consoleDist],
    ]) {
      if (!fs.existsSync(path.join(dir, 'index.html'))) info.warnings.push(`the ${name} is not built (${path.relative(rootDir, dir)}/index.html missing)`);
    }

    if (env.DATABASE_URL) {
      info.databaseUrl = await ensureDatabaseOf(env.DATABASE_URL);
      info.postgres = `DATABASE_URL ${redactUrl(info.databaseUrl)}`;
    } else {
      const pgPort = await freePort();
      services.postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: pgPort, log });
      watch('postgres', services.postgres);
      check();
      info.pgDataDir = services.postgres.dataDir;
      info.databaseUrl = await ensureDatabase(services.postgres.url(), DATABASE_NAME);
      info.postgres = `embedded, data in ${shortPath(services.postgres.dataDir)} (127.0.0.1:${pgPort})`;
    }
    log(`Postgres: ${info.postgres}`);
    check();

    if (env.REDIS_URL) {
      info.redisUrl = env.REDIS_URL;
      info.redis = `REDIS_URL ${redactUrl(env.REDIS_URL)}`;
    } else {
      services.redis = await startRedis({ port: await freePort(), dir: path.join(dataDir, 'redis'), log });
      watch('redis', services.redis);
      info.redisUrl = services.redis.url;
      info.redis = `redis-server child on 127.0.0.1:${services.redis.port}`;
    }
    log(`Redis: ${info.redis}`);
    check();

    // The api's /metrics and the worker's /metrics and /health: the documented ports when free, else
    // any free one, so a second copy (or a test platform beside npm start) still starts.
    const opsPort = async (value, fallback) => (value ? Number(value) : (await portTaken(fallback)) ? await freePort() : fallback);
    info.metricsPort = await opsPort(env.METRICS_PORT, 9464);
    info.workerPort = await opsPort(env.WORKER_PORT, 9465);
    log(`metrics: api http://127.0.0.1:${info.metricsPort}/metrics, worker http://127.0.0.1:${info.workerPort}/metrics and /health`);

    const childEnv = {
      ...env,
      NODE_ENV: nodeEnv,
      PORT: String(port),
      METRICS_PORT: String(info.metricsPort),
      WORKER_PORT: String(info.workerPort),
      // The children's data dir too: the local file store keeps uploads in <DATA_DIR>/uploads.
      DATA_DIR: dataDir,
      DATABASE_URL: info.databaseUrl,
      REDIS_URL: info.redisUrl,
      // The worker backs up only a Postgres it was started with (the daily dump of DATA_DIR/backups).
      ...(services.postgres ? { EMBEDDED_POSTGRES_BIN_DIR: services.postgres.binDir } : {}),
      ...keys.env,
      WEB_DIST: webDist,
      CONSOLE_DIST: consoleDist,
      ...overrides,
    };
    info.env = childEnv;

    log('running migrations and the seed');
    const migrate = await runCommand({
      name: 'migrate',
      command: process.execPath,
      args: [MIGRATE],
      cwd: rootDir,
      env: childEnv,
      onLine: output('migrate'),
      track: (child) => {
        transient = child;
      },
    });
    check();
    if (migrate.code !== 0) throw new Error(`migrations/seed failed (node ${MIGRATE} exited with code ${migrate.code})`);
    info.seedLines = migrate.lines.filter((line) => SEED_LINE.test(line));
    if (keys.totpOld) {
      // Once, on the first start with a TOTP key of its own: operators' secrets move off the JWT secret (a
      // fresh database has none; rows already under the new key, e.g. the seed's, are left as they are).
      const rotate = await runCommand({
        name: 'keys',
        command: process.execPath,
        args: [ROTATE_KEYS, 'totp'],
        cwd: rootDir,
        env: { ...childEnv, ...keys.totpOld },
        onLine: output('keys'),
        track: (child) => {
          transient = child;
        },
      });
      check();
      if (rotate.code === 0) {
        totpReencrypted(dataDir);
        info.seedLines.push(...rotate.lines.filter((line) => /^\w+: [1-9]\d* re-encrypted|^Recovery codes/.test(line)));
      } else {
        // Not fatal: users are unaffected; the operators concerned re-enrol, and the next start tries again.
        info.warnings.push(
          `re-encrypting the operators' TOTP secrets under the new TOTP key failed (keys exited with code ${rotate.code}): see its lines above`,
        );
      }
    }

    services.worker = spawnService({ name: 'worker', command: process.execPath, args: [WORKER_MAIN], cwd: rootDir, env: childEnv, onLine: output('worker') });
    watch('worker', services.worker);
    services.api = spawnService({ name: 'api', command: process.execPath, args: [API_MAIN], cwd: rootDir, env: childEnv, onLine: output('api') });
    watch('api', services.api);
    writeJson(runFile, { owner: process.pid, api: services.api.pid, worker: services.worker.pid });

    info.health = await waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 90000, abort: deadService });
    check();
    started = true;
    return info;
  }

  return {
    info,
    get stopping() {
      return stopping;
    },
    /** Resolves with info { baseUrl, port, databaseUrl, redisUrl, seedLines, warnings, ... }. */
    start() {
      startTask ??= doStart();
      return startTask;
    },
    /** Stops everything that was started (safe to call at any time, more than once). */
    stop() {
      if (stopTask) return stopTask;
      stopping = true;
      stopTask = (async () => {
        if (transient) {
          try {
            transient.kill('SIGTERM');
          } catch {
            /* gone */
          }
        }
        await startTask?.catch(() => {}); // let the step in progress finish (it notices `stopping`)
        for (const name of ['api', 'worker', 'redis', 'postgres']) {
          const service = services[name];
          if (!service?.running()) continue;
          log(`stopping ${name}`);
          const exit = await service.stop();
          if (exit?.signal === 'SIGKILL') log(`${name} did not stop in time and was killed`);
        }
        if (readJson(runFile, {}).owner === process.pid) fs.rmSync(runFile, { force: true });
      })();
      return stopTask;
    },
  };
}
