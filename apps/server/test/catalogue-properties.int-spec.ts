import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import {
  compareDecimal,
  decideOutcome,
  isTickFresh,
  isWithinTradingHours,
  roundDecimal,
  settleAmounts,
  valueAt,
  type ScheduledValue,
  type TradingInterval,
} from '@candor/domain';
import { Clock } from '../src/common/clock.js';
import { DomainError } from '../src/common/domain-error.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { createTickWriter } from '../src/market/feed/create-tick-writer.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { MarketService } from '../src/market/market.service.js';
import { catalogueTerms, tickTerms } from '../src/orders/order-terms.js';
import { OrdersRepository } from '../src/orders/orders.repository.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { createTestProduct, runningBalanceMismatches } from './support/trading.js';

// A dishonest operator's every product call (each PATCH field, the suspension and maintenance switches, a
// requested effectiveAt, a cancellation), interleaved at random with the feed's ticks, feed gaps and orders, on
// a timeline the test's clock drives. Whatever the calls, each order's outcome and payout are what the tick
// record and the order's own opening terms decide (an oracle that knows nothing of the calls), no tick has a
// precision before the change that set it took effect, and no order lives across an applied change.
const STALE_MS = 3000;
const GRACE_MS = 2000;
const RUNS = Number(process.env.CATALOGUE_PROPERTY_RUNS ?? 8);

class TestClock extends Clock {
  ms = Math.floor((Date.now() - 3 * 86_400_000) / 1000) * 1000;
  now(): Date {
    return new Date(this.ms);
  }
}

let t: TestApp;
let clock: TestClock;
let writer: TickWriter;
let admin: { auth: { Authorization: string } };
let user: LoggedIn;
let demo: { demo: string; demo_escrow: string };
let orderSeq = 0;

beforeAll(async () => {
  clock = new TestClock();
  t = await startApp({ CATALOGUE_NOTICE_HOURS: '0', FEED_STALE_MS: String(STALE_MS), SETTLE_GRACE_MS: String(GRACE_MS) }, { clock });
  writer = createTickWriter(t.ds, t.redis, { now: () => clock.ms, flushIntervalMs: 3_600_000, log: { warn: () => undefined, error: (m) => console.error(m) } });
  admin = await loginOperator(t);
  user = await createUser(t);
  const ledger = t.app.get(LedgerService);
  const ids = await ledger.userAccountIds(t.ds.manager, user.id);
  demo = { demo: ids.demo, demo_escrow: ids.demo_escrow };
});
afterAll(async () => {
  await writer?.close();
  await t?.close();
});

type Call =
  | { kind: 'patch'; body: Record<string, unknown>; aheadMs: number | null }
  | { kind: 'cancel'; pick: number }
  | { kind: 'advance'; ms: number; everyMs: number }
  | { kind: 'gap'; ms: number }
  | { kind: 'order'; direction: 'up' | 'down'; duration: number; amount: number };

const hoursArb = fc.oneof(
  fc.constant(null),
  fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 6 }),
      open: fc.constantFrom('00:00', '08:00', '13:30', '22:00'),
      close: fc.constantFrom('06:00', '12:00', '17:00', '24:00'),
    }),
    { minLength: 1, maxLength: 4 },
  ),
);
const patchArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ precision: fc.integer({ min: 0, max: 8 }) }) },
  { weight: 1, arbitrary: fc.record({ timezone: fc.constantFrom('UTC', 'Asia/Taipei', 'America/New_York', 'Pacific/Kiritimati') }) },
  { weight: 1, arbitrary: fc.record({ hours: hoursArb }) },
  { weight: 1, arbitrary: fc.record({ holidays: fc.array(fc.integer({ min: -1, max: 2 }), { maxLength: 3 }) }) }, // days from the clock's today
  {
    weight: 1,
    arbitrary: fc.record({ priceVenues: fc.constantFrom([], [{ venue: 'binance', symbol: 'BASEUSDT' }], [{ venue: 'binance', symbol: 'ETHUSDT' }]) }),
  },
  { weight: 1, arbitrary: fc.record({ maintenance: fc.boolean(), maintenanceMessage: fc.option(fc.constantFrom('back soon', '維護中'), { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ suspended: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ enabled: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ recommended: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ names: fc.constant({ 'zh-TW': '測試', en: 'Test' }) }) },
  { weight: 1, arbitrary: fc.record({ minStake: fc.constantFrom('1.00', '5.00'), maxStake: fc.constantFrom('500.00', '1000.00') }) },
  {
    weight: 2,
    arbitrary: fc.record({
      expiries: fc.constantFrom(
        [
          { seconds: 10, payoutRate: '0.85' },
          { seconds: 20, payoutRate: '0.80' },
        ],
        [
          { seconds: 10, payoutRate: '0.70' },
          { seconds: 30, payoutRate: '0.95' },
        ],
      ),
    }),
  },
  // Several fields at once, a scheduled one with immediate ones.
  {
    weight: 2,
    arbitrary: fc.record({ precision: fc.integer({ min: 3, max: 7 }), maintenance: fc.boolean(), expiries: fc.constant([{ seconds: 10, payoutRate: '0.9' }]) }),
  },
);
/** The requested effectiveAt, ahead of the clock: mostly none (the earliest allowed), sometimes too early. */
const aheadArb = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 300_000 }) });
const callArb: fc.Arbitrary<Call> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('patch' as const), body: patchArb, aheadMs: aheadArb }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 200, max: 40_000 }), everyMs: fc.integer({ min: 200, max: 1500 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('gap' as const), ms: fc.integer({ min: 1000, max: 8000 }) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      direction: fc.constantFrom('up' as const, 'down' as const),
      duration: fc.constantFrom(10, 20, 30),
      amount: fc.integer({ min: 100, max: 50_000 }),
    }),
  },
);

