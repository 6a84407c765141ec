import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SignJWT, decodeJwt } from 'jose';
import { REDIS_KEYS } from '@candor/cross-process';
import { deriveTotpKey, hashRecoveryCode } from '../src/auth/totp/totp-crypto.js';
import { keyId } from '../src/auth/token.service.js';
import { startApp, TEST_JWT_SECRET, TEST_OPERATOR, TEST_TOTP_KEY, type TestApp } from './support/app.js';
import { createOperator, createUser, operatorLoginBody, type LoggedIn, type OperatorCreds } from './support/factories.js';
import { secretFor } from '../src/config/keys.js';
import { decryptIdNumber, deriveKycKeys } from '../src/kyc/kyc-crypto.js';
import { samplePhoto, taiwanId } from '../../../scripts/testing/kyc.mjs';

// Keys that rotate: access tokens name their key (kid), earlier JWT secrets verify until dropped, operators'
// TOTP secrets do not depend on the JWT secret, and the re-encryption command moves them to a new TOTP key.
const NEW_JWT_SECRET = 'rotated-jwt-secret-for-the-keys-test-0123456789';
const NEW_TOTP_KEY = 'rotated-totp-key-for-the-keys-test-0123456789ab';
const ROTATE = path.resolve('apps/server/dist/cli/rotate-keys.js');
const run = promisify(execFile);

