import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { GENESIS_PREV_HASH, hashBlock, marketState, verifyChain, verifyReceipt, type ChainBlock } from '@candor/domain';
import type { AdminProduct, CandleEvent, MarketEvent, Product, TickBlock, TickerEvent, TickRecord } from '@candor/contracts';
import { createTickWriter } from '../src/market/feed/create-tick-writer.js';
import { FeedLeader } from '../src/market/feed/feed-leader.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { MarketService } from '../src/market/market.service.js';
import { startApp, type TestApp } from './support/app.js';
import { createOperator, loginOperator } from './support/factories.js';
import { REDIS_KEYS } from '@candor/cross-process';

jest.setTimeout(30_000);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let t: TestApp;
let writer: TickWriter;
let market: MarketService;

beforeAll(async () => {
  t = await startApp();
  writer = createTickWriter(t.ds, t.redis, { flushIntervalMs: 100, log: { warn: () => undefined, error: (m) => console.error(m) } });
  market = t.app.get(MarketService);
});
afterAll(async () => {
  await writer.close();
  await t.close();
});

/** A fresh product symbol for this run (the record is append-only, so tests never reuse one). */
function newSymbol(tag: string): string {
  return `T${tag}${Date.now().toString(36).toUpperCase().slice(-5)}${randomInt(100)}`.slice(0, 20);
}

interface TestProduct {
  symbol: string;
  names?: Record<string, string>;
  hours?: unknown;
  maintenance?: boolean;
  maintenanceMessage?: string | null;
  enabled?: boolean;
  precision?: number;
}
async function addProduct(p: TestProduct): Promise<string> {
  await t.ds.query(
    `INSERT INTO products (symbol, category, names, precision, timezone, hours, holidays, maintenance, maintenance_message, expiries, min_stake, max_stake, recommended, enabled, sort)
     VALUES ($1, 'crypto', $2::jsonb, $3, 'UTC', $4::jsonb, '[]'::jsonb, $5, $6, '[{"seconds":60,"payoutRate":"0.85"},{"seconds":30,"payoutRate":"0.8"}]'::jsonb, 100, 500000, false, $7, 5000)`,
    [
      p.symbol,
      JSON.stringify(p.names ?? { 'zh-TW': '測試產品', en: 'Test product' }),
      p.precision ?? 2,
      p.hours === undefined ? null : JSON.stringify(p.hours),
      p.maintenance ?? false,
      p.maintenanceMessage ?? null,
      p.enabled ?? true,
    ],
  );
  market.invalidate();
  return p.symbol;
}

const at = (iso: string) => new Date(iso);

