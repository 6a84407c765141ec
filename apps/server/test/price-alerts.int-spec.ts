import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { PriceAlert, PriceAlertList } from '@candor/contracts';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { createTestProduct, sleep, tick, tickWriter, waitFor } from './support/trading.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { MessagesRepository } from '../src/messages/messages.repository.js';
import { PriceAlertsRepository } from '../src/alerts/price-alerts.repository.js';
import { PriceAlertWatcher } from '../src/alerts/price-alert-watcher.js';

/**
 * Price alerts through the api (create, list, delete, their refusals) and their firing as the feed's process
 * does it: the watcher listens to this test's own tick writer (the feed's path), fires each alert once, stores
 * the system message and pushes it to the user's socket through the Redis adapter of the api under test.
 */
let t: TestApp;
let writer: TickWriter;
let watcher: PriceAlertWatcher;
let symbol: string;

beforeAll(async () => {
  t = await startApp();
  writer = tickWriter(t);
  watcher = new PriceAlertWatcher(t.redis, t.ds, new PriceAlertsRepository(t.ds), new MessagesRepository(t.ds), writer);
  watcher.onApplicationBootstrap();
  symbol = await createTestProduct(t, { precision: 2 });
  await tick(writer, symbol, '100.00');
}, 60_000);
afterAll(async () => {
  await watcher?.onApplicationShutdown();
  await writer?.close();
  await t?.close();
});

const alerts = async (u: LoggedIn, q = '') => (await t.http().get(`/api/me/alerts${q}`).set(u.auth).expect(200)).body as PriceAlertList;
const create = (u: LoggedIn, body: object, lang = 'en') => t.http().post('/api/me/alerts').set(u.auth).set('Accept-Language', lang).send(body);

