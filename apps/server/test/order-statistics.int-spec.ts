import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { formatCents, localDate } from '@candor/domain';
import type { Order, OrderStatistics } from '@candor/contracts';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { createTestProduct, fundCash, runningBalanceMismatches, sleep, tick, tickWriter } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { Clock } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { MarketService } from '../src/market/market.service.js';
import { ORDER_STATISTICS_SQL } from '../src/orders/orders.repository.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';

/**
 * GET /api/orders/statistics against orders placed through the api and settled by the worker's own
 * SettlementService (as settlement.int-spec.ts does): real orders on products priced from four fake
 * exchanges, demo orders on a simulated product fed through the tick writer. Every figure is checked to
 * the cent against the scenario, and against the orders' own results. The statistics' clock is the test's,
 * moved forward to see the same orders on earlier days of the period and then out of it.
 */
class TestClock extends Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

const DAY_MS = 86_400_000;
const DURATION = 5;

let t: TestApp;
let writer: TickWriter;
let feed: VenueFeed;
let settlement: SettlementService;
const clock = new TestClock();

beforeAll(async () => {
  t = await startApp({}, { clock });
  writer = tickWriter(t);
  feed = await startVenueFeed(t);
  settlement = new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService));
});
afterAll(async () => {
  await feed?.close();
  await writer?.close();
  await t?.close();
});
afterEach(async () => {
  clock.offsetMs = 0;
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
});

const place = async (u: LoggedIn, body: Record<string, unknown>): Promise<Order> => {
  const r = await t
    .http()
    .post('/api/orders')
    .set(u.auth)
    .send({ durationSeconds: DURATION, account: 'real', ...body });
  expect({ status: r.status, body: r.status === 201 ? null : r.body }).toEqual({ status: 201, body: null });
  return r.body as Order;
};
const stats = async (u: LoggedIn, query: string): Promise<OrderStatistics> =>
  (await t.http().get(`/api/orders/statistics?${query}`).set(u.auth).expect(200)).body;
const settled = async (u: LoggedIn, account: 'real' | 'demo'): Promise<Order[]> =>
  (await t.http().get(`/api/orders?status=settled&account=${account}&limit=100`).set(u.auth).expect(200)).body.items;

/** Orders of one account summed by local date in `tz` (an oracle from the orders' own results). */
function byDate(orders: Order[], tz: string): Map<string, { orders: number; net: number }> {
  const out = new Map<string, { orders: number; net: number }>();
  for (const o of orders) {
    const d = localDate(new Date(o.closedAt!), tz);
    const e = out.get(d) ?? { orders: 0, net: 0 };
    e.orders += 1;
    e.net += Math.round(Number(o.pnl) * 100);
    out.set(d, e);
  }
  return out;
}

/** Every day of an answer: the oracle's figures on its dates, zeros elsewhere. */
function expectDays(s: OrderStatistics, orders: Order[]): void {
  const expected = byDate(orders, s.timezone);
  expect(s.byDay).toHaveLength(s.days);
  for (const day of s.byDay) {
    const e = expected.get(day.date);
    expect({ date: day.date, orders: day.orders, net: day.net }).toEqual({ date: day.date, orders: e?.orders ?? 0, net: formatCents(e?.net ?? 0) });
  }
  expect(s.byDay.reduce((n, d) => n + d.orders, 0)).toBe(orders.length);
}

