import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  api,
  ApiError,
  CLIENT_ERROR,
  getAccessToken,
  onAccessTokenChange,
  prefetchGet,
  refreshAccessToken,
  setAccessToken,
  setApiLanguageProvider,
} from './api';

type Call = { url: string; init: RequestInit };
type Responder = (call: Call) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: Call[];
function mockFetch(responder: Responder) {
  calls = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return responder(call);
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}
const header = (c: Call, name: string) => (c.init.headers as Record<string, string>)[name];

const realFetch = globalThis.fetch;
beforeEach(() => {
  setAccessToken(null);
  setApiLanguageProvider(() => 'zh-TW');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
});

describe('api client', () => {
  it('prefixes /api, sends JSON, the language, credentials and the bearer token', async () => {
    mockFetch(() => json(200, { ok: true }));
    setAccessToken('tok-1');
    setApiLanguageProvider(() => 'ja');
    const res = await api.post<{ ok: boolean }>('/orders', { a: 1 }, { idempotencyKey: 'k-1' });
    expect(res).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    const [c] = calls;
    expect(c!.url).toBe('/api/orders');
    expect(c!.init.method).toBe('POST');
    expect(c!.init.body).toBe('{"a":1}');
    expect(c!.init.credentials).toBe('include');
    expect(header(c!, 'Accept-Language')).toBe('ja');
    expect(header(c!, 'Authorization')).toBe('Bearer tok-1');
    expect(header(c!, 'Idempotency-Key')).toBe('k-1');
    expect(header(c!, 'Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token and adds query parameters', async () => {
    mockFetch(() => json(200, []));
    await api.get('/orders', { query: { status: 'open', cursor: undefined, limit: 20 } });
    expect(calls[0]!.url).toBe('/api/orders?status=open&limit=20');
    expect(header(calls[0]!, 'Authorization')).toBeUndefined();
  });

  it('turns the error envelope into an ApiError with code, status, field and message', async () => {
    mockFetch(() => json(409, { error: { code: 'USER_EXISTS', message: '使用者已存在', field: 'email', requestId: 'r1' } }));
    const err = await api.post('/auth/register/check', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'USER_EXISTS', status: 409, field: 'email', message: '使用者已存在', requestId: 'r1' });
  });

  it('keeps when a pending catalogue change takes effect (CATALOGUE_CHANGE_PENDING), for the message in the reader’s time zone', async () => {
    const at = '2026-12-02T08:00:00.000Z';
    mockFetch(() => json(422, { error: { code: 'CATALOGUE_CHANGE_PENDING', message: 'm', requestId: 'r2', effectiveAt: at } }));
    const err = await api.post('/orders', {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CATALOGUE_CHANGE_PENDING', status: 422, effectiveAt: at });
    mockFetch(() => json(422, { error: { code: 'MARKET_CLOSED', message: 'm' } }));
    expect(await api.post('/orders', {}).catch((e: unknown) => (e as ApiError).effectiveAt)).toBeUndefined();
  });

  it('returns undefined for 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.post('/me/password', { kind: 'login' })).resolves.toBeUndefined();
  });

  it('maps a network failure to NETWORK_ERROR', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/me')).rejects.toMatchObject({ code: CLIENT_ERROR.network, status: 0 });
  });

  it('aborts after the timeout and reports TIMEOUT', async () => {
    mockFetch(
      (c) =>
        new Promise<Response>((_, reject) => {
          c.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(api.get('/me', { timeoutMs: 20 })).rejects.toMatchObject({ code: CLIENT_ERROR.timeout });
  });

  it('uses a 60 second timeout by default', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    mockFetch(
      (c) =>
        new Promise<Response>((_, reject) => {
          signal = c.init.signal ?? undefined;
          c.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = api.get('/me').catch((e: unknown) => e);
    await Promise.resolve();
    jest.advanceTimersByTime(59_999);
    expect(signal?.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(signal?.aborted).toBe(true);
    await expect(p).resolves.toMatchObject({ code: CLIENT_ERROR.timeout });
  });
});

describe('401 handling', () => {
  it('refreshes once and retries the request with the new token', async () => {
    setAccessToken('old');
    mockFetch((c) => {
      if (c.url === '/api/auth/refresh') return json(200, { accessToken: 'new' });
      return header(c, 'Authorization') === 'Bearer new' ? json(200, { id: 'u1' }) : json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
    });
    await expect(api.get('/me')).resolves.toEqual({ id: 'u1' });
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/auth/refresh', '/api/me']);
    expect(getAccessToken()).toBe('new');
  });

  it('takes a 401 about the second-factor code as the answer: no refresh, no resend, the session stays', async () => {
    setAccessToken('tok');
    mockFetch(() => json(401, { error: { code: 'TOTP_INVALID', message: 'Wrong or already used code' } }));
    await expect(api.post('/withdrawals', { amount: '1', tradePassword: '123456', totp: '123456' })).rejects.toMatchObject({
      code: 'TOTP_INVALID',
      status: 401,
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/withdrawals']);
    expect(getAccessToken()).toBe('tok');
  });

  it('shares one refresh between concurrent 401s', async () => {
    setAccessToken('old');
    mockFetch(async (c) => {
      if (c.url === '/api/auth/refresh') {
        await new Promise((r) => setTimeout(r, 5));
        return json(200, { accessToken: 'new' });
      }
      return header(c, 'Authorization') === 'Bearer new' ? json(200, { url: c.url }) : json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
    });
    const results = await Promise.all([api.get('/me'), api.get('/me/summary'), api.get('/auth/sessions')]);
    expect(results).toHaveLength(3);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session (token null) when the refresh fails, and throws the original 401', async () => {
    setAccessToken('old');
    const seen: (string | null)[] = [];
    const off = onAccessTokenChange((t) => seen.push(t));
    mockFetch((c) =>
      c.url === '/api/auth/refresh'
        ? json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } })
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'login please' } }),
    );
    await expect(api.get('/me')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(seen).toEqual([null]);
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/auth/refresh']);
    off();
  });

  it('does not refresh when the login itself answers 401', async () => {
    mockFetch(() => json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'bad' } }));
    await expect(api.post('/auth/login', { email: 'a', password: 'b' })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(calls).toHaveLength(1);
  });

  it('refreshAccessToken stores the new token and resolves null on failure', async () => {
    mockFetch(() => json(200, { accessToken: 't2' }));
    await expect(refreshAccessToken()).resolves.toBe('t2');
    expect(getAccessToken()).toBe('t2');
    mockFetch(() => json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } }));
    await expect(refreshAccessToken()).resolves.toBeNull();
    expect(getAccessToken()).toBeNull();
  });
});

