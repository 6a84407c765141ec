// Processes of the cluster tier (apps/*/test/**/*.cluster-spec.ts): the built api and worker entry
// points as child processes on the Postgres and Redis of cluster-setup.mjs, as a deployment runs them,
// and a TCP balancer standing in for the load balancer in front of the apis. Each process's output
// goes to <CLUSTER_LOG_DIR>/<name>.log; pids.json lists them so the teardown stops any a crashed
// test left behind.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeExit, freePort, readJson, spawnService, stopStale, waitForHttp, writeJson } from '../lib/infra.mjs';
import { API_MAIN, WORKER_MAIN } from '../lib/platform.mjs';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function logDir() {
  const dir = process.env.CLUSTER_LOG_DIR;
  if (!dir || !process.env.DATABASE_URL || !process.env.REDIS_URL)
    throw new Error('run the cluster tier through scripts/test.mjs cluster (its setup provides Postgres and Redis)');
  return dir;
}

/** The environment every process of the cluster gets, on top of the caller's. */
function baseEnv(extra) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    JWT_SECRET: process.env.JWT_SECRET,
    NO_COLOR: '1',
    // The tests register their users through the api, faster than a person would.
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000',
    RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
    RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
    RATE_LIMIT_MAIL_PER_HOUR: '100000',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000',
    RATE_LIMIT_ACCESSIBLE_PER_HOUR: '100000',
    ALTCHA_REQUIRED: 'false',
    LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: '100000',
    OPERATOR_LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    TOTP_FAILURES_PER_ADDRESS: '100000',
    // Four processes on one machine: side ports picked free, a small pool each.
    METRICS_PORT: '0',
    WORKER_PORT: '0',
    DB_POOL_SIZE: '8',
    ...extra,
  };
}

function spawnLogged(name, main, env) {
  const dir = logDir();
  for (const name of ['TEST_DATABASE_URL', 'TEST_REDIS_URL']) delete env[name];
  const out = fs.createWriteStream(path.join(dir, `${name}.log`), { flags: 'a' });
  let tail = [];
  const service = spawnService({
    name,
    command: process.execPath,
    args: [path.join(ROOT_DIR, main)],
    cwd: ROOT_DIR,
    env,
    onLine: (line) => {
      out.write(`${line}\n`);
      tail.push(line);
      if (tail.length > 400) tail = tail.slice(-200);
    },
  });
  service.exited.then(() => out.end());
  const pidsFile = path.join(dir, 'pids.json');
  writeJson(pidsFile, { ...readJson(pidsFile, {}), [name]: service.pid });
  const waitForLine = async (pattern, timeoutMs) => {
    const end = Date.now() + timeoutMs;
    while (!tail.some((l) => pattern.test(l))) {
      if (!service.running()) throw new Error(`${name} exited (${describeExit(service.exitInfo())}) before logging ${pattern}:\n${tail.slice(-40).join('\n')}`);
      if (Date.now() > end) throw new Error(`${name} did not log ${pattern} within ${timeoutMs} ms:\n${tail.slice(-40).join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return {
    name,
    pid: service.pid,
    running: service.running,
    exited: service.exited,
    /** The last lines of its output (for failure messages). */
    tail: (n = 40) => tail.slice(-n).join('\n'),
    waitForLine,
    /** Sends `signal` and waits for the exit (SIGKILL after 10 s). */
    stop: (signal = 'SIGTERM') => service.stop({ signal }),
  };
}

/** `node apps/server/dist/main/api.js` on a free port; resolves once /api/health answers. */
export async function startApi(name, extraEnv = {}) {
  const port = await freePort();
  const proc = spawnLogged(name, API_MAIN, baseEnv({ PORT: String(port), ...extraEnv }));
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, {
      timeoutMs: 90000,
      abort: () => (proc.running() ? null : `${name} exited during start:\n${proc.tail()}`),
    });
  } catch (err) {
    await proc.stop('SIGKILL');
    throw err;
  }
  return { ...proc, port, url: `http://127.0.0.1:${port}` };
}

/** `node apps/server/dist/main/worker.js` with its feed (FEED=simulated unless told); resolves once it started. */
export async function startWorker(name, extraEnv = {}) {
  // The simulator: the tier runs offline, and its boundary ticks let 1 s orders settle at once.
  const proc = spawnLogged(name, WORKER_MAIN, baseEnv({ FEED: 'simulated', ...extraEnv }));
  try {
    await proc.waitForLine(/worker started/, 90000);
  } catch (err) {
    await proc.stop('SIGKILL');
    throw err;
  }
  return proc;
}

/**
 * A TCP balancer on a free port in front of named backends (`{ a: port, b: port }`). A new
 * connection goes to the first backend of `order` that accepts it, so a dead one is passed over,
 * as a load balancer's health check would. `routed` lists where each connection went.
 */
export async function startBalancer(backends) {
  const routed = [];
  const open = new Set();
  const balancer = { order: Object.keys(backends), routed, port: 0, url: '' };
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const order = [...balancer.order];
    const next = () => {
      const name = order.shift();
      if (!name || client.destroyed) {
        client.destroy();
        return;
      }
      const upstream = net.connect(backends[name], '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        routed.push({ backend: name, at: Date.now() });
        client.pipe(upstream);
        upstream.pipe(client);
      });
      upstream.on('error', () => (connected ? client.destroy() : next()));
      upstream.on('close', () => connected && client.destroy());
      client.on('close', () => upstream.destroy());
    };
    next();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  balancer.port = server.address().port;
  balancer.url = `http://127.0.0.1:${balancer.port}`;
  balancer.close = () =>
    new Promise((resolve) => {
      for (const s of open) s.destroy();
      server.close(() => resolve());
    });
  return balancer;
}

/** Stops what pids.json of an earlier, crashed run still lists (only our entry points, by command line). */
export async function stopLeftoverProcesses(dir = process.env.CLUSTER_LOG_DIR) {
  if (!dir) return;
  for (const [name, pid] of Object.entries(readJson(path.join(dir, 'pids.json'), {}))) {
    await stopStale(pid, 'apps/server/dist/main/', { name, signal: 'SIGKILL', timeoutMs: 5000 });
  }
}