describe('products', () => {
  it('lists the seeded catalogue with the documented shape and names in the asked language', async () => {
    const zh = await t.http().get('/api/products').expect(200);
    const btc = (zh.body as Product[]).find((p) => p.symbol === 'BTCUSDT')!;
    expect(Object.keys(btc).sort()).toEqual(
      expect.arrayContaining([
        'id',
        'symbol',
        'name',
        'category',
        'precision',
        'lastPrice',
        'change24h',
        'high24h',
        'low24h',
        'volume24h',
        'amount24h',
        'status',
        'expiries',
        'minStake',
        'maxStake',
        'recommended',
      ]),
    );
    expect(btc).toMatchObject({ name: '比特幣', category: 'crypto', precision: 2, status: 'open', minStake: '1.00', maxStake: '100000.00' });
    expect(btc.expiries).toContainEqual({ seconds: 60, payoutRate: '0.85' });
    const symbols = (zh.body as Product[]).map((p) => p.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'XAGUSD']));
    for (const p of zh.body as Product[]) expect(p).not.toHaveProperty('price');

    const en = await t.http().get('/api/products/BTCUSDT?lang=en').expect(200);
    expect(en.body.name).toBe('Bitcoin');
    const ja = await t.http().get('/api/products/XAUUSD').set('Accept-Language', 'ja-JP,ja;q=0.9').expect(200);
    expect(ja.body.name).toBe('金');
    const eur = await t.http().get('/api/products/eurusd?lang=de').expect(200);
    expect(eur.body).toMatchObject({ symbol: 'EURUSD', name: 'Euro / US-Dollar', category: 'forex', precision: 5 });
  });

  it('falls back to the zh-TW name when a language has none', async () => {
    const symbol = await addProduct({ symbol: newSymbol('NM'), names: { 'zh-TW': '只有中文' } });
    const r = await t.http().get(`/api/products/${symbol}?lang=ko`).expect(200);
    expect(r.body.name).toBe('只有中文');
  });

  it('answers NOT_FOUND for an unknown or disabled symbol and VALIDATION_FAILED for a bad query', async () => {
    const unknown = await t.http().get('/api/products/NOSUCHTHING');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const malformed = await t.http().get('/api/products/..%2Fetc');
    expect(malformed.status).toBe(404);
    const hidden = await addProduct({ symbol: newSymbol('OFF'), enabled: false });
    expect((await t.http().get(`/api/products/${hidden}`)).status).toBe(404);
    expect(((await t.http().get('/api/products').expect(200)).body as Product[]).map((p) => p.symbol)).not.toContain(hidden);
    const badInterval = await t.http().get('/api/products/BTCUSDT/candles?interval=2m');
    expect([badInterval.status, badInterval.body.error.code, badInterval.body.error.field]).toEqual([400, 'VALIDATION_FAILED', 'interval']);
    const badTime = await t.http().get('/api/products/BTCUSDT/ticks?from=yesterday');
    expect([badTime.status, badTime.body.error.field]).toEqual([400, 'from']);
    const reversed = await t.http().get('/api/products/BTCUSDT/ticks?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect([reversed.status, reversed.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const extra = await t.http().get('/api/products/BTCUSDT/candles?interval=1m&price=1');
    expect([extra.status, extra.body.error.field]).toEqual([400, 'price']);
  });

  it('shows maintenance with its message, and closed markets with their next opening', async () => {
    const maint = await addProduct({ symbol: newSymbol('MT'), maintenance: true, maintenanceMessage: 'Upgrading the feed' });
    const m = await t.http().get(`/api/products/${maint}`).expect(200);
    expect(m.body).toMatchObject({ status: 'maintenance', maintenanceMessage: 'Upgrading the feed' });
    expect(m.body.nextOpenAt).toBeUndefined(); // its hours say open: maintenance ends when operators end it

    const now = new Date();
    const day = (now.getUTCDay() + 2) % 7; // a session two days from now only
    const hours = [{ day, open: '10:00', close: '11:00' }];
    const closed = await addProduct({ symbol: newSymbol('CL'), hours });
    const c = await t.http().get(`/api/products/${closed}`).expect(200);
    const expected = marketState({ timezone: 'UTC', hours, holidays: [], maintenance: false }, new Date());
    expect(c.body.status).toBe('closed');
    expect(c.body.nextOpenAt).toBe(expected.nextOpenAt!.toISOString());
    expect(new Date(c.body.nextOpenAt).getUTCHours()).toBe(10);
    expect(c.body.maintenanceMessage).toBeUndefined();

    const open = await addProduct({ symbol: newSymbol('OP') });
    expect((await t.http().get(`/api/products/${open}`).expect(200)).body.status).toBe('open');
  });

  it('serves the home page with banners, highlights and the recommended products', async () => {
    const r = await t.http().get('/api/home?lang=en').expect(200);
    // Banners and highlights are the operators' content (content.int-spec.ts); the seed ships some.
    expect(r.body.highlights.length).toBeGreaterThan(0);
    expect(r.body.highlights.every((h: { title: unknown; link: unknown }) => typeof h.title === 'string' && typeof h.link === 'object')).toBe(true);
    const recommended = (r.body.recommended as Product[]).map((p) => p.symbol);
    expect(recommended).toEqual(expect.arrayContaining(['BTCUSDT', 'EURUSD', 'XAUUSD']));
    expect(recommended).not.toContain('SOLUSDT');
    expect((r.body.recommended as Product[]).every((p) => p.recommended)).toBe(true);
  });
});

