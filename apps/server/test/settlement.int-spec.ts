import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { balanceOf, createTestProduct, fundCash, rawQuery, runningBalanceMismatches, sleep, tick, tickWriter } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SETTLE_PLANNER_SQL, SETTLE_SQL, SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';

/**
 * Settlement run in-process (the worker's SettlementService on the test app's database). Real-account
 * orders trade on prices the feed process makes from four fake exchanges (support/venues.ts), set by the
 * test; demo orders on simulated test products take ticks injected through the feed's own writer, which
 * also lets a test hold back every tick after an expiry. No worker process runs here, so every
 * settlement below is the one the test triggers.
 */
let t: TestApp;
let writer: TickWriter;
let feed: VenueFeed;
let settlement: SettlementService;

beforeAll(async () => {
  t = await startApp();
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
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
});

const place = async (u: LoggedIn, body: Record<string, unknown>) => {
  const r = await t
    .http()
    .post('/api/orders')
    .set(u.auth)
    .send({ durationSeconds: 2, account: 'real', ...body });
  // The body rides along so a refusal names its code.
  expect({ status: r.status, body: r.status === 201 ? null : r.body }).toEqual({ status: 201, body: null });
  return r.body as { id: string; expiresAt: string; openPrice: string };
};
const untilPast = async (isoTimes: string[]) => {
  const last = Math.max(...isoTimes.map((s) => Date.parse(s)));
  await sleep(Math.max(0, last - Date.now() + 30));
};
const settleEverythingDue = () => settlement.settleWindow(0, Date.now() + 60_000);
const settleEntries = (ids: string[]) =>
  t.ds.query(`SELECT ref_id, type, count(*) OVER (PARTITION BY ref_id)::int AS n FROM journal_entries WHERE unique_key = ANY($1::text[]) ORDER BY ref_id`, [
    ids.map((id) => `settle:${id}`),
  ]);

