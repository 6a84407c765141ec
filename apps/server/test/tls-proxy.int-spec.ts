import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';

/**
 * TLS ends at the load balancer, which tells the api with `X-Forwarded-Proto: https`. The api believes it only with
 * TRUST_PROXY=true, and then marks its cookies Secure and sends Strict-Transport-Security; plain HTTP, and the
 * header from a client the api does not trust, get neither (as before TLS was set up).
 */
let trusted: TestApp;
let untrusted: TestApp;
let user: LoggedIn;

beforeAll(async () => {
  trusted = await startApp({ TRUST_PROXY: 'true' });
  untrusted = await startApp({ TRUST_PROXY: 'false' });
  user = await createUser(trusted);
});
afterAll(async () => {
  await trusted?.close();
  await untrusted?.close();
});

interface Seen {
  status: number;
  refreshCookie: string;
  hsts: string | undefined;
}

/** Signs the user in through `t`, with the given X-Forwarded-Proto (or none), and reads the cookie and HSTS. */
async function signIn(t: TestApp, forwardedProto?: string): Promise<Seen> {
  const req = t.http().post('/api/auth/login');
  if (forwardedProto) void req.set('X-Forwarded-Proto', forwardedProto);
  const res = await req.send({ email: user.email, password: user.password });
  const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return {
    status: res.status,
    refreshCookie: cookies.find((c) => c.startsWith('candor_rt=')) ?? '',
    hsts: res.headers['strict-transport-security'] as string | undefined,
  };
}

const isSecure = (cookie: string) =>
  cookie
    .split(';')
    .map((a) => a.trim().toLowerCase())
    .includes('secure');

describe('behind a TLS-terminating proxy', () => {
  it('a trusted proxy’s X-Forwarded-Proto: https gives a Secure cookie and HSTS', async () => {
    const seen = await signIn(trusted, 'https');
    expect(seen.status).toBe(200);
    expect(seen.refreshCookie).toMatch(/^candor_rt=[^;]+;/);
    expect(isSecure(seen.refreshCookie)).toBe(true);
    expect(seen.hsts).toMatch(/^max-age=[1-9]\d*/);
  });

  it('HSTS is on every answer over HTTPS: JSON, the web app’s pages and socket.io’s handshake', async () => {
    const api = await trusted.http().get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(api.headers['strict-transport-security']).toMatch(/^max-age=/);
    const page = await trusted.http().get('/').set('X-Forwarded-Proto', 'https');
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=/);
    const handshake = await trusted.http().get('/socket.io/?EIO=4&transport=polling').set('X-Forwarded-Proto', 'https');
    expect(handshake.status).toBe(200);
    expect(handshake.headers['strict-transport-security']).toMatch(/^max-age=/);
  });

  it('plain HTTP through the trusted proxy (or straight to the api) gets neither', async () => {
    for (const proto of ['http', undefined]) {
      const seen = await signIn(trusted, proto);
      expect(seen.status).toBe(200);
      expect(seen.refreshCookie).toMatch(/^candor_rt=[^;]+;/);
      expect(isSecure(seen.refreshCookie)).toBe(false);
      expect(seen.hsts).toBeUndefined();
    }
    const handshake = await trusted.http().get('/socket.io/?EIO=4&transport=polling');
    expect(handshake.status).toBe(200);
    expect(handshake.headers['strict-transport-security']).toBeUndefined();
    // Other security headers are unchanged on plain HTTP.
    expect(handshake.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the last X-Forwarded-Proto entry is the proxy’s: a client’s own “https” before it does not count', async () => {
    const seen = await signIn(trusted, 'https, http');
    expect(isSecure(seen.refreshCookie)).toBe(false);
    expect(seen.hsts).toBeUndefined();
  });

  it('without TRUST_PROXY the header is ignored: no Secure cookie, no HSTS, as before', async () => {
    for (const proto of ['https', undefined]) {
      const seen = await signIn(untrusted, proto);
      expect(seen.status).toBe(200);
      expect(seen.refreshCookie).toMatch(/^candor_rt=[^;]+;/);
      expect(isSecure(seen.refreshCookie)).toBe(false);
      expect(seen.hsts).toBeUndefined();
    }
    const api = await untrusted.http().get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(api.headers['strict-transport-security']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBe('DENY');
  });
});
