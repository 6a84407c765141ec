import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../config/config.js';
import { TokenService } from './token.service.js';

const tokens = () => new TokenService({ JWT_SECRET: 'x'.repeat(48), ACCESS_TOKEN_TTL_SECONDS: 900 } as AppConfig);
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
