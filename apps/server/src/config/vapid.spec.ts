import { describe, expect, it } from '@jest/globals';
import { createECDH } from 'node:crypto';
import { ConfigError, loadConfig } from './config.js';
import { vapidKeys, vapidPublicKeyOf } from './vapid.js';

const base = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x', JWT_SECRET: 'j'.repeat(40) };

describe('VAPID keys', () => {
  it('outside production without keys: a stable P-256 pair derived from JWT_SECRET', () => {
    const a = vapidKeys(loadConfig(base))!;
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(vapidPublicKeyOf(Buffer.from(a.privateKey, 'base64url'))).toBe(a.publicKey);
    expect(vapidKeys(loadConfig(base))).toEqual(a);
    expect(vapidKeys(loadConfig({ ...base, JWT_SECRET: 'k'.repeat(40) }))!.publicKey).not.toBe(a.publicKey);
    expect(a.subject).toBe('mailto:no-reply@localhost');
  });

  it('takes the configured pair and subject; production without a pair has push off', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const pair = {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
      VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A'),
    };
    const k = vapidKeys(loadConfig({ ...base, ...pair, VAPID_SUBJECT: 'https://candor.example' }))!;
    expect(k).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY, subject: 'https://candor.example' });
    expect(vapidKeys({ ...loadConfig(base), NODE_ENV: 'production' })).toBeNull();
    expect(vapidKeys({ ...loadConfig(base), PUBLIC_URL: 'https://app.example' })!.subject).toBe('https://app.example');
  });

  it('refuses half a pair, a malformed key and a subject push services would refuse', () => {
    expect(() => loadConfig({ ...base, VAPID_PRIVATE_KEY: 'a'.repeat(43) })).toThrow(/give both keys of the pair/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'a'.repeat(43) })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://candor.example' })).toThrow(/mailto: or https:/);
  });
});