/** A change of a scheduled field at the earliest time allowed, so that every run has one that takes effect. */
const scheduledArb: fc.Arbitrary<Call> = fc.record({
  kind: fc.constant('patch' as const),
  body: fc.oneof(
    fc.record({ precision: fc.constantFrom(4, 6, 7) }),
    fc.record({ timezone: fc.constantFrom('Asia/Taipei', 'America/New_York') }),
    fc.record({ hours: hoursArb }),
    fc.record({ holidays: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 2 }) }),
  ),
  aheadMs: fc.constant(null),
});
/** The calls of one run: random ones, with a scheduled change somewhere among them. */
const sequenceArb = fc
  .tuple(fc.array(callArb, { minLength: 8, maxLength: 30 }), scheduledArb, fc.nat())
  .map(([calls, scheduled, at]) => [...calls.slice(0, at % (calls.length + 1)), scheduled, ...calls.slice(at % (calls.length + 1))]);

interface Placed {
  id: string;
  openedAtMs: number;
  expiresAtMs: number;
  /** The catalogue's earnings rate for its expiry, and the product's precision, when it was placed. */
  rate: string;
  precision: number;
}

interface ChangeRow {
  field: string;
  to_value: unknown;
  effective_at: Date;
  status: string;
  block_second: string | null;
  id: string;
}

const changesOf = (ds: DataSource, symbol: string): Promise<ChangeRow[]> =>
  ds.query(`SELECT id, field, to_value, effective_at, status, block_second FROM product_changes WHERE symbol = $1 ORDER BY effective_at`, [symbol]);

