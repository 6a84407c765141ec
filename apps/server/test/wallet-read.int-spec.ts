import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { UserAuthGuard } from '../src/auth/auth.guard.js';
import { WalletService } from '../src/wallet/wallet.service.js';
import { startApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';

jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/wallet before Nest', () => {
  it("answers a signed-in user without the controller: the service's balances, the api's headers", async () => {
    const u = await createUser(t);
    // Nest's path runs the controller's guard (canActivate); the route hook checks the token without it.
    const nestGuard = jest.spyOn(UserAuthGuard.prototype, 'canActivate');
    const r = await t.http().get('/api/wallet').set(u.auth).set('X-Request-Id', 'wallet-read-0001').expect(200);
    expect(nestGuard).not.toHaveBeenCalled();
    expect(r.text).toBe(JSON.stringify(await t.app.get(WalletService).wallet(u.id)));
    expect(r.body).toEqual({ available: '0.00', frozen: '0.00', inOrders: '0.00', earn: '0.00', total: '0.00', demo: '10000.00' });
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['x-request-id']).toBe('wallet-read-0001');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.text));
  });

  it('leaves a missing, malformed or revoked token to the guard, which refuses it in the envelope', async () => {
    const u = await createUser(t);
    const nestGuard = jest.spyOn(UserAuthGuard.prototype, 'canActivate');
    for (const auth of [{}, { Authorization: 'Bearer not-a-token' }, { Authorization: `Basic ${u.token}` }]) {
      const r = await t.http().get('/api/wallet').set(auth);
      expect([r.status, r.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
      expect(r.body.error.requestId).toBe(r.headers['x-request-id']);
    }
    await t.http().post('/api/auth/logout').set('Cookie', u.cookie).expect(204);
    const revoked = await t.http().get('/api/wallet').set(u.auth);
    expect([revoked.status, revoked.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(nestGuard).toHaveBeenCalledTimes(4);
  });

  it('a read that fails goes on to the controller, which answers it', async () => {
    const u = await createUser(t);
    const service = t.app.get(WalletService);
    jest.spyOn(service, 'wallet').mockRejectedValueOnce(new Error('the database went away'));
    const nestGuard = jest.spyOn(UserAuthGuard.prototype, 'canActivate');
    const r = await t.http().get('/api/wallet').set(u.auth).expect(200);
    expect(nestGuard).toHaveBeenCalledTimes(1);
    expect(r.body.demo).toBe('10000.00');
  });
});
