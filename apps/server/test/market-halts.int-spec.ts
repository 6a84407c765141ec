import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { MarketEvent } from '@candor/contracts';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { MarketService } from '../src/market/market.service.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { balanceOf, createTestProduct, fundCash, runningBalanceMismatches, sleep, tick, tickWriter, waitFor } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { runScript } from './support/scripts.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';

// Halts and the rules around them, with the feed process on four fake exchanges: two exchanges fall silent,
// the product halts (MARKET_HALTED, a `market` event), resumes by itself; an order expiring in the halt
// settles on the first tick within the grace period, or is voided with its stake refunded.
const STALE_MS = 1500;
const GRACE_MS = 3000;

let t: TestApp;
let feed: VenueFeed;
let writer: TickWriter;
let settlement: SettlementService;

beforeAll(async () => {
  t = await startApp({ SETTLE_GRACE_MS: String(GRACE_MS) });
  feed = await startVenueFeed(t, { FEED_STALE_MS: String(STALE_MS) });
  writer = tickWriter(t);
  settlement = new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService), undefined, { SETTLE_GRACE_MS: GRACE_MS });
});
afterAll(async () => {
  await writer?.close();
  await feed?.close();
  await t?.close();
});
afterEach(async () => {
  feed.fakes.silence('okx', false);
  feed.fakes.silence('kraken', false);
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
});

const place = (u: LoggedIn, body: Record<string, unknown>) =>
  t
    .http()
    .post('/api/orders')
    .set(u.auth)
    .send({ direction: 'up', amount: '10.00', durationSeconds: 2, account: 'real', ...body });
const product = async (symbol: string) => (await t.http().get(`/api/products/${symbol}`).expect(200)).body;
const halted = (symbol: string) => waitFor(`${symbol} halted`, async () => ((await product(symbol)).status === 'halted' ? product(symbol) : null), 10_000);
const silenceTwo = (on = true) => {
  feed.fakes.silence('okx', on);
  feed.fakes.silence('kraken', on);
};