/** One run: a fresh product, the calls in order, then everything settles; returns what the oracle needs. */
async function play(calls: Call[]): Promise<{ symbol: string; placed: Placed[]; initialPrecision: number }> {
  const symbol = await createTestProduct(t, {
    precision: 5,
    expiries: [
      { seconds: 10, payoutRate: '0.85' },
      { seconds: 20, payoutRate: '0.80' },
    ],
    minStakeCents: 100,
    maxStakeCents: 100_000,
  });
  // A symbol with a quote currency, so that markets of its own asset ("BASE") pass the console's check.
  const own = `${symbol}USDT`;
  await t.ds.query(`UPDATE products SET symbol = $2 WHERE symbol = $1`, [symbol, own]);
  const market = t.app.get(MarketService);
  const orders = t.app.get(OrdersRepository);
  market.invalidate();
  const initial = { timezone: 'UTC', hours: null as TradingInterval[] | null, holidays: [] as string[] };
  let raw = 1.0841612345;
  const placed: Placed[] = [];

  /** The session in force at `ms`: the catalogue's first values, then every change applied or due by then. */
  const sessionAt = async (ms: number) => {
    const changes = (await changesOf(t.ds, own)).filter((c) => c.status === 'pending' || c.status === 'applied');
    const list: ScheduledValue[] = changes.map((c) => ({ field: c.field, to: c.to_value, effectiveAtMs: new Date(c.effective_at).getTime() }));
    return {
      timezone: valueAt(initial.timezone, 'timezone', list, ms),
      hours: valueAt(initial.hours, 'hours', list, ms),
      holidays: valueAt(initial.holidays, 'holidays', list, ms),
    };
  };
  /** The feed: a random walk, rounded half up to the precision in force at each tick's time, only while open. */
  const feedFor = async (ms: number, everyMs: number) => {
    const end = clock.ms + ms;
    while (clock.ms + everyMs <= end) {
      clock.ms += everyMs;
      raw *= 1 + (Math.sin(clock.ms / 7919) + Math.cos(clock.ms / 3571)) * 0.0002;
      let open = false;
      try {
        open = isWithinTradingHours(await sessionAt(clock.ms), new Date(clock.ms));
      } catch {
        open = false;
      }
      if (!open) continue;
      await writer.refreshSchedule();
      const precision = writer.precisionAt(own, clock.ms) ?? 5;
      await writer.writeTick(own, roundDecimal(raw.toFixed(10), precision), new Date(clock.ms));
      await writer.flush();
    }
    clock.ms = end;
    await writer.flush();
  };

  await writer.refreshSchedule();
  await writer.writeTick(own, roundDecimal(raw.toFixed(10), 5), new Date(clock.ms));
  await writer.flush();

  for (const call of calls) {
    if (call.kind === 'advance') await feedFor(call.ms, call.everyMs);
    else if (call.kind === 'gap') {
      clock.ms += call.ms;
      await writer.flush();
    } else if (call.kind === 'patch') {
      const body: Record<string, unknown> = { ...call.body };
      if (Array.isArray(body.holidays)) {
        body.holidays = (body.holidays as number[]).map((d) => new Date(clock.ms + d * 86_400_000).toISOString().slice(0, 10));
      }
      if (Array.isArray(body.priceVenues)) {
        body.priceVenues = (body.priceVenues as { venue: string; symbol: string }[]).map((v) => ({ ...v, symbol: v.symbol.replace('BASE', symbol) }));
      }
      if (call.aheadMs !== null) body.effectiveAt = new Date(Math.floor((clock.ms + call.aheadMs) / 1000) * 1000).toISOString();
      const r = await t.http().patch(`/api/admin/products/${own}`).set(admin.auth).send(body);
      expect([200, 202, 400, 409]).toContain(r.status); // never a 5xx, whatever the call
      await writer.refreshSchedule();
    } else if (call.kind === 'cancel') {
      const pending = (await changesOf(t.ds, own)).filter((c) => c.status === 'pending');
      if (pending.length) {
        const c = pending[call.pick % pending.length]!;
        const r = await t.http().delete(`/api/admin/products/${own}/scheduled-changes/${c.id}`).set(admin.auth);
        expect([204, 409]).toContain(r.status);
        await writer.refreshSchedule();
      }
    } else {
      // An order, through the same rules the api applies (catalogue terms, a fresh tick, the tick's terms).
      market.invalidate();
      const product = await market.getProductRow(own);
      const tick = await market.latestTick(own);
      if (!product?.enabled || !tick || !isTickFresh(tick.t.getTime(), clock.ms)) continue;
      let terms: ReturnType<typeof catalogueTerms>;
      let opened: ReturnType<typeof tickTerms>;
      try {
        terms = catalogueTerms(
          product,
          { durationSeconds: call.duration, amountCents: call.amount },
          clock.ms,
          (ms) => market.statusOf(product, new Date(ms)).status === 'open',
        );
        opened = tickTerms(product, { price: tick.price });
      } catch (e) {
        if (e instanceof DomainError) continue;
        throw e;
      }
      const id = randomUUID();
      const r = await orders
        .place({
          order: {
            id,
            orderNo: `P${Date.now()}${orderSeq++}`,
            userId: user.id,
            account: 'demo',
            symbol: own,
            direction: call.direction,
            amountCents: call.amount,
            durationSeconds: call.duration,
            payoutRate: terms.payoutRate,
            openPrice: tick.price,
            openTickSeq: tick.seq,
            openedAt: tick.t,
            expiresAt: new Date(terms.expiresAtMs),
            precision: opened.precision,
            priceVenues: opened.priceVenues,
          },
          from: demo.demo,
          to: demo.demo_escrow,
          claim: null,
        })
        .catch((e: unknown) => {
          if (e instanceof DomainError && e.code === 'INSUFFICIENT_BALANCE') return null; // the demo balance ran out
          throw e;
        });
      if (!r) continue;
      placed.push({ id, openedAtMs: tick.t.getTime(), expiresAtMs: terms.expiresAtMs, rate: terms.payoutRate, precision: product.precision });
    }
  }
  // Past every pending change, expiry and grace period, with the feed running, then settlement.
  const lastChange = Math.max(0, ...(await changesOf(t.ds, own)).filter((c) => c.status === 'pending').map((c) => new Date(c.effective_at).getTime()));
  await feedFor(Math.max(40_000, lastChange - clock.ms + 40_000), 700);
  const settlement = new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService), undefined, {
    SETTLE_GRACE_MS: GRACE_MS,
    FEED_STALE_MS: STALE_MS,
  });
  await settlement.settleWindow(0, clock.ms);
  return { symbol: own, placed, initialPrecision: 5 };
}

