import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { OrderReceipt } from '@candor/contracts';
import type { Job } from 'bullmq';
import { QUEUES, type BackupPayload } from '@candor/cross-process';
import { BackupProcessor } from '../src/backup/backup.processor.js';
import { serverMajorVersion } from '../src/backup/backup.repository.js';
import { findPgTool } from '../src/backup/pg-tools.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { MovableClock, startEarnWorker } from './support/earn.js';
import { createOperator, createUser, login, loginOperator, type LoggedIn } from './support/factories.js';
import { runScript } from './support/scripts.js';
import { runningBalanceMismatches, sleep, waitFor } from './support/trading.js';
import { createVenueProduct, startVenueFeed } from './support/venues.js';

// The restore drill: a database with trades settled, deposits approved and Yu'e Bao income paid is backed up with
// `npm run backup`, destroyed (DROP DATABASE), and brought back with `npm run restore`. Then the ledger balances,
// every settled order's receipt verifies against the tick record, the tick chain verifies from its genesis, and
// every account holds what it held before, to the cent. The drill runs on a database of its own on the test server.
const run = promisify(execFile);
const dbName = `candor_it_drill_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-drill-'));
let serverUrl: URL;
let drillUrl: URL;

/**
 * A Postgres server this machine has a pg_dump for: DRILL_DATABASE_URL when set, else the tier's own server, else
 * the machine's Postgres on 127.0.0.1:5432 (Debian 12 ships client tools up to 15, none for the embedded 18).
 * None is an error, never a skipped drill.
 */
async function drillServer(): Promise<URL> {
  const tried: string[] = [];
  for (const candidate of [process.env.DRILL_DATABASE_URL, process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres']) {
    if (!candidate) continue;
    const u = new URL(candidate);
    u.pathname = '/postgres';
    try {
      findPgTool('pg_dump', await serverMajorVersion(u.toString()));
      return u;
    } catch (e) {
      tried.push(`${u.host}: ${(e as Error).message}`);
    }
  }
  throw new Error(`no Postgres server with a pg_dump of its version for the drill (set DRILL_DATABASE_URL):\n${tried.join('\n')}`);
}

async function admin(sql: string, params: unknown[] = []): Promise<unknown[]> {
  const c = new pg.Client({ connectionString: serverUrl.toString() });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** `npm run backup` / `npm run restore` as an operator runs them, against the drill's database. */
async function npmScript(script: 'backup.mjs' | 'restore.mjs', args: string[] = []): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATABASE_URL: drillUrl.toString(), DATA_DIR: dataDir, BACKUP_KEEP_DAYS: '7' };
  try {
    const r = await run(process.execPath, [path.resolve('scripts', script), ...args], { env });
    return { code: 0, out: `${r.stdout}${r.stderr}` };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: `${err.stdout}${err.stderr}` };
  }
}

interface Snapshot {
  balances: { id: string; kind: string; balance: string }[];
  orders: { id: string; status: string; outcome: string; payout: string }[];
  income: { user_id: string; date: string; amount: string }[];
  postings: number;
}

async function snapshot(t: TestApp): Promise<Snapshot> {
  return {
    balances: await t.ds.query(`SELECT id::text, kind, balance::text FROM ledger_accounts ORDER BY id`),
    orders: await t.ds.query(`SELECT id::text, status, outcome, payout::text FROM orders ORDER BY id`),
    income: await t.ds.query(`SELECT user_id::text, date::text, amount::text FROM earn_income ORDER BY user_id, date`),
    postings: (await t.ds.query(`SELECT count(*)::int AS n FROM postings`))[0].n,
  };
}

let symbol: string;
let firstSecond: number;
let users: LoggedIn[] = [];
const orderIds: string[] = [];
let before: Snapshot;

beforeAll(async () => {
  serverUrl = await drillServer();
  drillUrl = new URL(serverUrl);
  drillUrl.pathname = `/${dbName}`;
  await admin(`CREATE DATABASE ${dbName} ENCODING 'UTF8' TEMPLATE template0`);
  // Every app of this file (its own jest environment) works on the drill's database.
  process.env.DATABASE_URL = drillUrl.toString();
});
afterAll(async () => {
  if (serverUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Deposits approved by a reviewer, then orders placed on the real account and settled on their expiry ticks. */
async function depositAndTrade(): Promise<void> {
  const t = await startApp();
  const feed = await startVenueFeed(t);
  try {
    const ops = await loginOperator(t);
    const reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
    const method = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(ops.auth)
      .send({ type: 'bank', names: { 'zh-TW': '銀行轉帳', en: 'Bank transfer' }, details: { bank: 'Drill Bank' }, minAmount: '10', maxAmount: '50000' })
      .expect(201);
    users = [await createUser(t), await createUser(t)];
    for (const [i, u] of users.entries()) {
      const d = await t
        .http()
        .post('/api/deposits')
        .set(u.auth)
        .send({ methodId: method.body.id, amount: ['1234.56', '2000.07'][i] })
        .expect(201);
      await t.http().post(`/api/admin/deposits/${d.body.id}/approve`).set(reviewer.auth).expect(200);
    }

    // Real money trades only on prices made from exchanges: the feed process on four fake ones.
    firstSecond = Math.floor(Date.now() / 1000) - 1;
    symbol = await createVenueProduct(t, { expiries: [{ seconds: 1, payoutRate: '0.85' }] });
    const settlement = new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService), undefined, { SETTLE_GRACE_MS: 2000 });
    await feed.tick(symbol, '100.00');
    for (const [u, direction, amount] of [
      [users[0]!, 'up', '10.00'],
      [users[1]!, 'down', '25.50'],
      [users[0]!, 'down', '3.33'],
    ] as const) {
      const o = await t.http().post('/api/orders').set(u.auth).send({ symbol, direction, amount, durationSeconds: 1, account: 'real' });
      expect({ status: o.status, error: o.body.error }).toEqual({ status: 201, error: undefined });
      orderIds.push(o.body.id);
    }
    await sleep(1100);
    await feed.tick(symbol, '100.25');
    await waitFor('the orders settled', async () => {
      await settlement.settleWindow(0, Date.now() + 60_000);
      const [{ open }] = await t.ds.query(`SELECT count(*)::int AS open FROM orders WHERE id = ANY($1::uuid[]) AND status <> 'settled'`, [orderIds]);
      return open === 0;
    });
    await sleep(1200); // the tick after the last expiry is sealed into its block
    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  } finally {
    await feed.close();
    await t.close();
  }
}

/** Yu'e Bao on a moved clock in 2031: the second user moves 1000.00 in before a cut-off and is paid a day's income. */
async function earn(): Promise<void> {
  const at = (local: string) => new Date(`2031-${local}:00+08:00`);
  const clock = new MovableClock(at('03-03T05:00'));
  const t = await startApp({}, { clock });
  const worker = await startEarnWorker(t, clock, { withScheduler: false, config: { WORKER_PORT: 0 } });
  try {
    await t.ds.query(
      `INSERT INTO earn_settings (effective_date, effective_at, daily_rate, cutoff, timezone, min_amount, daily_in_limit, daily_out_limit)
       VALUES ('2031-01-01', '2030-12-31T00:00:00Z', 0.01, '08:00', 'Asia/Taipei', 2000, 60, 60)`,
    );
    const saver = users[1]!;
    const { token } = await login(t, saver.email, saver.password);
    clock.set(at('03-03T06:00'));
    await t
      .http()
      .post('/api/earn/transfer-in')
      .set({ Authorization: `Bearer ${token}` })
      .send({ amount: '1000.00' })
      .expect(201);
    clock.set(at('03-04T08:00'));
    await worker.runJob();
    clock.set(at('03-05T08:00'));
    expect((await worker.runJob()).dates.map((d) => d.date)).toEqual(['2031-03-04']);
    const income = await t.ds.query(`SELECT amount::text FROM earn_income WHERE user_id = $1`, [saver.id]);
    expect(income).toEqual([{ amount: '1000' }]); // 1 % of 1000.00, in cents
    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
    before = await snapshot(t);
  } finally {
    await worker.close();
    await t.close();
  }
}

describe('restore drill', () => {
  it('trade, deposit, earn; back up; drop the database; restore: the ledger, receipts, tick chain and balances all hold', async () => {
    await depositAndTrade();
    await earn();
    expect(before.orders.filter((o) => orderIds.includes(o.id)).map((o) => o.status)).toEqual(['settled', 'settled', 'settled']);

    const backup = await npmScript('backup.mjs');
    expect(backup).toMatchObject({ code: 0, out: expect.stringMatching(/wrote .*candor-\d{8}T\d{6}Z\.dump/) });
    const [file] = fs.readdirSync(path.join(dataDir, 'backups'));
    const dump = path.join(dataDir, 'backups', file!);
    expect(fs.readFileSync(dump).subarray(0, 5).toString()).toBe('PGDMP');

    // The restore refuses without its confirmation, and over a database that still has tables.
    expect(await npmScript('restore.mjs', [dump])).toMatchObject({ code: 1, out: expect.stringContaining('--yes') });
    expect(await npmScript('restore.mjs', [dump, '--yes'])).toMatchObject({ code: 1, out: expect.stringContaining('not empty') });

    await admin(`DROP DATABASE ${dbName} WITH (FORCE)`);
    expect(await admin(`SELECT 1 FROM pg_database WHERE datname = $1`, [dbName])).toEqual([]);
    const restored = await npmScript('restore.mjs', [dump, '--yes']);
    expect(restored).toMatchObject({ code: 0, out: expect.stringContaining('the database was created') });

    const t = await startApp();
    try {
      expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
      expect(await runningBalanceMismatches(t.ds)).toBe(0);
      expect(await snapshot(t)).toEqual(before);
      for (const [i, id] of orderIds.entries()) {
        const owner = i === 1 ? users[1]! : users[0]!;
        const { token } = await login(t, owner.email, owner.password);
        const receipt = (
          await t
            .http()
            .get(`/api/orders/${id}/receipt`)
            .set({ Authorization: `Bearer ${token}` })
            .expect(200)
        ).body as OrderReceipt;
        expect(receipt.order.status).toBe('settled');
        expect(await runScript('verify-receipt.mjs', [id, '--api', t.url, '--token', token])).toEqual({
          code: 0,
          out: expect.stringContaining('OK: the receipt matches'),
        });
      }
      const chain = await runScript('verify-chain.mjs', [symbol, String(firstSecond), String(Math.floor(Date.now() / 1000)), '--api', t.url, '--from-genesis']);
      expect(chain).toEqual({ code: 0, out: expect.stringMatching(/^OK: \d+ blocks, \d+ ticks/) });
    } finally {
      await t.close();
    }
  }, 180_000);

  it("the worker's daily job writes the same kind of dump when it runs beside the embedded Postgres", async () => {
    const t = await startApp();
    const dir = path.join(dataDir, 'worker');
    try {
      const processor = new BackupProcessor({ ...t.config, DATA_DIR: dir, EMBEDDED_POSTGRES_BIN_DIR: path.join(dir, 'no-binaries-here') });
      const job = { name: QUEUES.backup.jobs.dump, data: { requestedAt: new Date().toISOString() } } as Job<BackupPayload>;
      const result = (await processor.process(job)) as { file: string; bytes: number };
      expect(path.dirname(result.file)).toBe(path.join(dir, 'backups'));
      expect(fs.readFileSync(result.file).subarray(0, 5).toString()).toBe('PGDMP');
      expect(result.bytes).toBe(fs.statSync(result.file).size);
    } finally {
      await t.close();
    }
  });
});