describe('ticks, statistics and candles', () => {
  it('derives exact OHLC candles for every interval from the ticks', async () => {
    const symbol = await addProduct({ symbol: newSymbol('CD') });
    const ticks: [string, string, string][] = [
      ['2025-03-03T10:00:01.000Z', '100.00', '1'],
      ['2025-03-03T10:00:20.500Z', '105.50', '2'],
      ['2025-03-03T10:00:40.000Z', '99.25', '0.5'],
      ['2025-03-03T10:00:59.999Z', '101.00', '1'],
      ['2025-03-03T10:01:00.000Z', '102.00', '3'],
      ['2025-03-03T10:07:30.000Z', '98.00', '1'],
      ['2025-03-03T11:30:00.000Z', '110.00', '2'],
    ];
    for (const [time, price, volume] of ticks) await writer.writeTick(symbol, price, at(time), { volume });
    await writer.flush();

    // 1m over a whole day would be 1440 candles: the answer keeps the latest 500, so ask for the morning only.
    const get = async (interval: string, from = '2025-03-03T00:00:00Z', to = '2025-03-03T23:59:59Z') =>
      (await t.http().get(`/api/products/${symbol}/candles?interval=${interval}&from=${from}&to=${to}`).expect(200)).body;
    expect(await get('1m', '2025-03-03T09:00:00Z', '2025-03-03T12:00:00Z')).toEqual([
      { t: '2025-03-03T10:00:00.000Z', o: '100.00', h: '105.50', l: '99.25', c: '101.00', v: '4.5' },
      { t: '2025-03-03T10:01:00.000Z', o: '102.00', h: '102.00', l: '102.00', c: '102.00', v: '3' },
      { t: '2025-03-03T10:07:00.000Z', o: '98.00', h: '98.00', l: '98.00', c: '98.00', v: '1' },
      { t: '2025-03-03T11:30:00.000Z', o: '110.00', h: '110.00', l: '110.00', c: '110.00', v: '2' },
    ]);
    expect(await get('5m')).toEqual([
      { t: '2025-03-03T10:00:00.000Z', o: '100.00', h: '105.50', l: '99.25', c: '102.00', v: '7.5' },
      { t: '2025-03-03T10:05:00.000Z', o: '98.00', h: '98.00', l: '98.00', c: '98.00', v: '1' },
      { t: '2025-03-03T11:30:00.000Z', o: '110.00', h: '110.00', l: '110.00', c: '110.00', v: '2' },
    ]);
    expect(await get('15m')).toEqual([
      { t: '2025-03-03T10:00:00.000Z', o: '100.00', h: '105.50', l: '98.00', c: '98.00', v: '8.5' },
      { t: '2025-03-03T11:30:00.000Z', o: '110.00', h: '110.00', l: '110.00', c: '110.00', v: '2' },
    ]);
    expect(await get('1h')).toEqual([
      { t: '2025-03-03T10:00:00.000Z', o: '100.00', h: '105.50', l: '98.00', c: '98.00', v: '8.5' },
      { t: '2025-03-03T11:00:00.000Z', o: '110.00', h: '110.00', l: '110.00', c: '110.00', v: '2' },
    ]);
    expect(await get('1d')).toEqual([{ t: '2025-03-03T00:00:00.000Z', o: '100.00', h: '110.00', l: '98.00', c: '110.00', v: '10.5' }]);

    // The rollups agree with the ticks themselves.
    const fromTicks: { t: Date; o: string; h: string; l: string; c: string }[] = await t.ds.query(
      `SELECT date_trunc('minute', t) AS t, (array_agg(price ORDER BY seq))[1]::text AS o, max(price)::text AS h, min(price)::text AS l,
              (array_agg(price ORDER BY seq DESC))[1]::text AS c
         FROM ticks WHERE symbol = $1 GROUP BY 1 ORDER BY 1`,
      [symbol],
    );
    expect(fromTicks.map((r) => ({ t: new Date(r.t).toISOString(), o: r.o, h: r.h, l: r.l, c: r.c }))).toEqual(
      (await get('1m', '2025-03-03T09:00:00Z', '2025-03-03T12:00:00Z')).map(({ v: _v, ...rest }: { v: string }) => rest),
    );
  });

  it('keeps at most 500 candles per answer: the latest ones up to `to`', async () => {
    const symbol = await addProduct({ symbol: newSymbol('MX') });
    const base = Date.parse('2025-04-01T00:00:30.000Z');
    for (let i = 0; i < 510; i++) await writer.writeTick(symbol, '10.00', new Date(base + i * 60_000));
    await writer.flush();
    const r = await t.http().get(`/api/products/${symbol}/candles?interval=1m&from=2025-03-31T00:00:00Z&to=2025-04-01T08:29:59Z`).expect(200);
    expect(r.body).toHaveLength(500);
    expect(r.body[499].t).toBe(new Date(base - 30_000 + 509 * 60_000).toISOString());
    expect(r.body[0].t).toBe(new Date(base - 30_000 + 10 * 60_000).toISOString());
  });

  it('serves the last price and exact 24h statistics', async () => {
    const symbol = await addProduct({ symbol: newSymbol('ST') });
    const now = Date.now();
    await writer.writeTick(symbol, '200.00', new Date(now - 3000), { volume: '1.5' });
    await writer.writeTick(symbol, '210.50', new Date(now - 2000), { volume: '2' });
    await writer.writeTick(symbol, '190.25', new Date(now - 1000), { volume: '0.25', flush: true });
    await new Promise((r) => setTimeout(r, 1100)); // the api keeps statistics for a second
    const p = (await t.http().get(`/api/products/${symbol}`).expect(200)).body as Product;
    expect(p).toMatchObject({
      lastPrice: '190.25',
      high24h: '210.50',
      low24h: '190.25',
      volume24h: '3.75',
      amount24h: '768.56', // 300 + 421 + 47.5625
      change24h: '-0.048750', // 190.25 / 200 - 1
      lastTickAt: new Date(now - 1000).toISOString(),
    });
    const latest = await market.latestTick(symbol);
    expect(latest).toEqual({ seq: '3', t: new Date(now - 1000), price: '190.25' });
    await t.redis.del(REDIS_KEYS.tickLast(symbol)); // Redis lost it: Postgres answers the same
    expect(await market.latestTick(symbol)).toEqual(latest);
  });

  it('publishes the tick record with block hashes that verify as one chain from genesis', async () => {
    const symbol = await addProduct({ symbol: newSymbol('RC') });
    const base = Date.parse('2025-06-01T08:00:00.000Z');
    const written: string[] = [];
    for (let i = 0; i < 12; i++) {
      const w = await writer.writeTick(symbol, (1000 + i * 1.25).toFixed(2), new Date(base + i * 400));
      written.push(w.seq);
    }
    await writer.flush();
    const range = `from=${new Date(base).toISOString()}&to=${new Date(base + 10_000).toISOString()}`;
    const ticks = (await t.http().get(`/api/products/${symbol}/ticks?${range}`).expect(200)).body as TickRecord[];
    const blocks = (await t.http().get(`/api/products/${symbol}/blocks?${range}`).expect(200)).body as TickBlock[];
    expect(ticks.map((k) => k.seq)).toEqual(written);
    expect(blocks.map((b) => b.second)).toEqual(['0', '1', '2', '3', '4'].map((s) => String(base / 1000 + Number(s))));
    expect(blocks[0]!.prevHash).toBe(GENESIS_PREV_HASH);
    expect(verifyChain(blocks as unknown as ChainBlock[], { fromGenesis: true })).toEqual({ ok: true });
    for (const k of ticks) {
      const block = blocks.find((b) => b.second === k.blockSecond)!;
      expect(block.hash).toBe(k.blockHash);
      expect(block.ticks).toContainEqual({ seq: k.seq, t: k.t, price: k.price });
    }
    // A receipt naming two of these ticks checks out against the published blocks.
    const ref = (k: TickRecord) => ({ seq: k.seq, t: k.t, price: k.price, blockSecond: k.blockSecond, blockHash: k.blockHash });
    expect(verifyReceipt({ symbol, entry: ref(ticks[1]!), exit: ref(ticks[10]!) }, blocks as unknown as ChainBlock[])).toEqual({ ok: true });

    // The script in the repo, run as a user would, checks the same range independently (node:crypto).
    const script = await promisify(execFile)(
      process.execPath,
      ['scripts/verify-chain.mjs', symbol, String(base / 1000), String(base / 1000 + 10), '--api', t.url, '--from-genesis'],
      { cwd: ROOT },
    );
    expect(script.stdout).toMatch(/^OK: 5 blocks, 12 ticks/);
  });

  it('verify-receipt.mjs checks a receipt against the record and reports what does not match', async () => {
    const symbol = await addProduct({ symbol: newSymbol('VR') });
    const base = Date.parse('2025-06-03T08:00:00.000Z');
    const prices = ['20.00', '20.10', '20.05', '19.90', '20.30', '20.20', '20.25', '20.40', '20.35'];
    for (const [i, p] of prices.entries()) await writer.writeTick(symbol, p, new Date(base + i * 700));
    await writer.flush();
    const ticks = (
      await t
        .http()
        .get(`/api/products/${symbol}/ticks?from=${new Date(base).toISOString()}&to=${new Date(base + 7000).toISOString()}`)
        .expect(200)
    ).body as TickRecord[];
    const entry = ticks[1]!; // 20.10 at +0.7 s
    const exit = ticks[7]!; // 20.40 at +4.9 s, the last tick at or before the expiry at +5 s (a whole second)
    const receipt = {
      order: {
        id: 'o-1',
        orderNo: 'T0001',
        symbol,
        account: 'demo',
        direction: 'up',
        amount: '100.00',
        durationSeconds: 4,
        payoutRate: '0.85',
        openPrice: entry.price,
        openedAt: entry.t,
        expiresAt: new Date(base + 5000).toISOString(),
        status: 'settled',
        closePrice: exit.price,
        closedAt: exit.t,
        outcome: 'win',
        pnl: '85.00',
        payout: '185.00',
        precision: 2,
        priceVenues: [],
      },
      entryTick: entry,
      exitTick: exit,
      closeRule: 'expiry',
      graceMs: 10_000,
      staleMs: 5000,
    };
    let served: unknown = receipt;
    const { createServer } = await import('node:http');
    const stub = createServer((req, res) => {
      if (req.url?.startsWith('/api/orders/')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(served));
        return;
      }
      void fetch(`${t.url}${req.url}`).then(async (r) => {
        res.statusCode = r.status;
        res.setHeader('content-type', 'application/json');
        res.end(await r.text());
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    const api = `http://127.0.0.1:${(stub.address() as { port: number }).port}`;
    const run = async () => {
      try {
        const r = await promisify(execFile)(process.execPath, ['scripts/verify-receipt.mjs', 'o-1', '--api', api, '--token', 'x'], { cwd: ROOT });
        return { code: 0, out: r.stdout };
      } catch (e) {
        return { code: (e as { code: number }).code, out: (e as { stdout: string }).stdout };
      }
    };
    try {
      const good = await run();
      expect(good.out).toMatch(/OK: the receipt matches/);
      expect(good.code).toBe(0);

      served = { ...receipt, order: { ...receipt.order, closePrice: '20.50' }, exitTick: { ...exit, price: '20.50' } };
      const forged = await run();
      expect(forged.code).toBe(1);
      expect(forged.out).toContain(`the receipt says price 20.50, the record says ${exit.price}`);

      served = { ...receipt, order: { ...receipt.order, outcome: 'loss', payout: '0.00' } };
      const wrongOutcome = await run();
      expect(wrongOutcome.code).toBe(1);
      expect(wrongOutcome.out).toContain('is a win');

      served = { ...receipt, exitTick: ticks[6], order: { ...receipt.order, closePrice: ticks[6]!.price, closedAt: ticks[6]!.t } };
      const earlyExit = await run();
      expect(earlyExit.code).toBe(1);
      expect(earlyExit.out).toContain('is also at or before the expiry');
    } finally {
      await new Promise((r) => stub.close(r));
    }
  });

  it('detects a tampered tick: the record refuses rewrites, and a changed price breaks the chain', async () => {
    const symbol = await addProduct({ symbol: newSymbol('TP') });
    const base = Date.parse('2025-06-02T08:00:00.000Z');
    for (let i = 0; i < 6; i++) await writer.writeTick(symbol, (50 + i).toFixed(2), new Date(base + i * 500));
    await writer.flush();
    await expect(t.ds.query(`UPDATE ticks SET price = price + 1 WHERE symbol = $1 AND seq = 3`, [symbol])).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`DELETE FROM tick_blocks WHERE symbol = $1`, [symbol])).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`TRUNCATE ticks`)).rejects.toThrow(/append-only/);

    const range = `from=${new Date(base).toISOString()}&to=${new Date(base + 5000).toISOString()}`;
    const blocks = (await t.http().get(`/api/products/${symbol}/blocks?${range}`).expect(200)).body as TickBlock[];
    expect(verifyChain(blocks as unknown as ChainBlock[], { fromGenesis: true })).toEqual({ ok: true });

    // Someone rewrites tick 3 in a copy of the record: the block holding it no longer matches its hash.
    const scratch = `scratch_ticks_${symbol.toLowerCase()}`;
    await t.ds.query(`CREATE TABLE ${scratch} AS SELECT * FROM ticks WHERE symbol = $1`, [symbol]);
    try {
      await t.ds.query(`UPDATE ${scratch} SET price = 52.01 WHERE seq = 3`);
      const rows: { seq: string; t: Date; price: string }[] = await t.ds.query(`SELECT seq, t, price::text AS price FROM ${scratch} ORDER BY seq`);
      const rebuilt = blocks.map((b) => ({
        ...b,
        ticks: b.ticks.map((k) => {
          const row = rows.find((r) => String(r.seq) === k.seq)!;
          return { seq: k.seq, t: new Date(row.t).toISOString(), price: row.price };
        }),
      }));
      const broken = verifyChain(rebuilt as unknown as ChainBlock[], { fromGenesis: true });
      const index = blocks.findIndex((b) => b.ticks.some((k) => k.seq === '3'));
      expect(broken).toEqual({ ok: false, brokenAt: index, fault: 'hash' });
      // Re-hashing the tampered block does not help: the next block's prevHash gives it away.
      const patched = rebuilt.map((b, i) => (i === index ? { ...b, hash: hashBlock(b) } : b));
      expect(verifyChain(patched as unknown as ChainBlock[], { fromGenesis: true })).toEqual({ ok: false, brokenAt: index + 1, fault: 'link' });
    } finally {
      await t.ds.query(`DROP TABLE ${scratch}`);
    }

    // A receipt that names a different price than the record is refused too.
    const tick3 = blocks.flatMap((b) => b.ticks.map((k) => ({ ...k, blockSecond: b.second, blockHash: b.hash }))).find((k) => k.seq === '3')!;
    expect(verifyReceipt({ symbol, entry: { ...tick3, price: '52.01' } }, blocks as unknown as ChainBlock[])).toMatchObject({ ok: false, fault: 'mismatch' });
  });
});

