import 'reflect-metadata';
import { createDataSource } from '@candor/db';
import { readSecretFiles } from '../config/secret-files.js';
import { migrateAndSeed } from './seed.js';

/** `node apps/server/dist/cli/migrate.js`: committed migrations, then the idempotent seed. */
async function main(): Promise<void> {
  // DATABASE_URL_FILE too, as the api and worker read it.
  const url = readSecretFiles(process.env).env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const ds = createDataSource(url);
  await ds.initialize();
  try {
    await migrateAndSeed(ds);
  } finally {
    await ds.destroy();
  }
}

main().catch((e) => {
  console.error(`migrate failed: ${(e as Error).message}`);
  process.exit(1);
});
