import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REDIS_KEYS } from '@candor/cross-process';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';
import { balanceOf, fundCash } from './support/trading.js';
import { totpCode } from './support/totp.js';
import { secretFor } from '../src/config/keys.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.close();
});

const TRC20 = { type: 'crypto', accountName: 'Chen Mei', nationality: 'Taiwan', network: 'TRC20', currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
const OTHER_ADDRESS = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';

interface Enrolled extends LoggedIn {
  secret: string;
  recoveryCodes: string[];
}

/** A user with two-factor sign-in on through the routes themselves: setup, then the first code. */
async function enrolledUser(before?: (u: LoggedIn) => Promise<void>): Promise<Enrolled> {
  const u = await createUser(t);
  await before?.(u);
  const setup = await t.http().post('/api/me/totp/setup').set(u.auth).send({ password: u.password }).expect(200);
  const enable = await t
    .http()
    .post('/api/me/totp/enable')
    .set(u.auth)
    .send({ code: await totpCode(setup.body.secret) })
    .expect(200);
  return { ...u, secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}

/** Lets the current step's code be used again (as a wait of 30 s would), so one test can use several codes. */
const forgetLastStep = (u: { id: string }) => t.ds.query(`UPDATE users SET totp_last_step = NULL WHERE id = $1`, [u.id]);
const loginWith = (u: LoggedIn, extra: Record<string, unknown> = {}) =>
  t
    .http()
    .post('/api/auth/login')
    .send({ email: u.email, password: u.password, ...extra });
const wrongCode = async (secret: string) => {
  const right = new Set([await totpCode(secret, -1), await totpCode(secret), await totpCode(secret, 1)]);
  for (const c of ['000000', '111111', '222222', '333333']) if (!right.has(c)) return c;
  throw new Error('unreachable');
};

describe('user two-factor sign-in: enrolment', () => {
  it('setup needs the login password and turns nothing on; a code of the pending secret does, with ten recovery codes stored hashed', async () => {
    const u = await createUser(t);
    const wrong = await t.http().post('/api/me/totp/setup').set(u.auth).send({ password: 'not-my-password-1' }).expect(422);
    expect(wrong.body.error).toMatchObject({ code: 'OLD_PASSWORD_INVALID', field: 'password' });
    await t.http().post('/api/me/totp/enable').set(u.auth).send({ code: '123456' }).expect(409);

    const setup = await t.http().post('/api/me/totp/setup').set(u.auth).send({ password: u.password }).expect(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauthUrl).toContain('issuer=Candor');
    // Pending only: the profile says off and a login needs no code.
    expect((await t.http().get('/api/me').set(u.auth).expect(200)).body.totpEnabled).toBe(false);
    await loginWith(u).expect(200);
    // The pending secret sits in Redis encrypted, never as text.
    const pending = await t.redis.get(REDIS_KEYS.userTotpSetup(u.id));
    expect(pending).toMatch(/^v1\./);
    expect(pending).not.toContain(setup.body.secret);

    const bad = await t
      .http()
      .post('/api/me/totp/enable')
      .set(u.auth)
      .send({ code: await wrongCode(setup.body.secret) })
      .expect(401);
    expect(bad.body.error.code).toBe('TOTP_INVALID');
    const ok = await t
      .http()
      .post('/api/me/totp/enable')
      .set(u.auth)
      .send({ code: await totpCode(setup.body.secret) })
      .expect(200);
    const codes: string[] = ok.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await t.http().get('/api/me').set(u.auth).expect(200)).body.totpEnabled).toBe(true);

    const [row] = await t.ds.query(`SELECT totp_secret_enc, totp_last_step FROM users WHERE id = $1`, [u.id]);
    expect(row.totp_secret_enc).toMatch(/^v1\./);
    expect(row.totp_secret_enc).not.toContain(setup.body.secret);
    expect(row.totp_last_step).not.toBeNull();
    const stored: { code_hash: string }[] = await t.ds.query(`SELECT code_hash FROM user_recovery_codes WHERE user_id = $1`, [u.id]);
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes).not.toContain(s.code_hash.trim());
    // Turning it on again, or a second setup, is refused while it is on.
    await t.http().post('/api/me/totp/setup').set(u.auth).send({ password: u.password }).expect(409);
    // The owner is told in the inbox.
    const inbox = await t.ds.query(`SELECT text_key FROM messages WHERE user_id = $1 ORDER BY created_at`, [u.id]);
    expect(inbox.map((m: { text_key: string }) => m.text_key)).toContain('totpEnabled');
  });
});