describe('operator catalogue', () => {
  it('lets an admin change settings, with an audit entry holding before and after', async () => {
    const symbol = await addProduct({ symbol: newSymbol('AD') });
    const admin = await loginOperator(t);
    const list = await t.http().get('/api/admin/products').set(admin.auth).expect(200);
    const mine = (list.body as AdminProduct[]).find((p) => p.symbol === symbol)!;
    expect(mine).toMatchObject({ minStake: '1.00', maxStake: '5000.00', hours: null, maintenance: false, enabled: true });
    for (const p of list.body as AdminProduct[]) for (const k of ['price', 'outcome', 'payout', 'lastPrice']) expect(p).not.toHaveProperty(k);

    const r = await t
      .http()
      .patch(`/api/admin/products/${symbol}`)
      .set(admin.auth)
      .send({
        names: { 'zh-TW': '新名稱', en: 'New name' },
        maintenance: true,
        maintenanceMessage: 'Back at 10:00',
        expiries: [
          { seconds: 120, payoutRate: '0.9' },
          { seconds: 30, payoutRate: '0.75' },
        ],
        minStake: '5.00',
        maxStake: 2500,
        hours: [{ day: 1, open: '22:00', close: '06:00' }],
        timezone: 'Asia/Taipei',
        holidays: ['2026-12-25'],
      });
    // Hours, time zone and holidays shape sessions: scheduled (202), the rest applied at once.
    expect(r.status).toBe(202);
    expect(r.body.scheduledChanges.map((c: { field: string }) => c.field)).toEqual(['hours', 'timezone', 'holidays']);
    expect(r.body.scheduledChanges.map((c: { effectiveAt: string }) => c.effectiveAt)).toEqual(Array(3).fill(r.body.scheduledChange.effectiveAt));
    expect(r.body.scheduledChanges[0]).toMatchObject({ from: null, to: [{ day: 1, open: '22:00', close: '06:00' }] });
    expect(r.body.product).toMatchObject({
      symbol,
      names: { 'zh-TW': '新名稱', en: 'New name' },
      maintenance: true,
      maintenanceMessage: 'Back at 10:00',
      expiries: [
        { seconds: 30, payoutRate: '0.75' },
        { seconds: 120, payoutRate: '0.9' },
      ],
      minStake: '5.00',
      maxStake: '2500.00',
      hours: null,
      timezone: 'UTC',
      holidays: [],
    });
    const [entry] = await t.ds.query(`SELECT * FROM audit_log WHERE action = 'product.update' AND target_id = $1`, [symbol]);
    expect(entry.details.before).toMatchObject({ maintenance: false, minStake: '1.00', maxStake: '5000.00' });
    expect(entry.details.after).toMatchObject({ maintenance: true, minStake: '5.00', maxStake: '2500.00' });
    expect(entry.details.after).not.toHaveProperty('timezone');
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'product.change_scheduled' AND target_id = $1`, [symbol]);
    expect(n).toBe(3);
    const pub = await t.http().get(`/api/products/${symbol}?lang=en`).expect(200);
    expect(pub.body).toMatchObject({ name: 'New name', status: 'maintenance', maintenanceMessage: 'Back at 10:00', minStake: '5.00' });
    expect(pub.body.scheduledChanges).toHaveLength(3);
    // `suspended` is the same immediate switch: new orders only.
    await t.http().patch(`/api/admin/products/${symbol}`).set(admin.auth).send({ suspended: false }).expect(200);
    expect((await t.http().get(`/api/products/${symbol}`).expect(200)).body.status).toBe('open');
  });

  it('refuses reviewers, bad bodies, unknown products, and any attempt to send a price, outcome or payout', async () => {
    const symbol = await addProduct({ symbol: newSymbol('RV') });
    const reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
    expect((await t.http().get('/api/admin/products').set(reviewer.auth)).status).toBe(200); // reading is for every operator
    const denied = await t.http().patch(`/api/admin/products/${symbol}`).set(reviewer.auth).send({ maintenance: true });
    expect([denied.status, denied.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.http().patch(`/api/admin/products/${symbol}`).send({ maintenance: true })).status).toBe(401);

    const admin = await loginOperator(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ minStake: '10.00', maxStake: '5.00' }, 'minStake'],
      [{ expiries: [{ seconds: 60, payoutRate: '1.5' }] }, 'expiries.0.payoutRate'],
      [
        {
          expiries: [
            { seconds: 60, payoutRate: '0.8' },
            { seconds: 60, payoutRate: '0.7' },
          ],
        },
        'expiries.1.seconds',
      ],
      [{ timezone: 'Europe/Atlantis' }, 'timezone'],
      [{ hours: [{ day: 2, open: '9:00', close: '17:00' }] }, 'hours.0.open'],
      [{ precision: 12 }, 'precision'],
      [{ price: '100.00' }, 'price'],
      [{ outcome: 'win' }, 'outcome'],
      [{ payout: '1.00' }, 'payout'],
      [{ payoutOverride: true }, 'payoutOverride'],
    ];
    for (const [body, field] of cases) {
      const r = await t.http().patch(`/api/admin/products/${symbol}`).set(admin.auth).send(body);
      expect([r.status, r.body.error.code, r.body.error.field, JSON.stringify(body)]).toEqual([400, 'VALIDATION_FAILED', field, JSON.stringify(body)]);
    }
    const none = await t.http().patch('/api/admin/products/NOSUCHPRODUCT').set(admin.auth).send({ maintenance: true });
    expect([none.status, none.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'product.update' AND target_id = $1`, [symbol]);
    expect(n).toBe(0); // nothing refused was recorded as done
  });
});

