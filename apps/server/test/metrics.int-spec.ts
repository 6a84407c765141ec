import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { QUEUES, REDIS_KEYS } from '@candor/cross-process';
import { ApiMetrics } from '../src/observability/api-metrics.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';
import { createTestProduct, tick, tickPump, tickWriter, waitFor } from './support/trading.js';
import { startWorker, workerOpsPort, type WorkerProcess } from './support/worker-process.js';

jest.setTimeout(60_000);

let t: TestApp;
let worker: WorkerProcess;
let writer: TickWriter;
let apiMetricsUrl: string;
let workerUrl: string;

beforeAll(async () => {
  t = await startApp();
  worker = await startWorker();
  writer = tickWriter(t);
  apiMetricsUrl = `http://127.0.0.1:${t.app.get(ApiMetrics).port}/metrics`;
  workerUrl = `http://127.0.0.1:${workerOpsPort(worker)}`;
});
afterAll(async () => {
  await writer.close();
  await worker.kill();
  await t.close();
});

async function scrape(url: string, headers: Record<string, string> = {}): Promise<string> {
  const r = await fetch(url, { headers });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.text();
}
/** The value of the first sample of `name` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics of the api', () => {
  it('is not on the public port, and wants the token when one is set', async () => {
    expect((await t.http().get('/metrics')).status).toBe(404);
    expect((await t.http().get('/api/metrics')).status).toBe(404);
    const guarded = await startApp({ METRICS_TOKEN: 'metrics-token-0123456789' });
    try {
      const url = `http://127.0.0.1:${guarded.app.get(ApiMetrics).port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { Authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      expect(await scrape(url, { Authorization: 'Bearer metrics-token-0123456789' })).toContain('candor_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });

  it('counts requests by route template, orders placed and refused, sockets and their events, tick age', async () => {
    const u = await createUser(t);
    const symbol = await createTestProduct(t, { expiries: [{ seconds: 1, payoutRate: '0.85' }] });
    await tick(writer, symbol, '50.00');
    await t.http().get(`/api/products/${symbol}`).expect(200);
    await t.http().get('/api/no-such-route-1234').expect(404);
    const pump = tickPump(writer, symbol, () => '50.00', 100);
    try {
      await waitFor('a fresh tick', async () => (await t.http().get(`/api/products/${symbol}`)).body.lastPrice === '50.00');
      // Demo money: a test product's prices count as simulated, and those trade on demo accounts only.
      await t.http().post('/api/orders').set(u.auth).send({ symbol, direction: 'up', amount: '10.00', durationSeconds: 1, account: 'demo' }).expect(201);
      const tooBig = await t.http().post('/api/orders').set(u.auth).send({ symbol, direction: 'up', amount: '999999.00', durationSeconds: 1, account: 'demo' });
      expect(tooBig.status).toBe(422);
      const code = tooBig.body.error.code as string;

      const socket: Socket = io(t.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        await socket.emitWithAck('subscribe', { channels: [`ticker:${symbol}`] });
        const text = await scrape(apiMetricsUrl);
        expect(
          sample(text, 'candor_http_request_duration_seconds_count', { route: '/api/products/:symbol', method: 'GET', status: '200' }),
        ).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'candor_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
        expect(text).not.toContain(`route="/api/products/${symbol}"`); // templates, never raw paths
        expect(sample(text, 'candor_orders_placed_total')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'candor_orders_refused_total', { code })).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'candor_sockets_connected')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'candor_socket_events_total', { event: 'subscribe' })).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'candor_tick_age_seconds', { symbol })).toBeLessThan(5);
        expect(sample(text, 'candor_market_open', { symbol })).toBe(1);
        expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      } finally {
        socket.disconnect();
      }
      // The worker settles the order: its lag and the job runs show in the worker's metrics.
      await waitFor(
        'the settlement in the worker metrics',
        async () => (sample(await scrape(`${workerUrl}/metrics`), 'candor_settlement_lag_seconds_count') ?? 0) >= 1,
        15_000,
        200,
      );
    } finally {
      await pump.stop();
    }
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});

describe('the worker', () => {
  it('answers GET /health with its feed, queues and last settlement', async () => {
    const r = await fetch(`${workerUrl}/health`);
    expect(r.status).toBe(200);
    const h = (await r.json()) as Record<string, unknown> & { queues: Record<string, { paused: boolean; counts: Record<string, number> }> };
    expect(h).toMatchObject({ status: 'ok', postgres: 'up', redis: 'up', feed: { mode: 'off', leader: false } });
    expect(Object.keys(h.queues).sort()).toEqual(
      Object.values(QUEUES)
        .map((q) => q.name)
        .sort(),
    );
    for (const q of Object.values(h.queues)) expect(q.counts).toHaveProperty('waiting');
    expect(typeof h.lastSettlementAt).toBe('string'); // the order of the test above
    expect((await fetch(`${workerUrl}/nothing`)).status).toBe(404);
  });

  it('answers liveness and readiness apart, for orchestrators', async () => {
    const live = await fetch(`${workerUrl}/health/live`);
    expect({ status: live.status, body: await live.json() }).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await fetch(`${workerUrl}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({ status: 200, body: { status: 'ready', postgres: 'up', redis: 'up' } });
  });

  it("serves BullMQ's queue metrics once per family, job durations, the ledger check and the feed lock", async () => {
    await t.redis.set(REDIS_KEYS.feedLeader, 'someone-else', 'PX', 5000);
    try {
      const text = await scrape(`${workerUrl}/metrics`);
      expect(text.match(/^# TYPE bullmq_job_count gauge$/gm)).toHaveLength(1);
      for (const q of Object.values(QUEUES)) expect(sample(text, 'bullmq_job_count', { queue: q.name, state: 'waiting' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'bullmq_job_completed_total', { queue: QUEUES.settlement.name })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'candor_job_duration_seconds_count', { queue: QUEUES.settlement.name, outcome: 'completed' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'candor_orders_settled_total', { by: 'settle-job' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'candor_feed_lock_held')).toBe(1);
      expect(sample(text, 'candor_feed_leader')).toBe(0);
      expect(sample(text, 'candor_ledger_imbalance_cents')).toBe(0);
      expect(text).toMatch(/^candor_ledger_check_ok [01]$/m);
    } finally {
      await t.redis.del(REDIS_KEYS.feedLeader);
    }
  });
});
