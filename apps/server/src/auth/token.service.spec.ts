import { describe, expect, it } from '@jest/globals';
import { decodeProtectedHeader, SignJWT } from 'jose';
import type { AppConfig } from '../config/config.js';
import { keyId, TokenService } from './token.service.js';

const tokens = (JWT_SECRET = 'x'.repeat(48), JWT_PREVIOUS_SECRETS: string[] = []) =>
  new TokenService({ JWT_SECRET, JWT_PREVIOUS_SECRETS, ACCESS_TOKEN_TTL_SECONDS: 900 } as AppConfig);
const operator = { sub: 'op-1', sid: 'sid-1', typ: 'operator' as const, role: 'admin' };

describe('TokenService audiences', () => {
  it('keeps the user, console and ops tokens apart', async () => {
    const t = tokens();
    const user = await t.sign({ sub: 'u-1', sid: 'sid-u', typ: 'user' });
    const console = await t.sign(operator);
    const ops = await t.signOps(operator, 3600);
    expect(await t.verify(user, 'user')).toMatchObject({ sub: 'u-1', typ: 'user' });
    expect(await t.verify(user, 'operator')).toBeNull();
    expect(await t.verify(console, 'operator')).toMatchObject({ sub: 'op-1', sid: 'sid-1', role: 'admin' });
    expect(await t.verifyOps(console)).toBeNull();
    expect(await t.verifyOps(user)).toBeNull();
    expect(await t.verifyOps(ops)).toMatchObject({ sub: 'op-1', sid: 'sid-1', typ: 'operator', role: 'admin' });
    expect(await t.verify(ops, 'operator')).toBeNull();
  });

  it('does not let a token verified for one audience pass for the other from the cache', async () => {
    const t = tokens();
    const ops = await t.signOps(operator, 3600);
    const console = await t.sign(operator);
    expect(await t.verifyOps(ops)).not.toBeNull(); // now cached
    expect(await t.verify(ops, 'operator')).toBeNull();
    expect(await t.verify(console, 'operator')).not.toBeNull(); // now cached
    expect(await t.verifyOps(console)).toBeNull();
  });

  it("does not take a cached token's signature on another payload for that token", async () => {
    const t = tokens();
    const user = await t.sign({ sub: 'u-1', sid: 'sid-u', typ: 'user' });
    expect(await t.verify(user, 'user')).toMatchObject({ sub: 'u-1' }); // now cached, by its signature
    const [header, payload, signature] = user.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, sub: 'u-2' })).toString('base64url'), signature].join('.');
    expect(await t.verify(forged, 'user')).toBeNull();
    expect(await t.verify(`${user}x`, 'user')).toBeNull();
    expect(await t.verify(user, 'user')).toMatchObject({ sub: 'u-1' });
  });

  it('refuses an ops token after its own lifetime', async () => {
    const t = tokens();
    const expired = await t.signOps(operator, -1);
    expect(await t.verifyOps(expired)).toBeNull();
    expect(await t.verifyOps('not-a-token')).toBeNull();
  });
});

describe('TokenService key rotation', () => {
  const OLD = 'o'.repeat(40);
  const NEW = 'n'.repeat(40);
  const user = { sub: 'u-1', sid: 'sid-u', typ: 'user' as const };
  /** A user token as the api makes it, signed by `secret` with the header `kid` (none when undefined). */
  const forge = (secret: string, kid: string | undefined) =>
    new SignJWT({ sid: 'sid-u', typ: 'user' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(kid === undefined ? {} : { kid }) })
      .setSubject('u-1')
      .setIssuer('candor')
      .setAudience('candor-web')
      .setIssuedAt()
      .setExpirationTime('900s')
      .sign(new TextEncoder().encode(secret));

  it('names the signing key by an id that is not the secret, and one per secret', async () => {
    const token = await tokens(NEW).sign(user);
    const { kid } = decodeProtectedHeader(token);
    expect(kid).toBe(keyId(NEW));
    expect(kid).toMatch(/^[0-9a-f]{16}$/);
    expect(keyId(OLD)).not.toBe(kid);
  });

  it('verifies a token of the previous key after rotation, and refuses it once that key is dropped', async () => {
    const before = tokens(OLD);
    const userToken = await before.sign(user);
    const opsToken = await before.signOps({ sub: 'op-1', sid: 'sid-1', typ: 'operator', role: 'admin' }, 3600);
    const rotated = tokens(NEW, [OLD]);
    expect(await rotated.verify(userToken, 'user')).toMatchObject({ sub: 'u-1', sid: 'sid-u' });
    expect(await rotated.verifyOps(opsToken)).toMatchObject({ sub: 'op-1', role: 'admin' });
    // New tokens are signed by the new key only.
    const fresh = await rotated.sign(user);
    expect(decodeProtectedHeader(fresh).kid).toBe(keyId(NEW));
    expect(await tokens(OLD).verify(fresh, 'user')).toBeNull();
    const dropped = tokens(NEW);
    expect(await dropped.verify(userToken, 'user')).toBeNull();
    expect(await dropped.verifyOps(opsToken)).toBeNull();
    expect(await dropped.verify(fresh, 'user')).toMatchObject({ sub: 'u-1' });
  });

  it('refuses a token with an unknown key id, or none, even when the signature is right', async () => {
    const t = tokens(NEW, [OLD]);
    expect(await t.verify(await forge(NEW, keyId(NEW)), 'user')).toMatchObject({ sub: 'u-1' }); // the forge is faithful
    expect(await t.verify(await forge(NEW, 'ffffffffffffffff'), 'user')).toBeNull();
    expect(await t.verify(await forge(NEW, undefined), 'user')).toBeNull();
    expect(await t.verify(await forge('u'.repeat(40), keyId('u'.repeat(40))), 'user')).toBeNull();
  });

  it('refuses a token whose kid names the previous key but that another key signed', async () => {
    const t = tokens(NEW, [OLD]);
    expect(await t.verify(await forge(OLD, keyId(OLD)), 'user')).toMatchObject({ sub: 'u-1' });
    expect(await t.verify(await forge(NEW, keyId(OLD)), 'user')).toBeNull();
    expect(await t.verify(await forge('e'.repeat(40), keyId(OLD)), 'user')).toBeNull();
  });
});
