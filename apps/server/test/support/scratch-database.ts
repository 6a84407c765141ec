import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@candor/db';

/** A migrated database of a test's own, so reverting migrations in it cannot disturb the other tests. */
export interface ScratchDatabase {
  ds: DataSource;
  /** Its connection URL, for a process the test starts (e.g. the migrations CLI). */
  url: string;
  /** Undoes the applied migrations from the last one down to and including `name`. */
  undoThrough(name: string): Promise<void>;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

/**
 * Creates `candor_it_<tag>_<random>` beside the test database (on DATABASE_URL's server) and runs every migration,
 * or none with `{ migrate: false }` (an empty database, as a new deployment's).
 */
export async function openScratchDatabase(tag: string, { migrate = true }: { migrate?: boolean } = {}): Promise<ScratchDatabase> {
  const dbName = `candor_it_${tag}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = '/postgres';
  const serverUrl = u.toString();
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${dbName}`);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  const ds = createDataSource(url);
  await ds.initialize();
  if (migrate) await ds.runMigrations();
  return {
    ds,
    url,
    async undoThrough(name: string): Promise<void> {
      for (;;) {
        const [last]: { name: string }[] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
        if (!last) throw new Error(`${name} is not applied`);
        await ds.undoLastMigration();
        if (last.name === name) return;
      }
    },
    async drop(): Promise<void> {
      await ds.destroy();
      await admin(`DROP DATABASE IF EXISTS ${dbName}`);
    },
  };
}
