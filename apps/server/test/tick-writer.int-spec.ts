import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import type { QueryRunner } from 'typeorm';
import { GENESIS_PREV_HASH, verifyChain, type ChainBlock } from '@candor/domain';
import type { TickBlock, TickRecord } from '@candor/contracts';
import { REDIS_CHANNELS, type TickMessage, REDIS_KEYS } from '@candor/cross-process';
import { createTickWriter } from '../src/market/feed/create-tick-writer.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { MarketService } from '../src/market/market.service.js';
import { startApp, type TestApp } from './support/app.js';
import { sleep, waitFor } from './support/trading.js';

jest.setTimeout(30_000);

let t: TestApp;
let sub: Redis;
/** Every tick message of this file's products, with whether its tick was in Postgres when it arrived. */
const arrivals: { symbol: string; seq: string; stored: Promise<boolean> }[] = [];
const ours = new Set<string>();
const quiet = { warn: () => undefined, error: (m: string) => console.error(m) };
const MARKER = `test:tick-writer:${process.pid}`;
let markerSeen: (() => void) | null = null;

beforeAll(async () => {
  t = await startApp();
  sub = t.redis.duplicate();
  sub.on('message', (ch: string, text: string) => {
    if (ch === MARKER) return markerSeen?.();
    const m = JSON.parse(text) as TickMessage;
    if (!ours.has(m.symbol)) return;
    // Asked the moment the message arrives: a tick announced before its commit would not be found.
    const stored = t.ds.query(`SELECT 1 FROM ticks WHERE symbol = $1 AND seq = $2`, [m.symbol, m.seq]).then((rows: unknown[]) => rows.length === 1);
    arrivals.push({ symbol: m.symbol, seq: m.seq, stored });
  });
  await sub.subscribe(REDIS_CHANNELS.ticks, MARKER);
});
afterAll(async () => {
  await sub.quit();
  await t.close();
});

/** A fresh product (the record is append-only, so tests never reuse one). */
async function addProduct(tag: string): Promise<string> {
  const symbol = `W${tag}${Date.now().toString(36).toUpperCase().slice(-5)}${randomInt(100)}`.slice(0, 20);
  await t.ds.query(
    `INSERT INTO products (symbol, category, names, precision, timezone, hours, holidays, maintenance, expiries, min_stake, max_stake, recommended, enabled, sort)
     VALUES ($1, 'crypto', '{"zh-TW":"測試","en":"Test"}'::jsonb, 2, 'UTC', NULL, '[]'::jsonb, false,
             '[{"seconds":60,"payoutRate":"0.85"}]'::jsonb, 100, 500000, false, true, 5000)`,
    [symbol],
  );
  t.app.get(MarketService).invalidate();
  ours.add(symbol);
  return symbol;
}

/**
 * Resolves once everything the writer sent to Redis so far has reached the subscriber: the writer uses
 * `t.redis`, and Redis delivers one connection's publishes in the order it sent them.
 */
async function redisCaughtUp(): Promise<void> {
  const seen = new Promise<void>((r) => (markerSeen = r));
  await t.redis.publish(MARKER, 'x');
  await seen;
  markerSeen = null;
}

/**
 * Holds the writer's next write of `symbol` in flight: another transaction locks the product's 1-hour
 * candle rows (this hour's and the next), which every write of its ticks updates in the same statement
 * as it inserts them, so the statement waits, uncommitted, until `release()`.
 */
async function holdWrites(symbol: string): Promise<{ blocked(): Promise<void>; release(): Promise<void> }> {
  const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  await t.ds.query(
    `INSERT INTO candles (symbol, size, t, o, h, l, c, v, amount, first_seq, last_seq, tick_count)
     SELECT $1, 3600, h, 1, 1, 1, 1, 0, 0, 0, 0, 0 FROM unnest($2::timestamptz[]) AS h`,
    [symbol, [new Date(hour), new Date(hour + 3_600_000)]],
  );
  const qr: QueryRunner = t.ds.createQueryRunner();
  await qr.connect();
  await qr.startTransaction();
  await qr.query(`SELECT 1 FROM candles WHERE symbol = $1 AND size = 3600 FOR UPDATE`, [symbol]);
  const [{ pid }]: { pid: number }[] = await qr.query(`SELECT pg_backend_pid() AS pid`);
  return {
    /** Resolves once a write of the ticks is waiting for the lock (it has reached Postgres, and not committed). */
    blocked: () =>
      waitFor(
        'the tick write to wait for the lock',
        async () => {
          const rows: unknown[] = await t.ds.query(
            `SELECT 1 FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid)) AND query LIKE '%INSERT INTO ticks%'`,
            [pid],
          );
          return rows.length > 0;
        },
        10_000,
        20,
      ).then(() => undefined),
    release: async () => {
      await qr.commitTransaction();
      await qr.release();
    },
  };
}

const arrived = (symbol: string) => arrivals.filter((a) => a.symbol === symbol);

