import { randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { TestApp } from './app.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { MarketService } from '../../src/market/market.service.js';
import { createTickWriter } from '../../src/market/feed/create-tick-writer.js';
import type { TickWriter } from '../../src/market/feed/tick-writer.js';

export interface TestProductOptions {
  expiries?: { seconds: number; payoutRate: string }[];
  minStakeCents?: number;
  maxStakeCents?: number;
  maintenance?: boolean;
  precision?: number;
  /** Weekly sessions (null = around the clock). */
  hours?: { day: number; open: string; close: string }[] | null;
  enabled?: boolean;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A product of its own for a test (a unique symbol no feed produces), 24/7 unless told otherwise. */
export async function createTestProduct(t: TestApp, opts: TestProductOptions = {}): Promise<string> {
  let symbol = 'TQ';
  for (let i = 0; i < 8; i++) symbol += ALPHABET[randomInt(ALPHABET.length)];
  await t.ds.query(
    `INSERT INTO products (symbol, category, names, precision, timezone, hours, holidays, maintenance, maintenance_message, expiries, min_stake, max_stake, enabled)
     VALUES ($1, 'crypto', $2::jsonb, $3, 'UTC', $4::jsonb, '[]'::jsonb, $5, $6, $7::jsonb, $8, $9, $10)`,
    [
      symbol,
      JSON.stringify({ 'zh-TW': symbol, en: symbol }),
      opts.precision ?? 2,
      opts.hours ? JSON.stringify(opts.hours) : null,
      opts.maintenance ?? false,
      opts.maintenance ? 'test maintenance' : null,
      JSON.stringify(
        opts.expiries ?? [
          { seconds: 1, payoutRate: '0.85' },
          { seconds: 2, payoutRate: '0.80' },
          { seconds: 60, payoutRate: '0.85' },
        ],
      ),
      opts.minStakeCents ?? 100,
      opts.maxStakeCents ?? 100_000,
      opts.enabled ?? true,
    ],
  );
  t.app.get(MarketService).invalidate();
  return symbol;
}

/** Money into a user's real cash account, through the ledger (an `adjustment` from deposits_clearing). */
export async function fundCash(t: TestApp, userId: string, cents: number): Promise<void> {
  const ledger = t.app.get(LedgerService);
  await ledger.transaction(async (em) => {
    const ids = await ledger.userAccountIds(em, userId);
    const clearing = await ledger.platformAccountId(em, 'deposits_clearing');
    await ledger.post(em, {
      type: 'adjustment',
      userId,
      refType: 'test',
      refId: userId,
      memo: 'integration test funding',
      postings: [
        { accountId: clearing, amount: -cents },
        { accountId: ids.cash, amount: cents },
      ],
    });
  });
}

/** The feed's own tick path (Postgres batch + blocks + Redis last tick), for test products only. Close it after use. */
export function tickWriter(t: TestApp): TickWriter {
  return createTickWriter(t.ds, t.redis, { flushIntervalMs: 100, log: { warn: () => undefined, error: (m) => console.error(m) } });
}

/** Writes one tick now (stored and published when this resolves). */
export async function tick(writer: TickWriter, symbol: string, price: string): Promise<{ seq: string; t: string; price: string }> {
  return writer.writeTick(symbol, price, undefined, { flush: true });
}

/** Writes a tick every `everyMs` at `price()` until stopped (keeps a test product's market data fresh). */
export function tickPump(writer: TickWriter, symbol: string, price: () => string, everyMs = 200): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = writer.writeTick(symbol, price(), undefined, { flush: true }).catch(() => undefined);
  }, everyMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `fn` until it returns something truthy; throws with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Postings whose balance_after is not the running sum of their account's postings in id order (0 when the ledger's history is consistent). */
export async function runningBalanceMismatches(ds: DataSource): Promise<number> {
  const [row]: { n: number }[] = await ds.query(
    `SELECT count(*)::int AS n FROM (
       SELECT balance_after, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running FROM postings
     ) x WHERE balance_after <> running`,
  );
  return row!.n;
}

/** Cents of one of a user's ledger accounts. */
export async function balanceOf(t: TestApp, userId: string, kind: string): Promise<number> {
  const [row]: { balance: string }[] = await t.ds.query(`SELECT balance FROM ledger_accounts WHERE user_id = $1 AND kind = $2`, [userId, kind]);
  return Number(row!.balance);
}

/** One statement on a plain pg connection (for statements expected to fail: no TypeORM error log). */
export async function rawQuery(sql: string, params: unknown[] = []): Promise<unknown[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
