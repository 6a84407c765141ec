import 'reflect-metadata';
import { createDataSource } from '@candor/db';
import { MigrationExecutor, type DataSource } from 'typeorm';
import { readSecretFiles } from '../config/secret-files.js';

/**
 * `node apps/server/dist/cli/migrations.js run|show|revert` (`npm run migrate`, `migrate:show`, `migrate:revert`):
 * the schema migrations alone, against DATABASE_URL (or DATABASE_URL_FILE), without the seed the api's start runs.
 *   run     applies every pending migration, each in its own transaction, and names them;
 *   show    lists every migration as `[X]` applied or `[ ]` pending, then `N applied, N pending`;
 *   revert  runs the `down` of the last applied migration only (what it drops is gone: back up first).
 * Exit codes: 0 done, 1 failed, 2 usage or configuration.
 */
const COMMANDS = ['run', 'show', 'revert'] as const;
type Command = (typeof COMMANDS)[number];

async function show(ds: DataSource): Promise<void> {
  const executor = new MigrationExecutor(ds);
  const applied = await executor.getExecutedMigrations();
  const pending = await executor.getPendingMigrations();
  const known = new Set(ds.migrations.map((m) => m.name ?? m.constructor.name));
  // Applied in the order they ran; one this build does not know came from a newer version of the code.
  for (const m of [...applied].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    console.log(`[X] ${m.name}${known.has(m.name) ? '' : ' (not in this version of the code)'}`);
  }
  for (const m of pending) console.log(`[ ] ${m.name}`);
  console.log(`${applied.length} applied, ${pending.length} pending`);
}

async function run(ds: DataSource): Promise<void> {
  const ran = await ds.runMigrations({ transaction: 'each' });
  for (const m of ran) console.log(`applied ${m.name}`);
  console.log(ran.length ? `${ran.length} applied` : 'nothing to apply: up to date');
}

async function revert(ds: DataSource): Promise<void> {
  const applied = await new MigrationExecutor(ds).getExecutedMigrations();
  const last = [...applied].sort((a, b) => (b.id ?? 0) - (a.id ?? 0))[0];
  if (!last) {
    console.log('nothing to revert: no migration is applied');
    return;
  }
  await ds.undoLastMigration({ transaction: 'each' });
  console.log(`reverted ${last.name}`);
}

async function main(): Promise<number> {
  const command = process.argv[2] as Command | undefined;
  if (!command || !COMMANDS.includes(command)) {
    console.error(`usage: migrations.js <${COMMANDS.join('|')}>`);
    return 2;
  }
  const { env, problems } = readSecretFiles(process.env);
  const url = env.DATABASE_URL;
  if (problems.length > 0 || !url) {
    console.error([...problems, ...(url ? [] : ['DATABASE_URL is not set'])].join('\n'));
    return 2;
  }
  const ds = createDataSource(url);
  await ds.initialize();
  try {
    await { run, show, revert }[command](ds);
    return 0;
  } finally {
    await ds.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(`migrations failed: ${(e as Error).message}`);
    process.exitCode = 1;
  },
);
