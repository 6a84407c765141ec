// Which Postgres `npm run backup` and `npm run restore` work on, found the way `npm start` finds it:
// DATABASE_URL when set, else the embedded cluster in DATA_DIR/pg (default .data/pg). A running `npm start`'s
// cluster is reached on the port in its postmaster.pid; a stopped one is started for the time of the command.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, serverStale } from './build.mjs';
import { commandLine, freePort, isAlive, readJson, reachablePostgresDir, startEmbeddedPostgres, postgresBinary } from './infra.mjs';
import { DATABASE_NAME } from './platform.mjs';

/** The postmaster's pid and port from its postmaster.pid (lines 1 and 4), or null when it is not running. */
export function runningPostmaster(pgDir) {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!isAlive(pid) || !commandLine(pid).includes('postgres') || !port) return null;
  return { pid, port };
}

/** True while an `npm start` (or a test platform) runs from dataDir: a restore then would pull the data from under it. */
export function platformRunning(dataDir) {
  const owner = readJson(path.join(dataDir, 'run.json'), {}).owner;
  return !!owner && owner !== process.pid && isAlive(owner) && commandLine(owner).includes('node');
}

/**
 * Answers { url, binDir, dataDir, description, close() }. `createCluster`: a restore may start from no cluster at
 * all (a new machine); a backup of nothing is an error.
 */
export async function openDatabaseTarget({ rootDir, env = process.env, log = () => {}, createCluster = false, refuseWhileRunning = false }) {
  const dataDir = path.resolve(rootDir, env.DATA_DIR ?? '.data');
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, binDir: undefined, dataDir, description: 'DATABASE_URL', close: async () => {} };
  }
  if (refuseWhileRunning && platformRunning(dataDir)) {
    throw new Error(`Candor is running from ${dataDir}: stop it (Ctrl-C in its terminal) before restoring`);
  }
  const pgDir = reachablePostgresDir(path.join(dataDir, 'pg'));
  if (!createCluster && !fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new Error(`there is no embedded Postgres in ${pgDir}: run npm start once, or set DATABASE_URL`);
  }
  const binDir = path.dirname(await postgresBinary());
  const running = runningPostmaster(pgDir);
  if (running) {
    const creds = readJson(`${pgDir}.credentials.json`);
    if (!creds?.user) throw new Error(`${pgDir}.credentials.json is missing: the embedded Postgres's password is unknown`);
    const url = `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${running.port}/${DATABASE_NAME}`;
    return { url, binDir, dataDir, description: `the running embedded Postgres (${pgDir})`, close: async () => {} };
  }
  log(`starting the embedded Postgres in ${pgDir} for this command`);
  const pg = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort(), log });
  return {
    url: pg.url(DATABASE_NAME),
    binDir,
    dataDir,
    description: `the embedded Postgres (${pgDir})`,
    close: async () => {
      await pg.stop();
    },
  };
}

/** BACKUP_KEEP_DAYS: whole days, at least 1 (the same rule as the worker's setting). */
export function keepDays(env = process.env) {
  const raw = env.BACKUP_KEEP_DAYS ?? '7';
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new Error(`BACKUP_KEEP_DAYS must be a whole number of days from 1 to 3650, got "${raw}"`);
  return days;
}

/** The server's backup module (the code the worker runs), built first when its sources are newer than its output. */
export async function backupModule(rootDir, log) {
  const file = path.join(rootDir, 'apps/server/dist/backup/pg-backup.js');
  if (!fs.existsSync(file) || serverStale(rootDir)) await build({ rootDir, log });
  return import(pathToFileURL(file).href);
}