function socket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(t.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const verifyReceipt = (u: LoggedIn, orderId: string) => runScript('verify-receipt.mjs', [orderId, '--api', t.url, '--token', u.token]);

describe('halts', () => {
  it('two exchanges silent: the product halts (MARKET_HALTED, a market event, the feed status says why) and resumes by itself', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 10_000);
    const symbol = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await feed.tick(symbol, '10.00');
    expect(await product(symbol)).toMatchObject({
      status: 'open',
      priceSource: {
        kind: 'venues',
        quorum: 3,
        maxDeviationBps: 50,
        venues: [{ venue: 'binance' }, { venue: 'okx' }, { venue: 'coinbase' }, { venue: 'kraken' }],
      },
    });
    const s = await socket();
    const events: MarketEvent[] = [];
    s.on('market', (e: MarketEvent) => e.symbol === symbol && events.push(e));
    try {
      silenceTwo();
      expect(await halted(symbol)).toMatchObject({ status: 'halted', haltReason: 'quorum' });
      const refused = await place(u, { symbol });
      expect([refused.status, refused.body.error.code, refused.body.error.reason]).toEqual([422, 'MARKET_HALTED', 'quorum']);
      expect(refused.body.error.message).toMatch(/\S/);
      await waitFor('the halt event', async () => events.some((e) => e.status === 'halted'), 5000);
      expect(events.find((e) => e.status === 'halted')).toEqual({ symbol, status: 'halted', haltReason: 'quorum' });
      // The feed's state, written every second, says the same.
      const status = await waitFor('the feed status', async () => {
        const all = (await t.http().get('/api/market/feed-status').expect(200)).body;
        const mine = all.find((p: { symbol: string }) => p.symbol === symbol);
        return mine?.status === 'halted' ? mine : null;
      });
      expect(status).toMatchObject({ symbol, kind: 'venues', status: 'halted', haltReason: 'quorum', used: 0, total: 4 });
      const okx = status.venues.find((v: { venue: string }) => v.venue === 'okx');
      expect(okx).toMatchObject({ used: false, reason: 'stale' });
      // Binance is fresh: unused only because the product is below quorum, so it carries no reason of its own.
      const binance = status.venues.find((v: { venue: string }) => v.venue === 'binance');
      expect(binance).toMatchObject({ connected: true, used: false });
      expect(binance.reason).toBeUndefined();
      const [row] = await t.ds.query(`SELECT reason, ended_at FROM market_halts WHERE symbol = $1`, [symbol]);
      expect(row).toEqual({ reason: 'quorum', ended_at: null });

      silenceTwo(false);
      await feed.tick(symbol, '10.01');
      await waitFor('the resume', async () => (await product(symbol)).status === 'open', 10_000);
      await waitFor('the resume event', async () => events.some((e) => e.status === 'open'), 5000);
      expect(events.at(-1)).toEqual({ symbol, status: 'open' });
      expect((await place(u, { symbol })).status).toBe(201);
      const [ended] = await t.ds.query(`SELECT ended_at FROM market_halts WHERE symbol = $1`, [symbol]);
      expect(ended.ended_at).not.toBeNull();
    } finally {
      s.close();
    }
    await waitFor(
      'the order settled',
      async () => (await settlement.settleWindow(0, Date.now() + 60_000), (await balanceOf(t, u.id, 'escrow')) === 0),
      10_000,
      300,
    );
  });

  it('an order expiring in a halt settles on the first tick within the grace period after its expiry', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 10_000);
    const symbol = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await feed.tick(symbol, '20.00');
    const o = (await place(u, { symbol })).body;
    expect(o.openPrice).toBe('20.00');
    silenceTwo();
    await halted(symbol);
    const expiry = Date.parse(o.expiresAt);
    await sleep(Math.max(0, expiry - Date.now() + 300));
    // Expired inside the halt: the last tick before the expiry is the one before the halt, which must not close it.
    expect((await product(symbol)).status).toBe('halted');
    expect((await settlement.settleWindow(0, Date.now() + 60_000)).filter((r) => r.id === o.id)).toEqual([]);
    silenceTwo(false);
    const resumed = await feed.tick(symbol, '20.50');
    expect(Date.parse(resumed.t)).toBeLessThanOrEqual(expiry + GRACE_MS);
    await waitFor('the settlement', async () => (await settlement.settleWindow(0, Date.now() + 60_000)).some((r) => r.id === o.id), 5000, 200);
    const settled = (await t.http().get(`/api/orders/${o.id}`).set(u.auth).expect(200)).body;
    expect(settled).toMatchObject({ status: 'settled', outcome: 'win', closePrice: '20.50', payout: '18.50' });
    expect(Date.parse(settled.closedAt)).toBeGreaterThan(expiry);
    expect(Date.parse(settled.closedAt)).toBeLessThanOrEqual(expiry + GRACE_MS);
    expect(await balanceOf(t, u.id, 'cash')).toBe(10_850);
    const receipt = (await t.http().get(`/api/orders/${o.id}/receipt`).set(u.auth).expect(200)).body;
    expect(receipt).toMatchObject({
      closeRule: 'halt',
      graceMs: GRACE_MS,
      halt: { reason: 'quorum' },
      exitTick: { price: '20.50', rule: { name: 'median-of-mids' } },
    });
    expect(Date.parse(receipt.halt.startedAt)).toBeLessThan(expiry);
    await sleep(1500); // the exit tick's block is sealed
    const verified = await verifyReceipt(u, o.id);
    expect([verified.code, verified.out]).toEqual([0, expect.stringContaining('OK')]);
  });

  it('with no valid price within the grace period the order is voided and its stake refunded, and a new order is refused meanwhile', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 10_000);
    const symbol = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await feed.tick(symbol, '30.00');
    const o = (await place(u, { symbol, direction: 'down', amount: '12.34' })).body;
    silenceTwo();
    await halted(symbol);
    const expiry = Date.parse(o.expiresAt);
    await sleep(Math.max(0, expiry + GRACE_MS + 2100 - Date.now()));
    expect((await place(u, { symbol })).body.error.code).toBe('MARKET_HALTED');
    const done = await settlement.settleWindow(0, Date.now() + 60_000);
    expect(done.filter((r) => r.id === o.id)).toHaveLength(1);
    const voided = (await t.http().get(`/api/orders/${o.id}`).set(u.auth).expect(200)).body;
    expect(voided).toMatchObject({ status: 'voided', voidReason: 'halt', payout: '12.34', pnl: '0.00' });
    expect(voided).not.toHaveProperty('closePrice');
    expect(await balanceOf(t, u.id, 'cash')).toBe(10_000);
    expect(await balanceOf(t, u.id, 'escrow')).toBe(0);
    const [entry] = await t.ds.query(`SELECT type FROM journal_entries WHERE unique_key = $1`, [`settle:${o.id}`]);
    expect(entry.type).toBe('order_void');
    const finished = (await t.http().get('/api/orders?status=settled').set(u.auth).expect(200)).body.items.map((x: { id: string }) => x.id);
    expect(finished).toContain(o.id);
    // One record for the order: its stake, voided, the stake returned.
    const records = (await t.http().get('/api/wallet/records').set(u.auth).expect(200)).body.items.map(
      (r: { type: string; amount: string; status: string; returned: string }) => [r.type, r.amount, r.status, r.returned],
    );
    expect(records).toContainEqual(['order_stake', '-12.34', 'void', '12.34']);
    const receipt = (await t.http().get(`/api/orders/${o.id}/receipt`).set(u.auth).expect(200)).body;
    expect(receipt).toMatchObject({ closeRule: 'void', exitTick: null, halt: { reason: 'quorum', endedAt: null } });
    expect(receipt.verify).toContain('voided');
    const verified = await verifyReceipt(u, o.id);
    expect([verified.code, verified.out]).toEqual([0, expect.stringContaining('OK')]);
    silenceTwo(false);
    await feed.tick(symbol, '30.10');
  });
});