describe('trade statistics', () => {
  let a: LoggedIn;
  let b: LoggedIn;
  let up: string;
  let flat: string;
  let sim: string;
  let open: Order;

  beforeAll(async () => {
    [a, b] = [await createUser(t), await createUser(t)];
    await fundCash(t, a.id, 100_000); // 1000.00
    await fundCash(t, b.id, 100_000);
    const expiries = [
      { seconds: DURATION, payoutRate: '0.85' },
      { seconds: 600, payoutRate: '0.85' },
    ];
    up = await createVenueProduct(t, { expiries, minStakeCents: 1 });
    flat = await createVenueProduct(t, { expiries: [{ seconds: DURATION, payoutRate: '0.80' }], minStakeCents: 1 });
    sim = await createTestProduct(t, { expiries: [{ seconds: DURATION, payoutRate: '0.85' }] });
    // A name per language for one product: the list shows it in the reader's.
    await t.ds.query(`UPDATE products SET names = $2::jsonb WHERE symbol = $1`, [up, JSON.stringify({ 'zh-TW': '測試上漲', en: 'Test rise' })]);
    t.app.get(MarketService).invalidate();
    await Promise.all([feed.tick(up, '100.00'), feed.tick(flat, '50.00'), tick(writer, sim, '10.00')]);

    // The simulated product's price is the test's: fresh (under 3 s old) for each demo order.
    const demo = async (u: LoggedIn, body: Record<string, unknown>) => {
      await tick(writer, sim, '10.00');
      return place(u, { ...body, symbol: sim, account: 'demo' });
    };
    const placed = [
      // A, real: a win, a loss and a tie; one order that stays open.
      await place(a, { symbol: up, direction: 'up', amount: '33.33' }),
      await place(a, { symbol: up, direction: 'down', amount: '10.00' }),
      await place(a, { symbol: flat, direction: 'up', amount: '20.00' }),
      // A, demo: a win and a loss.
      await demo(a, { direction: 'up', amount: '100.00' }),
      await demo(a, { direction: 'down', amount: '40.00' }),
      // B: a real loss and a demo win, never A's.
      await place(b, { symbol: up, direction: 'down', amount: '1.00' }),
      await demo(b, { direction: 'up', amount: '7.00' }),
    ];
    open = await place(a, { symbol: up, direction: 'up', amount: '5.00', durationSeconds: 600 });

    // The closing prices before the expiries, later prices that would flip every result after them.
    const closes = await Promise.all([feed.tick(up, '100.01'), feed.tick(flat, '50.00'), tick(writer, sim, '10.50')]);
    const firstExpiry = Math.min(...placed.map((o) => Date.parse(o.expiresAt)));
    expect(closes.every((c) => Date.parse(c.t) <= firstExpiry)).toBe(true);
    await sleep(Math.max(0, Math.max(...placed.map((o) => Date.parse(o.expiresAt))) - Date.now() + 30));
    await Promise.all([feed.tick(up, '1.00'), feed.tick(flat, '999.00'), tick(writer, sim, '10.60')]);
    const done = (await settlement.settleWindow(0, Date.now() + 60_000)).filter((r) => r.user_id === a.id || r.user_id === b.id);
    expect(done.map((r) => r.id).sort()).toEqual(placed.map((o) => o.id).sort());
  }, 60_000);

  it('sums the real account to the cent: win rate without ties, staked, paid out, net, by day and by product', async () => {
    const s = await stats(a, 'account=real&days=7');
    // 33.33 up wins (+ floor(3333 x 0.85) = 28.33), 10.00 down loses, 20.00 ties; the open 5.00 is not counted.
    expect(s).toMatchObject({
      account: 'real',
      days: 7,
      timezone: 'Asia/Taipei',
      totals: { orders: 3, wins: 1, losses: 1, ties: 1, winRate: '0.5000', staked: '63.33', paidOut: '81.66', net: '18.33' },
    });
    expect(s.byProduct).toEqual([
      { symbol: up, name: '測試上漲', orders: 2, wins: 1, losses: 1, ties: 0, winRate: '0.5000', staked: '43.33', paidOut: '61.66', net: '18.33' },
      { symbol: flat, name: flat, orders: 1, wins: 0, losses: 0, ties: 1, winRate: null, staked: '20.00', paidOut: '20.00', net: '0.00' },
    ]);
    const orders = await settled(a, 'real');
    expect(orders.map((o) => o.id)).not.toContain(open.id);
    expectDays(s, orders);
    // The period: the 7 local days ending today, midnight to midnight in Taipei (UTC+8).
    expect(s.byDay[6]!.date).toBe(localDate(new Date(), 'Asia/Taipei'));
    expect(s.from.endsWith('T16:00:00.000Z')).toBe(true);
    expect(Date.parse(s.to) - Date.parse(s.from)).toBe(7 * DAY_MS);
    // The product's name follows the language asked for.
    expect((await t.http().get('/api/orders/statistics?account=real&days=7&lang=en').set(a.auth).expect(200)).body.byProduct[0].name).toBe('Test rise');
  });

  it('keeps demo apart, and a user never sees another user’s orders', async () => {
    const s = await stats(a, 'account=demo&days=30');
    // 100.00 up wins 185.00, 40.00 down loses.
    expect(s.totals).toEqual({ orders: 2, wins: 1, losses: 1, ties: 0, winRate: '0.5000', staked: '140.00', paidOut: '185.00', net: '45.00' });
    expect(s.byProduct.map((p) => [p.symbol, p.orders, p.net])).toEqual([[sim, 2, '45.00']]);
    expectDays(s, await settled(a, 'demo'));

    expect((await stats(b, 'account=demo&days=30')).totals).toEqual({
      orders: 1,
      wins: 1,
      losses: 0,
      ties: 0,
      winRate: '1.0000',
      staked: '7.00',
      paidOut: '12.95',
      net: '5.95',
    });
    expect((await stats(b, 'account=real&days=7')).totals).toMatchObject({ orders: 1, wins: 0, losses: 1, winRate: '0.0000', net: '-1.00' });
  });

  it('answers every day of 7, 30 and 90, zeros included, with the same totals', async () => {
    for (const days of [7, 30, 90]) {
      const s = await stats(a, `account=real&days=${days}`);
      expect(s.byDay).toHaveLength(days);
      expect(s.totals.net).toBe('18.33');
      expect(s.byDay.filter((d) => d.orders === 0).every((d) => d.net === '0.00' && d.winRate === null && d.staked === '0.00')).toBe(true);
    }
    // Defaults: the real account, 30 days.
    expect(await stats(a, '')).toMatchObject({ account: 'real', days: 30, totals: { orders: 3 } });
  });

  it('puts each order on the local day of its close in the zone asked for', async () => {
    const orders = await settled(a, 'real');
    // 25 hours apart: the same instant is never the same date in these two zones.
    const east = await stats(a, 'account=real&days=7&tz=Pacific/Kiritimati');
    const west = await stats(a, 'account=real&days=7&tz=Pacific/Pago_Pago');
    expect(east.timezone).toBe('Pacific/Kiritimati');
    expectDays(east, orders);
    expectDays(west, orders);
    const dayOf = (s: OrderStatistics) => s.byDay.filter((d) => d.orders > 0).map((d) => d.date);
    expect(dayOf(east)).not.toEqual(dayOf(west));
    expect(dayOf(east)).toEqual([...byDate(orders, 'Pacific/Kiritimati').keys()].sort());
  });

  it('moves the orders to earlier days as the days pass, then out of the period', async () => {
    const today = await stats(a, 'account=real&days=7&tz=UTC');
    const index = today.byDay.findIndex((d) => d.orders > 0);
    clock.offsetMs = 3 * DAY_MS;
    const later = await stats(a, 'account=real&days=7&tz=UTC');
    expect(later.byDay.findIndex((d) => d.orders > 0)).toBe(index - 3);
    expect(later.totals).toEqual(today.totals);
    clock.offsetMs = 8 * DAY_MS;
    const gone = await stats(a, 'account=real&days=7&tz=UTC');
    expect(gone.totals).toEqual({ orders: 0, wins: 0, losses: 0, ties: 0, winRate: null, staked: '0.00', paidOut: '0.00', net: '0.00' });
    expect(gone.byDay.every((d) => d.orders === 0)).toBe(true);
    expect(gone.byProduct).toEqual([]);
    expect((await stats(a, 'account=real&days=30&tz=UTC')).totals.net).toBe('18.33');
  });

  it.each<[string, string]>([
    ['account=both', 'account'],
    ['account=REAL', 'account'],
    ['days=14', 'days'],
    ['days=7.0', 'days'],
    ['days=', 'days'],
    ['tz=Mars/Olympus', 'tz'],
    ['tz=', 'tz'],
    [`tz=${'A'.repeat(65)}`, 'tz'],
    ['tz=Asia%2FTaipei%00', 'tz'],
    ['userId=00000000-0000-0000-0000-000000000000', 'userId'],
  ])('refuses %s with 400 VALIDATION_FAILED on %s', async (query, field) => {
    const res = await t.http().get(`/api/orders/statistics?${query}`).set(a.auth).set('Accept-Language', 'en').expect(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect(res.body.error.message).toEqual(expect.any(String));
  });

  it('asks for a token', async () => {
    expect((await t.http().get('/api/orders/statistics').expect(401)).body.error.code).toBe('UNAUTHENTICATED');
  });

  it('reads the orders through orders_user_created, the index the order list uses', async () => {
    const plan = await t.ds.transaction(async (em) => {
      await em.query(`SET LOCAL enable_seqscan = off`);
      const now = Date.now();
      const bounds = [now - DAY_MS, now, now + DAY_MS].map((ms) => new Date(ms).toISOString());
      const rows: { 'QUERY PLAN': unknown }[] = await em.query(`EXPLAIN (FORMAT JSON) ${ORDER_STATISTICS_SQL}`, [
        a.id,
        'real',
        bounds,
        new Date(now - 3 * DAY_MS),
        new Date(now + DAY_MS),
      ]);
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    });
    expect(plan).toContain('"Index Name":"orders_user_created"');
  });
});
