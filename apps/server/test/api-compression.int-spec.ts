import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Product } from '@candor/contracts';
import { COMPRESS_THRESHOLD } from '../src/common/compression.js';
import type { TickWriter } from '../src/market/feed/tick-writer.js';
import { startApp, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { rawGet, varies } from './support/raw-http.js';
import { createTestProduct, tick, tickWriter, waitFor } from './support/trading.js';

// The api's own JSON answers of a kilobyte or more go compressed to a client that accepts it: a phone on a
// slow network fetches the product list on every visit. The product list is compressed once per list, the
// other answers as they are sent; token-bearing answers never (operator-totp.int-spec.ts checks that).
let t: TestApp;
let writer: TickWriter;
let user: LoggedIn;

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

beforeAll(async () => {
  t = await startApp();
  writer = tickWriter(t);
  user = await createUser(t);
  // Enough products with prices that the list is well over the threshold whatever the database held before.
  for (let i = 0; i < 4; i++) await tick(writer, await createTestProduct(t), '10.00');
  await waitFor('a list over the threshold', async () => (await rawGet(t.url, '/api/products')).body.length > 2 * COMPRESS_THRESHOLD);
});
afterAll(async () => {
  await writer.close();
  await t.close();
});

describe('GET /api/products', () => {
  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
    ['gzip', 'br;q=0, gzip'],
  ] as const)('sends %s for Accept-Encoding "%s": the same list, a fraction of the bytes, with Vary', async (encoding, accept) => {
    // Read plain and compressed in turn until both show the same list (a tick may land between the two).
    const [plain, packed] = await waitFor('the same list twice', async () => {
      const a = await rawGet(t.url, '/api/products');
      const b = await rawGet(t.url, '/api/products', { 'Accept-Encoding': accept });
      return b.headers['content-encoding'] === encoding && DECODE[encoding](b.body).equals(a.body) ? [a, b] : null;
    });
    expect(packed.status).toBe(200);
    expect(packed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(varies(packed.headers)).toContain('accept-encoding');
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    expect((JSON.parse(plain.body.toString()) as Product[]).length).toBeGreaterThanOrEqual(4);
  });

  it('sends the list as it is, still with Vary, to a client that accepts no compression', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const r = await rawGet(t.url, '/api/products', { 'Accept-Encoding': accept });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(varies(r.headers)).toContain('accept-encoding');
      expect(Array.isArray(JSON.parse(r.body.toString()))).toBe(true);
    }
  });
});

describe("the controllers' answers", () => {
  it('compresses a long private answer, which keeps Cache-Control: no-store', async () => {
    const admin = await loginOperator(t);
    const text = Array.from({ length: 60 }, (_, i) => `Line ${i} of a long notice about the platform.`).join(' ');
    await t
      .http()
      .post('/api/admin/messages')
      .set(admin.auth)
      .send({ userId: user.id, title: { 'zh-TW': '通知' }, body: { 'zh-TW': text } })
      .expect(201);
    const plain = await rawGet(t.url, '/api/messages', user.auth);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const r = await rawGet(t.url, '/api/messages', { ...user.auth, 'Accept-Encoding': encoding });
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(varies(r.headers)).toContain('accept-encoding');
      expect(JSON.parse(DECODE[encoding](r.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
  });

  it('sends a short answer as it is: the wallet, read before Nest, and an error in the envelope', async () => {
    const wallet = await rawGet(t.url, '/api/wallet', { ...user.auth, 'Accept-Encoding': 'br, gzip' });
    expect(wallet.status).toBe(200);
    expect(wallet.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(wallet.body.toString())).toHaveProperty('available');
    const refused = await rawGet(t.url, '/api/wallet', { 'Accept-Encoding': 'br, gzip' });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString()).error.code).toBe('UNAUTHENTICATED');
  });

  it('never decompresses a request body: a gzip body is refused, not inflated', async () => {
    const r = await t
      .http()
      .patch('/api/me')
      .set(user.auth)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(gzipSync(JSON.stringify({ nickname: 'zipped' })));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    const me = await t.http().get('/api/me').set(user.auth).expect(200);
    expect(me.body.nickname).not.toBe('zipped');
  });
});