async function connect(u: LoggedIn): Promise<{ socket: Socket; messages: { title: string; body: string }[] }> {
  const socket: Socket = io(t.url, { path: '/socket.io', auth: { token: u.token }, transports: ['websocket'], forceNew: true });
  const messages: { title: string; body: string }[] = [];
  socket.on('message', (m: { title: string; body: string }) => messages.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await sleep(100);
  return { socket, messages };
}

const alertMessages = async (userId: string): Promise<number> =>
  (await t.ds.query(`SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND text_key = 'priceAlert'`, [userId]))[0].n as number;

describe('price alerts', () => {
  it('creates (the side taken from the level), lists and deletes; only ever the caller’s own', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const up = await create(a, { symbol: symbol.toLowerCase(), level: '101.5' }).expect(201);
    expect(up.body).toMatchObject({ symbol, direction: 'above', level: '101.50', triggeredAt: null, triggeredPrice: null });
    const down = await create(a, { symbol, level: '99', direction: 'below' }).expect(201);
    expect(down.body).toMatchObject({ direction: 'below', level: '99.00' });
    const listed = await alerts(a, `?symbol=${symbol}`);
    expect(listed.maxActive).toBe(20);
    expect(listed.items.map((x) => x.id)).toEqual([up.body.id, down.body.id]);
    expect((await alerts(a, '?symbol=BTCUSDT')).items).toEqual([]);

    // B sees none of A's alerts and cannot remove one (404, as for an alert that does not exist).
    expect((await alerts(b)).items).toEqual([]);
    const foreign = await t.http().delete(`/api/me/alerts/${up.body.id}`).set(b.auth);
    expect({ status: foreign.status, code: foreign.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await alerts(a)).items).toHaveLength(2);

    await t.http().delete(`/api/me/alerts/${up.body.id}`).set(a.auth).expect(204);
    await t.http().delete(`/api/me/alerts/${up.body.id}`).set(a.auth).expect(204); // a second tab's retry: no change
    expect((await alerts(a)).items.map((x: PriceAlert) => x.id)).toEqual([down.body.id]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' OR '1'='1"]) {
      const res = await t
        .http()
        .delete(`/api/me/alerts/${encodeURIComponent(id)}`)
        .set(a.auth);
      expect({ id, status: res.status, code: res.body.error?.code }).toEqual({ id, status: 404, code: 'NOT_FOUND' });
    }
    expect((await t.http().get('/api/me/alerts')).status).toBe(401);
    expect((await t.http().post('/api/me/alerts').send({ symbol, level: '101' })).status).toBe(401);
  });

  it('refuses bad input with 400 VALIDATION_FAILED and a misplaced level with 422, with stable codes and translated messages', async () => {
    const a = await createUser(t);
    const disabled = await createTestProduct(t, { enabled: false });
    const silent = await createTestProduct(t); // no price yet
    const cases: [object, number, string, string | undefined][] = [
      [{}, 400, 'VALIDATION_FAILED', 'symbol'],
      [{ symbol, level: 101 }, 400, 'VALIDATION_FAILED', 'level'],
      [{ symbol, level: '1e3' }, 400, 'VALIDATION_FAILED', 'level'],
      [{ symbol, level: '-101' }, 400, 'VALIDATION_FAILED', 'level'],
      [{ symbol, level: '0' }, 400, 'VALIDATION_FAILED', 'level'],
      [{ symbol, level: '101.001' }, 400, 'VALIDATION_FAILED', 'level'],
      [{ symbol, level: '9'.repeat(60) }, 400, 'VALIDATION_FAILED', 'level'],
      [{ symbol, level: '101', direction: 'sideways' }, 400, 'VALIDATION_FAILED', 'direction'],
      [{ symbol, level: '101', userId: a.id }, 400, 'VALIDATION_FAILED', 'userId'],
      [{ symbol: 'NOPEUSDT', level: '101' }, 400, 'VALIDATION_FAILED', 'symbol'],
      [{ symbol: disabled, level: '101' }, 400, 'VALIDATION_FAILED', 'symbol'],
      [{ symbol: silent, level: '101' }, 422, 'MARKET_DATA_STALE', undefined],
      [{ symbol, level: '99', direction: 'above' }, 422, 'ALERT_LEVEL_WRONG_SIDE', 'level'],
      [{ symbol, level: '101', direction: 'below' }, 422, 'ALERT_LEVEL_WRONG_SIDE', 'level'],
      [{ symbol, level: '100.00' }, 422, 'ALERT_LEVEL_WRONG_SIDE', 'level'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await create(a, body);
      expect({ body, status: res.status, code: res.body.error?.code, field: res.body.error?.field }).toEqual({ body, status, code, field });
    }
    const wrong = await create(a, { symbol, level: '99', direction: 'above' }, 'zh-TW');
    expect(wrong.body.error.message).toBe('上漲提醒的價位須高於目前價格，下跌提醒的價位須低於目前價格');
    expect((await create(a, { symbol, level: '99', direction: 'above' }, 'en')).body.error.message).toContain('rise alert');
    expect((await alerts(a)).items).toEqual([]);
  });

  it('keeps at most 20 active alerts per user, also under concurrent requests; a removed one frees its place', async () => {
    const a = await createUser(t);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => create(a, { symbol, level: `${110 + i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.error?.code])).toEqual(Array(4).fill([422, 'ALERT_LIMIT_REACHED']));
    expect(refused[0]!.body.error.message).toBe('You already have 20 active price alerts; delete one first');
    const listed = await alerts(a);
    expect(listed.items).toHaveLength(20);
    await t.http().delete(`/api/me/alerts/${listed.items[0]!.id}`).set(a.auth).expect(204);
    await create(a, { symbol, level: '150' }).expect(201);
    expect((await create(a, { symbol, level: '151' })).body.error?.code).toBe('ALERT_LIMIT_REACHED');
  });

  it('fires once when a stored price reaches the level: the message is stored, pushed and read in the user’s language', async () => {
    const own = await createTestProduct(t, { precision: 2 });
    await tick(writer, own, '100.00');
    const c = await createUser(t);
    const d = await createUser(t);
    const e = await createUser(t);
    const cs = await connect(c);
    const ds = await connect(d);
    try {
      const up = (await create(c, { symbol: own, level: '101.00' }).expect(201)).body as PriceAlert;
      const down = (await create(c, { symbol: own, level: '95.00' }).expect(201)).body as PriceAlert;
      await create(d, { symbol: own, level: '101.50' }).expect(201);
      const removed = (await create(e, { symbol: own, level: '100.80' }).expect(201)).body as PriceAlert;
      await t.http().delete(`/api/me/alerts/${removed.id}`).set(e.auth).expect(204);
      await sleep(200);

      await tick(writer, own, '100.50');
      await tick(writer, own, '101.20'); // over C's 101.00, short of D's 101.50
      const pushed = await waitFor('the pushed alert', async () => cs.messages[0], 10_000);
      expect(pushed.title).toBe(`價格提醒：${own}`);
      expect(pushed.body).toContain('已上漲至您設定的提醒價位：101.00');

      const inbox = (await t.http().get('/api/messages?lang=en').set(c.auth).expect(200)).body;
      expect(inbox.items[0]).toMatchObject({ title: `Price alert: ${own}`, read: false });
      expect(inbox.items[0].body).toMatch(
        new RegExp(`^${own} \\(${own}\\) rose to your alert price: 101\\.00\\. The price was 101\\.20 at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\.`),
      );
      const listed = await alerts(c, `?symbol=${own}`);
      expect(listed.items.find((x) => x.id === up.id)).toMatchObject({ triggeredPrice: '101.20', triggeredAt: expect.any(String) });
      expect(listed.items.find((x) => x.id === down.id)).toMatchObject({ triggeredAt: null });

      // Further prices over the level fire it no more, and a second firing statement finds nothing to fire.
      await tick(writer, own, '101.30');
      await tick(writer, own, '100.90');
      await tick(writer, own, '101.40');
      await sleep(300);
      await watcher.idle();
      expect(await alertMessages(c.id)).toBe(1);
      expect(cs.messages).toHaveLength(1);
      expect(await t.ds.transaction((em) => new PriceAlertsRepository(t.ds).fire(em, own, '101.40', new Date().toISOString()))).toEqual([]);
      expect(await alertMessages(d.id)).toBe(0);
      expect(ds.messages).toHaveLength(0);

      // The other side fires on its own; the removed alert never fires.
      await tick(writer, own, '94.99');
      await waitFor('the falling alert', async () => cs.messages[1], 10_000);
      expect(cs.messages[1]!.body).toContain('已下跌至您設定的提醒價位：95.00');
      expect(await alertMessages(c.id)).toBe(2);
      expect(await alertMessages(e.id)).toBe(0);
      expect((await alerts(c, `?symbol=${own}`)).items.every((x) => x.triggeredAt !== null)).toBe(true);

      // A fired alert can be removed from the list too.
      await t.http().delete(`/api/me/alerts/${up.id}`).set(c.auth).expect(204);
      expect((await alerts(c, `?symbol=${own}`)).items.map((x) => x.id)).toEqual([down.id]);
      expect(await ledgerCheck(t)).toMatchObject({ ok: true });
    } finally {
      cs.socket.disconnect();
      ds.socket.disconnect();
    }
  });

  it('an alert fires whether the crossing tick comes before or after the watcher re-reads its product', async () => {
    const own = await createTestProduct(t, { precision: 2 });
    await tick(writer, own, '50.00');
    const u = await createUser(t);
    const us = await connect(u);
    try {
      await create(u, { symbol: own, level: '50.10' }).expect(201);
      await tick(writer, own, '50.20'); // may come before or after the watcher re-reads the product: it fires either way
      await waitFor('the alert', async () => us.messages[0], 10_000);
      expect(await alertMessages(u.id)).toBe(1);
    } finally {
      us.socket.disconnect();
    }
  });
});