let t: TestApp;
let user: LoggedIn;
beforeAll(async () => {
  t = await startApp();
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

/** An app on the same database and Redis with other keys, closed after `fn`. */
async function withApp<T>(overrides: Record<string, string>, fn: (other: TestApp) => Promise<T>): Promise<T> {
  const other = await startApp(overrides);
  try {
    return await fn(other);
  } finally {
    await other.close();
  }
}

/** The status and error code of an operator's sign-in with a current code; the failure count is cleared after. */
async function operatorSignIn(app: TestApp, op: OperatorCreds & { id?: string }): Promise<[number, string | undefined]> {
  const r = await app
    .http()
    .post('/api/admin/auth/login')
    .send(await operatorLoginBody(app, op));
  if (op.id) await app.redis.del(REDIS_KEYS.totpFailures(op.id));
  return [r.status, r.body.error?.code];
}

const me = (app: TestApp, token: string) => app.http().get('/api/me').set('Authorization', `Bearer ${token}`);

describe('access tokens signed by a key set', () => {
  it('names the signing key in the header, and the api refuses a token of an unknown key id or none', async () => {
    const header = JSON.parse(Buffer.from(user.token.split('.')[0]!, 'base64url').toString()) as { kid?: string };
    expect(header.kid).toBe(keyId(TEST_JWT_SECRET));
    await me(t, user.token).expect(200);
    // The same claims signed by the right secret, under a kid that names no key, or with no kid at all.
    const claims = decodeJwt(user.token);
    const resign = (kid?: string) =>
      new SignJWT({ sid: claims.sid, typ: 'user' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(kid ? { kid } : {}) })
        .setSubject(claims.sub!)
        .setIssuer('candor')
        .setAudience('candor-web')
        .setIssuedAt()
        .setExpirationTime('600s')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    await me(t, await resign(keyId(TEST_JWT_SECRET))).expect(200); // the forgery is faithful
    expect((await me(t, await resign('0123456789abcdef'))).status).toBe(401);
    expect((await me(t, await resign())).status).toBe(401);
  });

  it('verifies a token of the previous key after JWT_SECRET rotates, and refuses it once that key is dropped', async () => {
    await withApp({ JWT_SECRET: NEW_JWT_SECRET, JWT_PREVIOUS_SECRETS: TEST_JWT_SECRET }, async (rotated) => {
      await me(rotated, user.token).expect(200);
      // New tokens come from the new key.
      const fresh = await rotated.http().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      expect(decodeJwt(fresh.body.accessToken as string)).toMatchObject({ sub: user.id });
      expect(JSON.parse(Buffer.from((fresh.body.accessToken as string).split('.')[0]!, 'base64url').toString())).toMatchObject({ kid: keyId(NEW_JWT_SECRET) });
    });
    await withApp({ JWT_SECRET: NEW_JWT_SECRET }, async (dropped) => {
      const refused = await me(dropped, user.token);
      expect([refused.status, refused.body.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
      // No one is signed out: the refresh cookie (a database session) gets a token of the new key.
      const refreshed = await dropped.http().post('/api/auth/refresh').set('Cookie', user.cookie).expect(200);
      await me(dropped, refreshed.body.accessToken as string).expect(200);
    });
  });

  it('keeps operators signing in with their TOTP codes after JWT_SECRET changes', async () => {
    await withApp({ JWT_SECRET: NEW_JWT_SECRET }, async (other) => {
      expect(await operatorSignIn(other, TEST_OPERATOR)).toEqual([200, undefined]);
      const reviewer = await createOperator(other, 'reviewer');
      expect(await operatorSignIn(other, reviewer)).toEqual([200, undefined]);
    });
  });
});

describe('re-encrypting operators’ TOTP secrets under a new key (rotate-keys totp)', () => {
  const rotate = (env: Record<string, string>) =>
    run(process.execPath, [ROTATE, 'totp'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: t.config.DATABASE_URL, JWT_SECRET: TEST_JWT_SECRET, ...env },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  afterAll(async () => {
    // Back to the key every other test file uses (idempotent: rows already under it are left alone).
    if (existsSync(ROTATE)) await rotate({ TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY, TOTP_ENCRYPTION_KEY_OLD: NEW_TOTP_KEY });
  });

  it('moves every secret to the new key once, voids the recovery codes, and operators sign in under the new key', async () => {
    expect(existsSync(ROTATE)).toBe(true);
    const op = await createOperator(t, 'admin');
    await t.ds.query(`INSERT INTO operator_recovery_codes (operator_id, code_hash) VALUES ($1, $2)`, [
      op.id,
      hashRecoveryCode(deriveTotpKey(TEST_TOTP_KEY), 'abcde-fghjk'),
    ]);
    const [{ n: withSecret }]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM operators WHERE totp_secret_enc IS NOT NULL`);

    // Without the old key it refuses to guess.
    expect(await rotate({ TOTP_ENCRYPTION_KEY: NEW_TOTP_KEY })).toMatchObject({ code: 1, out: expect.stringContaining('TOTP_ENCRYPTION_KEY_OLD is not set') });

    const first = await rotate({ TOTP_ENCRYPTION_KEY: NEW_TOTP_KEY, TOTP_ENCRYPTION_KEY_OLD: `${'w'.repeat(40)},${TEST_TOTP_KEY}` });
    expect(first.code).toBe(0);
    expect(first.out).toContain(`totp: ${withSecret} re-encrypted under the current key, 0 already under it, 0 unreadable`);
    expect(first.out).toMatch(/Recovery codes voided for .*op-admin-/);
    const [{ n: codesLeft }]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM operator_recovery_codes WHERE operator_id = $1`, [op.id]);
    expect(codesLeft).toBe(0);
    const [audit]: { n: number }[] = await t.ds.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'operator.totp_key_rotated' AND target_id = $1::text`,
      [op.id],
    );
    expect(audit!.n).toBe(1);

    // Again: nothing left to do.
    const second = await rotate({ TOTP_ENCRYPTION_KEY: NEW_TOTP_KEY, TOTP_ENCRYPTION_KEY_OLD: TEST_TOTP_KEY });
    expect([second.code, second.out]).toEqual([0, expect.stringContaining(`totp: 0 re-encrypted under the current key, ${withSecret} already under it`)]);

    await withApp({ TOTP_ENCRYPTION_KEY: NEW_TOTP_KEY }, async (rotated) => {
      expect(await operatorSignIn(rotated, TEST_OPERATOR)).toEqual([200, undefined]);
      expect(await operatorSignIn(rotated, op)).toEqual([200, undefined]);
    });
    // The running app still has the old key: its operators cannot sign in until it restarts with the new one.
    expect((await operatorSignIn(t, op))[0]).not.toBe(200);
  });

  it('reports a secret that no key given opens, and leaves it as it is', async () => {
    const op = await createOperator(t, 'reviewer'); // under TEST_TOTP_KEY, which is not given below
    const [before]: { totp_secret_enc: string }[] = await t.ds.query(`SELECT totp_secret_enc FROM operators WHERE id = $1`, [op.id]);
    const r = await rotate({ TOTP_ENCRYPTION_KEY: NEW_TOTP_KEY, TOTP_ENCRYPTION_KEY_OLD: 'w'.repeat(40) });
    expect(r.code).toBe(3);
    expect(r.out).toContain('1 unreadable');
    expect(r.out).toContain(`Not re-encrypted (no key given opens them): ${op.email}`);
    const [after]: { totp_secret_enc: string }[] = await t.ds.query(`SELECT totp_secret_enc FROM operators WHERE id = $1`, [op.id]);
    expect(after!.totp_secret_enc).toBe(before!.totp_secret_enc);
  });
});

describe('re-encrypting verification ID numbers under a new key (rotate-keys kyc)', () => {
  const NEW_KYC_KEY = 'rotated-kyc-key-for-the-keys-test-0123456789abcd';
  const rotate = (env: Record<string, string>) =>
    run(process.execPath, [ROTATE, 'kyc'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: t.config.DATABASE_URL, JWT_SECRET: TEST_JWT_SECRET, ...env },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
  const submit = async (app: TestApp, u: LoggedIn, idNumber: string) =>
    app
      .http()
      .post('/api/kyc')
      .set(u.auth)
      .field({ name: '王小明', idNumber, nationality: 'TW' })
      .attach('front', await samplePhoto('F'), 'front.jpg')
      .attach('back', await samplePhoto('B'), 'back.jpg');

  afterAll(async () => {
    if (existsSync(ROTATE)) await rotate({ KYC_ENCRYPTION_KEY: secretFor(t.config, 'kyc'), KYC_ENCRYPTION_KEY_OLD: NEW_KYC_KEY });
  });

  it('moves every number and its duplicate-finding hash to the new key, once', async () => {
    const u = await createUser(t, { kycVerified: false });
    const idNumber = taiwanId();
    expect((await submit(t, u, idNumber)).status).toBe(201);
    const read = async () =>
      (await t.ds.query(`SELECT id_number_enc, id_hash FROM kyc_submissions WHERE user_id = $1`, [u.id]))[0] as { id_number_enc: string; id_hash: string };
    const before = await read();
    const [{ n }]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM kyc_submissions`);

    const first = await rotate({ KYC_ENCRYPTION_KEY: NEW_KYC_KEY, KYC_ENCRYPTION_KEY_OLD: secretFor(t.config, 'kyc') });
    expect([first.code, first.out]).toEqual([0, expect.stringContaining(`kyc: ${n} re-encrypted under the current key, 0 already under it, 0 unreadable`)]);
    const after = await read();
    expect(after.id_number_enc).not.toBe(before.id_number_enc);
    expect(after.id_hash).not.toBe(before.id_hash);
    expect(decryptIdNumber(deriveKycKeys(NEW_KYC_KEY), after.id_number_enc)).toBe(idNumber);
    const second = await rotate({ KYC_ENCRYPTION_KEY: NEW_KYC_KEY, KYC_ENCRYPTION_KEY_OLD: secretFor(t.config, 'kyc') });
    expect(second.out).toContain(`kyc: 0 re-encrypted under the current key, ${n} already under it`);

    // An api on the new key still finds the number in use by the first account.
    await withApp({ KYC_ENCRYPTION_KEY: NEW_KYC_KEY }, async (rotated) => {
      const other = await createUser(rotated, { kycVerified: false });
      const dup = await submit(rotated, other, idNumber);
      expect([dup.status, dup.body.error?.code]).toEqual([409, 'KYC_ID_IN_USE']);
    });
  });
});
