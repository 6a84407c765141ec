import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createDataSource } from '@candor/db';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { createApp, type AppOptions } from '../../src/bootstrap.js';
import { migrateAndSeed } from '../../src/cli/seed.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { openScratchDatabase } from './scratch-database.js';

export const TEST_INVITE_CODE = 'TESTCODE1';
/** The seeded admin; its TOTP secret is set by the seed (OPERATOR_TOTP_SECRET), so tests compute its codes (support/totp.ts). */
export const TEST_OPERATOR = { email: 'ops@candor.test', password: 'ops-password-1', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
/** The api's JWT secret in tests. */
export const TEST_JWT_SECRET = process.env.JWT_SECRET ?? 'integration-test-secret-0123456789abcdef';
/** Operators' TOTP secrets are encrypted under this key, apart from the JWT secret as in production. */
export const TEST_TOTP_KEY = 'integration-test-totp-key-0123456789abcdef';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  url: string;
  redis: Redis;
  ds: DataSource;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

function requireEnv(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run integration tests through \`npm test\` / scripts/test.mjs (its global setup provides Postgres and Redis)`);
  return v;
}

let migrated = false;

/** Migrates and seeds the test database once per process (idempotent anyway). */
export async function prepareDatabase(): Promise<void> {
  if (migrated) return;
  await migrateAndSeedAt(requireEnv('DATABASE_URL'));
  migrated = true;
}

/** Migrates and seeds the database at `url` as the test database is (the test operator, invitation code and keys). */
export async function migrateAndSeedAt(url: string): Promise<void> {
  const ds = createDataSource(url);
  await ds.initialize();
  try {
    await migrateAndSeed(
      ds,
      {
        SEED_INVITE_CODE: TEST_INVITE_CODE,
        OPERATOR_EMAIL: TEST_OPERATOR.email,
        OPERATOR_PASSWORD: TEST_OPERATOR.password,
        OPERATOR_TOTP_SECRET: TEST_OPERATOR.totpSecret,
        JWT_SECRET: TEST_JWT_SECRET,
        TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY,
      },
      () => undefined,
    );
  } finally {
    await ds.destroy();
  }
}

/** Where the apps of one test process store uploads (local disk backend). */
export const TEST_UPLOADS_DIR = path.join(os.tmpdir(), `candor-test-uploads-${process.pid}`);
// Every app of this process shares the folder, so it goes when the process does.
process.once('exit', () => fs.rmSync(TEST_UPLOADS_DIR, { recursive: true, force: true }));

/**
 * The real api (same bootstrap as production) on a random port, against the test Postgres and Redis.
 * `beforeListen` runs after the app is built and before its routes are registered (e.g. to add a Fastify onRoute hook).
 */
export async function startApp(
  overrides: Record<string, string> = {},
  opts: { beforeListen?: (app: NestFastifyApplication) => void; log?: AppOptions['log']; clock?: AppOptions['clock'] } = {},
): Promise<TestApp> {
  await prepareDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: requireEnv('DATABASE_URL'),
    REDIS_URL: requireEnv('REDIS_URL'),
    JWT_SECRET: TEST_JWT_SECRET,
    TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY,
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000',
    // One client address (127.0.0.1) for every test and counts that outlive a test file: limits tests set themselves.
    RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
    RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000000',
    RATE_LIMIT_MAIL_PER_HOUR: '1000000',
    RATE_LIMIT_MONEY_PER_MINUTE: '1000000',
    RATE_LIMIT_ACCESSIBLE_PER_HOUR: '1000000',
    ALTCHA_REQUIRED: 'false',
    // Every test client is 127.0.0.1 and Redis outlives a test file: per-address failure budgets would add up across files.
    LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: '100000',
    OPERATOR_LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    TOTP_FAILURES_PER_ADDRESS: '100000',
    // Many apps run side by side in tests: each one's /metrics on a port of its own.
    METRICS_PORT: '0',
    // Uploads land in a folder of the test run's own, never in the repository's .data.
    STORAGE_URL: `file://${TEST_UPLOADS_DIR}`,
    ...overrides,
  });
  const app = await createApp(config, {
    ...(opts.log ? { log: opts.log } : { logger: process.env.TEST_LOGS ? ['log', 'error', 'warn'] : ['error'] }),
    clock: opts.clock,
  });
  opts.beforeListen?.(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const redis = new Redis(config.REDIS_URL);
  const ds = app.get(DataSource);
  return {
    app,
    config,
    url,
    redis,
    ds,
    http: () => request(url),
    async close() {
      redis.disconnect();
      await app.close();
    },
  };
}

/** The ledger invariant: every balance equals its postings and everything sums to zero. */
export async function ledgerCheck(t: TestApp) {
  return t.app.get(LedgerService).check();
}

/**
 * The api on a database of the test's own, migrated and seeded like the shared one and dropped on close. For a test
 * whose figures are platform-wide (every account, the house, the first Yu'e Bao lot ever), or that leaves such
 * state behind on a moved clock, so that test files cannot change each other's results by the order they run in.
 */
export async function startAppOnOwnDatabase(tag: string, overrides: Record<string, string> = {}, opts: Parameters<typeof startApp>[1] = {}): Promise<TestApp> {
  const scratch = await openScratchDatabase(tag, { migrate: false });
  await migrateAndSeedAt(scratch.url);
  const t = await startApp({ ...overrides, DATABASE_URL: scratch.url }, opts);
  const close = t.close.bind(t);
  t.close = async () => {
    await close();
    await scratch.drop();
  };
  return t;
}
