import { describe, expect, it } from '@jest/globals';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { MemoryRedis } from '../../test/memory-redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { secretFor } from '../config/keys.js';
import { REDIS } from '../redis/redis.module.js';
import { ALTCHA_TTL_SECONDS, AltchaService } from './altcha.service.js';

const baseConfig = { JWT_SECRET: 'unit-test-jwt-secret-0123456789abcdef', ALTCHA_MAX_NUMBER: 2000, ALTCHA_REQUIRED: true } as AppConfig;

function build(over: Partial<AppConfig> = {}) {
  const redis = new MemoryRedis();
  const config = { ...baseConfig, ...over } as AppConfig;
  const { sut } = newTestService(AltchaService, [
    [APP_CONFIG, config],
    [REDIS, redis],
  ]);
  return { altcha: sut as AltchaService, redis, key: secretFor(config, 'altcha') };
}

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

async function solve(c: Challenge, change: Record<string, unknown> = {}): Promise<string> {
  const s = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber ?? 2000).promise;
  return Buffer.from(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: s!.number, salt: c.salt, signature: c.signature, ...change }),
  ).toString('base64');
}

const invalid = { code: 'ALTCHA_INVALID', field: 'altcha' };

describe('AltchaService', () => {
  it('makes SHA-256 challenges with the configured maxnumber, expiring after ALTCHA_TTL_SECONDS', async () => {
    const { altcha } = build();
    const before = Date.now();
    const c = await altcha.challenge();
    expect(c).toEqual({
      algorithm: 'SHA-256',
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      maxnumber: 2000,
      salt: expect.any(String),
      signature: expect.any(String),
    });
    const expires = Number(new URLSearchParams(c.salt.split('?')[1]).get('expires')) * 1000;
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + ALTCHA_TTL_SECONDS * 1000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + ALTCHA_TTL_SECONDS * 1000);
  });

  it('accepts a solution once and remembers it until the challenge expires', async () => {
    const { altcha, redis } = build();
    const c = await altcha.challenge();
    const payload = await solve(c);
    await expect(altcha.verify(payload)).resolves.toBeUndefined();
    const used = redis.store.get(REDIS_KEYS.altchaUsed(c.challenge));
    expect(used).toBeDefined();
    expect(used!.expiresAt! - Date.now()).toBeGreaterThan((ALTCHA_TTL_SECONDS - 5) * 1000);
    expect(used!.expiresAt! - Date.now()).toBeLessThanOrEqual(ALTCHA_TTL_SECONDS * 1000 + 1000);
    await expect(altcha.verify(payload)).rejects.toMatchObject(invalid);
  });

  it('refuses a wrong number, a changed salt or signature, another algorithm and garbage, without remembering them', async () => {
    const { altcha, redis } = build();
    const c = await altcha.challenge();
    const right = JSON.parse(Buffer.from(await solve(c), 'base64').toString()) as { number: number };
    for (const change of [
      { number: right.number + 1 },
      { salt: `${c.salt}0` },
      { signature: `0${c.signature.slice(1)}` === c.signature ? `1${c.signature.slice(1)}` : `0${c.signature.slice(1)}` },
      { algorithm: 'SHA-1' },
    ]) {
      await expect(altcha.verify(await solve(c, change))).rejects.toMatchObject(invalid);
    }
    await expect(altcha.verify('%%%')).rejects.toMatchObject(invalid);
    await expect(altcha.verify(Buffer.from('{"algorithm":"SHA-256"}').toString('base64'))).rejects.toMatchObject(invalid);
    expect(redis.store.size).toBe(0);
  });

  it('refuses an expired challenge, one without an expiry, and one signed with another key', async () => {
    const { altcha, key } = build();
    const expired = await createChallenge({ hmacKey: key, maxNumber: 500, expires: new Date(Date.now() - 1000) });
    await expect(altcha.verify(await solve(expired))).rejects.toMatchObject(invalid);
    const forever = await createChallenge({ hmacKey: key, maxNumber: 500 });
    await expect(altcha.verify(await solve(forever))).rejects.toMatchObject(invalid);
    const foreign = await createChallenge({ hmacKey: `${key}x`, maxNumber: 500, expires: new Date(Date.now() + 60_000) });
    await expect(altcha.verify(await solve(foreign))).rejects.toMatchObject(invalid);
  });

  it('a missing payload: refused when required by the config or by the caller, else let through', async () => {
    await expect(build().altcha.verify(undefined)).rejects.toMatchObject(invalid);
    const relaxed = build({ ALTCHA_REQUIRED: false }).altcha;
    await expect(relaxed.verify(undefined)).resolves.toBeUndefined();
    await expect(relaxed.verify('')).resolves.toBeUndefined();
    await expect(relaxed.verify(undefined, { required: true })).rejects.toMatchObject(invalid);
    // Given, it is checked even when not required.
    await expect(relaxed.verify('garbage')).rejects.toMatchObject(invalid);
  });

  it('signs with the altcha key, not the JWT secret', async () => {
    const { altcha } = build({ ALTCHA_HMAC_KEY: 'a-dedicated-altcha-key-0123456789abcdef' });
    const signedWithJwt = await createChallenge({ hmacKey: baseConfig.JWT_SECRET, maxNumber: 500, expires: new Date(Date.now() + 60_000) });
    await expect(altcha.verify(await solve(signedWithJwt))).rejects.toMatchObject(invalid);
    const signedRight = await createChallenge({ hmacKey: 'a-dedicated-altcha-key-0123456789abcdef', maxNumber: 500, expires: new Date(Date.now() + 60_000) });
    await expect(altcha.verify(await solve(signedRight))).resolves.toBeUndefined();
  });
});
