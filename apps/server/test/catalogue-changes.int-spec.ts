import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminProduct, CatalogueChange, OrderReceipt, Product, ScheduledChangeResponse, TickBlock } from '@candor/contracts';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { MarketService } from '../src/market/market.service.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import {
  balanceOf,
  createTestProduct,
  rawQuery,
  runningBalanceMismatches,
  sleep,
  tick,
  tickPump,
  tickWriter,
  type TestProductOptions,
} from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { runScript } from './support/scripts.js';
import { REDIS_CHANNELS } from '@candor/cross-process';
import { checkBlocks } from '../../../scripts/verify-chain.mjs';

// Catalogue changes as a dishonest operator would try them: a precision, a holiday, another instrument's
// market. Changes that shape prices or sessions are scheduled (202), public, never reach an open order, and
// take effect in the tick record at their second; orders whose last price at the expiry is stale follow the
// halt rule. The feed process runs on four fake exchanges; simulated test products take ticks from a writer.
const STALE_MS = 1500;
const GRACE_MS = 2000;

let t: TestApp;
let feed: VenueFeed;
let writer: TickWriter;
let settlement: SettlementService;
let admin: { auth: { Authorization: string } };

beforeAll(async () => {
  // No notice beyond the floor (the longest expiry plus a minute): the changes below take effect within the test.
  t = await startApp({ CATALOGUE_NOTICE_HOURS: '0', SETTLE_GRACE_MS: String(GRACE_MS), FEED_STALE_MS: String(STALE_MS) });
  feed = await startVenueFeed(t, { FEED_STALE_MS: String(STALE_MS) });
  writer = tickWriter(t);
  settlement = new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService), undefined, {
    SETTLE_GRACE_MS: GRACE_MS,
    FEED_STALE_MS: STALE_MS,
  });
  admin = await loginOperator(t);
});
afterAll(async () => {
  await writer?.close();
  await feed?.close();
  await t?.close();
});
afterEach(async () => {
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
});

const patch = (symbol: string, body: Record<string, unknown>) => t.http().patch(`/api/admin/products/${symbol}`).set(admin.auth).send(body);
const product = async (symbol: string): Promise<Product> => (await t.http().get(`/api/products/${symbol}`).expect(200)).body;
const place = (u: LoggedIn, body: Record<string, unknown>) =>
  t
    .http()
    .post('/api/orders')
    .set(u.auth)
    .send({ direction: 'up', amount: '10.00', durationSeconds: 2, account: 'demo', ...body });
const receipt = async (u: LoggedIn, id: string): Promise<OrderReceipt> => (await t.http().get(`/api/orders/${id}/receipt`).set(u.auth).expect(200)).body;
const settleDue = () => settlement.settleWindow(0, Date.now() + 60_000);
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A simulated test product whose symbol ends in its quote currency, so exchange markets of its asset are accepted. */
async function productEndingIn(quote: string, opts: TestProductOptions = {}): Promise<string> {
  const symbol = await createTestProduct(t, opts);
  await t.ds.query(`UPDATE products SET symbol = $2 WHERE symbol = $1`, [symbol, `${symbol}${quote}`]);
  t.app.get(MarketService).invalidate();
  return `${symbol}${quote}`;
}

const verifyChain = (symbol: string, from: number, to: number) => runScript('verify-chain.mjs', [symbol, String(from), String(to), '--api', t.url]);
const verifyReceipt = (u: LoggedIn, orderId: string) => runScript('verify-receipt.mjs', [orderId, '--api', t.url, '--token', u.token]);