describe('settlement', () => {
  it('settles win, loss and tie with exact cents, from the last tick at or before expiry, and a second run does nothing', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 100_000); // 1000.00
    const up = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }], minStakeCents: 1 });
    const down = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.875' }], minStakeCents: 1 });
    const flat = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.80' }], minStakeCents: 1 });
    await Promise.all([feed.tick(up, '100.00'), feed.tick(down, '50.00'), feed.tick(flat, '7.77')]);

    const o = {
      upWin: await place(u, { symbol: up, direction: 'up', amount: '33.33' }),
      upDownLoss: await place(u, { symbol: up, direction: 'down', amount: '10.00' }),
      downUpLoss: await place(u, { symbol: down, direction: 'up', amount: '20.00' }),
      downWin: await place(u, { symbol: down, direction: 'down', amount: '0.07' }),
      tieUp: await place(u, { symbol: flat, direction: 'up', amount: '15.55' }),
      tieDown: await place(u, { symbol: flat, direction: 'down', amount: '1.00' }),
      zeroWin: await place(u, { symbol: up, direction: 'up', amount: '0.01' }),
    };
    // Stakes 33.33 + 10 + 20 + 0.07 + 15.55 + 1 + 0.01 = 79.96 are in escrow.
    expect(await balanceOf(t, u.id, 'cash')).toBe(100_000 - 7_996);
    expect(await balanceOf(t, u.id, 'escrow')).toBe(7_996);

    // The closing prices before expiry (the exchanges keep quoting them until the test moves them).
    const closes = await Promise.all([feed.tick(up, '100.01'), feed.tick(down, '49.99'), feed.tick(flat, '7.77')]);
    const expiries = Object.values(o).map((x) => x.expiresAt);
    expect(closes.every((c) => Date.parse(c.t) <= Math.min(...expiries.map(Date.parse)))).toBe(true);

    // Not expired yet: nothing is settled (an expired order waits for a later tick: 'waits for a tick after its expiry' below).
    expect((await settleEverythingDue()).filter((r) => r.user_id === u.id)).toEqual([]);
    const [{ open }] = await t.ds.query(`SELECT count(*)::int AS open FROM orders WHERE user_id = $1 AND status = 'open'`, [u.id]);
    expect(open).toBe(7);

    // Later prices that would flip every result: they must not be used.
    await untilPast(expiries);
    await Promise.all([feed.tick(up, '1.00'), feed.tick(down, '999.00'), feed.tick(flat, '8.00')]);
    const settled = (await settleEverythingDue()).filter((r) => r.user_id === u.id);
    expect(settled.map((r) => r.id).sort()).toEqual(
      Object.values(o)
        .map((x) => x.id)
        .sort(),
    );

    const get = async (id: string) => (await t.http().get(`/api/orders/${id}`).set(u.auth).expect(200)).body;
    // Hand computed: win pays stake + floor(stake x rate); 3333 x 0.85 = 2833.05 -> 28.33; 7 x 0.875 = 6.125 -> 0.06.
    const upWin = await get(o.upWin.id);
    expect(upWin).toMatchObject({ status: 'settled', outcome: 'win', closePrice: '100.01', payout: '61.66', pnl: '28.33' });
    // The close is the last tick at or before the expiry: at or after the tick that set 100.01, not after the expiry.
    expect(Date.parse(upWin.closedAt)).toBeGreaterThanOrEqual(Date.parse(closes[0]!.t));
    expect(Date.parse(upWin.closedAt)).toBeLessThanOrEqual(Date.parse(o.upWin.expiresAt));
    expect(await get(o.upDownLoss.id)).toMatchObject({ outcome: 'loss', closePrice: '100.01', payout: '0.00', pnl: '-10.00' });
    expect(await get(o.downUpLoss.id)).toMatchObject({ outcome: 'loss', closePrice: '49.99', payout: '0.00', pnl: '-20.00' });
    expect(await get(o.downWin.id)).toMatchObject({ outcome: 'win', closePrice: '49.99', payout: '0.13', pnl: '0.06' });
    expect(await get(o.tieUp.id)).toMatchObject({ outcome: 'tie', closePrice: '7.77', payout: '15.55', pnl: '0.00' });
    expect(await get(o.tieDown.id)).toMatchObject({ outcome: 'tie', closePrice: '7.77', payout: '1.00', pnl: '0.00' });
    // 1 x 0.85 = 0.85 -> 0: a win worth nothing beyond the stake.
    expect(await get(o.zeroWin.id)).toMatchObject({ outcome: 'win', closePrice: '100.01', payout: '0.01', pnl: '0.00' });

    // Money: cash = 1000.00 + 28.33 - 10 - 20 + 0.06 = 998.39, escrow empty, P&L -1.61 (from the house postings).
    expect(await balanceOf(t, u.id, 'cash')).toBe(99_839);
    expect(await balanceOf(t, u.id, 'escrow')).toBe(0);
    const summary = await t.http().get('/api/me/summary').set(u.auth).expect(200);
    expect(summary.body).toMatchObject({ available: '998.39', inOrders: '0.00', pnlTotal: '-1.61' });
    const entries = await settleEntries(Object.values(o).map((x) => x.id));
    expect(entries.map((e: { type: string; n: number }) => [e.type, e.n]).sort()).toEqual([
      ['order_loss', 1],
      ['order_loss', 1],
      ['order_payout', 1],
      ['order_payout', 1],
      ['order_payout', 1],
      ['order_refund', 1],
      ['order_refund', 1],
    ]);
    // Each entry's postings, in order: the stake leaves escrow; a win pays cash and the house pays the profit (none when it is
    // 0 cents), a loss pays the house, a tie refunds cash.
    const legs: { ref_id: string; type: string; legs: string[] }[] = await t.ds.query(
      `SELECT e.ref_id, e.type, array_agg(a.kind || ' ' || p.amount ORDER BY p.id) AS legs
         FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.unique_key = ANY($1::text[]) GROUP BY e.ref_id, e.type`,
      [Object.values(o).map((x) => `settle:${x.id}`)],
    );
    const byOrder = Object.fromEntries(legs.map((l) => [l.ref_id, [l.type, ...l.legs]]));
    expect(byOrder).toEqual({
      [o.upWin.id]: ['order_payout', 'escrow -3333', 'cash 6166', 'house -2833'],
      [o.upDownLoss.id]: ['order_loss', 'escrow -1000', 'house 1000'],
      [o.downUpLoss.id]: ['order_loss', 'escrow -2000', 'house 2000'],
      [o.downWin.id]: ['order_payout', 'escrow -7', 'cash 13', 'house -6'],
      [o.tieUp.id]: ['order_refund', 'escrow -1555', 'cash 1555'],
      [o.tieDown.id]: ['order_refund', 'escrow -100', 'cash 100'],
      [o.zeroWin.id]: ['order_payout', 'escrow -1', 'cash 1'],
    });
    const house = await t.ds.query(
      `SELECT e.type, p.amount FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.user_id = $1 AND a.kind = 'house' AND a.user_id IS NULL ORDER BY p.id`,
      [u.id],
    );
    expect(house.map((h: { amount: string }) => Number(h.amount)).reduce((s: number, x: number) => s + x, 0)).toBe(161);

    // The job run again (or any settler) finds nothing left: no order settles twice.
    expect((await settleEverythingDue()).filter((r) => r.user_id === u.id)).toEqual([]);
    expect((await settlement.settleWindow(Math.floor(Date.parse(expiries[0]!) / 1000) * 1000, Date.now())).filter((r) => r.user_id === u.id)).toEqual([]);
    expect(await settleEntries(Object.values(o).map((x) => x.id))).toHaveLength(7);
    expect(await balanceOf(t, u.id, 'cash')).toBe(99_839);

    // A settled order is final, even for the database owner's ordinary statements.
    await expect(rawQuery(`UPDATE orders SET settled_at = now() WHERE id = $1`, [o.upWin.id])).rejects.toThrow(/settled and final/);
    await expect(rawQuery(`UPDATE orders SET outcome = 'loss', payout = 0, pnl = -3333 WHERE id = $1`, [o.upWin.id])).rejects.toThrow(/settled and final/);

    // The receipt names both ticks.
    const receipt = (await t.http().get(`/api/orders/${o.upWin.id}/receipt`).set(u.auth).expect(200)).body;
    expect(receipt.exitTick).toMatchObject({ t: upWin.closedAt, price: '100.01', rule: { name: 'median-of-mids' } });
    expect(receipt.exitTick.sources.filter((x: { used: boolean }) => x.used)).toHaveLength(4);
    expect(receipt.entryTick.price).toBe('100.00');
    expect(receipt.closeRule).toBe('expiry');
  });

  it('an expired order waits for a tick after its expiry: nothing is settled on a guess', async () => {
    const u = await createUser(t);
    const s = await createTestProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }] }); // simulated: the test holds back the ticks
    await tick(writer, s, '10.00');
    const o = await place(u, { symbol: s, direction: 'up', amount: '10.00', account: 'demo' });
    await tick(writer, s, '10.01');
    await untilPast([o.expiresAt]);
    expect((await settleEverythingDue()).filter((r) => r.user_id === u.id)).toEqual([]);
    expect((await t.http().get(`/api/orders/${o.id}`).set(u.auth).expect(200)).body.status).toBe('open');
    // A later tick at a price that would flip the result: the close is still the last tick at or before the expiry.
    await tick(writer, s, '9.00');
    expect((await settleEverythingDue()).filter((r) => r.user_id === u.id)).toHaveLength(1);
    expect((await t.http().get(`/api/orders/${o.id}`).set(u.auth).expect(200)).body).toMatchObject({ status: 'settled', outcome: 'win', closePrice: '10.01' });
  });

  it('settles demo orders on the demo accounts against demo_house, and they never touch P&L', async () => {
    const u = await createUser(t);
    const s = await createTestProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await tick(writer, s, '10.00');
    const win = await place(u, { symbol: s, direction: 'up', amount: '100.00', account: 'demo' });
    const loss = await place(u, { symbol: s, direction: 'down', amount: '40.00', account: 'demo' });
    const close = await tick(writer, s, '10.50');
    expect(Date.parse(close.t)).toBeLessThan(Date.parse(win.expiresAt));
    await untilPast([win.expiresAt, loss.expiresAt]);
    await tick(writer, s, '10.60');
    expect((await settleEverythingDue()).filter((r) => r.user_id === u.id)).toHaveLength(2);
    // 10000.00 - 140.00 + 185.00 = 10045.00
    expect(await balanceOf(t, u.id, 'demo')).toBe(1_004_500);
    expect(await balanceOf(t, u.id, 'demo_escrow')).toBe(0);
    expect(await balanceOf(t, u.id, 'cash')).toBe(0);
    const kinds = await t.ds.query(
      `SELECT DISTINCT a.kind FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.unique_key = ANY($1::text[])`,
      [[`settle:${win.id}`, `settle:${loss.id}`]],
    );
    expect(kinds.map((k: { kind: string }) => k.kind).sort()).toEqual(['demo', 'demo_escrow', 'demo_house']);
    expect((await t.http().get('/api/me/summary').set(u.auth).expect(200)).body.pnlTotal).toBe('0.00');
  });

  it('a batch whose settlement entry already exists rolls back whole: no order flips, no money moves, nothing leaves open_orders', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 10_000);
    const s = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await feed.tick(s, '5.00');
    const a = await place(u, { symbol: s, direction: 'up', amount: '10.00' });
    const b = await place(u, { symbol: s, direction: 'down', amount: '20.00' });
    // An entry already holding b's settlement key (as if b had been paid by something else): the batch must not pay anything.
    const ledger = t.app.get(LedgerService);
    const ids = await t.ds.transaction((em) => ledger.userAccountIds(em, u.id));
    await t.ds.transaction((em) =>
      ledger.postBatch(em, [
        {
          type: 'order_refund',
          userId: u.id,
          refType: 'order',
          refId: b.id,
          uniqueKey: `settle:${b.id}`,
          postings: [
            { accountId: ids.escrow, amount: -1 },
            { accountId: ids.cash, amount: 1 },
          ],
        },
      ]),
    );
    const cash = await balanceOf(t, u.id, 'cash');
    await feed.tick(s, '5.10');
    await untilPast([a.expiresAt, b.expiresAt]);
    await feed.tick(s, '5.20');
    await expect(settleEverythingDue()).rejects.toThrow(/flipped to settled but their entries already existed/);
    const rows = await t.ds.query(
      `SELECT o.status, (SELECT count(*)::int FROM open_orders q WHERE q.order_id = o.id) AS listed,
              (SELECT count(*)::int FROM journal_entries e WHERE e.unique_key = 'settle:' || o.id) AS entries
         FROM orders o WHERE o.id = ANY($1::uuid[]) ORDER BY o.amount`,
      [[a.id, b.id]],
    );
    expect(rows).toEqual([
      { status: 'open', listed: 1, entries: 0 },
      { status: 'open', listed: 1, entries: 1 },
    ]);
    expect(await balanceOf(t, u.id, 'cash')).toBe(cash);
    // The database is shared with the other test files: no later settler may claim these two again.
    await t.ds.query(`DELETE FROM open_orders WHERE order_id = ANY($1::uuid[])`, [[a.id, b.id]]);
  });

  it('concurrent settlers of the same window settle every order exactly once, in one batch entry per order', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    await Promise.all(users.map((u) => fundCash(t, u.id, 10_000)));
    const s = await createVenueProduct(t, { expiries: [{ seconds: 3, payoutRate: '0.85' }] });
    await feed.tick(s, '20.00');
    const placed = await Promise.all(
      users.flatMap((u) => Array.from({ length: 10 }, (_, i) => place(u, { symbol: s, direction: i % 2 ? 'up' : 'down', amount: '1.00', durationSeconds: 3 }))),
    );
    const close = await feed.tick(s, '20.05');
    expect(Date.parse(close.t)).toBeLessThan(Math.min(...placed.map((p) => Date.parse(p.expiresAt))));
    await untilPast(placed.map((p) => p.expiresAt));
    await feed.tick(s, '20.10');
    const runs = await Promise.all([settleEverythingDue(), settleEverythingDue(), settleEverythingDue()]);
    const mine = new Set(placed.map((p) => p.id));
    const ids = runs
      .flat()
      .map((r) => r.id)
      .filter((id) => mine.has(id));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(await settleEntries(placed.map((p) => p.id))).toHaveLength(40);
    for (const u of users) expect(await balanceOf(t, u.id, 'cash')).toBe(10_000 + 5 * 85 - 5 * 100);
  });

  it("claims in (expiry, turn, user, order) order, so a batch holds all of a user's orders of a second whatever their symbols", async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    await Promise.all(users.map((u) => fundCash(t, u.id, 10_000)));
    const expiries = [{ seconds: 2, payoutRate: '0.85' }];
    const [a, b] = await Promise.all([createVenueProduct(t, { expiries }), createVenueProduct(t, { expiries })]);
    // Each user: four orders over two symbols, all placed early in one second (expiries are whole seconds).
    // The ticks come after the wait, so a slow machine does not age them past the 3 s freshness limit.
    await sleep(1020 - (Date.now() % 1000));
    await Promise.all([feed.tick(a, '10.00'), feed.tick(b, '20.00')]);
    const placed = await Promise.all(
      users.flatMap((u) => [a, b, a, b].map((symbol, i) => place(u, { symbol, direction: i % 2 ? 'up' : 'down', amount: '1.00' }))),
    );
    const userOf = new Map(placed.map((p, k) => [p.id, users[Math.floor(k / 4)]!.id]));
    await untilPast(placed.map((p) => p.expiresAt));
    await Promise.all([feed.tick(a, '10.05'), feed.tick(b, '20.05')]);
    const from = Math.min(...placed.map((p) => Date.parse(p.expiresAt)));
    const to = Math.max(...placed.map((p) => Date.parse(p.expiresAt))) + 1;
    const ledger = t.app.get(LedgerService);
    const mine = new Set(placed.map((p) => p.id));
    // The key each order is claimed by: (expiry, turn, user, order).
    const listed: { order_id: string; expires_at: Date; turn: number; user_id: string }[] = await t.ds.query(
      `SELECT order_id, expires_at, turn, user_id FROM open_orders WHERE order_id = ANY($1::uuid[])`,
      [[...mine]],
    );
    const keyOf = new Map(listed.map((r) => [r.order_id, r]));
    type Key = { expires_at: Date; turn: number; user_id: string; order_id: string };
    const byKey = (x: Key, y: Key) =>
      x.expires_at.getTime() - y.expires_at.getTime() ||
      x.turn - y.turn ||
      (x.user_id < y.user_id ? -1 : x.user_id > y.user_id ? 1 : 0) ||
      (x.order_id < y.order_id ? -1 : 1);
    const batches: Key[][] = [];
    for (;;) {
      const rows = await ledger.transaction((em) => settlement.settleBatch(em, from, to, 4));
      if (rows.length === 0) break;
      batches.push(
        rows
          .filter((r) => mine.has(r.id))
          .map((r) => keyOf.get(r.id)!)
          .sort(byKey),
      );
    }
    const claimed = batches.flat();
    expect(claimed).toHaveLength(12);
    expect(new Set(claimed.map((k) => k.order_id))).toEqual(mine);
    // Batch after batch, the claims follow the key order...
    expect(claimed).toEqual([...claimed].sort(byKey));
    // ...so, the twelve sharing one expiry second, each batch of four is one user's orders.
    expect(new Set(placed.map((p) => p.expiresAt)).size).toBe(1);
    const mineBatches = batches.filter((x) => x.length);
    expect(mineBatches).toHaveLength(3);
    for (const batch of mineBatches) expect(new Set(batch.map((k) => k.user_id)).size).toBe(1);
    for (const k of claimed) expect(k.user_id).toBe(userOf.get(k.order_id));
    // A settled order's open_orders row went with its settlement.
    const [{ listed: left }] = await t.ds.query(`SELECT count(*)::int AS listed FROM open_orders WHERE order_id = ANY($1::uuid[])`, [[...mine]]);
    expect(left).toBe(0);
  });

  it("plans the claim as the key-ordered index scan, also for a second that open_orders' statistics have not seen", async () => {
    type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Subplan Name'?: string; Plans?: PlanNode[] };
    const all = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(all)];
    await t.ds.query('ANALYZE open_orders');
    const qr = t.ds.createQueryRunner();
    await qr.startTransaction();
    try {
      // A burst the statistics know nothing of: 5 000 open orders in one second (rolled back below).
      const second = Math.floor(Date.now() / 1000) + 7200;
      await qr.query(
        `INSERT INTO open_orders (expires_at, symbol, order_id, user_id, turn)
         SELECT to_timestamp($1), 'PLAN', gen_random_uuid(), gen_random_uuid(), g FROM generate_series(1, 5000) AS g`,
        [second],
      );
      await qr.query(SETTLE_PLANNER_SQL);
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = await qr.query(`EXPLAIN (FORMAT JSON) ${SETTLE_SQL}`, [
        new Date(second * 1000).toISOString(),
        new Date((second + 1) * 1000).toISOString(),
        1000,
        10_000,
        new Date().toISOString(),
        5000,
      ]);
      const claimed = all(plan.Plan as PlanNode).find((n) => n['Subplan Name'] === 'CTE claimed');
      expect(claimed).toBeDefined();
      const nodes = all(claimed!);
      // Read in key order from the primary key, stopping at the batch size: nothing scans the whole second or sorts it.
      expect(nodes.filter((n) => n['Relation Name'] === 'open_orders').map((n) => [n['Node Type'], n['Index Name']])).toEqual([
        ['Index Scan', 'open_orders_pkey'],
      ]);
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
      // A settle batch sets it for its statement only: the ledger function after it is planned as everywhere else.
      await settlement.settleBatch(qr.manager, (second + 10) * 1000, (second + 11) * 1000, 1000);
      expect(await qr.query('SHOW enable_bitmapscan')).toEqual([{ enable_bitmapscan: 'on' }]);
    } finally {
      await qr.rollbackTransaction();
      await qr.release();
    }
  });

  it('claims in small batches: only orders whose symbol has a later tick, every ready order once across lanes and concurrent passes', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    await Promise.all(users.map((u) => fundCash(t, u.id, 10_000)));
    const expiries = [
      { seconds: 2, payoutRate: '0.85' },
      { seconds: 3, payoutRate: '0.85' },
    ];
    // a and b priced from the exchanges; `waiting` simulated (the test holds back its ticks after the expiries), traded on demo.
    const [a, b, waiting] = await Promise.all([createVenueProduct(t, { expiries }), createVenueProduct(t, { expiries }), createTestProduct(t, { expiries })]);
    await Promise.all([feed.tick(a, '10.00'), feed.tick(b, '20.00'), tick(writer, waiting, '30.00')]);
    // Three symbols x two expiries x three users x two orders: 36 orders, 12 per symbol.
    const placed = await Promise.all(
      [a, b, waiting].flatMap((symbol) =>
        [2, 3].flatMap((durationSeconds) =>
          users.flatMap((u) =>
            [0, 1].map((i) =>
              place(u, { symbol, direction: i ? 'up' : 'down', amount: '1.00', durationSeconds, account: symbol === waiting ? 'demo' : 'real' }),
            ),
          ),
        ),
      ),
    );
    const symbolOf = new Map(placed.map((p, k) => [p.id, [a, b, waiting][Math.floor(k / 12)]!]));
    const closes = await Promise.all([feed.tick(a, '10.05'), feed.tick(b, '19.95')]);
    expect(Math.max(...closes.map((c) => Date.parse(c.t)))).toBeLessThan(Math.min(...placed.map((p) => Date.parse(p.expiresAt))));
    await untilPast(placed.map((p) => p.expiresAt));
    // Later ticks for a and b only: `waiting` has none after its expiries, so its orders are not ready.
    await Promise.all([feed.tick(a, '10.10'), feed.tick(b, '19.90')]);
    const from = Math.min(...placed.map((p) => Date.parse(p.expiresAt)));
    const to = Math.max(...placed.map((p) => Date.parse(p.expiresAt))) + 1;
    const runs = await Promise.all([settlement.settleWindow(from, to, { limit: 5, lanes: 2 }), settlement.settleWindow(from, to, { limit: 5, lanes: 2 })]);
    const mine = new Set(placed.map((p) => p.id));
    const ids = runs
      .flat()
      .map((r) => r.id)
      .filter((id) => mine.has(id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(24);
    expect(new Set(ids.map((id) => symbolOf.get(id)))).toEqual(new Set([a, b]));
    expect(await settleEntries(placed.map((p) => p.id))).toHaveLength(24);
    const stillOpen: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND status = 'open'`, [
      placed.map((p) => p.id),
    ]);
    expect(stillOpen[0]!.n).toBe(12);
    // a: up wins (+0.85), down loses; b: down wins, up loses. Each user: per symbol and expiry one win and one loss.
    for (const u of users) expect(await balanceOf(t, u.id, 'cash')).toBe(10_000 - 8 * 100 + 4 * 185);
    // Once `waiting` ticks past its expiries, the rest settles.
    await tick(writer, waiting, '30.00');
    const rest = await settlement.settleWindow(from, to, { limit: 5, lanes: 2 });
    expect(
      rest
        .map((r) => r.id)
        .filter((id) => mine.has(id))
        .sort(),
    ).toEqual(
      placed
        .filter((p) => symbolOf.get(p.id) === waiting)
        .map((p) => p.id)
        .sort(),
    );
  });
});
