// The keys `npm start` gives its processes (scripts/lib/platform.mjs): from the environment, else generated once.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLATFORM_KEYS, platformKeys, randomKeys, totpReencrypted } from './platform.mjs';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-platform-keys-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});
const secretsFile = () => path.join(tmp, 'secrets.json');
const NAMES = [...Object.keys(PLATFORM_KEYS), 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'];

describe('platformKeys', () => {
  it('generates each key once, all different, into secrets.json readable by the owner only', () => {
    const first = platformKeys({}, tmp);
    expect(Object.keys(first.env).sort()).toEqual([...NAMES].sort());
    const values = Object.values(first.env) as string[];
    expect(new Set(values).size).toBe(NAMES.length);
    for (const v of values) expect(v.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(secretsFile()).mode & 0o777).toBe(0o600);
    expect(platformKeys({}, tmp).env).toEqual(first.env);
    expect(platformKeys({}, fs.mkdtempSync(path.join(tmp, 'other-'))).env.TOTP_ENCRYPTION_KEY).not.toBe(first.env.TOTP_ENCRYPTION_KEY);
  });

  it('takes a key from the environment, and leaves one given as a file to the processes', () => {
    const env = { JWT_SECRET: 'j'.repeat(32), TOTP_ENCRYPTION_KEY_FILE: '/run/secrets/totp' };
    const keys = platformKeys(env, tmp).env as Record<string, string | undefined>;
    expect(keys.JWT_SECRET).toBe('j'.repeat(32));
    expect(keys.TOTP_ENCRYPTION_KEY).toBeUndefined(); // else the api would see both TOTP_ENCRYPTION_KEY and its _FILE
    expect(keys.MAIL_TOKEN_KEY).toHaveLength(64);
    expect(() => platformKeys({ MAIL_TOKEN_KEY: 'short' }, tmp)).toThrow('MAIL_TOKEN_KEY must be at least 32 characters long');
  });

  it('asks once for the TOTP secrets to move off the JWT secret of a data dir that had no TOTP key', () => {
    // A data dir of the release before: only the JWT secret, which encrypted operators' TOTP secrets.
    fs.writeFileSync(secretsFile(), JSON.stringify({ jwtSecret: 'o'.repeat(48) }), { mode: 0o600 });
    const upgraded = platformKeys({}, tmp);
    expect(upgraded.env.JWT_SECRET).toBe('o'.repeat(48));
    expect(upgraded.totpOld).toEqual({ TOTP_ENCRYPTION_KEY_OLD: 'o'.repeat(48) });
    expect(platformKeys({}, tmp).totpOld).toEqual({ TOTP_ENCRYPTION_KEY_OLD: 'o'.repeat(48) }); // until it is done
    totpReencrypted(tmp);
    expect(platformKeys({}, tmp).totpOld).toBeUndefined();
    expect(platformKeys({}, tmp).env.TOTP_ENCRYPTION_KEY).toBe(upgraded.env.TOTP_ENCRYPTION_KEY);
    // A JWT secret given as a file is named as the old TOTP key by its file.
    expect(platformKeys({ JWT_SECRET_FILE: '/run/secrets/jwt' }, fs.mkdtempSync(path.join(tmp, 'file-'))).totpOld).toEqual({
      TOTP_ENCRYPTION_KEY_OLD_FILE: '/run/secrets/jwt',
    });
  });
});

describe('the Web Push (VAPID) pair', () => {
  it('is a P-256 pair generated once, and left alone when the environment gives one', () => {
    const { env } = platformKeys({}, tmp) as { env: Record<string, string> };
    expect(env.VAPID_PUBLIC_KEY).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(env.VAPID_PRIVATE_KEY).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(env.VAPID_PRIVATE_KEY!, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(env.VAPID_PUBLIC_KEY);
    expect((platformKeys({}, tmp).env as Record<string, string>).VAPID_PRIVATE_KEY).toBe(env.VAPID_PRIVATE_KEY);
    const given = platformKeys({ VAPID_PUBLIC_KEY: 'p', VAPID_PRIVATE_KEY: 'q' }, tmp).env as Record<string, string | undefined>;
    expect(given.VAPID_PUBLIC_KEY).toBeUndefined(); // the processes read the environment's own
    expect(given.VAPID_PRIVATE_KEY).toBeUndefined();
  });
});

describe('randomKeys', () => {
  it('gives every key a value of its own', () => {
    const keys = randomKeys();
    expect(Object.keys(keys).sort()).toEqual([...NAMES].sort());
    expect(new Set([...Object.values(keys), ...Object.values(randomKeys())]).size).toBe(2 * NAMES.length);
  });
});