describe('simulated prices', () => {
  it('a real-account order on a simulated product is refused with PRICE_SIMULATED; the demo account trades it', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 10_000);
    const symbol = await createTestProduct(t, { expiries: [{ seconds: 60, payoutRate: '0.85' }] });
    await tick(writer, symbol, '5.00');
    expect(await product(symbol)).toMatchObject({ status: 'open', priceSource: { kind: 'simulated', venues: [] } });
    const real = await place(u, { symbol, durationSeconds: 60 });
    expect([real.status, real.body.error.code]).toEqual([422, 'PRICE_SIMULATED']);
    expect(await balanceOf(t, u.id, 'cash')).toBe(10_000);
    const demo = await place(u, { symbol, durationSeconds: 60, account: 'demo' });
    expect([demo.status, demo.body.openPrice]).toEqual([201, '5.00']);
    // Exchange markets named in the catalogue are not enough: the tick an order would open on must come from them.
    const mapped = await createTestProduct(t, { expiries: [{ seconds: 60, payoutRate: '0.85' }] });
    await tick(writer, mapped, '6.00');
    await t.ds.query(`UPDATE products SET price_venues = '[{"venue":"binance","symbol":"XUSDT"}]'::jsonb WHERE symbol = $1`, [mapped]);
    t.app.get(MarketService).invalidate();
    const forged = await place(u, { symbol: mapped, durationSeconds: 60 });
    expect([forged.status, forged.body.error.code]).toEqual([422, 'PRICE_SIMULATED']);
    expect(await balanceOf(t, u.id, 'cash')).toBe(10_000);
  });
});
