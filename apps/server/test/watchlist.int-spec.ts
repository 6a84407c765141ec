import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.close();
});

const list = async (u: LoggedIn) => (await t.http().get('/api/me/watchlist').set(u.auth).expect(200)).body as { symbols: string[] };

describe('watchlist (favourites)', () => {
  it('adds and removes idempotently, keeps the order added, and answers only the caller', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    expect(await list(a)).toEqual({ symbols: [] });

    await t.http().put('/api/me/watchlist/ETHUSDT').set(a.auth).expect(204);
    await t.http().put('/api/me/watchlist/btcusdt').set(a.auth).expect(204); // symbols are case-insensitive, as in /api/products
    await t.http().put('/api/me/watchlist/ETHUSDT').set(a.auth).expect(204); // again: no change, no duplicate
    expect(await list(a)).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT'] });

    // B's list is B's: A's favourites are not in it, and B's changes do not touch A's.
    expect(await list(b)).toEqual({ symbols: [] });
    await t.http().delete('/api/me/watchlist/ETHUSDT').set(b.auth).expect(204);
    await t.http().put('/api/me/watchlist/XAUUSD').set(b.auth).expect(204);
    expect(await list(a)).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT'] });
    expect(await list(b)).toEqual({ symbols: ['XAUUSD'] });

    await t.http().delete('/api/me/watchlist/ETHUSDT').set(a.auth).expect(204);
    await t.http().delete('/api/me/watchlist/ETHUSDT').set(a.auth).expect(204); // again: still 204
    expect(await list(a)).toEqual({ symbols: ['BTCUSDT'] });
  });

  it('an unknown or malformed symbol is 404 NOT_FOUND; without a token 401', async () => {
    const a = await createUser(t);
    for (const [method, path] of [
      ['put', '/api/me/watchlist/NOPEUSDT'],
      ['delete', '/api/me/watchlist/NOPEUSDT'],
      ['put', '/api/me/watchlist/..%2F..%2Fetc'],
      ['put', `/api/me/watchlist/${'A'.repeat(300)}`],
    ] as const) {
      const res = await t.http()[method](path).set(a.auth);
      expect({ path, status: res.status, code: res.body?.error?.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
    }
    expect(await list(a)).toEqual({ symbols: [] });
    const anon = await t.http().get('/api/me/watchlist');
    expect({ status: anon.status, code: anon.body?.error?.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect((await t.http().put('/api/me/watchlist/BTCUSDT')).status).toBe(401);
  });
});