describe('tick writer: group commit, and publishing only what is stored', () => {
  let writer: TickWriter;
  beforeAll(() => {
    writer = createTickWriter(t.ds, t.redis, { log: quiet });
  });
  afterAll(async () => {
    await writer.close();
  });

  it('announces a tick only once it is stored: nothing while its write is uncommitted, each one in Postgres when its message arrives', async () => {
    const symbol = await addProduct('P');
    const hold = await holdWrites(symbol);
    const first = await writer.writeTick(symbol, '10.00');
    await hold.blocked();
    // The write has reached Postgres and waits: neither the channel nor the last-tick key has it.
    await redisCaughtUp();
    expect(arrived(symbol)).toEqual([]);
    expect(await t.redis.get(REDIS_KEYS.tickLast(symbol))).toBeNull();
    await hold.release();
    await waitFor('the tick message', async () => arrived(symbol).length === 1);
    expect(arrived(symbol)[0]!.seq).toBe(first.seq);
    expect(await arrived(symbol)[0]!.stored).toBe(true);
    expect(JSON.parse((await t.redis.get(REDIS_KEYS.tickLast(symbol)))!)).toMatchObject({ seq: first.seq, price: '10.00' });
  });

  it('group commit: ticks written while a write is in flight go together in the next one, then are announced in seq order', async () => {
    const symbol = await addProduct('G');
    const other = await addProduct('H');
    const hold = await holdWrites(symbol);
    await writer.writeTick(symbol, '20.00');
    await hold.blocked();
    const later = [];
    for (const [s, p] of [
      [symbol, '20.01'],
      [other, '5.00'],
      [symbol, '20.02'],
      [symbol, '20.03'],
    ] as const) {
      later.push(await writer.writeTick(s, p));
      await sleep(5); // separate turns of the event loop: each would start a write of its own if none were in flight
    }
    await redisCaughtUp();
    expect(arrivals.filter((a) => a.symbol === symbol || a.symbol === other)).toEqual([]);
    await hold.release();
    await waitFor('every tick message', async () => arrived(symbol).length === 4 && arrived(other).length === 1);

    // One transaction per write: the first tick alone, the four written meanwhile in one INSERT.
    const rows: { symbol: string; seq: string; xid: string }[] = await t.ds.query(
      `SELECT symbol, seq::text, xmin::text AS xid FROM ticks WHERE symbol = ANY ($1) ORDER BY xmin::text::bigint, symbol, seq`,
      [[symbol, other]],
    );
    const writes = [...new Set(rows.map((r) => r.xid))].map((xid) =>
      rows.filter((r) => r.xid === xid).map((r) => `${r.symbol === symbol ? 'A' : 'B'}${r.seq}`),
    );
    expect(writes).toEqual([['A1'], ['A2', 'A3', 'A4', 'B1']]);
    expect(arrived(symbol).map((a) => a.seq)).toEqual(['1', '2', '3', '4']);
    for (const a of arrivals) expect(await a.stored).toBe(true);
  });

  it('keeps every block whole when ticks are stored one or a few at a time: the chain verifies and holds each stored tick once', async () => {
    const symbol = await addProduct('C');
    const own = createTickWriter(t.ds, t.redis, { log: quiet });
    const written: string[] = [];
    const started = Date.now();
    // Ticks every 70 to 130 ms over three seconds, as the feed makes them: each goes in a write of its own.
    while (Date.now() - started < 3000) {
      written.push((await own.writeTick(symbol, (100 + written.length / 100).toFixed(2))).seq);
      await sleep(70 + randomInt(60));
    }
    await own.close(); // seals the last second
    const range = `from=${new Date(started - 1000).toISOString()}&to=${new Date(Date.now() + 1000).toISOString()}`;
    const ticks = (await t.http().get(`/api/products/${symbol}/ticks?${range}`).expect(200)).body as TickRecord[];
    const blocks = (await t.http().get(`/api/products/${symbol}/blocks?${range}`).expect(200)).body as TickBlock[];
    expect(ticks.map((k) => k.seq)).toEqual(written);
    const [{ writes }]: { writes: number }[] = await t.ds.query(`SELECT count(DISTINCT xmin::text)::int AS writes FROM ticks WHERE symbol = $1`, [symbol]);
    expect(writes).toBeGreaterThan(written.length / 2); // stored as they came, not in batches
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks[0]!.prevHash).toBe(GENESIS_PREV_HASH);
    expect(verifyChain(blocks as unknown as ChainBlock[], { fromGenesis: true })).toEqual({ ok: true });
    expect(blocks.flatMap((b) => b.ticks.map((k) => k.seq))).toEqual(written);
    for (const b of blocks) for (const k of b.ticks) expect(Math.floor(Date.parse(k.t) / 1000)).toBe(Number(b.second));
  });

  it('a second writer of the same product is refused by the database, drops its write and then follows the record', async () => {
    const symbol = await addProduct('D');
    const errors: string[] = [];
    const first = createTickWriter(t.ds, t.redis, { log: quiet });
    const second = createTickWriter(t.ds, t.redis, { log: { warn: () => undefined, error: (m) => errors.push(m) } });
    try {
      // Both read the (empty) record before either writes, as two feeds that each think they lead would.
      expect(await first.lastPrice(symbol)).toBeNull();
      expect(await second.lastPrice(symbol)).toBeNull();
      const stored = await first.writeTick(symbol, '10.00', undefined, { flush: true });
      const refused = await second.writeTick(symbol, '11.00', undefined, { flush: true });
      expect(refused.seq).toBe(stored.seq);
      expect(errors.join('\n')).toMatch(/another writer stored these ticks first/);
      await first.close(); // seals the second of its tick
      const next = await second.writeTick(symbol, '12.00', undefined, { flush: true });
      expect(next.seq).toBe(String(Number(stored.seq) + 1));
      const rows: { seq: string; price: string }[] = await t.ds.query(`SELECT seq::text, price::text FROM ticks WHERE symbol = $1 ORDER BY seq`, [symbol]);
      expect(rows).toEqual([
        { seq: stored.seq, price: '10.00' },
        { seq: next.seq, price: '12.00' },
      ]);
    } finally {
      await first.close().catch(() => undefined);
      await second.close();
    }
  });
});