/** What the published rule decides from the record and the order alone. */
function oracle(
  ticks: { t: number; price: string; seq: string }[],
  o: { direction: 'up' | 'down'; open_price: string; amount: string; payout_rate: string; precision: number; expires_at: Date },
) {
  const expiry = new Date(o.expires_at).getTime();
  const before = ticks.filter((k) => k.t <= expiry);
  const last = before[before.length - 1];
  let close: typeof last | undefined = last;
  if (!last || last.t < expiry - STALE_MS) close = ticks.find((k) => k.t > expiry && k.t <= expiry + GRACE_MS);
  else if (!ticks.some((k) => k.t > expiry)) return { status: 'open', outcome: null, payout: null, pnl: null, seq: null }; // final once a later tick comes
  if (!close) return { status: 'voided', outcome: null, payout: Number(o.amount), pnl: 0, seq: null };
  const outcome = decideOutcome(o.direction, o.open_price, roundDecimal(close.price, o.precision));
  const s = settleAmounts(Number(o.amount), o.payout_rate, outcome);
  return { status: 'settled', outcome, payout: s.payoutCents, pnl: s.pnlCents, seq: close.seq };
}

describe('no operator call decides an order', () => {
  it('outcomes and payouts follow from the ticks and the opening terms alone; precision changes only at effectiveAt', async () => {
    let runs = 0;
    let settledOrders = 0;
    let appliedChanges = 0;
    await fc.assert(
      fc.asyncProperty(sequenceArb, async (calls) => {
        runs++;
        const { symbol, placed, initialPrecision } = await play(calls);
        const ticks = (
          (await t.ds.query(`SELECT seq, t, price::text AS price FROM ticks WHERE symbol = $1 ORDER BY seq`, [symbol])) as {
            seq: string;
            t: Date;
            price: string;
          }[]
        ).map((k) => ({ seq: String(k.seq), t: new Date(k.t).getTime(), price: k.price }));

        // Each order: its recorded terms are the ones offered when it opened, and its result is the oracle's.
        for (const p of placed) {
          const [o] = await t.ds.query(
            `SELECT status, direction, open_price::text AS open_price, amount, payout_rate::text AS payout_rate, precision, expires_at, outcome, payout, pnl, close_tick_seq
               FROM orders WHERE id = $1`,
            [p.id],
          );
          expect(compareDecimal(o.payout_rate, p.rate)).toBe(0);
          expect(o.precision).toBe(p.precision);
          const want = oracle(ticks, o);
          const num = (v: string | null) => (v === null ? null : Number(v));
          expect({
            status: o.status,
            outcome: o.outcome,
            payout: num(o.payout),
            pnl: num(o.pnl),
            seq: o.close_tick_seq === null ? null : String(o.close_tick_seq),
          }).toEqual(want);
          settledOrders++;
        }

        // The record: every tick has the precision in force at its time, as the chain's change records say.
        const blocks: { second: string; changes: { field: string; to: string; effectiveAt: string }[] | null }[] = await t.ds.query(
          `SELECT second, changes FROM tick_blocks WHERE symbol = $1 AND changes IS NOT NULL ORDER BY second`,
          [symbol],
        );
        const precisionChanges = blocks.flatMap((b) =>
          (b.changes ?? []).filter((c) => c.field === 'precision').map((c) => ({ at: Date.parse(c.effectiveAt), to: Number(JSON.parse(c.to)) })),
        );
        for (const k of ticks) {
          const inForce = precisionChanges.filter((c) => c.at <= k.t).pop()?.to ?? initialPrecision;
          expect([k.seq, k.price.split('.')[1]?.length ?? 0]).toEqual([k.seq, inForce]);
        }
        // Each applied change is recorded in the block of its own second, and no order lived across it.
        const applied = (await changesOf(t.ds, symbol)).filter((c) => c.status === 'applied');
        appliedChanges += applied.length;
        // CATALOGUE_PROPERTY_LOG=1 prints what each run exercised.
        if (process.env.CATALOGUE_PROPERTY_LOG)
          console.log(
            `run ${runs}: ${calls.length} calls, ${ticks.length} ticks, ${placed.length} orders, ${applied.length} changes applied (${applied.map((c) => c.field).join(', ')})`,
          );
        for (const c of applied) {
          const at = new Date(c.effective_at).getTime();
          expect(c.block_second).toBe(String(at / 1000));
          for (const p of placed) expect(p.openedAtMs < at && at <= p.expiresAtMs).toBe(false);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(runs).toBe(RUNS);
    // The runs exercised what they claim to: orders were settled and changes took effect.
    expect(settledOrders).toBeGreaterThan(0);
    expect(appliedChanges).toBeGreaterThan(0);
    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
    expect(await runningBalanceMismatches(t.ds)).toBe(0);
  }, 600_000);
});
