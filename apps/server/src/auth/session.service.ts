import { createHash, randomBytes } from 'node:crypto';
import { EventBus } from '../events/event-bus.js';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { SubjectType } from '@candor/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { REDIS_KEYS } from '@candor/cross-process';
import { SessionsRepository, type SessionRow } from './sessions.repository.js';

export type { SessionRow } from './sessions.repository.js';

/** How long a "not revoked" answer is reused (other api processes see a revocation within this). */
const NOT_REVOKED_MS = 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A user agent as stored: at most 300 characters, null when none was sent. */
/** A user agent as sessions and the sign-in history keep it: at most 300 characters, null when absent. */
export const storedUserAgent = (userAgent: string | undefined) => (userAgent ?? '').slice(0, 300) || null;

export type RefreshResult =
  { ok: true; sessionId: string; subjectId: string; refreshToken: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Sessions with rotating refresh tokens. Each refresh consumes its token and issues the next;
 * presenting a consumed token again means it was stolen or replayed, so the whole session is revoked.
 */
@Injectable()
export class SessionService implements OnApplicationBootstrap {
  /** Sessions found not revoked, and when (see isRevoked). */
  private readonly notRevoked = new Map<string, number>();

  constructor(
    private readonly repo: SessionsRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventBus,
  ) {}

  /**
   * Versions before REDIS_PREFIX kept revocations as `session-revoked:<id>`: copy any still standing under
   * the prefix, so an upgrade does not bring back the access tokens of a session revoked just before it.
   */
  async onApplicationBootstrap(): Promise<void> {
    const legacy = 'session-revoked:';
    let cursor = '0';
    let copied = 0;
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${legacy}*`, 'COUNT', 500);
      cursor = next;
      // Copied, never moved: an older deployment still running on the same server keeps its own.
      for (const key of keys) {
        const [reason, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
        if (reason !== null && ttl > 0) copied += (await this.redis.set(REDIS_KEYS.sessionRevoked(key.slice(legacy.length)), reason, 'PX', ttl, 'NX')) ? 1 : 0;
      }
    } while (cursor !== '0');
    if (copied) new Logger('sessions').log(`${copied} revocation(s) from before REDIS_PREFIX kept under the prefix`);
  }

  async create(subjectType: SubjectType, subjectId: string, userAgent: string | undefined, ip: string): Promise<{ sessionId: string; refreshToken: string }> {
    const sessionId = await this.repo.insert(subjectType, subjectId, storedUserAgent(userAgent), ip || null);
    const refreshToken = await this.issueRefresh(sessionId, subjectType);
    return { sessionId, refreshToken };
  }

  /** Whether the subject signed in before, and whether ever with this user agent: a new device is one never seen. */
  async history(subjectType: SubjectType, subjectId: string, userAgent: string | undefined): Promise<{ before: boolean; knownDevice: boolean }> {
    const row = await this.repo.history(subjectType, subjectId, storedUserAgent(userAgent));
    return { before: row.before, knownDevice: row.known };
  }

  /** Seconds a refresh token lives: operators' console sessions are short (hours), users' long (days). */
  refreshTtlSeconds(subjectType: SubjectType): number {
    return subjectType === 'operator' ? this.config.OPERATOR_REFRESH_TOKEN_TTL_HOURS * 3600 : this.config.REFRESH_TOKEN_TTL_DAYS * 86400;
  }

  private async issueRefresh(sessionId: string, subjectType: SubjectType): Promise<string> {
    const token = `${sessionId}.${randomBytes(32).toString('base64url')}`;
    await this.repo.insertRefreshToken(sha256(token), sessionId, this.refreshTtlSeconds(subjectType));
    return token;
  }

  async rotate(token: string | undefined, subjectType: SubjectType): Promise<RefreshResult> {
    if (!token || token.length > 200) return { ok: false, reason: 'unknown' };
    const t = await this.repo.findRefreshToken(sha256(token));
    if (!t || t.subject_type !== subjectType) return { ok: false, reason: 'unknown' };
    if (t.revoked_at) return { ok: false, reason: 'revoked' };
    if (t.used_at) {
      await this.revoke(t.session_id, 'refresh_reuse');
      return { ok: false, reason: 'reused' };
    }
    if (t.expired) return { ok: false, reason: 'expired' };
    // Consume the token; if a concurrent request consumed it first, that is reuse too.
    if (!(await this.repo.consumeRefreshToken(sha256(token)))) {
      await this.revoke(t.session_id, 'refresh_reuse');
      return { ok: false, reason: 'reused' };
    }
    await this.repo.touch(t.session_id);
    return { ok: true, sessionId: t.session_id, subjectId: t.subject_id, refreshToken: await this.issueRefresh(t.session_id, subjectType) };
  }

  /** The session id inside a refresh token (for logout), without trusting it for anything else. */
  sessionIdOf(token: string | undefined): string | null {
    const sid = token?.split('.')[0];
    return sid && /^[0-9a-f-]{36}$/.test(sid) ? sid : null;
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.repo.revoke(sessionId, reason);
    // Access tokens already handed out die with the session: guards check this key.
    await this.redis.set(REDIS_KEYS.sessionRevoked(sessionId), reason, 'EX', this.config.ACCESS_TOKEN_TTL_SECONDS + 60);
    this.notRevoked.delete(sessionId);
    await this.events.publish('session.revoked', { sessionId });
  }

  /** Revokes a session only if it belongs to this subject (remote logout). */
  async revokeOwned(subjectType: SubjectType, subjectId: string, sessionId: string, reason: string): Promise<boolean> {
    if (!(await this.repo.isLiveOwned(sessionId, subjectType, subjectId))) return false;
    await this.revoke(sessionId, reason);
    return true;
  }

  /** Ends every live session of the subject (an operator disabled or given another role). */
  async revokeAll(subjectType: SubjectType, subjectId: string, reason: string): Promise<number> {
    const ids = await this.repo.liveIds(subjectType, subjectId);
    for (const id of ids) await this.revoke(id, reason);
    return ids.length;
  }

  /** Ends every live session of the subject but one (a password change, "sign out all other devices"); how many ended. */
  async revokeAllExcept(subjectType: SubjectType, subjectId: string, keepSessionId: string, reason: string): Promise<number> {
    const ids = await this.repo.liveIdsExcept(subjectType, subjectId, keepSessionId);
    for (const id of ids) await this.revoke(id, reason);
    return ids.length;
  }

  /**
   * Whether the session was revoked. A "no" is remembered for NOT_REVOKED_MS, so a burst of requests
   * on one session asks Redis once; `revoke` forgets it at once in this process, and other api
   * processes see a revocation within NOT_REVOKED_MS.
   */
  async isRevoked(sessionId: string): Promise<boolean> {
    const checked = this.notRevoked.get(sessionId);
    if (checked !== undefined && Date.now() - checked < NOT_REVOKED_MS) return false;
    const revoked = (await this.redis.exists(REDIS_KEYS.sessionRevoked(sessionId))) === 1;
    if (revoked) this.notRevoked.delete(sessionId);
    else {
      if (this.notRevoked.size >= 100_000) this.notRevoked.clear();
      this.notRevoked.set(sessionId, Date.now());
    }
    return revoked;
  }

  /** The subject's live sessions that can still refresh, most recently used first. */
  list(subjectType: SubjectType, subjectId: string): Promise<SessionRow[]> {
    return this.repo.listLive(subjectType, subjectId);
  }
}
