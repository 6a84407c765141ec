import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { balanceOf, createTestProduct, fundCash, rawQuery, runningBalanceMismatches, tick, tickWriter, waitFor } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { MarketService } from '../src/market/market.service.js';

// Real-account orders need prices made from exchanges: the product here is priced by the feed process from
// four fake exchanges (support/venues.ts); `writer` writes ticks of simulated test products directly.
let t: TestApp;
let writer: TickWriter;
let feed: VenueFeed;
let symbol: string;

beforeAll(async () => {
  t = await startApp();
  writer = tickWriter(t);
  feed = await startVenueFeed(t);
  symbol = await createVenueProduct(t, {
    expiries: [
      { seconds: 60, payoutRate: '0.85' },
      { seconds: 300, payoutRate: '0.80' },
    ],
    minStakeCents: 100,
    maxStakeCents: 100_000,
  });
});
afterAll(async () => {
  await feed?.close();
  await writer?.close();
  await t?.close();
});
afterEach(async () => {
  // Every scenario leaves the ledger whole: balances = postings, sum zero, running balances consistent.
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
});

const order = (over: Record<string, unknown> = {}) => ({ symbol, direction: 'up', amount: '10.00', durationSeconds: 60, account: 'real', ...over });
const place = (u: LoggedIn, body: unknown, headers: Record<string, string> = {}) =>
  t
    .http()
    .post('/api/orders')
    .set(u.auth)
    .set(headers)
    .send(body as object);

async function funded(cents: number): Promise<LoggedIn> {
  const u = await createUser(t);
  if (cents) await fundCash(t, u.id, cents);
  return u;
}