describe('user two-factor sign-in: login', () => {
  it('asks for the code only after the right password; a wrong or replayed code fails and is in the history; the next code signs in', async () => {
    const u = await enrolledUser();
    const badPassword = await t.http().post('/api/auth/login').send({ email: u.email, password: 'wrong-password-9' }).expect(401);
    expect(badPassword.body.error.code).toBe('INVALID_CREDENTIALS');
    const badPasswordWithCode = await t.http().post('/api/auth/login').send({ email: u.email, password: 'wrong-password-9', totp: '123456' }).expect(401);
    expect(badPasswordWithCode.body.error.code).toBe('INVALID_CREDENTIALS');

    expect((await loginWith(u).expect(401)).body.error.code).toBe('TOTP_REQUIRED');
    expect((await loginWith(u, { totp: await wrongCode(u.secret) }).expect(401)).body.error.code).toBe('TOTP_INVALID');
    // The code that turned it on was of this step: the same code again is a replay.
    expect((await loginWith(u, { totp: await totpCode(u.secret) }).expect(401)).body.error.code).toBe('TOTP_INVALID');
    const ok = await loginWith(u, { totp: await totpCode(u.secret, 1) }).expect(200);
    expect(ok.body.user.totpEnabled).toBe(true);
    // Replaying the code that just signed in fails too.
    expect((await loginWith(u, { totp: await totpCode(u.secret, 1) }).expect(401)).body.error.code).toBe('TOTP_INVALID');

    const history = await t.http().get('/api/me/logins').set(u.auth).expect(200);
    const reasons = history.body.items.map((i: { ok: boolean; reason: string | null }) => i.reason);
    expect(reasons.slice(0, 5)).toEqual(['totp', null, 'totp', 'totp', 'password']);
  });

  it('a recovery code signs in once, however it is typed; the second time it is refused', async () => {
    const u = await enrolledUser();
    const code = u.recoveryCodes[0]!;
    await loginWith(u, { totp: code.toUpperCase() }).expect(200);
    expect((await loginWith(u, { totp: code }).expect(401)).body.error.code).toBe('TOTP_INVALID');
    const [left] = await t.ds.query(`SELECT count(*)::int AS n FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL`, [u.id]);
    expect(left.n).toBe(9);
  });

  it('after five wrong codes every try is refused with 429 for a while, a right code included', async () => {
    const u = await enrolledUser();
    const wrong = await wrongCode(u.secret);
    for (let i = 0; i < 5; i++) expect((await loginWith(u, { totp: wrong }).expect(401)).body.error.code).toBe('TOTP_INVALID');
    const limited = await loginWith(u, { totp: await totpCode(u.secret, 1) }).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.redis.del(
      REDIS_KEYS.userTotpFailures(u.id),
      REDIS_KEYS.userTotpFailuresByAddress('127.0.0.1'),
      REDIS_KEYS.userTotpFailuresByAddress('::ffff:127.0.0.1'),
    );
  });
});

