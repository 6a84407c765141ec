import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { backupFileName, isCustomFormatDump, pruneBackups } from './backup-files.js';
import { createDatabaseIfMissing, serverMajorVersion, userTableCount } from './backup.repository.js';
import { findPgTool } from './pg-tools.js';

export interface BackupOptions {
  /** The database to dump (its user needs read access to every table). */
  url: string;
  /** Where backups go: DATA_DIR/backups. */
  dir: string;
  /** Backups older than this many days are removed after a successful dump (the newest is always kept). */
  keepDays: number;
  /** Folder of the embedded Postgres's binaries, searched first for a pg_dump of the right version. */
  binDir?: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  pruned: string[];
}

/** libpq reads the password from PGPASSWORD, so it never shows in a process list; the URL keeps the rest. */
function connectionArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: '10' } };
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} exited with code ${code}: ${err.trim()}`))));
  });
}

/**
 * One consistent dump of the database: pg_dump reads every table in one repeatable-read snapshot, so the file is
 * the database as of one instant even while orders settle. Custom format (-Fc): compressed, and pg_restore can
 * restore it selectively. Written as .partial and renamed when complete, so a crash never leaves a file that
 * looks like a backup.
 */
export async function backupDatabase(opts: BackupOptions): Promise<BackupResult> {
  const now = opts.now ?? new Date();
  const pgDump = findPgTool('pg_dump', await serverMajorVersion(opts.url), { binDir: opts.binDir });
  fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  const file = path.join(opts.dir, backupFileName(now));
  const partial = `${file}.partial`;
  const { dbname, env } = connectionArgs(opts.url);
  try {
    await run(pgDump, ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`], env);
    fs.chmodSync(partial, 0o600); // every cent and every user's data: readable by the owner only
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  const pruned = pruneBackups(opts.dir, now, opts.keepDays);
  return { file, bytes: fs.statSync(file).size, pruned };
}

export interface RestoreOptions {
  url: string;
  file: string;
  /** Restore over a database that already has tables (its objects that are in the dump are dropped first). */
  force?: boolean;
  binDir?: string;
}

/**
 * Restores a custom-format dump into the database of `url`, creating the database when it is gone. Refuses a
 * database with tables unless `force`. pg_restore runs with --clean --if-exists (the dump's objects are dropped
 * before they are recreated) in a single transaction with --exit-on-error: the restore happens whole or not at
 * all. Objects that are not in the dump (e.g. tables of a newer migration) stay: for a clean slate, drop the
 * database first.
 */
export async function restoreDatabase(opts: RestoreOptions): Promise<{ created: boolean }> {
  if (!fs.existsSync(opts.file)) throw new Error(`${opts.file} does not exist`);
  if (!isCustomFormatDump(opts.file)) throw new Error(`${opts.file} is not a pg_dump custom-format file (made by npm run backup)`);
  const pgRestore = findPgTool('pg_restore', await serverMajorVersion(opts.url), { binDir: opts.binDir, minMajor: 0 });
  const created = await createDatabaseIfMissing(opts.url);
  const tables = await userTableCount(opts.url);
  if (tables > 0 && !opts.force) {
    throw new Error(`the target database is not empty (${tables} tables): stop the api and the worker, then restore with --force to replace it`);
  }
  const { dbname, env } = connectionArgs(opts.url);
  const args = ['--clean', '--if-exists', '--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', '--no-password'];
  await run(pgRestore, [...args, `--dbname=${dbname}`, opts.file], env);
  return { created };
}