describe('socket relay', () => {
  function connect(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const s = io(t.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  }
  const next = <T>(s: Socket, event: string, match: (e: T) => boolean, ms = 5000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      const on = (e: T) => {
        if (!match(e)) return;
        clearTimeout(timer);
        s.off(event, on);
        resolve(e);
      };
      s.on(event, on);
    });

  it('delivers a tick written by the feed path to ticker and candle subscribers', async () => {
    const symbol = await addProduct({ symbol: newSymbol('SK') });
    const s = await connect();
    try {
      const ack = await s.emitWithAck('subscribe', { channels: [`ticker:${symbol}`, `candles:${symbol}:1m`] });
      expect(ack).toEqual({ ok: true, channels: [`ticker:${symbol}`, `candles:${symbol}:1m`], refused: [] });
      const ticker = next<TickerEvent>(s, 'ticker', (e) => e.symbol === symbol);
      const candle = next<CandleEvent>(s, 'candle', (e) => e.symbol === symbol);
      const w = await writer.writeTick(symbol, '123.4', undefined, { volume: '2', flush: true });
      expect(await ticker).toMatchObject({
        symbol,
        price: '123.40',
        t: w.t,
        seq: w.seq,
        high24h: '123.40',
        low24h: '123.40',
        volume24h: '2',
        amount24h: '246.80',
      });
      expect(await candle).toMatchObject({ symbol, interval: '1m', o: '123.40', c: '123.40', v: '2' });
    } finally {
      s.close();
    }
  });

  it('announces a status change to everyone when maintenance is toggled', async () => {
    const symbol = await addProduct({ symbol: newSymbol('MK') });
    await new Promise((r) => setTimeout(r, 1500)); // let the watcher record the product as open
    const s = await connect();
    try {
      const event = next<MarketEvent>(s, 'market', (e) => e.symbol === symbol);
      const admin = await loginOperator(t);
      await t.http().patch(`/api/admin/products/${symbol}`).set(admin.auth).send({ maintenance: true }).expect(200);
      expect(await event).toEqual({ symbol, status: 'maintenance' });
    } finally {
      s.close();
    }
  });
});

