import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { startApp, TEST_INVITE_CODE, type TestApp } from './support/app.js';
import { registerUser, solveCaptcha, uniqueEmail, uniquePhone } from './support/factories.js';

const ALTCHA_KEY = 'altcha-test-key-0123456789abcdef0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startApp({ ALTCHA_REQUIRED: 'true', ALTCHA_HMAC_KEY: ALTCHA_KEY, ALTCHA_MAX_NUMBER: '5000' });
});
afterAll(async () => {
  await t.close();
});

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** What the widget sends: the challenge with the number found, base64 JSON. */
async function solve(c: Challenge, tamper: (p: Record<string, unknown>) => void = () => undefined): Promise<string> {
  const s = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!s) throw new Error('no solution');
  const p: Record<string, unknown> = { algorithm: c.algorithm, challenge: c.challenge, number: s.number, salt: c.salt, signature: c.signature };
  tamper(p);
  return Buffer.from(JSON.stringify(p)).toString('base64');
}

async function served(): Promise<Challenge> {
  return (await t.http().get('/api/auth/altcha').expect(200)).body as Challenge;
}

function step1(extra: Record<string, unknown>) {
  return t
    .http()
    .post('/api/auth/register/check')
    .set('Accept-Language', 'en')
    .send({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE, ...extra });
}

const codeOf = (r: { status: number; body: { error?: { code: string; field?: string } } }) => [r.status, r.body.error?.code, r.body.error?.field];

describe('ALTCHA challenges', () => {
  it('serves a signed SHA-256 challenge with the configured maxnumber and an expiry', async () => {
    const c = await served();
    expect(c).toEqual({
      algorithm: 'SHA-256',
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      maxnumber: 5000,
      salt: expect.any(String),
      signature: expect.any(String),
    });
    const expires = Number(new URLSearchParams(c.salt.split('?')[1]).get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now());
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 11 * 60_000);
  });

  it('accepts a solution once, and refuses it replayed', async () => {
    const altcha = await solve(await served());
    const first = await step1({ ...(await solveCaptcha(t)), altcha });
    expect(first.status).toBe(200);
    const replay = await step1({ ...(await solveCaptcha(t)), altcha });
    expect(codeOf(replay)).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
    expect(replay.body.error.message).toEqual(expect.any(String));
  });

  it('refuses an altered solution: another number, another salt, another signature, another algorithm, garbage', async () => {
    const c = await served();
    const tampered = [
      await solve(c, (p) => void (p.number = (p.number as number) + 1)),
      await solve(c, (p) => void (p.salt = `${String(p.salt)}x`)),
      await solve(c, (p) => void (p.signature = String(p.signature).replace(/^./, (ch) => (ch === '0' ? '1' : '0')))),
      await solve(c, (p) => void (p.algorithm = 'SHA-1')),
      Buffer.from('not json').toString('base64'),
    ];
    for (const altcha of tampered) expect(codeOf(await step1({ ...(await solveCaptcha(t)), altcha }))).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
    // The untouched solution still works: the refusals did not spend it.
    expect((await step1({ ...(await solveCaptcha(t)), altcha: await solve(c) })).status).toBe(200);
  });

  it('refuses an expired challenge, and one signed with another key', async () => {
    const expired = await createChallenge({ hmacKey: ALTCHA_KEY, maxNumber: 1000, expires: new Date(Date.now() - 1000) });
    expect(codeOf(await step1({ ...(await solveCaptcha(t)), altcha: await solve(expired) }))).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
    const foreign = await createChallenge({ hmacKey: 'some-other-key-0123456789abcdef0123456789', maxNumber: 1000, expires: new Date(Date.now() + 60_000) });
    expect(codeOf(await step1({ ...(await solveCaptcha(t)), altcha: await solve(foreign) }))).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
    const noExpiry = await createChallenge({ hmacKey: ALTCHA_KEY, maxNumber: 1000 });
    expect(codeOf(await step1({ ...(await solveCaptcha(t)), altcha: await solve(noExpiry) }))).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
  });

  it('is required on registration (with or without the graphic code) and on login', async () => {
    expect(codeOf(await step1(await solveCaptcha(t)))).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
    expect(codeOf(await step1({}))).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
    const login = await t.http().post('/api/auth/login').set('Accept-Language', 'en').send({ email: 'nobody@example.com', password: 'whatever-1' });
    expect(codeOf(login)).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
  });

  it('lets a person register and sign in with the proof-of-work alone (the accessible path)', async () => {
    const email = uniqueEmail();
    const check = await step1({ email, altcha: await solve(await served()) });
    expect(check.status).toBe(200);
    const password = 'secret-pass-1';
    const reg = await t.http().post('/api/auth/register').send({
      registrationToken: check.body.registrationToken,
      password,
      confirmPassword: password,
      tradePassword: '246810',
      confirmTradePassword: '246810',
    });
    expect(reg.status).toBe(201);
    const login = await t
      .http()
      .post('/api/auth/login')
      .send({ email, password, altcha: await solve(await served()) });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(email);
  });
});

describe('with ALTCHA_REQUIRED=false (the test harness default)', () => {
  it('registers with the graphic code alone, but the accessible path still needs the proof-of-work', async () => {
    const relaxed = await startApp();
    try {
      await expect(registerUser(relaxed)).resolves.toMatchObject({ id: expect.any(String) });
      const r = await relaxed.http().post('/api/auth/register/check').send({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: TEST_INVITE_CODE });
      expect(codeOf(r)).toEqual([400, 'ALTCHA_INVALID', 'altcha']);
    } finally {
      await relaxed.close();
    }
  });
});
