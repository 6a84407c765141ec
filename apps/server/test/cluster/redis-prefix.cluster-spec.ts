import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Emitter } from '@socket.io/redis-emitter';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Order, ServerToClientEvents } from '@candor/contracts';
import { bullPrefix, QUEUES, REDIS_CHANNELS, REDIS_KEYS, settleJobId, socketIoKey, type TickMessage } from '@candor/cross-process';
import { createDataSource } from '@candor/db';
import { startApi, startWorker, type ClusterApi, type ClusterProcess } from '../../../../scripts/testing/cluster.mjs';
import { call, listen, registerUser, sleep, waitFor, type ClusterUser, type Listener } from './cluster-client.js';

/**
 * Two deployments on one Redis server, told apart by REDIS_PREFIX only: the first (the default
 * `candor`: a worker with its feed, and an api), the second (`second`: an api) on the same database,
 * as a staging copy might. Neither may see the other's ticks, queued jobs or socket.io rooms:
 * pub/sub channels are shared by every Redis database number, so only the prefix keeps them apart.
 */
const OTHER = 'second';
const SYMBOL = 'BTCUSDT';

let worker: ClusterProcess;
let apiA: ClusterApi;
let apiB: ClusterApi;
let redis: Redis;
let ds: DataSource;
let u: ClusterUser;
const listeners: Listener[] = [];

async function socketOn(api: ClusterApi, token: string | null, channels: string[] = []): Promise<Listener> {
  const l = await listen(api.url, token, channels);
  listeners.push(l);
  return l;
}

beforeAll(async () => {
  ds = createDataSource(process.env.DATABASE_URL!);
  await ds.initialize();
  redis = new Redis(process.env.REDIS_URL!);
  [worker, apiA, apiB] = await Promise.all([startWorker('prefix-worker'), startApi('prefix-api-a'), startApi('prefix-api-b', { REDIS_PREFIX: OTHER })]);
  await waitFor('a stored tick', async () => (await redis.get(REDIS_KEYS.tickLast(SYMBOL))) !== null, 30_000, 100);
  // Registration keeps its captcha under the api's prefix: register on the default deployment; the token works on both (one database).
  u = await registerUser(apiA.url, redis, process.env.CLUSTER_INVITE_CODE!);
}, 180_000);

afterAll(async () => {
  for (const l of listeners) l.socket.close();
  await Promise.all([apiA, apiB, worker].filter(Boolean).map((p) => p.stop()));
  redis?.disconnect();
  await ds?.destroy();
});

describe('two deployments on one Redis server', () => {
  it("keeps each one's ticks to itself", async () => {
    const onA = await socketOn(apiA, null, [`ticker:${SYMBOL}`]);
    const onB = await socketOn(apiB, null, [`ticker:${SYMBOL}`]);
    await waitFor('ticks on the default deployment', () => onA.ticks.length >= 3, 15_000);
    expect(onB.ticks).toEqual([]); // the feed publishes under `candor:` only

    // A tick published under the second prefix (the first deployment's own, marked) reaches the second only.
    const sub = new Redis(process.env.REDIS_URL!);
    const real = await new Promise<TickMessage>((resolve) => {
      void sub.subscribe(REDIS_CHANNELS.ticks);
      sub.on('message', (_ch, text) => {
        const m = JSON.parse(text) as TickMessage;
        if (m.symbol === SYMBOL) resolve(m);
      });
    });
    sub.disconnect();
    const marked: TickMessage = { ...real, price: '12345.67', t: new Date().toISOString() };
    const seenOnA = onA.ticks.length;
    await redis.publish(`${OTHER}:ticks`, JSON.stringify(marked));
    await waitFor('the marked tick on the second deployment', () => onB.ticks.some((t) => t.price === '12345.67'), 5_000);
    await sleep(300);
    expect(onA.ticks.slice(seenOnA).filter((t) => t.price === '12345.67')).toEqual([]);
  });

  it("keeps each one's socket.io rooms to itself", async () => {
    const onA = await socketOn(apiA, u.token);
    const onB = await socketOn(apiB, u.token);
    const message = (id: string) => ({ id, title: 'prefix check', body: id, createdAt: new Date().toISOString(), read: false });
    // A socket joins its user's room just after it connected: push until both have one.
    await waitFor(
      'both pushes delivered',
      () => {
        new Emitter<ServerToClientEvents>(redis, { key: socketIoKey() }).to(`user:${u.id}`).emit('message', message('for-a'));
        new Emitter<ServerToClientEvents>(redis, { key: `${OTHER}:socket.io` }).to(`user:${u.id}`).emit('message', message('for-b'));
        return onA.messages.length >= 1 && onB.messages.length >= 1;
      },
      10_000,
      200,
    );
    await sleep(300);
    expect({ a: [...new Set(onA.messages.map((m) => m.id))], b: [...new Set(onB.messages.map((m) => m.id))] }).toEqual({ a: ['for-a'], b: ['for-b'] });
  });

  it("keeps each one's queued jobs to itself: the default deployment's worker never runs the second's", async () => {
    // An order through the second deployment queues its settlement job under `second:bull`, where no worker listens.
    // It has no feed of its own: give it the first one's latest stored tick (same database) as its own.
    await redis.set(`${OTHER}:${REDIS_KEYS.tickLast('ETHUSDT').slice('candor:'.length)}`, (await redis.get(REDIS_KEYS.tickLast('ETHUSDT')))!);
    const placed = await call<Order>(
      apiB.url,
      'POST',
      '/api/orders',
      { symbol: 'ETHUSDT', direction: 'up', amount: '1.00', durationSeconds: 30, account: 'demo' },
      u.token,
    );
    expect(placed.status).toBe(201);
    const second = Math.floor(Date.parse(placed.body.expiresAt) / 1000);
    const theirs = new Queue(QUEUES.settlement.name, { connection: redis.duplicate(), prefix: `${OTHER}:bull` });
    const ours = new Queue(QUEUES.settlement.name, { connection: redis.duplicate(), prefix: bullPrefix() });
    try {
      const job = await theirs.getJob(settleJobId(second));
      expect(job?.data).toMatchObject({ second });
      expect(await job!.getState()).toBe('delayed');
      // The default deployment queues nothing for it, and its worker does not take it.
      expect(await ours.getJob(settleJobId(second))).toBeUndefined();
      await sleep(1_000);
      expect(await (await theirs.getJob(settleJobId(second)))!.getState()).toBe('delayed');
      const keys = await redis.keys(`${OTHER}:bull:${QUEUES.settlement.name}:*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      await theirs.obliterate({ force: true });
      await Promise.all([theirs.close(), ours.close()]);
    }
  });
});
