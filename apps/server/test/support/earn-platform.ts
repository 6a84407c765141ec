// A platform of its own for the Yu'e Bao browser test (apps/server/e2e/earn.e2e.ts), on a clock the
// test moves. The browser tier's platform runs the production start, which has no way to move time (by
// design), so this starts the api in the test process the way the integration tests do (createApp with
// a MovableClock, the built web app served at /), and the worker with the cut-off job on the same
// clock, run only by the test. Its own database (on the tier's Postgres server) and Redis database keep
// it apart from the tier's platform, whose worker would otherwise run the cut-off job on real time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startApp, type TestApp } from './app.js';
import { MovableClock, startEarnWorker, type EarnWorker } from './earn.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface EarnPlatform {
  t: TestApp;
  clock: MovableClock;
  worker: EarnWorker;
  close(): Promise<void>;
}

/** A Redis URL on the same server, another logical database than the tier's. */
function otherRedisDb(url: string): string {
  const u = new URL(url);
  const db = Number(u.pathname.slice(1) || '0');
  u.pathname = `/${(db + 8) % 16}`;
  return u.toString();
}

export async function startEarnPlatform(start: Date): Promise<EarnPlatform> {
  const base = process.env.E2E_DATABASE_URL;
  const redis = process.env.E2E_REDIS_URL;
  if (!base || !redis) throw new Error('E2E_DATABASE_URL / E2E_REDIS_URL not set: run through scripts/test.mjs browser');
  const name = `candor_e2e_earn_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${name}`;
  process.env.DATABASE_URL = dbUrl.toString();
  process.env.REDIS_URL = otherRedisDb(redis);
  const clock = new MovableClock(start);
  const t = await startApp({ WEB_DIST: path.join(ROOT, 'apps/web/dist'), WORKER_PORT: '0' }, { clock });
  const worker = await startEarnWorker(t, clock, { withScheduler: false });
  return {
    t,
    clock,
    worker,
    async close() {
      await worker.close();
      await t.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      try {
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await drop.end();
      }
    },
  };
}
