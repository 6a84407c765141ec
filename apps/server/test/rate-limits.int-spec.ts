import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { Response } from 'supertest';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { REDIS_KEYS } from '@candor/cross-process';
import { startApp, TEST_INVITE_CODE, type TestApp } from './support/app.js';
import { createUser, solveCaptcha, uniqueEmail, uniquePhone, type LoggedIn } from './support/factories.js';

// Each bucket gets its own limit here, so the RateLimit-Limit header of a refusal names the bucket that refused.
const LIMITS = {
  RATE_LIMIT_ADDRESS_PER_MINUTE: '60',
  RATE_LIMIT_ACCOUNT_PER_MINUTE: '9',
  RATE_LIMIT_AUTH_PER_MINUTE: '3',
  RATE_LIMIT_CAPTCHA_PER_MINUTE: '4',
  RATE_LIMIT_MAIL_PER_HOUR: '5',
  RATE_LIMIT_MONEY_PER_MINUTE: '6',
  RATE_LIMIT_ACCESSIBLE_PER_HOUR: '2',
};
const ALTCHA_KEY = 'rate-limit-test-altcha-key-0123456789abcdef';

const started: TestApp[] = [];
async function app(overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await startApp({ ...LIMITS, ALTCHA_HMAC_KEY: ALTCHA_KEY, ...overrides });
  started.push(t);
  return t;
}

// Counts outlive an app (they are in Redis): each test starts from none.
const redis = new Redis(process.env.REDIS_URL!);
/** Signed-in users, made on an app with the harness's generous limits (registration alone is 3 auth requests each). */
async function users(n: number): Promise<LoggedIn[]> {
  const t = await startApp();
  try {
    const made: LoggedIn[] = [];
    for (let i = 0; i < n; i++) made.push(await createUser(t));
    return made;
  } finally {
    await t.close();
    await clearCounts();
  }
}

async function clearCounts(): Promise<void> {
  await redis.eval("for _,k in ipairs(redis.call('keys',ARGV[1])) do redis.call('del',k) end", 0, `${REDIS_KEYS.rateLimitPrefix}*`);
}

beforeEach(clearCounts);
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
  await clearCounts();
});
afterAll(() => redis.disconnect());

/** Sends until the first 429 (at most `max` requests); answers the statuses and the refusal. */
async function untilRefused(send: () => Promise<Response>, max: number): Promise<{ statuses: number[]; refused: Response }> {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const r = await send();
    statuses.push(r.status);
    if (r.status === 429) return { statuses, refused: r };
  }
  throw new Error(`never refused: ${statuses.join(',')}`);
}

function expectRefusal(r: Response, limit: number): void {
  expect(r.status).toBe(429);
  expect(r.body.error).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts; please wait and try again' });
  expect(r.headers['ratelimit-limit']).toBe(String(limit));
  expect(r.headers['ratelimit-remaining']).toBe('0');
  const retry = Number(r.headers['retry-after']);
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(Number(r.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(Number(r.headers['ratelimit-reset']) + 1);
}

async function solvedAltcha(t: TestApp): Promise<string> {
  const c = (await t.http().get('/api/auth/altcha').expect(200)).body;
  const s = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: s!.number, salt: c.salt, signature: c.signature })).toString(
    'base64',
  );
}

