import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Order, Product, TickBlock, Wallet } from '@candor/contracts';
import { bullPrefix, QUEUES, REDIS_KEYS } from '@candor/cross-process';
import { createDataSource } from '@candor/db';
import { verifyChain } from '@candor/domain';
import { startApi, startBalancer, startWorker, type Balancer, type ClusterApi, type ClusterProcess } from '../../../../scripts/testing/cluster.mjs';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { LedgerRepository } from '../../src/ledger/ledger.repository.js';
import { runningBalanceMismatches } from '../support/trading.js';
import { call, listen, placeOrder, registerUser, sleep, waitFor, type ClusterUser, type Listener } from './cluster-client.js';

/**
 * Two api and two worker processes (the built entry points) on one Postgres and one Redis, as a
 * deployment runs them, checked as one market from the outside: HTTP and socket.io clients. The
 * tests share the cluster and run in order: the third kills a worker, the fourth an api.
 */
const SHORT = ['ETHUSDT', 'SOLUSDT']; // given 1-3 s expiries here, so orders settle within the test
const TICKER = 'BTCUSDT';
const ROOT = path.resolve(process.cwd());

let apiA: ClusterApi;
let apiB: ClusterApi;
const workers: ClusterProcess[] = [];
let ds: DataSource;
let redis: Redis;
let ledger: LedgerService;
const listeners: Listener[] = [];
const figures: string[] = [];

const inviteCode = () => process.env.CLUSTER_INVITE_CODE!;
const user = (api: ClusterApi): Promise<ClusterUser> => registerUser(api.url, redis, inviteCode());
async function socketOn(url: string, u: ClusterUser | null, channels: string[] = []): Promise<Listener> {
  const l = await listen(url, u?.token ?? null, channels);
  listeners.push(l);
  return l;
}
/** The settlement's wallet push came: at least one after the placement's, and the last one is the wallet as it is now. */
function walletSettled(pushed: Wallet[], now: Wallet): boolean {
  const last = pushed.at(-1) as unknown as Record<string, unknown> | undefined;
  const want = now as unknown as Record<string, unknown>;
  return pushed.length >= 2 && Object.keys(want).length === Object.keys(last ?? {}).length && Object.keys(want).every((k) => last?.[k] === want[k]);
}
const settledEvents = (l: Listener, id: string) => l.orders.filter((o) => o.id === id && o.status === 'settled');
const randomOrder = () => ({
  symbol: SHORT[randomInt(SHORT.length)]!,
  direction: randomInt(2) ? ('up' as const) : ('down' as const),
  amount: `${randomInt(1, 10)}.${String(randomInt(100)).padStart(2, '0')}`,
  durationSeconds: randomInt(1, 4),
});
async function waitSettled(api: ClusterApi, u: ClusterUser, id: string, timeoutMs = 15_000): Promise<Order> {
  return waitFor(
    `order ${id} settled`,
    async () => {
      const r = await call<Order>(api.url, 'GET', `/api/orders/${id}`, undefined, u.token);
      return r.body.status === 'settled' ? r.body : null;
    },
    timeoutMs,
    100,
  );
}

beforeAll(async () => {
  ds = createDataSource(process.env.DATABASE_URL!);
  await ds.initialize();
  ledger = new LedgerService(ds, new LedgerRepository(ds));
  redis = new Redis(process.env.REDIS_URL!);
  const expiries = [1, 2, 3, 30, 60].map((seconds) => ({ seconds, payoutRate: '0.85' }));
  await ds.query(`UPDATE products SET expiries = $1::jsonb WHERE symbol = ANY($2::text[])`, [JSON.stringify(expiries), SHORT]);
  const started = Date.now();
  [workers[0], workers[1], apiA, apiB] = await Promise.all([startWorker('worker-1'), startWorker('worker-2'), startApi('api-a'), startApi('api-b')]);
  figures.push(`2 apis + 2 workers up in ${Date.now() - started} ms`);
  // Prices flowing: the feed leader (one of the workers) is producing.
  await waitFor('a stored tick', async () => (await redis.get(REDIS_KEYS.tickLast(TICKER))) !== null, 30_000, 100);
}, 120_000);

afterAll(async () => {
  for (const l of listeners) l.socket.close();
  await Promise.all([apiA, apiB, ...workers].filter(Boolean).map((p) => p.stop('SIGTERM')));
  redis?.disconnect();
  await ds?.destroy();
  process.stderr.write(`[cluster] ${figures.join('; ')}\n`);
}, 60_000);

afterEach(async () => {
  expect(await ledger.check()).toMatchObject({ ok: true, imbalance: '0.00', mismatched: [] });
  expect(await runningBalanceMismatches(ds)).toBe(0);
});

