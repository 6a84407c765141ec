#!/usr/bin/env node
// `npm run migrate` / `migrate:show` / `migrate:revert`: apply the pending schema migrations, list them as
// applied or pending, or revert the last applied one (apps/server/src/cli/migrations.ts does the work).
// The database is DATABASE_URL (or DATABASE_URL_FILE) when set; otherwise the embedded Postgres that
// `npm start` keeps in DATA_DIR (default .data): the running one when `npm start` is up, else started for
// the command and stopped after it. Builds first when the build is missing or older than the sources.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, buildNeeded } from './lib/build.mjs';
import { freePort, isAlive, prefixer, readJson, reachablePostgresDir, startEmbeddedPostgres } from './lib/infra.mjs';
import { DATABASE_NAME } from './lib/platform.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(rootDir, 'apps/server/dist/cli/migrations.js');
const COMMANDS = ['run', 'show', 'revert'];
const log = prefixer('migrate', process.stderr);

/** The embedded cluster's URL when `npm start` has it running (port from postmaster.pid, password from the credentials file). */
function runningEmbedded(pgDir) {
  const creds = readJson(`${pgDir}.credentials.json`);
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!creds?.user || !fs.existsSync(pidFile)) return null;
  const [pid, , , port] = fs.readFileSync(pidFile, 'utf8').split('\n');
  if (!isAlive(Number(pid)) || !Number(port)) return null;
  return `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${Number(port)}/${DATABASE_NAME}`;
}

function runCli(command, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, command], { cwd: rootDir, env, stdio: 'inherit' });
    child.once('error', (err) => {
      log(`could not run ${CLI}: ${err.message}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const command = process.argv[2];
  if (!COMMANDS.includes(command)) {
    log(`usage: node scripts/migrations.mjs <${COMMANDS.join('|')}>`);
    return 2;
  }
  if (buildNeeded(rootDir) || !fs.existsSync(CLI)) {
    log('building (outputs are missing or older than the sources)');
    await build({ rootDir, log, stream: process.stderr });
  }
  if (process.env.DATABASE_URL || process.env.DATABASE_URL_FILE) return runCli(command, process.env);

  const dataDir = path.resolve(rootDir, process.env.DATA_DIR ?? '.data');
  const pgDir = reachablePostgresDir(path.join(dataDir, 'pg'));
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`DATABASE_URL is not set and there is no embedded Postgres in ${pgDir} yet: set DATABASE_URL, or run npm start once`);
    return 2;
  }
  const url = runningEmbedded(pgDir);
  if (url) {
    log(`embedded Postgres of the running npm start (${pgDir})`);
    return runCli(command, { ...process.env, DATABASE_URL: url });
  }
  log(`starting the embedded Postgres in ${pgDir} for this command`);
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort(), log });
  try {
    return await runCli(command, { ...process.env, DATABASE_URL: postgres.url(DATABASE_NAME) });
  } finally {
    await postgres.stop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    log(`error: ${err?.message ?? err}`);
    process.exitCode = 1;
  },
);
