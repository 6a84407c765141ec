#!/usr/bin/env node
// `npm run backup`: one consistent pg_dump (custom format) of Candor's database into DATA_DIR/backups, then the
// backups older than BACKUP_KEEP_DAYS days (default 7) are removed. The database is DATABASE_URL's, else the
// embedded Postgres of `npm start` (running or not). The dump code is the server's, the one the worker runs daily.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupModule, keepDays, openDatabaseTarget } from './lib/database-target.mjs';
import { prefixer } from './lib/infra.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = prefixer('backup');

async function main() {
  const days = keepDays();
  const { backupDatabase } = await backupModule(rootDir, log);
  const target = await openDatabaseTarget({ rootDir, log });
  try {
    log(`backing up ${target.description}`);
    const r = await backupDatabase({ url: target.url, dir: path.join(target.dataDir, 'backups'), keepDays: days, binDir: target.binDir });
    log(`wrote ${r.file} (${r.bytes} bytes)`);
    for (const name of r.pruned) log(`removed ${name} (older than ${days} days)`);
  } finally {
    await target.close();
  }
}

main().catch((err) => {
  log(`error: ${err?.message ?? err}`);
  process.exit(1);
});