describe('answers asked for ahead (prefetchGet)', () => {
  it('gives the first get of the path the answer already asked for, then asks again', async () => {
    let n = 0;
    mockFetch(() => json(200, { n: ++n }));
    prefetchGet('/products');
    prefetchGet('/products'); // asked once
    expect(calls).toHaveLength(1);
    await expect(api.get('/products')).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    await expect(api.get('/products')).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is not taken in another language, nor after 10 s', async () => {
    let n = 0;
    mockFetch(() => json(200, { n: ++n }));
    prefetchGet('/products/BTCUSDT');
    setApiLanguageProvider(() => 'en');
    await expect(api.get('/products/BTCUSDT')).resolves.toEqual({ n: 2 });
    expect(header(calls[1]!, 'Accept-Language')).toBe('en');

    jest.useFakeTimers({ now: 1_000_000 });
    prefetchGet('/products');
    jest.setSystemTime(1_000_000 + 10_001);
    await expect(api.get('/products')).resolves.toEqual({ n: 4 });
    expect(calls).toHaveLength(4);
  });

  it('hands a failure to its taker', async () => {
    mockFetch(() => json(503, { error: { code: 'UNAVAILABLE', message: 'down' } }));
    prefetchGet('/products');
    await expect(api.get('/products')).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    expect(calls).toHaveLength(1);
  });
});