describe('catalogue changes are scheduled, never immediate', () => {
  it('refuses a precision that keeps fewer than 5 significant digits, schedules one that does, and shows it to everyone', async () => {
    const symbol = await createTestProduct(t, { precision: 5, expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await tick(writer, symbol, '1.08416');

    // The attack of the report: precision 0 would turn 1.08416 into "1" and decide every open order.
    const zero = await patch(symbol, { precision: 0 });
    expect([zero.status, zero.body.error.code, zero.body.error.field]).toEqual([400, 'VALIDATION_FAILED', 'precision']);
    expect(zero.body.error.message).toMatch(/\S/);

    const before = Date.now();
    const r = await patch(symbol, { precision: 4 });
    expect(r.status).toBe(202);
    const body = r.body as ScheduledChangeResponse;
    expect(body.scheduledChange).toMatchObject({ field: 'precision', from: 5, to: 4 });
    const at = Date.parse(body.scheduledChange.effectiveAt);
    expect(at % 1000).toBe(0);
    expect(at).toBeGreaterThanOrEqual(before + 62_000); // the floor: the longest expiry (2 s) plus a minute
    expect(body.product).toMatchObject({ symbol, precision: 5 });
    expect(body.product.scheduledChanges).toEqual([body.scheduledChange]);

    // Public before it happens: the product, the list of pending changes, the product's history, the feed status.
    expect((await product(symbol)).scheduledChanges).toEqual([body.scheduledChange]);
    expect((await product(symbol)).precision).toBe(5);
    const pending = (await t.http().get('/api/catalogue-changes').expect(200)).body.items as CatalogueChange[];
    expect(pending.find((c) => c.id === body.scheduledChange.id)).toMatchObject({ symbol, status: 'pending', decidedAt: null });
    const history = (await t.http().get(`/api/products/${symbol}/changes`).expect(200)).body;
    expect(history.items[0]).toMatchObject({ id: body.scheduledChange.id, status: 'pending' });

    // The record keeps the current precision until then.
    await writer.refreshSchedule();
    expect((await tick(writer, symbol, '1.08417')).price).toBe('1.08417');

    // One pending change per field; a second one waits for the first to be cancelled.
    const again = await patch(symbol, { precision: 6 });
    expect([again.status, again.body.error.code]).toEqual([409, 'CHANGE_ALREADY_SCHEDULED']);

    const [audit] = await t.ds.query(`SELECT details FROM audit_log WHERE action = 'product.change_scheduled' AND target_id = $1`, [symbol]);
    expect(audit.details).toMatchObject({ changeId: body.scheduledChange.id, field: 'precision', from: 5, to: 4 });

    // Cancelled before its time: gone from the product, kept in the history, audited; a second cancel is refused.
    const url = `/api/admin/products/${symbol}/scheduled-changes/${body.scheduledChange.id}`;
    await t.http().delete(url).set(admin.auth).expect(204);
    const twice = await t.http().delete(url).set(admin.auth);
    expect([twice.status, twice.body.error.code]).toEqual([409, 'ALREADY_DECIDED']);
    const unknown = await t.http().delete(`/api/admin/products/${symbol}/scheduled-changes/00000000-0000-4000-8000-000000000000`).set(admin.auth);
    expect(unknown.status).toBe(404);
    expect((await product(symbol)).scheduledChanges).toEqual([]);
    expect((await t.http().get(`/api/products/${symbol}/changes`).expect(200)).body.items[0]).toMatchObject({ status: 'cancelled' });
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'product.change_cancelled' AND target_id = $1`, [symbol]);
    expect(n).toBe(1);
  });

  it("schedules today's holiday instead of closing the market: open orders settle on their own expiry tick", async () => {
    const u = await createUser(t);
    const symbol = await createTestProduct(t, { precision: 2, expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    let price = 100;
    const pump = tickPump(writer, symbol, () => (price += 0.01).toFixed(2), 200);
    try {
      await tick(writer, symbol, '100.00');
      const order = await place(u, { symbol });
      expect(order.status).toBe(201);
      const r = await patch(symbol, { holidays: [todayUtc()] });
      expect(r.status).toBe(202);
      expect(r.body.scheduledChange).toMatchObject({ field: 'holidays', from: [], to: [todayUtc()] });
      expect((await product(symbol)).status).toBe('open'); // the market stays open until effectiveAt
      await sleep(Date.parse(order.body.expiresAt) - Date.now() + 600);
      await settleDue();
      const rc = await receipt(u, order.body.id);
      expect(rc.closeRule).toBe('expiry');
      expect(rc.order.status).toBe('settled');
      // The close is the last tick at or before the expiry, well inside the staleness limit.
      const closeAt = Date.parse(rc.exitTick!.t);
      expect(closeAt).toBeLessThanOrEqual(Date.parse(order.body.expiresAt));
      expect(Date.parse(order.body.expiresAt) - closeAt).toBeLessThan(STALE_MS);
      expect(rc.order.outcome).toBe('win'); // the pump only goes up
      await sleep(1200); // the tick after the expiry is sealed into its block
      expect(await verifyReceipt(u, order.body.id)).toEqual({ code: 0, out: expect.stringContaining('OK: the receipt matches') });
    } finally {
      await pump.stop();
    }
  });

  it('refuses an exchange market of another instrument (BTCUSDT priced from Binance ETHUSDT)', async () => {
    const r = await patch('BTCUSDT', { priceVenues: [{ venue: 'binance', symbol: 'ETHUSDT' }] });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([400, 'VALIDATION_FAILED', 'priceVenues.0.symbol']);
    const mixed = await patch('BTCUSDT', {
      priceVenues: [
        { venue: 'binance', symbol: 'BTCUSDT' },
        { venue: 'okx', symbol: 'ETH-USDT' },
      ],
    });
    expect([mixed.status, mixed.body.error.field]).toEqual([400, 'priceVenues.1.symbol']);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM product_changes WHERE symbol = 'BTCUSDT'`);
    expect(n).toBe(0);
  });

  it('refuses an order whose expiry would reach a pending change, with the time it takes effect', async () => {
    const u = await createUser(t);
    const symbol = await createTestProduct(t, { precision: 2, expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await tick(writer, symbol, '50.00');
    // As the feed would see a change about to take effect (scheduled long ago): in a second.
    const at = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    await t.ds.query(
      `INSERT INTO product_changes (id, symbol, field, from_value, to_value, effective_at, created_at)
       VALUES (gen_random_uuid(), $1, 'precision', '2', '3', $2, now() - interval '1 day')`,
      [symbol, at],
    );
    t.app.get(MarketService).invalidate();
    const r = await place(u, { symbol });
    expect([r.status, r.body.error.code, r.body.error.effectiveAt]).toEqual([422, 'CATALOGUE_CHANGE_PENDING', at.toISOString()]);
    expect(r.body.error.message).toMatch(/\S/);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM orders WHERE symbol = $1`, [symbol]);
    expect(n).toBe(0);
    await t.ds.query(`UPDATE product_changes SET status = 'cancelled', decided_at = now() WHERE symbol = $1`, [symbol]);
  });
});

describe('an expiry in a feed gap follows the halt rule', () => {
  it('closes on the first tick within the grace period ("halt"), or voids and refunds the stake ("void")', async () => {
    const u = await createUser(t);
    const graced = await createTestProduct(t, { precision: 2, expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    const voided = await createTestProduct(t, { precision: 2, expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await Promise.all([tick(writer, graced, '10.00'), tick(writer, voided, '20.00')]);
    const a = await place(u, { symbol: graced });
    const b = await place(u, { symbol: voided, direction: 'down' });
    expect([a.status, b.status]).toEqual([201, 201]);
    const demoBefore = await balanceOf(t, u.id, 'demo');
    // No tick until after the expiry: the last price at the expiry is older than the staleness limit.
    await sleep(Date.parse(a.body.expiresAt) - Date.now() + 300);
    const late = await tick(writer, graced, '10.50');
    await settleDue();
    const ra = await receipt(u, a.body.id);
    expect(ra).toMatchObject({ closeRule: 'halt', staleMs: STALE_MS, exitTick: { seq: late.seq, price: '10.50' } });
    expect(ra.halt).toBeUndefined();
    expect(ra.gap?.lastTickAt).toBe((await t.ds.query(`SELECT min(t) AS t FROM ticks WHERE symbol = $1`, [graced]))[0].t.toISOString());
    expect(ra.order.outcome).toBe('win');
    await sleep(1200); // the exit tick's second is sealed into its block
    await writer.flush();
    expect(await verifyReceipt(u, a.body.id)).toEqual({ code: 0, out: expect.stringContaining('OK: the receipt matches') });

    // The other product stays silent through the grace period: voided, the whole stake back.
    await sleep(Date.parse(b.body.expiresAt) + GRACE_MS + 2200 - Date.now());
    await settleDue();
    const rb = await receipt(u, b.body.id);
    expect(rb).toMatchObject({ closeRule: 'void', exitTick: null, order: { status: 'voided', payout: '10.00', pnl: '0.00' } });
    expect(rb.gap).toMatchObject({ staleMs: STALE_MS });
    expect(await balanceOf(t, u.id, 'demo')).toBe(demoBefore + 1000 + Number((ra.order.payout ?? '0').replace('.', '')));
  });
});

describe('a scheduled change takes effect at its second, in the tick record', () => {
  it('switches precision and markets exactly at effectiveAt, refuses a market whose mid disagrees, and tells the users it reached', async () => {
    // Three products on the feed: a precision change, a market added that agrees, one that does not.
    const opts: TestProductOptions = { precision: 5, expiries: [{ seconds: 2, payoutRate: '0.85' }] };
    const precise = await createVenueProduct(t, opts);
    const agree = await createVenueProduct(t, opts);
    const disagree = await createVenueProduct(t, opts);
    const three = (s: string) =>
      t.ds.query(
        `UPDATE products SET price_venues = (SELECT jsonb_agg(v) FROM jsonb_array_elements(price_venues) v WHERE v->>'venue' <> 'kraken') WHERE symbol = $1`,
        [s],
      );
    await Promise.all([three(agree), three(disagree)]);
    await t.redis.publish(REDIS_CHANNELS.productsChanged, '*');
    t.app.get(MarketService).invalidate();
    // The fakes name markets after the product, whose test symbol has no quote currency and so no base asset for
    // the console's check: the markets are added straight to the schedule, as an accepted change would stand there.
    const u = await createUser(t);
    const stopStream = feed.fakes.stream([precise, agree], { everyMs: 100, decimals: 5, prices: { [precise]: 1.08416, [agree]: 2.5 } });
    // Kraken quotes the disagreeing product's new market 5 % away from the others (the limit is 0.5 %).
    const off = setInterval(() => {
      feed.fakes.quote(disagree, '3.49990', '3.50010', ['binance', 'okx', 'coinbase']);
      feed.fakes.quote(disagree, '3.67490', '3.67510', ['kraken']);
    }, 100);
    const stop = () => {
      stopStream();
      clearInterval(off);
    };
    try {
      await Promise.all([precise, agree, disagree].map((s) => feed.tickAfter(s, Date.now())));
      const r = await patch(precise, { precision: 4 });
      expect(r.status).toBe(202);
      const at = Date.parse((r.body as ScheduledChangeResponse).scheduledChange.effectiveAt);
      const venuesOf = async (s: string) => (await t.ds.query(`SELECT price_venues FROM products WHERE symbol = $1`, [s]))[0].price_venues;
      for (const s of [agree, disagree]) {
        const from = await venuesOf(s);
        const to = [...from, { venue: 'kraken', symbol: `${s}/USDT` }];
        await t.ds.query(
          `INSERT INTO product_changes (id, symbol, field, from_value, to_value, effective_at) VALUES (gen_random_uuid(), $1, 'priceVenues', $2::jsonb, $3::jsonb, $4)`,
          [s, JSON.stringify(from), JSON.stringify(to), new Date(at)],
        );
      }
      await t.redis.publish(REDIS_CHANNELS.productsChanged, '*');
      t.app.get(MarketService).invalidate();
      // A user with an order open on the product within 12 h of the change.
      const order = await place(u, { symbol: precise });
      expect(order.status).toBe(201);

      // Until then, every price has 5 decimals; an order whose expiry would reach the change is refused.
      await sleep(Math.max(0, at - Date.now() - 3000));
      const tooLong = await place(u, { symbol: precise, durationSeconds: 2 });
      expect([tooLong.status, tooLong.body.error.code]).toEqual([422, 'CATALOGUE_CHANGE_PENDING']);
      await sleep(at - Date.now() + 2500);

      // Applied, in the block of its second; refused, and said so.
      const changes = await t.ds.query(
        `SELECT symbol, field, status, refused_reason, block_second FROM product_changes WHERE effective_at = $1 ORDER BY symbol`,
        [new Date(at)],
      );
      const bySymbol = Object.fromEntries(changes.map((c: { symbol: string }) => [c.symbol, c]));
      expect(bySymbol[precise]).toMatchObject({ status: 'applied', block_second: String(at / 1000) });
      expect(bySymbol[agree]).toMatchObject({ status: 'applied', block_second: String(at / 1000) });
      expect(bySymbol[disagree]).toMatchObject({ status: 'refused', refused_reason: 'deviation' });
      expect((await product(precise)).precision).toBe(4);

      const from = at / 1000 - 3;
      const to = at / 1000 + 1;
      const blocks: TickBlock[] = (await t.http().get(`/api/products/${precise}/blocks?from=${from}&to=${to}`).expect(200)).body;
      const own = blocks.find((b) => Number(b.second) === at / 1000)!;
      expect(own.changes).toEqual([
        { id: (r.body as ScheduledChangeResponse).scheduledChange.id, field: 'precision', from: '5', to: '4', effectiveAt: new Date(at).toISOString() },
      ]);
      // No tick before the change has 4 decimals only by the rule... every tick before has 5, every tick from it on 4.
      const decimals = (p: string) => p.split('.')[1]?.length ?? 0;
      for (const b of blocks) for (const k of b.ticks) expect([k.t, decimals(k.price)]).toEqual([k.t, Date.parse(k.t) < at ? 5 : 4]);
      // The added market prices the other product from its second on, never before.
      const agreeBlocks: TickBlock[] = (await t.http().get(`/api/products/${agree}/blocks?from=${from}&to=${to}`).expect(200)).body;
      for (const b of agreeBlocks) for (const k of b.ticks) expect([k.t, k.sources?.some((s) => s.venue === 'kraken')]).toEqual([k.t, Date.parse(k.t) >= at]);

      // Anyone can check it; an altered change record breaks the chain.
      const ok = await verifyChain(precise, from, to);
      expect(ok.code).toBe(0);
      expect(ok.out).toMatch(/precision: 5 -> 4/);
      const altered = blocks.map((b) => (b === own ? { ...b, changes: [{ ...own.changes![0]!, to: '0' }] } : b));
      expect(checkBlocks(blocks)).toEqual([]);
      expect(checkBlocks(altered).join('\n')).toMatch(/hash/i);

      // The user whose order was open around it sees it among the operator actions on their account.
      const activity = (await t.http().get('/api/me/activity').set(u.auth).expect(200)).body.items;
      expect(activity.find((a: { action: string; symbol?: string }) => a.action === 'product.change_applied' && a.symbol === precise)).toMatchObject({
        role: 'system',
        change: { field: 'precision', from: 5, to: 4, effectiveAt: new Date(at).toISOString() },
      });
      const stranger = await createUser(t);
      const none = (await t.http().get('/api/me/activity').set(stranger.auth).expect(200)).body.items;
      expect(none.some((a: { action: string }) => a.action === 'product.change_applied')).toBe(false);

      // Orders opened before it settled under the terms they opened with.
      await settleDue();
      const first = await receipt(u, order.body.id);
      expect(first.order).toMatchObject({ status: 'settled', precision: 5 });
      expect(first.order.priceVenues.length).toBe(4);
      const after = await place(u, { symbol: precise });
      expect(after.status).toBe(201);
      expect(after.body.precision).toBe(4);
    } finally {
      stop();
    }
  }, 120_000);
});

describe('the record of changes', () => {
  it('refuses to alter the terms of a change, to decide one twice, or to delete one', async () => {
    const symbol = await productEndingIn('USDT', { precision: 2, expiries: [{ seconds: 30, payoutRate: '0.85' }] });
    const r = await patch(symbol, { precision: 3 });
    expect(r.status).toBe(202);
    const id = (r.body as ScheduledChangeResponse).scheduledChange.id;
    const refused = async (sql: string) =>
      (await rawQuery(sql, [id]).then(
        () => 'done',
        (e: Error) => e.message,
      )) as string;
    expect(await refused(`UPDATE product_changes SET to_value = '8' WHERE id = $1`)).toMatch(/cannot be altered/);
    expect(await refused(`UPDATE product_changes SET effective_at = effective_at - interval '1 day' WHERE id = $1`)).toMatch(/cannot be altered/);
    expect(await refused(`DELETE FROM product_changes WHERE id = $1`)).toMatch(/append-only/);
    await t.http().delete(`/api/admin/products/${symbol}/scheduled-changes/${id}`).set(admin.auth).expect(204);
    expect(await refused(`UPDATE product_changes SET status = 'applied', decided_at = now() WHERE id = $1`)).toMatch(/cannot be altered/);
    // Orders keep the terms they opened with: the database refuses a change of them too.
    const u = await createUser(t);
    const traded = await createTestProduct(t, { precision: 2, expiries: [{ seconds: 60, payoutRate: '0.85' }] });
    await tick(writer, traded, '12.34');
    const order = await place(u, { symbol: traded, durationSeconds: 60 });
    expect(order.body.precision).toBe(2);
    for (const set of [`precision = 0`, `price_venues = '[{"venue":"binance","symbol":"ETHUSDT"}]'`]) {
      const e = await rawQuery(`UPDATE orders SET ${set} WHERE id = $1`, [order.body.id]).then(
        () => 'done',
        (err: Error) => err.message,
      );
      expect(e).toMatch(/terms of order .* cannot change/);
    }
  });
});

describe('the admin list', () => {
  it('shows each product with its pending changes and the earliest time a change may take effect', async () => {
    const symbol = await productEndingIn('USDT', { precision: 2, expiries: [{ seconds: 30, payoutRate: '0.85' }] });
    const r = await patch(symbol, { timezone: 'Asia/Taipei', effectiveAt: new Date(Date.now() + 1000).toISOString().replace(/\.\d+Z$/, '.000Z') });
    expect([r.status, r.body.error.code, r.body.error.field]).toEqual([400, 'VALIDATION_FAILED', 'effectiveAt']);
    expect(Date.parse(r.body.error.earliestAt)).toBeGreaterThanOrEqual(Date.now() + 89_000);
    const ok = await patch(symbol, { timezone: 'Asia/Taipei', maxStake: '900.00' });
    expect(ok.status).toBe(202);
    expect(ok.body.product).toMatchObject({ timezone: 'UTC', maxStake: '900.00' }); // the stake at once, the zone later
    const list = (await t.http().get('/api/admin/products').set(admin.auth).expect(200)).body as AdminProduct[];
    const mine = list.find((p) => p.symbol === symbol)!;
    expect(mine.scheduledChanges).toMatchObject([{ field: 'timezone', from: 'UTC', to: 'Asia/Taipei' }]);
    expect(Date.parse(mine.earliestEffectiveAt)).toBeGreaterThanOrEqual(Date.now() + 89_000);
  });
});