describe('per address', () => {
  it('counts every /api route of a client address, with the RateLimit headers on every answer; not the health check', async () => {
    const t = await app({ RATE_LIMIT_ADDRESS_PER_MINUTE: '3' });
    const first = await t.http().get('/api/app-info').set('Accept-Language', 'en');
    expect(first.status).toBe(200);
    expect([first.headers['ratelimit-limit'], first.headers['ratelimit-remaining']]).toEqual(['3', '2']);
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    // Another route, an unknown one too: the same address budget.
    expect((await t.http().get('/api/no-such-route').set('Accept-Language', 'en')).status).toBe(404);
    const { statuses, refused } = await untilRefused(() => t.http().get('/api/app-info').set('Accept-Language', 'en'), 5);
    expect(statuses).toEqual([200, 429]);
    expectRefusal(refused, 3);
    const health = await t.http().get('/api/health');
    expect(health.status).not.toBe(429);
    expect(health.headers['ratelimit-limit']).toBeUndefined();
  });

  it('does not count the shared reads answered from memory, and counts the same routes with any other query', async () => {
    const t = await app({ RATE_LIMIT_ADDRESS_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      for (const path of ['/api/products', '/api/news', '/api/home', '/api/news?lang=en']) {
        const r = await t.http().get(path).set('Accept-Language', 'en');
        expect([path, r.status, r.headers['ratelimit-limit']]).toEqual([path, 200, undefined]);
      }
    }
    // The budget is whole: a second page of the news goes to the database, and is counted.
    const page = await t.http().get('/api/news?limit=5').set('Accept-Language', 'en');
    expect([page.status, page.headers['ratelimit-remaining']]).toEqual([200, '2']);
    // A HEAD is no shared read.
    expect((await t.http().head('/api/products')).headers['ratelimit-remaining']).toBe('1');
    const { statuses } = await untilRefused(() => t.http().get('/api/news?cursor=x').set('Accept-Language', 'en'), 3);
    expect(statuses.at(-1)).toBe(429);
    // Past the limit the shared reads still answer: refusing them would cost as much as answering.
    expect((await t.http().get('/api/products').set('Accept-Language', 'en')).status).toBe(200);
  });

  it('is shared by two api instances on one Redis', async () => {
    const [a, b] = [await app({ RATE_LIMIT_AUTH_PER_MINUTE: '4' }), await app({ RATE_LIMIT_AUTH_PER_MINUTE: '4' })];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = i % 2 === 0 ? a : b;
      statuses.push((await t.http().post('/api/auth/login').set('Accept-Language', 'en').send({ email: uniqueEmail(), password: 'whatever-1' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});

describe('per account', () => {
  it("limits a signed-in account's requests, and another account from the same address keeps its own", async () => {
    const [u, v] = (await users(2)) as [LoggedIn, LoggedIn];
    const limited = await app({ RATE_LIMIT_ACCOUNT_PER_MINUTE: '3' });
    const { statuses, refused } = await untilRefused(() => limited.http().get('/api/me').set(u.auth).set('Accept-Language', 'en'), 6);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expectRefusal(refused, 3);
    const other = await limited.http().get('/api/me').set(v.auth);
    expect(other.status).toBe(200);
    expect(other.headers['ratelimit-limit']).toBe('3');
    expect(other.headers['ratelimit-remaining']).toBe('2');
  });

  it('does not take a forged token for the account it names', async () => {
    const [u] = (await users(1)) as [LoggedIn];
    const limited = await app({ RATE_LIMIT_ACCOUNT_PER_MINUTE: '2' });
    const [head, payload] = u.token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    for (let i = 0; i < 3; i++) expect((await limited.http().get('/api/me').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
    // The forged requests counted against the address only: the owner's budget is whole.
    const mine = await limited.http().get('/api/me').set(u.auth);
    expect([mine.status, mine.headers['ratelimit-remaining']]).toEqual([200, '1']);
  });
});

describe('named buckets', () => {
  it('auth: login, registration and the operators’ login', async () => {
    const t = await app();
    const { refused } = await untilRefused(
      () =>
        t
          .http()
          .post('/api/auth/register/check')
          .set('Accept-Language', 'en')
          .send({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE, captchaId: 'none', captchaCode: '1234' }),
      5,
    );
    expectRefusal(refused, 3);
    // One budget for the auth routes of an address.
    expectRefusal(await t.http().post('/api/auth/login').set('Accept-Language', 'en').send({ email: uniqueEmail(), password: 'whatever-1' }), 3);
    expectRefusal(await t.http().post('/api/admin/auth/login').set('Accept-Language', 'en').send({ email: uniqueEmail(), password: 'whatever-1' }), 3);
  });

  it('captcha: the graphic code and the proof-of-work challenge', async () => {
    const t = await app();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.http().get('/api/auth/captcha')).status);
    const { refused } = await untilRefused(() => t.http().get('/api/auth/altcha').set('Accept-Language', 'en'), 3);
    expect(statuses).toEqual([200, 200, 200]);
    expectRefusal(refused, 4);
  });

  it('mail: asking for a password reset link', async () => {
    const t = await app();
    const { statuses, refused } = await untilRefused(
      () => t.http().post('/api/auth/password-reset').set('Accept-Language', 'en').send({ email: uniqueEmail() }),
      8,
    );
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expectRefusal(refused, 5);
  });

  it('money: placing orders, per account (refused before the order is judged)', async () => {
    const [u, v] = (await users(2)) as [LoggedIn, LoggedIn];
    const t = await app();
    const { statuses, refused } = await untilRefused(() => t.http().post('/api/orders').set(u.auth).set('Accept-Language', 'en').send({}), 9);
    expect(statuses).toHaveLength(7);
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(400));
    expectRefusal(refused, 6);
    expect((await t.http().post('/api/orders').set(v.auth).send({})).status).toBe(400);
  });

  it('accessible registration: the proof-of-work alone works, under its own stricter limit', async () => {
    const t = await app({ RATE_LIMIT_AUTH_PER_MINUTE: '100', RATE_LIMIT_CAPTCHA_PER_MINUTE: '100', ALTCHA_REQUIRED: 'true', ALTCHA_MAX_NUMBER: '5000' });
    const step1 = async (extra: Record<string, unknown>) =>
      t
        .http()
        .post('/api/auth/register/check')
        .set('Accept-Language', 'en')
        .send({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE, altcha: await solvedAltcha(t), ...extra });
    const ok = await step1({});
    expect(ok.status).toBe(200);
    expect(ok.body.registrationToken).toEqual(expect.any(String));
    expect(ok.headers['ratelimit-limit']).toBe('2');
    expect((await step1({})).status).toBe(200);
    expectRefusal(await step1({}), 2);
    // With the graphic code the accessible budget does not apply.
    const withCode = await step1(await solveCaptcha(t));
    expect(withCode.status).toBe(200);
  });
});

describe('the proof-of-work on two instances', () => {
  it('a solution used on one api instance is refused on the other', async () => {
    const overrides = { RATE_LIMIT_AUTH_PER_MINUTE: '100', ALTCHA_REQUIRED: 'true' };
    const [a, b] = [await app(overrides), await app(overrides)];
    const c = await createChallenge({ hmacKey: ALTCHA_KEY, maxNumber: 1000, expires: new Date(Date.now() + 60_000) });
    const s = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    const altcha = Buffer.from(JSON.stringify({ ...c, number: s!.number })).toString('base64');
    const body = { email: uniqueEmail(), password: 'whatever-1', altcha };
    expect((await a.http().post('/api/auth/login').send(body)).body.error.code).toBe('INVALID_CREDENTIALS');
    const again = await b.http().post('/api/auth/login').send(body);
    expect([again.status, again.body.error.code, again.body.error.field]).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
  });
});
