import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startApp, ledgerCheck, TEST_OPERATOR, type TestApp } from './support/app.js';
import { createUser, loginOperator, operatorLoginBody } from './support/factories.js';
import { createTestProduct, tickPump, tickWriter } from './support/trading.js';
import { startWorker, type WorkerProcess } from './support/worker-process.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';

jest.setTimeout(60_000);

/** Every line the api wrote, as text and parsed. */
const written: string[] = [];
const lines = () => written.join('').split('\n').filter(Boolean);
const records = () => lines().map((l) => JSON.parse(l) as Record<string, unknown>);

let t: TestApp;
let worker: WorkerProcess;
let writer: TickWriter;

beforeAll(async () => {
  t = await startApp({}, { log: { level: 'info', destination: { write: (s: string) => void written.push(s) } } });
  worker = await startWorker({ LOG_LEVEL: 'info', WORKER_PORT: '0' });
  writer = tickWriter(t);
});
afterAll(async () => {
  await writer.close();
  await worker.kill();
  await t.close();
});

describe('structured logs', () => {
  it('log requests with their id, who and what, and never a token, password or code', async () => {
    const password = `pw-${Date.now()}-Secret`;
    const tradePassword = `${100000 + (Date.now() % 800000)}`;
    const u = await createUser(t, { password, tradePassword });
    const symbol = await createTestProduct(t, { expiries: [{ seconds: 1, payoutRate: '0.85' }] });
    const pump = tickPump(writer, symbol, () => '100.00', 100);
    let orderId: string;
    try {
      // Demo money: a test product's prices count as simulated, and those trade on demo accounts only. Until the
      // pump's first tick is in (slow on a loaded machine) the order is refused as having no price: try again.
      const place = () => t.http().post('/api/orders').set(u.auth).send({ symbol, direction: 'up', amount: '10.00', durationSeconds: 1, account: 'demo' });
      let order = await place();
      for (let i = 0; i < 50 && order.status === 422; i++) {
        await new Promise((r) => setTimeout(r, 100));
        order = await place();
      }
      expect({ status: order.status, body: order.status === 201 ? null : order.body }).toEqual({ status: 201, body: null });
      orderId = order.body.id;
      // The worker settles it (and logs as it goes).
      for (let i = 0; i < 50; i++) {
        const o = await t.http().get(`/api/orders/${orderId}`).set(u.auth);
        if (o.body.status === 'settled') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await pump.stop();
    }

    const body = await operatorLoginBody(t);
    const admin = await loginOperator(t);
    await t.http().patch(`/api/admin/products/${symbol}`).set(admin.auth).send({ maintenance: true }).expect(200);

    const badToken = await t.http().get('/api/wallet').set('Authorization', 'Bearer not-a-token-at-all');
    expect(badToken.status).toBe(401);
    const failedId = badToken.body.error.requestId as string;
    expect(badToken.headers['x-request-id']).toBe(failedId);
    const wrong = await t
      .http()
      .post('/api/auth/login')
      .send({ email: u.email, password: `${password}-wrong` });
    expect(wrong.status).toBe(401);

    await new Promise((r) => setTimeout(r, 200));
    const text = written.join('');
    const all = records();
    // No secret, in any form, in the api's lines or the worker's.
    for (const secret of [u.token, u.cookie.split('=')[1]!, password, tradePassword, admin.token, TEST_OPERATOR.password, body.totp!]) {
      expect(text).not.toContain(secret);
      expect(worker.output()).not.toContain(secret);
    }
    expect(text).not.toMatch(/Bearer /);

    // The failing request is found by the id its envelope gave.
    const failed = all.find((r) => r.reqId === failedId);
    expect(failed).toMatchObject({
      level: 'warn',
      msg: 'request',
      method: 'GET',
      route: '/api/wallet',
      status: 401,
      code: 'UNAUTHENTICATED',
      event: 'refused',
      service: 'api',
    });

    // The placed order's line (attempts refused before the first tick came in are logged too, as warnings).
    const placed = all.find((r) => r.route === '/api/orders' && r.method === 'POST' && r.status === 201);
    expect(placed).toMatchObject({ status: 201, userId: u.id, level: 'info' });
    expect(typeof placed!.reqId).toBe('string');
    expect(typeof placed!.ms).toBe('number');

    const action = all.find((r) => r.route === '/api/admin/products/:symbol' && r.method === 'PATCH');
    expect(action).toMatchObject({ status: 200, event: 'operator.action', level: 'info' });
    expect(typeof action!.operatorId).toBe('string');

    expect(all.find((r) => r.route === '/api/auth/login' && r.status === 401)).toMatchObject({
      event: 'auth.login_failed',
      code: 'INVALID_CREDENTIALS',
      level: 'warn',
    });

    // The worker writes JSON lines too.
    const workerLines = worker
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(workerLines.find((l) => l.msg === 'worker started')).toMatchObject({ service: 'worker', level: 'info' });

    const check = await ledgerCheck(t);
    expect(check.ok).toBe(true);
  });

  it('logs a 429 as rate_limited', async () => {
    const mine: string[] = [];
    const limited = await startApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' }, { log: { level: 'info', destination: { write: (s: string) => void mine.push(s) } } });
    try {
      let status = 0;
      for (let i = 0; i < 10 && status !== 429; i++) {
        status = (await limited.http().post('/api/auth/login').send({ email: 'nobody@candor.test', password: 'whatever-pass-1' })).status;
      }
      expect(status).toBe(429);
      await new Promise((r) => setTimeout(r, 100));
      const rows = mine
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(rows.find((r) => r.status === 429)).toMatchObject({ event: 'rate_limited', code: 'RATE_LIMITED', route: '/api/auth/login', level: 'warn' });
      expect(mine.join('')).not.toContain('whatever-pass-1');
    } finally {
      await limited.close();
    }
  });
});
