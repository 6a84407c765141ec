import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { REDIS_KEYS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { EventBus } from '../events/event-bus.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { SessionService } from './session.service.js';
import { SessionsRepository, type RefreshTokenRow } from './sessions.repository.js';

const SID = '0b7c4a0e-1111-4222-8333-944455556666';
const config = { ACCESS_TOKEN_TTL_SECONDS: 900, REFRESH_TOKEN_TTL_DAYS: 30, OPERATOR_REFRESH_TOKEN_TTL_HOURS: 12 } as AppConfig;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function build() {
  const { sut, mocks } = newTestService(SessionService, [[APP_CONFIG, config]]);
  const repo = mocks.get<SessionsRepository>(SessionsRepository);
  const redis = mocks.get<{ set: (...args: unknown[]) => Promise<string> }>(REDIS);
  repo.insertRefreshToken.mockResolvedValue(undefined);
  repo.revoke.mockResolvedValue(undefined);
  redis.set.mockResolvedValue('OK');
  const events = mocks.get<EventBus>(EventBus);
  return { sessions: sut, repo, redis, events };
}

const token = (over: Partial<RefreshTokenRow> = {}): RefreshTokenRow => ({
  session_id: SID,
  used_at: null,
  expired: false,
  subject_id: 'u1',
  subject_type: 'user',
  revoked_at: null,
  ...over,
});

describe('SessionService.create', () => {
  it('stores the user agent cut to 300 characters (null when none) and the hash of a refresh token bound to the session', async () => {
    const { sessions, repo } = build();
    repo.insert.mockResolvedValue(SID);
    const r = await sessions.create('user', 'u1', 'x'.repeat(400), '10.0.0.1');
    expect(repo.insert).toHaveBeenCalledWith('user', 'u1', 'x'.repeat(300), '10.0.0.1');
    expect(r.sessionId).toBe(SID);
    expect(r.refreshToken.startsWith(`${SID}.`)).toBe(true);
    expect(repo.insertRefreshToken).toHaveBeenCalledWith(sha256(r.refreshToken), SID, 30 * 86400);

    await sessions.create('operator', 'op1', undefined, '');
    expect(repo.insert).toHaveBeenLastCalledWith('operator', 'op1', null, null);
    expect(repo.insertRefreshToken).toHaveBeenLastCalledWith(expect.any(String), SID, 12 * 3600);
  });
});

describe('SessionService.history', () => {
  it('a device is known when the subject ever signed in with the same user agent', async () => {
    const { sessions, repo } = build();
    repo.history.mockResolvedValue({ before: true, known: false });
    await expect(sessions.history('user', 'u1', 'Firefox')).resolves.toEqual({ before: true, knownDevice: false });
    expect(repo.history).toHaveBeenCalledWith('user', 'u1', 'Firefox');
  });
});

describe('SessionService.rotate', () => {
  it('refuses a missing, oversized or unknown token, and one of the other kind of subject, without revoking anything', async () => {
    const { sessions, repo } = build();
    await expect(sessions.rotate(undefined, 'user')).resolves.toEqual({ ok: false, reason: 'unknown' });
    await expect(sessions.rotate('t'.repeat(201), 'user')).resolves.toEqual({ ok: false, reason: 'unknown' });
    expect(repo.findRefreshToken).not.toHaveBeenCalled();
    repo.findRefreshToken.mockResolvedValue(null);
    await expect(sessions.rotate(`${SID}.abc`, 'user')).resolves.toEqual({ ok: false, reason: 'unknown' });
    repo.findRefreshToken.mockResolvedValue(token({ subject_type: 'operator' }));
    await expect(sessions.rotate(`${SID}.abc`, 'user')).resolves.toEqual({ ok: false, reason: 'unknown' });
    expect(repo.revoke).not.toHaveBeenCalled();
  });

  it('refuses the token of a revoked session, and an expired one', async () => {
    const { sessions, repo } = build();
    repo.findRefreshToken.mockResolvedValue(token({ revoked_at: new Date() }));
    await expect(sessions.rotate(`${SID}.abc`, 'user')).resolves.toEqual({ ok: false, reason: 'revoked' });
    repo.findRefreshToken.mockResolvedValue(token({ expired: true }));
    await expect(sessions.rotate(`${SID}.abc`, 'user')).resolves.toEqual({ ok: false, reason: 'expired' });
    expect(repo.consumeRefreshToken).not.toHaveBeenCalled();
  });

  it('a token presented again revokes its whole session, in the database and for the guards', async () => {
    const { sessions, repo, redis } = build();
    repo.findRefreshToken.mockResolvedValue(token({ used_at: new Date() }));
    await expect(sessions.rotate(`${SID}.abc`, 'user')).resolves.toEqual({ ok: false, reason: 'reused' });
    expect(repo.revoke).toHaveBeenCalledWith(SID, 'refresh_reuse');
    expect(redis.set).toHaveBeenCalledWith(REDIS_KEYS.sessionRevoked(SID), 'refresh_reuse', 'EX', 960);
  });

  it('losing the race to consume the token counts as reuse too', async () => {
    const { sessions, repo } = build();
    repo.findRefreshToken.mockResolvedValue(token());
    repo.consumeRefreshToken.mockResolvedValue(false);
    await expect(sessions.rotate(`${SID}.abc`, 'user')).resolves.toEqual({ ok: false, reason: 'reused' });
    expect(repo.revoke).toHaveBeenCalledWith(SID, 'refresh_reuse');
    expect(repo.touch).not.toHaveBeenCalled();
  });

  it('consumes the token by its hash and issues the next one for the same session', async () => {
    const { sessions, repo } = build();
    repo.findRefreshToken.mockResolvedValue(token());
    repo.consumeRefreshToken.mockResolvedValue(true);
    const r = await sessions.rotate(`${SID}.abc`, 'user');
    expect(repo.findRefreshToken).toHaveBeenCalledWith(sha256(`${SID}.abc`));
    expect(repo.consumeRefreshToken).toHaveBeenCalledWith(sha256(`${SID}.abc`));
    expect(repo.touch).toHaveBeenCalledWith(SID);
    expect(r).toMatchObject({ ok: true, sessionId: SID, subjectId: 'u1' });
    const next = (r as { refreshToken: string }).refreshToken;
    expect(next).not.toBe(`${SID}.abc`);
    expect(repo.insertRefreshToken).toHaveBeenCalledWith(sha256(next), SID, 30 * 86400);
    expect(repo.revoke).not.toHaveBeenCalled();
  });
});

describe('SessionService revocations', () => {
  it('revokeAll ends every live session of the subject with the reason and publishes each revocation', async () => {
    const { sessions, repo, events } = build();
    repo.liveIds.mockResolvedValue(['s1', 's2']);
    const heard: string[] = [];
    events.publish.mockImplementation(async (_name, payload) => void heard.push((payload as { sessionId: string }).sessionId));
    await expect(sessions.revokeAll('operator', 'op1', 'operator_disabled')).resolves.toBe(2);
    expect(repo.liveIds).toHaveBeenCalledWith('operator', 'op1');
    expect(repo.revoke.mock.calls).toEqual([
      ['s1', 'operator_disabled'],
      ['s2', 'operator_disabled'],
    ]);
    expect(heard).toEqual(['s1', 's2']);
  });

  it("revokeOwned will not end another subject's session", async () => {
    const { sessions, repo } = build();
    repo.isLiveOwned.mockResolvedValue(false);
    await expect(sessions.revokeOwned('user', 'u1', SID, 'remote_logout')).resolves.toBe(false);
    expect(repo.isLiveOwned).toHaveBeenCalledWith(SID, 'user', 'u1');
    expect(repo.revoke).not.toHaveBeenCalled();
    repo.isLiveOwned.mockResolvedValue(true);
    await expect(sessions.revokeOwned('user', 'u1', SID, 'remote_logout')).resolves.toBe(true);
    expect(repo.revoke).toHaveBeenCalledWith(SID, 'remote_logout');
  });

  it('revokeAllExcept keeps the current session', async () => {
    const { sessions, repo } = build();
    repo.liveIdsExcept.mockResolvedValue(['s2']);
    await sessions.revokeAllExcept('user', 'u1', 's1', 'password_changed');
    expect(repo.liveIdsExcept).toHaveBeenCalledWith('user', 'u1', 's1');
    expect(repo.revoke.mock.calls).toEqual([['s2', 'password_changed']]);
  });
});