describe('two apis and two workers as one market', () => {
  it('a client on api B receives the ticks and the pushes of an order placed through api A', async () => {
    const u = await user(apiA);
    const onB = await socketOn(apiB.url, u, [`ticker:${TICKER}`]);
    const onA = await socketOn(apiA.url, null, [`ticker:${TICKER}`]);
    await waitFor('ticks on both apis', () => onB.ticks.length >= 5 && onA.ticks.length >= 5, 10_000);
    // Each api relays every stored tick: the same seqs reach a client of either.
    const seqsA = new Set(onA.ticks.map((t) => t.seq));
    const common = onB.ticks.filter((t) => seqsA.has(t.seq));
    expect(common.length).toBeGreaterThanOrEqual(3);

    const walletsBefore = onB.wallets.length;
    const order = await placeOrder(apiA.url, u, { symbol: SHORT[0]!, direction: 'up', amount: '5.00', durationSeconds: 1 });
    const settled = await waitSettled(apiA, u, order.id);
    const pushed = await waitFor('the settled order on api B', () => settledEvents(onB, order.id)[0], 5000);
    expect(pushed).toEqual(settled);
    expect(onB.orders.filter((o) => o.id === order.id).map((o) => o.status)).toEqual(['open', 'settled']);
    const wallet = (await call<Wallet>(apiB.url, 'GET', '/api/wallet', undefined, u.token)).body;
    await waitFor('the wallet after settlement on api B', () => walletSettled(onB.wallets.slice(walletsBefore), wallet), 5000);
  });

  it('a price alert set through api B fires once, in the one process writing ticks, and its message reaches a client of api A', async () => {
    const u = await user(apiA);
    const onA = await socketOn(apiA.url, u);
    // Just either side of the price: the simulated walk reaches one of them within a few ticks.
    let created = 0;
    for (let i = 0; i < 10 && created === 0; i++) {
      const p = (await call<Product>(apiB.url, 'GET', `/api/products/${TICKER}`)).body;
      for (const [direction, f] of [
        ['above', 1.00003],
        ['below', 0.99997],
      ] as const) {
        const r = await call(apiB.url, 'POST', '/api/me/alerts', { symbol: TICKER, level: (Number(p.lastPrice) * f).toFixed(p.precision), direction }, u.token);
        if (r.status === 201) created++;
        else expect(r.body).toMatchObject({ error: { code: 'ALERT_LEVEL_WRONG_SIDE' } }); // the price moved past it meanwhile
      }
    }
    expect(created).toBeGreaterThan(0);
    const pushed = await waitFor('the alert message on api A', () => onA.messages[0], 30_000);
    expect(pushed.title.startsWith('價格提醒：')).toBe(true);
    await sleep(1500);
    const [{ fired }] = await ds.query(`SELECT count(*)::int AS fired FROM price_alerts WHERE user_id = $1 AND triggered_at IS NOT NULL`, [u.id]);
    const [{ stored }] = await ds.query(`SELECT count(*)::int AS stored FROM messages WHERE user_id = $1 AND text_key = 'priceAlert'`, [u.id]);
    // Two workers, two apis: each fired alert has one message, pushed once.
    expect(fired).toBeGreaterThan(0);
    expect(stored).toBe(fired);
    expect(onA.messages).toHaveLength(fired);
  });

  it('two workers share the settle jobs: every order settled once, none missed, each push delivered once', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => user(i % 2 ? apiB : apiA)));
    const demoAtStart = await demoBalances(users);
    const sockets = await Promise.all(users.map((u, i) => socketOn((i % 2 ? apiA : apiB).url, u)));
    const placed: { order: Order; owner: number }[] = [];
    const apis = [apiA, apiB];
    // Which worker takes a due job is a race between their blocking reads, and on a busy machine it leans
    // far to one side (a CI run saw 10 to 0, then 20 to 1 after a second round): rounds of orders go on
    // until both workers have taken one, five at most.
    let byWorker = new Map<string, number>();
    for (let round = 0; round < 5 && !workers.every((w) => settledBy(byWorker, w)); round++) {
      const until = Date.now() + 8000;
      while (Date.now() < until) {
        await Promise.all(
          apis.map(async (api) => {
            const owner = randomInt(users.length);
            placed.push({ order: await placeOrder(api.url, users[owner]!, randomOrder()), owner });
          }),
        );
        await sleep(100);
      }
      const ids = placed.map((p) => p.order.id);
      const started = Date.now();
      await waitFor(
        'every order settled',
        async () => (await ds.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND status = 'settled'`, [ids]))[0].n === ids.length,
        20_000,
        200,
      );
      figures.push(`round ${round + 1}: ${ids.length} orders through both apis settled ${Date.now() - started} ms after the last was placed`);
      byWorker = await settleJobsByWorker();
      figures.push(`settle jobs by worker: ${[...byWorker].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    }
    // Both workers did settle jobs (BullMQ records the worker that processed each).
    for (const w of workers) expect(settledBy(byWorker, w)).toBe(true);
    const ids = placed.map((p) => p.order.id);

    // Exactly once: one settlement entry per order, and the balances follow from the orders.
    const entries: { ref_id: string; n: number }[] = await ds.query(
      `SELECT ref_id, count(*)::int AS n FROM journal_entries WHERE type IN ('order_payout', 'order_loss', 'order_refund', 'order_void') AND ref_id = ANY($1::text[]) GROUP BY ref_id`,
      [ids],
    );
    expect(entries).toHaveLength(ids.length);
    expect(entries.filter((e) => e.n !== 1)).toEqual([]);
    const rows: { id: string; user_id: string; amount: string; payout: string }[] = await ds.query(
      `SELECT id, user_id, amount, payout FROM orders WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const demoAtEnd = await demoBalances(users);
    for (const [i, u] of users.entries()) {
      const mine = rows.filter((r) => r.user_id === u.id);
      const demo = demoAtStart[i]!.demo - mine.reduce((a, r) => a + Number(r.amount), 0) + mine.reduce((a, r) => a + Number(r.payout), 0);
      expect(demoAtEnd[i]).toEqual({ demo, escrow: 0 });
    }

    // Each settlement reached its owner's socket once, whichever api holds it, and no one else's.
    await waitFor('every settled push', () => placed.every((p) => settledEvents(sockets[p.owner]!, p.order.id).length > 0), 10_000);
    await sleep(500); // a duplicate would come right behind
    for (const [i, l] of sockets.entries()) {
      const mine = new Set(placed.filter((p) => p.owner === i).map((p) => p.order.id));
      const settled = l.orders.filter((o) => o.status === 'settled');
      expect(settled.filter((o) => !mine.has(o.id))).toEqual([]);
      expect(settled.map((o) => o.id).sort()).toEqual([...mine].sort());
    }
  });

  it('SIGKILL of the worker leading the feed: the other takes over within 3 s and the chain verifies across the hand-over', async () => {
    const l = await socketOn(apiB.url, null, [`ticker:${TICKER}`]);
    await waitFor('ticks', () => l.ticks.length >= 5, 10_000);
    const holder = await redis.get(REDIS_KEYS.feedLeader);
    const leader = workers.find((w) => holder?.startsWith(`${w.pid}-`));
    const follower = workers.find((w) => w !== leader)!;
    expect(leader).toBeDefined();

    const killedAt = Date.now();
    await leader!.stop('SIGKILL');
    const first = await waitFor('a tick produced after the kill', () => l.ticks.find((t) => Date.parse(t.t) > killedAt), 10_000, 10);
    const takeoverMs = first.receivedAt - killedAt;
    figures.push(`feed take-over ${takeoverMs} ms after SIGKILL`);
    expect(takeoverMs).toBeLessThanOrEqual(3000);
    expect((await redis.get(REDIS_KEYS.feedLeader))?.startsWith(`${follower.pid}-`)).toBe(true);

    // Let the new leader seal a few seconds, then check the record from before the kill to now.
    const from = Math.floor(killedAt / 1000) - 5;
    const to = Math.floor(Date.parse(first.t) / 1000) + 2;
    await waitFor('the blocks after the hand-over', async () => (await fetchBlocks(from, to)).some((b) => Number(b.second) >= to), 10_000, 200);
    const blocks = await fetchBlocks(from, to);
    expect(verifyChain(blocks.map((b) => ({ ...b, second: Number(b.second) })))).toEqual({ ok: true });
    expect(blocks.some((b) => Number(b.second) < Math.floor(killedAt / 1000))).toBe(true);
    expect(blocks.some((b) => Number(b.second) > Math.floor(Date.parse(first.t) / 1000))).toBe(true);
    // No seq skipped across the hand-over, and every tick a client saw is in the record as it saw it.
    const stored = blocks.flatMap((b) => b.ticks);
    for (let i = 1; i < stored.length; i++) expect(BigInt(stored[i]!.seq)).toBe(BigInt(stored[i - 1]!.seq) + 1n);
    const bySeq = new Map(stored.map((k) => [k.seq, k]));
    const seen = l.ticks.filter((t) => Math.floor(Date.parse(t.t) / 1000) >= from && Math.floor(Date.parse(t.t) / 1000) <= to);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((t) => bySeq.get(t.seq!)?.price !== t.price || bySeq.get(t.seq!)?.t !== t.t)).toEqual([]);
    // The independent checker of the public record agrees.
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(ROOT, 'scripts/verify-chain.mjs'),
      TICKER,
      String(from),
      String(to),
      '--api',
      apiA.url,
    ]);
    expect(stdout).toMatch(/^OK: \d+ blocks/);
  });

  it("killing api A drops only A's sockets, which reconnect through the balancer to api B and get their private events again", async () => {
    const balancer: Balancer = await startBalancer({ a: apiA.port, b: apiB.port });
    try {
      const [ua, ub] = await Promise.all([user(apiB), user(apiB)]);
      balancer.order = ['a', 'b'];
      const onA = await socketOn(balancer.url, ua, [`ticker:${TICKER}`]);
      balancer.order = ['b', 'a'];
      const onB = await socketOn(balancer.url, ub, [`ticker:${TICKER}`]);
      expect(balancer.routed.map((r) => r.backend)).toEqual(['a', 'b']);
      balancer.order = ['a', 'b'];

      const killedAt = Date.now();
      await apiA.stop('SIGKILL');
      await waitFor('the socket of api A back', () => onA.connects.length >= 2 && onA.socket.connected, 15_000);
      figures.push(`a socket of the killed api reconnected in ${onA.connects[1]! - killedAt} ms`);
      expect(onA.disconnects.map((d) => d.reason)).toEqual(['transport close']);
      expect(balancer.routed.map((r) => r.backend)).toEqual(['a', 'b', 'b']);
      expect(onB.disconnects).toEqual([]);

      // Both users, now both on api B, get ticks and the pushes of a new order.
      const since = Date.now();
      await waitFor('ticks on both sockets', () => [onA, onB].every((l) => l.ticks.some((t) => t.receivedAt > since)), 10_000);
      const walletsBefore = [onA.wallets.length, onB.wallets.length];
      const orders = await Promise.all(
        [ua, ub].map((u) => placeOrder(apiB.url, u, { symbol: SHORT[1]!, direction: 'down', amount: '2.00', durationSeconds: 1 })),
      );
      for (const [i, l] of [onA, onB].entries()) {
        const u = [ua, ub][i]!;
        const settled = await waitSettled(apiB, u, orders[i]!.id);
        expect(await waitFor('the settled push', () => settledEvents(l, orders[i]!.id)[0], 5000)).toEqual(settled);
        const wallet = (await call<Wallet>(apiB.url, 'GET', '/api/wallet', undefined, u.token)).body;
        await waitFor('the wallet push after settlement', () => walletSettled(l.wallets.slice(walletsBefore[i]), wallet), 5000);
      }
      expect(onB.disconnects).toEqual([]);
    } finally {
      await balancer.close();
    }
  });
});

/** Each user's demo money and demo stakes in orders, in cents. */
async function demoBalances(users: ClusterUser[]): Promise<{ demo: number; escrow: number }[]> {
  const rows: { user_id: string; demo: string; escrow: string }[] = await ds.query(
    `SELECT user_id, sum(balance) FILTER (WHERE kind = 'demo') AS demo, sum(balance) FILTER (WHERE kind = 'demo_escrow') AS escrow
       FROM ledger_accounts WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`,
    [users.map((u) => u.id)],
  );
  return users.map((u) => {
    const r = rows.find((x) => x.user_id === u.id)!;
    return { demo: Number(r.demo), escrow: Number(r.escrow) };
  });
}

async function fetchBlocks(from: number, to: number): Promise<TickBlock[]> {
  const r = await call<TickBlock[]>(apiB.url, 'GET', `/api/products/${TICKER}/blocks?from=${from}&to=${to}`);
  expect(r.status).toBe(200);
  return r.body;
}

/** How many settle jobs that settled orders each worker processed so far (BullMQ records the processor). */
async function settleJobsByWorker(): Promise<Map<string, number>> {
  const connection = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.settlement.name, { connection, prefix: bullPrefix() });
  try {
    const by = new Map<string, number>();
    for (const j of await queue.getJobs(['completed'], 0, 1000)) {
      if ((j.returnvalue as { settled?: number })?.settled) by.set(j.processedBy ?? '?', (by.get(j.processedBy ?? '?') ?? 0) + 1);
    }
    return by;
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

function settledBy(byWorker: Map<string, number>, w: ClusterProcess): boolean {
  return [...byWorker.keys()].some((k) => k.endsWith(`:${w.pid}`));
}
