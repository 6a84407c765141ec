#!/usr/bin/env node
// `npm run restore -- FILE --yes [--force]`: restores a dump made by `npm run backup` into Candor's database
// (DATABASE_URL's, else the embedded Postgres of `npm start`, which must be stopped). Without --yes nothing
// happens; a database that already has tables is replaced only with --force. See docs/operations.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupModule, openDatabaseTarget } from './lib/database-target.mjs';
import { prefixer } from './lib/infra.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = prefixer('restore');
const USAGE = 'usage: npm run restore -- FILE --yes [--force]   (--force: replace a database that already has tables)';

async function main(argv) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const files = argv.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => f !== '--yes' && f !== '--force');
  if (files.length !== 1 || unknown.length) throw new Error(`${unknown.length ? `unknown option ${unknown[0]}; ` : ''}${USAGE}`);
  const file = path.resolve(files[0]);
  if (!flags.has('--yes')) throw new Error(`restoring replaces the database's data with ${file}: add --yes to confirm (${USAGE})`);
  const { restoreDatabase } = await backupModule(rootDir, log);
  const target = await openDatabaseTarget({ rootDir, log, createCluster: true, refuseWhileRunning: true });
  try {
    log(`restoring ${file} into ${target.description}`);
    const r = await restoreDatabase({ url: target.url, file, force: flags.has('--force'), binDir: target.binDir });
    log(`restored${r.created ? ' (the database was created)' : ''}: start Candor again; the migrations bring the schema up to date`);
  } finally {
    await target.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  log(`error: ${err?.message ?? err}`);
  process.exit(1);
});
