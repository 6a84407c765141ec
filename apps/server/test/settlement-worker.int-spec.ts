import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { balanceOf, fundCash, runningBalanceMismatches, sleep, waitFor } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { startWorker, type WorkerProcess } from './support/worker-process.js';
import { bullPrefix, QUEUES, settleJobId } from '@candor/cross-process';

/**
 * Settlement by the real worker process (`node apps/server/dist/main/worker.js`), through BullMQ, with
 * results pushed to the user's socket through the Redis emitter. The feed is off in the worker; the
 * products' prices come from the feed process on four fake exchanges, quoted by the test
 * (real-account orders trade only on prices from exchanges).
 */
let t: TestApp;
let feed: VenueFeed;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  t = await startApp();
  feed = await startVenueFeed(t);
  worker = await startWorker();
}, 60_000);
afterAll(async () => {
  await worker?.kill('SIGTERM');
  await feed?.close();
  await t?.close();
}, 30_000);
afterEach(async () => {
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
});

async function connect(u: LoggedIn): Promise<{ socket: Socket; events: { name: string; payload: Record<string, unknown> }[] }> {
  const socket: Socket = io(t.url, { path: '/socket.io', auth: { token: u.token }, transports: ['websocket'], forceNew: true });
  const events: { name: string; payload: Record<string, unknown> }[] = [];
  socket.on('order', (p) => events.push({ name: 'order', payload: p }));
  socket.on('wallet', (p) => events.push({ name: 'wallet', payload: p }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await sleep(100);
  return { socket, events };
}

describe('settlement in the worker', () => {
  it("settles an order shortly after expiry through its settle job, pushes it to the user's room, and a re-run job settles nothing", async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 10_000);
    const s = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await feed.tick(s, '30.00');
    const { socket, events } = await connect(u);
    // Another user's socket on the same instance: the worker's pushes travel in one message per batch, and none may reach it.
    const bystander = await connect(await createUser(t));
    try {
      const placed = await t.http().post('/api/orders').set(u.auth).send({ symbol: s, direction: 'up', amount: '10.00', durationSeconds: 2, account: 'real' });
      expect(placed.status).toBe(201);
      expect(placed.body.openPrice).toBe('30.00');
      await feed.tick(s, '30.10');
      const settled = await waitFor(
        'the settled order',
        async () => {
          const r = await t.http().get(`/api/orders/${placed.body.id}`).set(u.auth).expect(200);
          return r.body.status === 'settled' ? r.body : null;
        },
        10_000,
        100,
      );
      expect(settled).toMatchObject({ outcome: 'win', openPrice: '30.00', closePrice: '30.10', payout: '18.50', pnl: '8.50' });
      const [row] = await t.ds.query(`SELECT extract(epoch FROM settled_at - expires_at) * 1000 AS lag FROM orders WHERE id = $1`, [placed.body.id]);
      // Well before the sweeper's 2 s: the job of the expiry second did it.
      expect(Number(row.lag)).toBeLessThan(2000);
      expect(await balanceOf(t, u.id, 'cash')).toBe(10_850);

      const pushed = await waitFor('the settled order event', async () => events.find((e) => e.name === 'order' && e.payload.status === 'settled'), 5000);
      expect(pushed.payload).toEqual(settled);
      await waitFor('the wallet event after settlement', async () => events.some((e) => e.name === 'wallet' && e.payload.available === '108.50'), 5000);
      expect(bystander.events).toEqual([]);

      // Enqueue the same second's job again: an existing id is a no-op; removed and re-added, it runs and settles nothing.
      const second = Math.floor(Date.parse(settled.expiresAt) / 1000);
      const connection = new Redis(t.config.REDIS_URL, { maxRetriesPerRequest: null });
      const queue = new Queue(QUEUES.settlement.name, { connection, prefix: bullPrefix() });
      try {
        // Read the job again once it is completed: a snapshot taken while it was still active has no return value yet.
        // The job finishes half a second after its second ends; a loaded machine may take several more to promote it.
        const completed = async (id: string) => {
          const j = await queue.getJob(id);
          return j && (await j.isCompleted()) ? ((await queue.getJob(id)) ?? null) : null;
        };
        const job = await waitFor('the completed settle job', () => completed(settleJobId(second)), 15_000);
        // The job settles every order of its second: the spec files share the database and Redis, so orders an
        // earlier file left open (a 60 s expiry) may share this second, and so may that file's job of the second.
        const [{ done }] = await t.ds.query(
          `SELECT count(*)::int AS done FROM orders WHERE expires_at >= to_timestamp($1) AND expires_at < to_timestamp($1 + 1) AND status <> 'open'`,
          [second],
        );
        expect(job.returnvalue.settled).toBeGreaterThanOrEqual(1);
        expect(job.returnvalue.settled).toBeLessThanOrEqual(done);
        const again = await queue.add(QUEUES.settlement.jobs.settleSecond, { second }, { jobId: settleJobId(second) });
        expect(again.id).toBe(job.id);
        await job.remove();
        const rerun = await queue.add(QUEUES.settlement.jobs.settleSecond, { second }, { jobId: settleJobId(second) });
        const result = await waitFor('the re-run job', () => completed(rerun.id!), 15_000);
        expect(result.returnvalue).toMatchObject({ settled: 0 });
      } finally {
        await queue.close();
        connection.disconnect();
      }
      const entries = await t.ds.query(`SELECT id FROM journal_entries WHERE unique_key = $1`, [`settle:${placed.body.id}`]);
      expect(entries).toHaveLength(1);
      expect(await balanceOf(t, u.id, 'cash')).toBe(10_850);
    } finally {
      socket.close();
      bystander.socket.close();
    }
  });

  it('worker SIGKILLed in the middle of a burst, then Redis wiped: after a restart every order is settled exactly once within 10 s of expiry', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    await Promise.all(users.map((u) => fundCash(t, u.id, 100_000)));
    const s = await createVenueProduct(t, { expiries: [1, 2, 3].map((seconds) => ({ seconds, payoutRate: '0.85' })) });
    let cents = 50_000;
    const price = () => {
      cents += randomInt(-3, 4); // a walk with ties possible
      return (cents / 100).toFixed(2);
    };
    await feed.tick(s, price());
    // The exchanges quote a walk every 150 ms.
    const walk = setInterval(() => feed.fakes.quote(s, price()), 150);
    const pump = { stop: async () => clearInterval(walk) };
    const ids: string[] = [];
    const placeSome = async (n: number) => {
      const res = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          t
            .http()
            .post('/api/orders')
            .set(users[i % users.length]!.auth)
            .send({
              symbol: s,
              direction: randomInt(2) ? 'up' : 'down',
              amount: `${randomInt(1, 20)}.${String(randomInt(100)).padStart(2, '0')}`,
              durationSeconds: randomInt(1, 4),
              account: 'real',
            }),
        ),
      );
      for (const r of res) {
        expect(r.status).toBe(201);
        ids.push(r.body.id);
      }
    };
    try {
      // The burst: ~3 s of orders; the worker dies in the middle of it and Redis loses everything
      // (queued and delayed jobs, the sweeper's schedule, the api's last ticks) while it is down.
      // Orders expire on whole seconds: keep the burst going until the worker has settled some of it.
      const settledSoFar = async (): Promise<number> =>
        (await t.ds.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND status = 'settled'`, [ids]))[0].n;
      let settledBeforeKill = 0;
      for (let i = 0; i < 40 && (i < 6 || settledBeforeKill === 0); i++) {
        await placeSome(8);
        await sleep(150);
        settledBeforeKill = await settledSoFar();
      }
      await worker!.kill('SIGKILL');
      for (let i = 0; i < 4; i++) {
        await placeSome(8);
        await sleep(150);
      }
      const admin = new Redis(t.config.REDIS_URL);
      await (process.env.TEST_REDIS_URL ? admin.flushdb() : admin.flushall());
      admin.disconnect();
      // Restart, and keep the burst going while it boots.
      const restarting = startWorker();
      for (let i = 0; i < 6; i++) {
        await placeSome(8);
        await sleep(150);
      }
      worker = await restarting;
      const readyAt = Date.now();
      await placeSome(8);

      const total = ids.length;
      await waitFor(
        'every order settled',
        async () => {
          const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND status = 'settled'`, [ids]);
          return n === total;
        },
        20_000,
        200,
      );

      const rows: { id: string; lag: string; user_id: string; amount: string; payout: string; expires_at: Date }[] = await t.ds.query(
        `SELECT id, user_id, amount, payout, expires_at, extract(epoch FROM settled_at - expires_at) * 1000 AS lag FROM orders WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      expect(rows).toHaveLength(total);
      const late = rows.filter((r) => Number(r.lag) > 10_000 || Number(r.lag) < 0);
      expect(late).toEqual([]);
      // Orders that expired once the restarted worker was up went through the normal path (job or sweeper), not a 10 s grace.
      const afterRecovery = rows.filter((r) => new Date(r.expires_at).getTime() > readyAt);
      expect(afterRecovery.length).toBeGreaterThanOrEqual(8);
      expect(afterRecovery.filter((r) => Number(r.lag) > 3_000)).toEqual([]);
      const entries: { ref_id: string; n: number }[] = await t.ds.query(
        `SELECT ref_id, count(*)::int AS n FROM journal_entries WHERE type IN ('order_payout', 'order_loss', 'order_refund') AND ref_id = ANY($1::text[]) GROUP BY ref_id`,
        [ids],
      );
      expect(entries).toHaveLength(total);
      expect(entries.every((e) => e.n === 1)).toBe(true);
      for (const u of users) {
        const mine = rows.filter((r) => r.user_id === u.id);
        const expected = 100_000 - mine.reduce((a, r) => a + Number(r.amount), 0) + mine.reduce((a, r) => a + Number(r.payout), 0);
        expect(await balanceOf(t, u.id, 'cash')).toBe(expected);
        expect(await balanceOf(t, u.id, 'escrow')).toBe(0);
      }
      expect(settledBeforeKill).toBeGreaterThan(0);
    } finally {
      await pump.stop();
    }
  });
});