describe('user two-factor sign-in: money', () => {
  it('a withdrawal without the code is refused before anything is held; with a code (or a recovery code, once) it goes through', async () => {
    const u = await enrolledUser(async (x) => {
      await fundCash(t, x.id, 50_000);
      await t
        .http()
        .put('/api/withdrawal-account')
        .set(x.auth)
        .send({ ...TRC20, tradePassword: x.tradePassword })
        .expect(200);
    });
    const withdraw = (extra: Record<string, unknown>) =>
      t
        .http()
        .post('/api/withdrawals')
        .set(u.auth)
        .send({ amount: '100', tradePassword: u.tradePassword, ...extra });
    expect((await withdraw({}).expect(401)).body.error.code).toBe('TOTP_REQUIRED');
    expect((await withdraw({ totp: await wrongCode(u.secret) }).expect(401)).body.error.code).toBe('TOTP_INVALID');
    // A wrong trade password is judged first: the recovery code is not spent on it.
    const wrongPassword = await withdraw({ tradePassword: '135790', totp: u.recoveryCodes[1] }).expect(422);
    expect(wrongPassword.body.error.code).toBe('TRADE_PASSWORD_INVALID');
    expect(await balanceOf(t, u.id, 'hold')).toBe(0);

    await withdraw({ totp: u.recoveryCodes[1] }).expect(201);
    expect((await withdraw({ totp: u.recoveryCodes[1] }).expect(401)).body.error.code).toBe('TOTP_INVALID');
    await forgetLastStep(u);
    await withdraw({ totp: await totpCode(u.secret) }).expect(201);
    expect(await balanceOf(t, u.id, 'hold')).toBe(20_000);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('changing the withdrawal account without the code is refused and changes nothing; with it, it changes', async () => {
    const u = await enrolledUser(async (x) => {
      await t
        .http()
        .put('/api/withdrawal-account')
        .set(x.auth)
        .send({ ...TRC20, tradePassword: x.tradePassword })
        .expect(200);
    });
    const change = (extra: Record<string, unknown>) =>
      t
        .http()
        .put('/api/withdrawal-account')
        .set(u.auth)
        .send({ ...TRC20, currencyAddress: OTHER_ADDRESS, tradePassword: u.tradePassword, ...extra });
    expect((await change({}).expect(401)).body.error.code).toBe('TOTP_REQUIRED');
    expect((await change({ totp: await wrongCode(u.secret) }).expect(401)).body.error.code).toBe('TOTP_INVALID');
    expect((await t.http().get('/api/withdrawal-account').set(u.auth).expect(200)).body.currencyAddress).toBe(TRC20.currencyAddress);
    await forgetLastStep(u);
    const done = await change({ totp: await totpCode(u.secret) }).expect(200);
    expect(done.body.currencyAddress).toBe(OTHER_ADDRESS);
  });
});

describe('user two-factor sign-in: turning it off', () => {
  it('needs a right code; then login needs none, the recovery codes are gone and the owner is told', async () => {
    const u = await enrolledUser();
    expect(
      (
        await t
          .http()
          .delete('/api/me/totp')
          .set(u.auth)
          .send({ code: await wrongCode(u.secret) })
          .expect(401)
      ).body.error.code,
    ).toBe('TOTP_INVALID');
    await forgetLastStep(u);
    await t
      .http()
      .delete('/api/me/totp')
      .set(u.auth)
      .send({ code: await totpCode(u.secret) })
      .expect(204);
    expect((await t.http().get('/api/me').set(u.auth).expect(200)).body.totpEnabled).toBe(false);
    await loginWith(u).expect(200);
    expect(await t.ds.query(`SELECT 1 FROM user_recovery_codes WHERE user_id = $1`, [u.id])).toEqual([]);
    const inbox = await t.ds.query(`SELECT text_key FROM messages WHERE user_id = $1`, [u.id]);
    expect(inbox.map((m: { text_key: string }) => m.text_key)).toEqual(expect.arrayContaining(['totpEnabled', 'totpDisabled']));
    expect((await t.http().delete('/api/me/totp').set(u.auth).send({ code: '123456' }).expect(409)).body.error.code).toBe('TOTP_NOT_ENABLED');
  });

  it('a recovery code turns it off too', async () => {
    const u = await enrolledUser();
    await t.http().delete('/api/me/totp').set(u.auth).send({ code: u.recoveryCodes[9] }).expect(204);
    expect((await t.http().get('/api/me').set(u.auth).expect(200)).body.totpEnabled).toBe(false);
  });
});

describe('re-encrypting users’ TOTP secrets under a new key (rotate-keys userTotp)', () => {
  const NEW_KEY = 'rotated-user-totp-key-for-the-test-0123456789ab';
  const ROTATE = path.resolve('apps/server/dist/cli/rotate-keys.js');
  const rotate = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [ROTATE, 'userTotp'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: t.config.DATABASE_URL, JWT_SECRET: t.config.JWT_SECRET, ...env },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it('moves every secret to the new key, voids the recovery codes, and the user signs in under the new key', async () => {
    const u = await enrolledUser();
    const current = secretFor(t.config, 'userTotp');
    const first = await rotate({ USER_TOTP_ENCRYPTION_KEY: NEW_KEY, USER_TOTP_ENCRYPTION_KEY_OLD: current });
    try {
      expect(first.code).toBe(0);
      expect(first.out).toMatch(/userTotp: [1-9]\d* re-encrypted under the current key, 0 already under it, 0 unreadable/);
      expect(await t.ds.query(`SELECT 1 FROM user_recovery_codes WHERE user_id = $1`, [u.id])).toEqual([]);
      const other = await startApp({ USER_TOTP_ENCRYPTION_KEY: NEW_KEY });
      try {
        await forgetLastStep(u);
        const r = await other
          .http()
          .post('/api/auth/login')
          .send({ email: u.email, password: u.password, totp: await totpCode(u.secret) });
        expect(r.status).toBe(200);
      } finally {
        await other.close();
      }
      // The old key opens nothing now: this app refuses the code (and says so in its log).
      await forgetLastStep(u);
      expect((await loginWith(u, { totp: await totpCode(u.secret) }).expect(401)).body.error.code).toBe('TOTP_INVALID');
    } finally {
      expect((await rotate({ USER_TOTP_ENCRYPTION_KEY: current, USER_TOTP_ENCRYPTION_KEY_OLD: NEW_KEY })).code).toBe(0);
    }
  });
});