describe('feed lock', () => {
  it('lets one feed produce at a time and hands over when it stops', async () => {
    const key = `feed:leader:test:${newSymbol('LK')}`;
    const events: string[] = [];
    const a = new FeedLeader(t.redis, {
      key,
      ttlMs: 2000,
      intervalMs: 100_000,
      onAcquired: () => void events.push('a+'),
      onLost: () => void events.push('a-'),
    });
    const b = new FeedLeader(t.redis, {
      key,
      ttlMs: 2000,
      intervalMs: 100_000,
      onAcquired: () => void events.push('b+'),
      onLost: () => void events.push('b-'),
    });
    await a.tick();
    await b.tick();
    expect([a.isLeader, b.isLeader]).toEqual([true, false]);
    await a.tick(); // renews
    await b.tick();
    expect(events).toEqual(['a+']);
    await t.redis.del(key); // Redis lost the lock (FLUSHALL): the leader takes it back rather than stopping
    await a.tick();
    expect(await t.redis.get(key)).toBe(a.id);
    await a.stop(); // releases
    await b.tick();
    expect([a.isLeader, b.isLeader]).toEqual([false, true]);
    expect(events).toEqual(['a+', 'a-', 'b+']);
    await t.redis.set(key, 'someone-else');
    await b.tick(); // another process holds it now: b stops producing
    expect(b.isLeader).toBe(false);
    expect(events).toEqual(['a+', 'a-', 'b+', 'b-']);
    await t.redis.del(key);
  });

  it("a follower takes over the moment a dead leader's lock runs out, not at its next round", async () => {
    const key = `feed:leader:test:${newSymbol('LX')}`;
    const dead = new FeedLeader(t.redis, { key, ttlMs: 1000, intervalMs: 100_000, onAcquired: () => undefined, onLost: () => undefined });
    await dead.tick(); // leads, then never renews: as if SIGKILLed
    const acquiredAt = Date.now();
    let tookOverAt = 0;
    const follower = new FeedLeader(t.redis, {
      key,
      ttlMs: 1000,
      intervalMs: 100_000, // its next round would come far too late
      onAcquired: () => void (tookOverAt = Date.now()),
      onLost: () => undefined,
    });
    follower.start();
    try {
      for (const end = Date.now() + 3000; !follower.isLeader && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
      expect([follower.isLeader, await t.redis.get(key)]).toEqual([true, follower.id]);
      expect(tookOverAt - acquiredAt).toBeGreaterThanOrEqual(990);
      expect(tookOverAt - acquiredAt).toBeLessThan(1500);
    } finally {
      await follower.stop();
    }
  });

  it('gives the lock back when the feed cannot start, so it is tried again', async () => {
    const key = `feed:leader:test:${newSymbol('LF')}`;
    let attempts = 0;
    const events: string[] = [];
    const leader = new FeedLeader(t.redis, {
      key,
      ttlMs: 5000,
      intervalMs: 100_000,
      onAcquired: () => {
        attempts++;
        if (attempts === 1) throw new Error('database unreachable');
        events.push('started');
      },
      onLost: () => void events.push('stopped'),
    });
    await leader.tick();
    expect([leader.isLeader, await t.redis.get(key)]).toEqual([false, null]);
    await leader.tick();
    expect([leader.isLeader, await t.redis.get(key), attempts]).toEqual([true, leader.id, 2]);
    expect(events).toEqual(['stopped', 'started']);
    await leader.stop();
  });
});