describe('POST /api/orders', () => {
  it("opens at the server's latest tick, expires on the first whole second after request time + duration, and moves the stake cash -> escrow in the same transaction", async () => {
    const u = await funded(10_000);
    const socket: Socket = io(t.url, { path: '/socket.io', auth: { token: u.token }, transports: ['websocket'], forceNew: true });
    const events: { name: string; payload: Record<string, unknown> }[] = [];
    socket.on('order', (p) => events.push({ name: 'order', payload: p }));
    socket.on('wallet', (p) => events.push({ name: 'wallet', payload: p }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await new Promise((r) => setTimeout(r, 100)); // the server joins the user room after the handshake

    await feed.tick(symbol, '100.25');
    const before = Date.now();
    // A client-side price is not part of the contract: it is refused, not used.
    expect((await place(u, order({ price: '1.00' }))).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'price' });
    const res = await place(u, order({ amount: '12.34', direction: 'down' }));
    const after = Date.now();
    expect(res.status).toBe(201);
    const o = res.body;
    expect(o).toMatchObject({
      symbol,
      account: 'real',
      direction: 'down',
      amount: '12.34',
      durationSeconds: 60,
      payoutRate: '0.85',
      openPrice: '100.25',
      status: 'open',
    });
    expect(o.orderNo).toMatch(/^O\d{8}\d{10,}$/);
    expect(o).not.toHaveProperty('outcome');
    expect(o).not.toHaveProperty('closePrice');
    const exp = Date.parse(o.expiresAt);
    // The first whole second at or after the request + 60 s: never early, less than a second late.
    expect(exp % 1000).toBe(0);
    expect(exp).toBeGreaterThanOrEqual(before + 60_000);
    expect(exp).toBeLessThanOrEqual(Math.ceil((after + 60_000) / 1000) * 1000);

    const w = await t.http().get('/api/wallet').set(u.auth).expect(200);
    expect(w.body).toMatchObject({ available: '87.66', inOrders: '12.34' });
    // It opened on a stored tick of the record, made from the exchanges' quotes, at that tick's price and time.
    const [row] = await t.ds.query(`SELECT open_tick_seq, amount FROM orders WHERE id = $1`, [o.id]);
    const [k] = await t.ds.query(`SELECT t, price::text AS price, sources IS NOT NULL AS venues FROM ticks WHERE symbol = $1 AND seq = $2`, [
      symbol,
      row.open_tick_seq,
    ]);
    expect([new Date(k.t).toISOString(), k.price, k.venues, String(row.amount)]).toEqual([o.openedAt, '100.25', true, '1234']);
    const entries = await t.ds.query(`SELECT type, ref_id FROM journal_entries WHERE user_id = $1 AND type = 'order_stake'`, [u.id]);
    expect(entries).toEqual([{ type: 'order_stake', ref_id: o.id }]);

    expect((await t.http().get(`/api/orders/${o.id}`).set(u.auth).expect(200)).body).toEqual(o);
    await waitFor('order and wallet events', async () => events.some((e) => e.name === 'order') && events.some((e) => e.name === 'wallet'), 5000);
    expect(events.find((e) => e.name === 'order')!.payload).toEqual(o);
    expect(events.find((e) => e.name === 'wallet')!.payload).toMatchObject({ available: '87.66', inOrders: '12.34' });
    socket.close();
  });

  it('refuses bad input with 400/422 and a stable code, never 500, and moves nothing', async () => {
    const u = await funded(100_000);
    await feed.tick(symbol, '100.00');
    const cases: [string, unknown, number, string, string | undefined][] = [
      ['unknown symbol', order({ symbol: 'NOPE99' }), 400, 'VALIDATION_FAILED', 'symbol'],
      ['lower-case symbol', order({ symbol: symbol.toLowerCase() }), 400, 'VALIDATION_FAILED', 'symbol'],
      ['unknown direction', order({ direction: 'sideways' }), 400, 'VALIDATION_FAILED', 'direction'],
      ['duration not offered', order({ durationSeconds: 30 }), 422, 'EXPIRY_NOT_OFFERED', 'durationSeconds'],
      ['duration as a string', order({ durationSeconds: '60' }), 400, 'VALIDATION_FAILED', 'durationSeconds'],
      ['fractional duration', order({ durationSeconds: 60.5 }), 400, 'VALIDATION_FAILED', 'durationSeconds'],
      ['amount 0', order({ amount: 0 }), 422, 'AMOUNT_OUT_OF_RANGE', 'amount'],
      ['amount "0.00"', order({ amount: '0.00' }), 422, 'AMOUNT_OUT_OF_RANGE', 'amount'],
      ['amount -1', order({ amount: -1 }), 422, 'AMOUNT_OUT_OF_RANGE', 'amount'],
      ['amount "-1"', order({ amount: '-1' }), 422, 'AMOUNT_OUT_OF_RANGE', 'amount'],
      ['amount "1.234"', order({ amount: '1.234' }), 400, 'VALIDATION_FAILED', 'amount'],
      ['amount "abc"', order({ amount: 'abc' }), 400, 'VALIDATION_FAILED', 'amount'],
      ['amount "1e3"', order({ amount: '1e3' }), 400, 'VALIDATION_FAILED', 'amount'],
      ['amount null', order({ amount: null }), 400, 'VALIDATION_FAILED', 'amount'],
      ['amount below the minimum', order({ amount: '0.99' }), 422, 'AMOUNT_OUT_OF_RANGE', 'amount'],
      ['amount above the maximum', order({ amount: '1000.01' }), 422, 'AMOUNT_OUT_OF_RANGE', 'amount'],
      ['amount far above anything', order({ amount: '9999999999999.99' }), 422, 'AMOUNT_OUT_OF_RANGE', 'amount'],
      ['unknown account', order({ account: 'vip' }), 400, 'VALIDATION_FAILED', 'account'],
      ['unknown field', order({ openPrice: '1' }), 400, 'VALIDATION_FAILED', 'openPrice'],
      ['missing symbol', { direction: 'up', amount: '10', durationSeconds: 60 }, 400, 'VALIDATION_FAILED', 'symbol'],
      ['an array', [order()], 400, 'VALIDATION_FAILED', undefined],
    ];
    for (const [name, body, status, code, field] of cases) {
      const r = await place(u, body);
      expect([name, r.status, r.body.error?.code]).toEqual([name, status, code]);
      if (field) expect([name, r.body.error.field]).toEqual([name, field]);
    }
    // 1e309 is not a finite number once parsed: the raw JSON must still be a clean 400.
    const raw = await t
      .http()
      .post('/api/orders')
      .set(u.auth)
      .set('Content-Type', 'application/json')
      .send(`{"symbol":"${symbol}","direction":"up","amount":1e309,"durationSeconds":60}`);
    expect([raw.status, raw.body.error.code, raw.body.error.field]).toEqual([400, 'VALIDATION_FAILED', 'amount']);
    const broken = await t.http().post('/api/orders').set(u.auth).set('Content-Type', 'application/json').send('{"symbol":');
    expect([broken.status, broken.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badKey = await place(u, order(), { 'Idempotency-Key': 'has space' });
    expect([badKey.status, badKey.body.error.code, badKey.body.error.field]).toEqual([400, 'VALIDATION_FAILED', 'Idempotency-Key']);
    const anon = await t.http().post('/api/orders').send(order());
    expect([anon.status, anon.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);

    expect(await t.ds.query(`SELECT id FROM orders WHERE user_id = $1`, [u.id])).toEqual([]);
    expect(await balanceOf(t, u.id, 'cash')).toBe(100_000);
    expect(await balanceOf(t, u.id, 'escrow')).toBe(0);
  });

  it('refuses a closed market, a market in maintenance, a market that closes before expiry, and stale or missing prices', async () => {
    const u = await funded(100_000);
    const day = (new Date().getUTCDay() + 3) % 7;
    const closed = await createTestProduct(t, { hours: [{ day, open: '10:00', close: '11:00' }], expiries: [{ seconds: 60, payoutRate: '0.85' }] });
    const maintenance = await createTestProduct(t, { maintenance: true, expiries: [{ seconds: 60, payoutRate: '0.85' }] });
    const noTicks = await createTestProduct(t, { expiries: [{ seconds: 60, payoutRate: '0.85' }] });
    const stale = await createTestProduct(t, { expiries: [{ seconds: 60, payoutRate: '0.85' }] });
    await writer.writeTick(stale, '5.00', new Date(Date.now() - 3500), { flush: true });

    for (const [s, account, code] of [
      [closed, 'real', 'MARKET_CLOSED'],
      [maintenance, 'real', 'MARKET_CLOSED'],
      [noTicks, 'demo', 'MARKET_DATA_STALE'],
      [stale, 'demo', 'MARKET_DATA_STALE'],
      // Simulated prices (no exchange markets): never real money, whatever the ticks.
      [noTicks, 'real', 'PRICE_SIMULATED'],
      [stale, 'real', 'PRICE_SIMULATED'],
    ] as const) {
      const r = await place(u, order({ symbol: s, account }));
      expect([s, account, r.status, r.body.error?.code]).toEqual([s, account, 422, code]);
    }

    // Open now, but the session ends before a 300 s order would expire (skipped in the minutes around midnight UTC).
    const now = new Date();
    const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
    if (minutes < 23 * 60 + 50) {
      const close = minutes + 2;
      const hhmm = `${String(Math.floor(close / 60)).padStart(2, '0')}:${String(close % 60).padStart(2, '0')}`;
      const short = await createTestProduct(t, {
        hours: [{ day: now.getUTCDay(), open: '00:00', close: hhmm }],
        expiries: [{ seconds: 300, payoutRate: '0.85' }],
      });
      await tick(writer, short, '1.00');
      const r = await place(u, order({ symbol: short, durationSeconds: 300 }));
      expect([r.status, r.body.error?.code]).toEqual([422, 'MARKET_CLOSED']);
    }
    expect(await balanceOf(t, u.id, 'cash')).toBe(100_000);
  });

  it('refuses an order the balance does not cover with INSUFFICIENT_BALANCE', async () => {
    const u = await funded(999);
    await feed.tick(symbol, '100.00');
    const r = await place(u, order({ amount: '10.00' }));
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([422, 'INSUFFICIENT_BALANCE', 'amount']);
    expect(await balanceOf(t, u.id, 'cash')).toBe(999);
    expect(await t.ds.query(`SELECT id FROM orders WHERE user_id = $1`, [u.id])).toEqual([]);
  });

  it('200 parallel orders against a balance that covers 50: exactly 50 succeed and no balance goes negative', async () => {
    const u = await funded(50 * 1000);
    await feed.tick(symbol, '100.00');
    const results = await Promise.all(Array.from({ length: 200 }, () => place(u, order({ amount: '10.00' }))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 422)).toHaveLength(150);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.error.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(await balanceOf(t, u.id, 'cash')).toBe(0);
    expect(await balanceOf(t, u.id, 'escrow')).toBe(50_000);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [u.id]);
    expect(n).toBe(50);
    const [{ negative }] = await t.ds.query(`SELECT count(*)::int AS negative FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`);
    expect(negative).toBe(0);
    const [{ neg }] = await t.ds.query(
      `SELECT count(*)::int AS neg FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = $1 AND p.balance_after < 0`,
      [u.id],
    );
    expect(neg).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body twice -> one order, the first response again; another body -> 409', async () => {
    const u = await funded(10_000);
    await feed.tick(symbol, '100.00');
    const first = await place(u, order({ amount: '10' }), { 'Idempotency-Key': 'order-key-1' });
    expect(first.status).toBe(201);
    // "10" and "10.00" are the same amount: the same request.
    const again = await place(u, order({ amount: '10.00' }), { 'Idempotency-Key': 'order-key-1' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await place(u, order({ amount: '11.00' }), { 'Idempotency-Key': 'order-key-1' });
    expect([other.status, other.body.error.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await t.ds.query(`SELECT id FROM orders WHERE user_id = $1`, [u.id])).toEqual([{ id: first.body.id }]);
    expect(await balanceOf(t, u.id, 'cash')).toBe(9_000);
  });

  it('concurrent duplicates create one order', async () => {
    const u = await funded(10_000);
    await feed.tick(symbol, '100.00');
    const results = await Promise.all(Array.from({ length: 12 }, () => place(u, order({ amount: '2.50' }), { 'Idempotency-Key': 'burst-key' })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [u.id]);
    expect(n).toBe(1);
    expect(await balanceOf(t, u.id, 'cash')).toBe(9_750);
  });

  it('the first answer is final: a repeat after the market closed still answers the order, not MARKET_CLOSED', async () => {
    const u = await funded(10_000);
    const s = await createVenueProduct(t, { expiries: [{ seconds: 60, payoutRate: '0.85' }] });
    await feed.tick(s, '3.00');
    const first = await place(u, order({ symbol: s }), { 'Idempotency-Key': 'before-close' });
    expect(first.status).toBe(201);
    await t.ds.query(`UPDATE products SET maintenance = true WHERE symbol = $1`, [s]);
    t.app.get(MarketService).invalidate();
    const fresh = await place(u, order({ symbol: s }));
    expect(fresh.body.error.code).toBe('MARKET_CLOSED');
    const again = await place(u, order({ symbol: s }), { 'Idempotency-Key': 'before-close' });
    expect([again.status, again.body.id]).toEqual([201, first.body.id]);
    const other = await place(u, order({ symbol: s, amount: '99.00' }), { 'Idempotency-Key': 'before-close' });
    expect([other.status, other.body.error.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('a key whose request failed stays free, and keys belong to their user', async () => {
    const u = await funded(500);
    await feed.tick(symbol, '100.00');
    const refused = await place(u, order({ amount: '10.00' }), { 'Idempotency-Key': 'retry-me' });
    expect(refused.body.error.code).toBe('INSUFFICIENT_BALANCE');
    await fundCash(t, u.id, 1_000);
    const ok = await place(u, order({ amount: '10.00' }), { 'Idempotency-Key': 'retry-me' });
    expect(ok.status).toBe(201);
    const v = await funded(2_000);
    const theirs = await place(v, order({ amount: '10.00' }), { 'Idempotency-Key': 'retry-me' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(ok.body.id);
  });
});

describe('reading orders', () => {
  it("lists a user's own orders newest first with filters and a cursor", async () => {
    const u = await funded(100_000);
    await feed.tick(symbol, '100.00');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await place(u, order({ amount: `${i + 1}.00`, account: i === 4 ? 'demo' : 'real' }))).body.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { id: string }[]; nextCursor: string | null } } = await t
        .http()
        .get(`/api/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .set(u.auth)
        .expect(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((o: { id: string }) => o.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const demo = await t.http().get('/api/orders?account=demo').set(u.auth).expect(200);
    expect(demo.body.items.map((o: { id: string }) => o.id)).toEqual([ids[4]]);
    const real = await t.http().get('/api/orders?account=real&status=open').set(u.auth).expect(200);
    expect(real.body.items).toHaveLength(4);
    expect((await t.http().get('/api/orders?status=settled').set(u.auth).expect(200)).body).toEqual({ items: [], nextCursor: null });
    const bad = await t.http().get('/api/orders?status=closed').set(u.auth);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badCursor = await t.http().get('/api/orders?cursor=nope').set(u.auth);
    expect([badCursor.status, badCursor.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("one user cannot read another's orders or receipts (404)", async () => {
    const a = await funded(10_000);
    const b = await funded(10_000);
    await feed.tick(symbol, '100.00');
    const o = (await place(a, order())).body;
    for (const path of [`/api/orders/${o.id}`, `/api/orders/${o.id}/receipt`]) {
      const r = await t.http().get(path).set(b.auth);
      expect([path, r.status, r.body.error.code]).toEqual([path, 404, 'NOT_FOUND']);
      await t.http().get(path).set(a.auth).expect(200);
    }
    expect((await t.http().get('/api/orders').set(b.auth).expect(200)).body.items).toEqual([]);
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect((await t.http().get(`/api/orders/${id}`).set(a.auth)).status).toBe(404);
      expect((await t.http().get(`/api/orders/${id}/receipt`).set(a.auth)).status).toBe(404);
    }
    // Another user's order id as a list cursor reveals nothing either.
    expect((await t.http().get(`/api/orders?cursor=${o.id}`).set(b.auth).expect(200)).body.items).toEqual([]);
  });

  it('a receipt names the entry tick (and its block once sealed); no exit tick while open', async () => {
    const u = await funded(10_000);
    await feed.tick(symbol, '101.50');
    const o = (await place(u, order())).body;
    const r = await t.http().get(`/api/orders/${o.id}/receipt`).set(u.auth).expect(200);
    expect(r.body.order).toEqual(o);
    const [{ open_tick_seq: seq }] = await t.ds.query(`SELECT open_tick_seq FROM orders WHERE id = $1`, [o.id]);
    const k = { seq: String(seq), t: o.openedAt };
    // The entry tick, with the exchange quotes it was made from.
    expect(r.body.entryTick).toMatchObject({ seq: k.seq, t: k.t, price: '101.50', rule: { name: 'median-of-mids' } });
    expect(r.body.entryTick.sources.map((x: { venue: string }) => x.venue)).toEqual(['binance', 'okx', 'coinbase', 'kraken']);
    expect(r.body.exitTick).toBeNull();
    expect(r.body.closeRule).toBeNull();
    expect(r.body.verify).toContain(`/api/products/${symbol}/ticks`);
    // The second of the entry tick is sealed into a block shortly after it ends.
    await feed.tick(symbol, '101.50');
    const sealed = await waitFor(
      'the entry block',
      async () => {
        const x = await t.http().get(`/api/orders/${o.id}/receipt`).set(u.auth).expect(200);
        return x.body.entryTick.blockHash ? x.body : null;
      },
      5000,
      200,
    );
    expect(sealed.entryTick.blockSecond).toBe(String(Math.floor(Date.parse(k.t) / 1000)));
    const [block] = await t.ds.query(`SELECT hash FROM tick_blocks WHERE symbol = $1 AND second = $2`, [symbol, sealed.entryTick.blockSecond]);
    expect(sealed.entryTick.blockHash).toBe(block.hash.trim());
  });
});

describe('demo account', () => {
  it('trades on separate accounts and resets to its start, leaving open demo orders to settle later', async () => {
    const u = await funded(5_000);
    await feed.tick(symbol, '100.00');
    const o = await place(u, order({ amount: '250.00', account: 'demo' }));
    expect(o.status).toBe(201);
    expect(o.body.account).toBe('demo');
    expect(await balanceOf(t, u.id, 'demo')).toBe(1_000_000 - 25_000);
    expect(await balanceOf(t, u.id, 'demo_escrow')).toBe(25_000);
    expect(await balanceOf(t, u.id, 'cash')).toBe(5_000);
    expect(await balanceOf(t, u.id, 'escrow')).toBe(0);

    const reset = await t.http().post('/api/demo/reset').set(u.auth).expect(200);
    expect(reset.body).toMatchObject({ demo: '10000.00', available: '50.00' });
    expect(await balanceOf(t, u.id, 'demo_escrow')).toBe(25_000);
    const entries = await t.ds.query(`SELECT e.type FROM journal_entries e WHERE e.user_id = $1 AND e.type = 'demo_reset'`, [u.id]);
    expect(entries).toHaveLength(1);
    // Already at the start: nothing to post.
    await t.http().post('/api/demo/reset').set(u.auth).expect(200);
    expect(await t.ds.query(`SELECT e.type FROM journal_entries e WHERE e.user_id = $1 AND e.type = 'demo_reset'`, [u.id])).toHaveLength(1);
    const records = await t.http().get('/api/wallet/records?account=demo').set(u.auth).expect(200);
    expect(records.body.items.map((r: { type: string }) => r.type)).toEqual(expect.arrayContaining(['demo_reset', 'order_stake', 'demo_grant']));
    const realRecords = await t.http().get('/api/wallet/records?account=real').set(u.auth).expect(200);
    expect(realRecords.body.items.map((r: { type: string }) => r.type)).toEqual(['adjustment']);
  });
});

describe('the orders table itself', () => {
  it("refuses to change an order's terms, to delete an order, or to write a result that does not follow from its prices", async () => {
    const u = await funded(10_000);
    await feed.tick(symbol, '100.00');
    const o = (await place(u, order())).body;
    await expect(rawQuery(`UPDATE orders SET amount = 1 WHERE id = $1`, [o.id])).rejects.toThrow(/cannot change/);
    await expect(rawQuery(`UPDATE orders SET open_price = 99 WHERE id = $1`, [o.id])).rejects.toThrow(/cannot change/);
    await expect(rawQuery(`UPDATE orders SET expires_at = expires_at - interval '1 second' WHERE id = $1`, [o.id])).rejects.toThrow(/cannot change/);
    await expect(rawQuery(`DELETE FROM orders WHERE id = $1`, [o.id])).rejects.toThrow(/never deleted/);
    // CASCADE: tables that refer to orders (receipt_checks) would block a plain TRUNCATE before the trigger runs.
    await expect(rawQuery(`TRUNCATE orders CASCADE`)).rejects.toThrow(/append-only/);
    // An "up" order closing higher is a win: recording it as a loss (or paying another amount) is refused by the database.
    const settle = (outcome: string, payout: number, pnl: number) =>
      rawQuery(
        `UPDATE orders SET status = 'settled', close_price = 100.01, close_tick_seq = open_tick_seq, closed_at = opened_at,
              outcome = $2, payout = $3, pnl = $4, settled_at = now() WHERE id = $1`,
        [o.id, outcome, payout, pnl],
      );
    await expect(settle('loss', 0, -1000)).rejects.toThrow(/orders_settled_result_follows_rule/);
    await expect(settle('win', 2000, 1000)).rejects.toThrow(/orders_settled_result_follows_rule/);
    const [row] = await t.ds.query(`SELECT status FROM orders WHERE id = $1`, [o.id]);
    expect(row.status).toBe('open');
  });
});
