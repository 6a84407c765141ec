import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { startPushService, type TestPushService } from './support/push-service.js';
import { createTestProduct, sleep, tick, tickWriter, waitFor } from './support/trading.js';
import { WorkerModule } from '../src/worker.module.js';
import { PUSH_AGENT } from '../src/push/push-sender.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';

// Web Push end to end: subscriptions through the api, notifications of a deposit decision and of a settled order
// queued by the api and the worker, encrypted and POSTed by the worker (in this process) to a local stand-in for
// a browser's push service over HTTPS; a 410 from it removes the subscription.
let t: TestApp;
let push: TestPushService;
let worker: TestingModule;
let writer: TickWriter;
let reviewer: { auth: { Authorization: string } };
let methodId: string;

// A browser's keys (a P-256 point and 16 bytes): the payload is encrypted to them; the stand-in never decrypts.
const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

beforeAll(async () => {
  push = await startPushService();
  t = await startApp({ PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${push.host}`, PUSH_RETRY_DELAY_MS: '50' });
  process.env.FEED = 'off';
  worker = await Test.createTestingModule({ imports: [WorkerModule.forRoot(t.config)] })
    .overrideProvider(PUSH_AGENT)
    .useValue(push.agent)
    .compile();
  await worker.init();
  writer = tickWriter(t);
  const admin = await loginOperator(t);
  reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
  const created = await t
    .http()
    .post('/api/admin/deposit-methods')
    .set(admin.auth)
    .send({ type: 'bank', names: { 'zh-TW': '銀行轉帳' }, details: { bank: 'B', accountName: 'C', accountNumber: '1' }, minAmount: '1', maxAmount: '50000' })
    .expect(201);
  methodId = created.body.id;
}, 60_000);
afterAll(async () => {
  await writer?.close();
  await worker?.close();
  await t?.close();
  await push?.close();
});

let n = 0;
const endpoint = () => push.endpoint(`s${Date.now()}-${++n}`);
const subscribe = (u: LoggedIn, body: Record<string, unknown>) => t.http().post('/api/me/push-subscriptions').set(u.auth).send(body);
const list = async (u: LoggedIn) => (await t.http().get('/api/me/push-subscriptions').set(u.auth).expect(200)).body.items as { id: string; kinds: string[] }[];
const sentTo = (ep: string) => push.received.filter((r) => ep.endsWith(r.path));

describe('subscriptions', () => {
  it('stores one per endpoint: the same endpoint again updates it; lists, changes kinds and removes the caller own', async () => {
    const u = await createUser(t);
    const ep = endpoint();
    const first = await subscribe(u, { endpoint: ep, expirationTime: null, keys: KEYS }).expect(201);
    expect(first.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const again = await subscribe(u, { endpoint: ep, keys: KEYS, kinds: ['order'] }).expect(201);
    expect(again.body.id).toBe(first.body.id);
    // Registering again without kinds keeps them.
    await subscribe(u, { endpoint: ep, keys: KEYS }).expect(201);
    expect(await list(u)).toEqual([
      { id: first.body.id, service: '127.0.0.1', kinds: ['order'], createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);

    const patched = await t
      .http()
      .patch(`/api/me/push-subscriptions/${first.body.id}`)
      .set(u.auth)
      .send({ kinds: ['support', 'funds'] })
      .expect(200);
    expect(patched.body.kinds).toEqual(['funds', 'support']);
    await t.http().delete(`/api/me/push-subscriptions/${first.body.id}`).set(u.auth).expect(204);
    expect(await list(u)).toEqual([]);
    await t.http().delete(`/api/me/push-subscriptions/${first.body.id}`).set(u.auth).expect(404);
    await t.http().delete('/api/me/push-subscriptions/not-a-uuid').set(u.auth).expect(404);
  });

  it('another user can neither delete nor change yours; registering your endpoint takes it over, keys and all', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const ep = endpoint();
    const { id } = (await subscribe(owner, { endpoint: ep, keys: KEYS, kinds: ['funds'] }).expect(201)).body;
    const del = await t.http().delete(`/api/me/push-subscriptions/${id}`).set(other.auth);
    expect(del.status).toBe(404);
    expect(del.body.error.code).toBe('NOT_FOUND');
    await t.http().patch(`/api/me/push-subscriptions/${id}`).set(other.auth).send({ kinds: [] }).expect(404);
    expect((await list(owner)).map((s) => [s.id, s.kinds])).toEqual([[id, ['funds']]]);
    await t.http().get('/api/me/push-subscriptions').expect(401);

    // The same browser signed in to another account: the endpoint is now that account's, with every kind.
    const taken = await subscribe(other, { endpoint: ep, keys: KEYS }).expect(201);
    expect(taken.body.id).toBe(id);
    expect(await list(owner)).toEqual([]);
    expect((await list(other))[0]!.kinds).toEqual(['order', 'funds', 'verification', 'support']);
  });

  it('refuses endpoints off the push services and malformed subscriptions with stable codes', async () => {
    const u = await createUser(t);
    for (const bad of ['https://169.254.169.254/latest/meta-data', 'https://127.0.0.1:1/push/x', 'https://fcm.googleapis.com.attacker.example/x']) {
      const r = await subscribe(u, { endpoint: bad, keys: KEYS }).set('Accept-Language', 'en');
      expect([r.status, r.body.error.code]).toEqual([422, 'PUSH_ENDPOINT_NOT_ALLOWED']);
      expect(r.body.error.message).toBe("This browser's push service is not one the platform sends to");
    }
    for (const body of [
      { endpoint: 'http://fcm.googleapis.com/x', keys: KEYS },
      { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'short', auth: KEYS.auth } },
      { endpoint: 'https://fcm.googleapis.com/x', keys: KEYS, kinds: ['order', 'order'] },
      { endpoint: 'https://fcm.googleapis.com/x', keys: KEYS, kinds: ['everything'] },
      { endpoint: 'https://fcm.googleapis.com/x', keys: KEYS, extra: 1 },
    ]) {
      const r = await subscribe(u, body);
      expect([r.status, r.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await list(u)).toEqual([]);
  });

  it('publishes the VAPID public key in app-info', async () => {
    const info = (await t.http().get('/api/app-info').expect(200)).body;
    expect(info.vapidPublicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });
});

describe('sending', () => {
  const depositDecided = async (u: LoggedIn) => {
    const d = await t.http().post('/api/deposits').set(u.auth).send({ methodId, amount: '100' }).expect(201);
    await t.http().post(`/api/admin/deposits/${d.body.id}/approve`).set(reviewer.auth).expect(200);
  };

  it('a deposit decision sends one encrypted, VAPID-signed push to each subscription that takes the kind', async () => {
    const u = await createUser(t);
    const funds = endpoint();
    const ordersOnly = endpoint();
    await subscribe(u, { endpoint: funds, keys: KEYS }).expect(201);
    await subscribe(u, { endpoint: ordersOnly, keys: KEYS, kinds: ['order'] }).expect(201);
    await depositDecided(u);
    const [req] = await waitFor('the push', async () => (sentTo(funds).length ? sentTo(funds) : null));
    expect(req!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '86400',
      urgency: 'high',
      authorization: expect.stringMatching(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=B[\w-]{86}$/),
    });
    // Encrypted: the record header alone is 86 bytes, and the plaintext JSON never crosses the wire as is.
    expect(req!.bytes).toBeGreaterThan(86);
    await sleep(300);
    expect(sentTo(funds)).toHaveLength(1);
    expect(sentTo(ordersOnly)).toHaveLength(0);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('a 410 from the push service removes the subscription; nothing is sent to it again', async () => {
    const u = await createUser(t);
    const gone = endpoint();
    push.answer(gone.split('/push/')[1]!, 410);
    await subscribe(u, { endpoint: gone, keys: KEYS }).expect(201);
    await depositDecided(u);
    await waitFor('the subscription to go', async () => (await list(u)).length === 0);
    expect(sentTo(gone)).toHaveLength(1);
    await depositDecided(u);
    await sleep(500);
    expect(sentTo(gone)).toHaveLength(1);
  });

  it('a 500 is retried with backoff until the push service takes it', async () => {
    const u = await createUser(t);
    const flaky = endpoint();
    const name = flaky.split('/push/')[1]!;
    push.answer(name, 500);
    await subscribe(u, { endpoint: flaky, keys: KEYS, kinds: ['funds'] }).expect(201);
    await depositDecided(u);
    await waitFor('a retry', async () => sentTo(flaky).length >= 2);
    push.answer(name, 201);
    await waitFor('the retries to stop', async () => sentTo(flaky).length >= 3);
    await sleep(500);
    expect(sentTo(flaky).length).toBeLessThanOrEqual(4);
    expect(await list(u)).toHaveLength(1);
  });

  it('a settled order, published by the worker after the commit, sends an order push with an hour to live', async () => {
    const u = await createUser(t);
    const ep = endpoint();
    await subscribe(u, { endpoint: ep, keys: KEYS, kinds: ['order'] }).expect(201);
    const symbol = await createTestProduct(t);
    await tick(writer, symbol, '100.00');
    const order = await t.http().post('/api/orders').set(u.auth).send({ symbol, direction: 'up', amount: '10.00', durationSeconds: 1, account: 'demo' });
    expect(order.status).toBe(201);
    await tick(writer, symbol, '101.00');
    await sleep(Math.max(0, Date.parse(order.body.expiresAt) - Date.now() + 50));
    await tick(writer, symbol, '102.00');
    await worker.get(SettlementService).settleWindow(0, Date.now() + 60_000);
    const [req] = await waitFor('the order push', async () => (sentTo(ep).length ? sentTo(ep) : null));
    expect(req!.headers).toMatchObject({ ttl: '3600', urgency: 'normal', 'content-encoding': 'aes128gcm' });
    const settled = (await t.http().get(`/api/orders/${order.body.id}`).set(u.auth).expect(200)).body;
    expect(settled.status).toBe('settled');
    expect((await ledgerCheck(t)).ok).toBe(true);
  }, 30_000);
});
