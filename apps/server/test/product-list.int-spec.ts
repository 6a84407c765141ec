import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Product } from '@candor/contracts';
import type { Redis } from 'ioredis';
import { MarketRepository } from '../src/market/market.repository.js';
import { REDIS } from '../src/redis/redis.module.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { startApp, type TestApp } from './support/app.js';
import { loginOperator } from './support/factories.js';
import { createTestProduct, tick, tickWriter, waitFor } from './support/trading.js';

jest.setTimeout(30_000);

let t: TestApp;
let writer: TickWriter;

beforeAll(async () => {
  t = await startApp();
  writer = tickWriter(t);
});
afterAll(async () => {
  await writer.close();
  await t.close();
});

async function list(lang = 'en'): Promise<{ text: string; products: Product[] }> {
  const r = await t.http().get(`/api/products?lang=${lang}`).expect(200);
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  return { text: r.text, products: r.body as Product[] };
}
const find = (products: Product[], symbol: string) => products.find((p) => p.symbol === symbol);

describe('GET /api/products from memory', () => {
  it('answers a repeated request without reading Postgres or Redis, in each language', async () => {
    const symbol = await createTestProduct(t);
    await tick(writer, symbol, '10.00');
    await waitFor('the tick in the list', async () => find((await list()).products, symbol)?.lastPrice === '10.00');
    const repo = t.app.get(MarketRepository);
    const reads = [jest.spyOn(repo, 'allProducts'), jest.spyOn(repo, 'stats'), jest.spyOn(repo, 'lastTicks'), jest.spyOn(t.app.get<Redis>(REDIS), 'mget')];
    try {
      const first = await list();
      const again = await list();
      expect(again.text).toBe(first.text);
      for (const spy of reads) expect(spy).not.toHaveBeenCalled();
      // Each language has its own text (names are translated), from the same figures.
      const zh = await list('zh-TW');
      expect(find(zh.products, symbol)?.lastPrice).toBe('10.00');
    } finally {
      for (const spy of reads) spy.mockRestore();
    }
  });

  it('shows a new tick at once: last price, time and 24h figures', async () => {
    const symbol = await createTestProduct(t);
    await tick(writer, symbol, '100.00');
    await waitFor('the first tick', async () => find((await list()).products, symbol)?.lastPrice === '100.00');
    const before = find((await list()).products, symbol)!;
    const stored = await tick(writer, symbol, '110.00');
    // The tick message reaches the api through Redis pub/sub a moment after it is stored.
    const after = await waitFor('the second tick', async () => {
      const p = find((await list()).products, symbol);
      return p?.lastPrice === '110.00' ? p : null;
    });
    expect(before.lastPrice).toBe('100.00');
    expect(after).toMatchObject({ lastPrice: '110.00', lastTickAt: stored.t, high24h: '110.00', low24h: '100.00', change24h: '0.100000' });
  });

  it("shows an operator's maintenance toggle in the very next answer, and its end", async () => {
    const symbol = await createTestProduct(t);
    await tick(writer, symbol, '5.00');
    await waitFor('the tick', async () => find((await list()).products, symbol)?.lastPrice === '5.00');
    const cached = await list();
    expect(find(cached.products, symbol)?.status).toBe('open');

    const admin = await loginOperator(t);
    await t.http().patch(`/api/admin/products/${symbol}`).set(admin.auth).send({ maintenance: true, maintenanceMessage: 'Back soon' }).expect(200);
    expect(find((await list()).products, symbol)).toMatchObject({ status: 'maintenance', maintenanceMessage: 'Back soon', lastPrice: '5.00' });

    await t.http().patch(`/api/admin/products/${symbol}`).set(admin.auth).send({ maintenance: false }).expect(200);
    const reopened = find((await list()).products, symbol)!;
    expect(reopened.status).toBe('open');
    expect(reopened).not.toHaveProperty('maintenanceMessage');
  });

  it("answers with the api's usual headers, and leaves any other query to the controller's validation", async () => {
    // Plain, to compare the length with the text (api-compression.int-spec.ts has the compressed forms).
    const r = await t.http().get('/api/products?lang=ja').set('X-Request-Id', 'list-request-0001').set('Accept-Encoding', 'identity').expect(200);
    expect(r.headers['x-request-id']).toBe('list-request-0001');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.text));
    const extra = await t.http().get('/api/products?lang=en&limit=5');
    expect([extra.status, extra.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const long = await t.http().get(`/api/products?lang=${'x'.repeat(11)}`);
    expect([long.status, long.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('a product disabled by an operator leaves the list at once', async () => {
    const symbol = await createTestProduct(t);
    expect(find((await list()).products, symbol)).toBeDefined();
    const admin = await loginOperator(t);
    await t.http().patch(`/api/admin/products/${symbol}`).set(admin.auth).send({ enabled: false }).expect(200);
    expect(find((await list()).products, symbol)).toBeUndefined();
  });
});
