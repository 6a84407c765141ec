import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { SubjectType } from '@candor/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { returnedRows } from '../database/rows.js';
import { REDIS_KEYS } from '@candor/cross-process';

/** How long a "not revoked" answer is reused (other api processes see a revocation within this). */
const NOT_REVOKED_MS = 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface SessionRow {
  id: string;
  subject_type: SubjectType;
  subject_id: string;
  created_at: Date;
  last_used_at: Date;
  user_agent: string | null;
  ip: string | null;
  revoked_at: Date | null;
}
export type RefreshResult =
  { ok: true; sessionId: string; subjectId: string; refreshToken: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Sessions with rotating refresh tokens. Each refresh consumes its token and issues the next;
 * presenting a consumed token again means it was stolen or replayed, so the whole session is revoked.
 */
@Injectable()
export class SessionService {
  /** Sessions found not revoked, and when (see isRevoked). */
  private readonly notRevoked = new Map<string, number>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(subjectType: SubjectType, subjectId: string, userAgent: string | undefined, ip: string): Promise<{ sessionId: string; refreshToken: string }> {
    const [row]: { id: string }[] = await this.ds.query(
      `INSERT INTO sessions (subject_type, subject_id, user_agent, ip) VALUES ($1, $2, $3, $4) RETURNING id`,
      [subjectType, subjectId, (userAgent ?? '').slice(0, 300) || null, ip || null],
    );
    const refreshToken = await this.issueRefresh(row!.id, subjectType);
    return { sessionId: row!.id, refreshToken };
  }

  /** Whether the subject signed in before, and whether ever with this user agent: a new device is one never seen. */
  async history(subjectType: SubjectType, subjectId: string, userAgent: string | undefined): Promise<{ before: boolean; knownDevice: boolean }> {
    const [row]: { before: boolean; known: boolean }[] = await this.ds.query(
      `SELECT EXISTS (SELECT 1 FROM sessions WHERE subject_type = $1 AND subject_id = $2) AS before,
              EXISTS (SELECT 1 FROM sessions WHERE subject_type = $1 AND subject_id = $2 AND user_agent IS NOT DISTINCT FROM $3) AS known`,
      [subjectType, subjectId, (userAgent ?? '').slice(0, 300) || null],
    );
    return { before: row!.before, knownDevice: row!.known };
  }

  /** Seconds a refresh token lives: operators' console sessions are short (hours), users' long (days). */
  refreshTtlSeconds(subjectType: SubjectType): number {
    return subjectType === 'operator' ? this.config.OPERATOR_REFRESH_TOKEN_TTL_HOURS * 3600 : this.config.REFRESH_TOKEN_TTL_DAYS * 86400;
  }

  private async issueRefresh(sessionId: string, subjectType: SubjectType): Promise<string> {
    const token = `${sessionId}.${randomBytes(32).toString('base64url')}`;
    await this.ds.query(`INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      sha256(token),
      sessionId,
      this.refreshTtlSeconds(subjectType),
    ]);
    return token;
  }

  async rotate(token: string | undefined, subjectType: SubjectType): Promise<RefreshResult> {
    if (!token || token.length > 200) return { ok: false, reason: 'unknown' };
    const rows: { session_id: string; used_at: Date | null; expired: boolean; subject_id: string; subject_type: SubjectType; revoked_at: Date | null }[] =
      await this.ds.query(
        `SELECT t.session_id, t.used_at, t.expires_at < now() AS expired, s.subject_id, s.subject_type, s.revoked_at
         FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = $1`,
        [sha256(token)],
      );
    const t = rows[0];
    if (!t || t.subject_type !== subjectType) return { ok: false, reason: 'unknown' };
    if (t.revoked_at) return { ok: false, reason: 'revoked' };
    if (t.used_at) {
      await this.revoke(t.session_id, 'refresh_reuse');
      return { ok: false, reason: 'reused' };
    }
    if (t.expired) return { ok: false, reason: 'expired' };
    // Consume the token; if a concurrent request consumed it first, that is reuse too.
    const consumed = returnedRows(
      await this.ds.query(`UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING session_id`, [sha256(token)]),
    );
    if (consumed.length === 0) {
      await this.revoke(t.session_id, 'refresh_reuse');
      return { ok: false, reason: 'reused' };
    }
    await this.ds.query(`UPDATE sessions SET last_used_at = now() WHERE id = $1`, [t.session_id]);
    return { ok: true, sessionId: t.session_id, subjectId: t.subject_id, refreshToken: await this.issueRefresh(t.session_id, subjectType) };
  }

  /** The session id inside a refresh token (for logout), without trusting it for anything else. */
  sessionIdOf(token: string | undefined): string | null {
    const sid = token?.split('.')[0];
    return sid && /^[0-9a-f-]{36}$/.test(sid) ? sid : null;
  }

  private readonly revokedListeners: ((sessionId: string) => void)[] = [];

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.ds.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`, [sessionId, reason]);
    // Access tokens already handed out die with the session: guards check this key.
    await this.redis.set(REDIS_KEYS.sessionRevoked(sessionId), reason, 'EX', this.config.ACCESS_TOKEN_TTL_SECONDS + 60);
    this.notRevoked.delete(sessionId);
    for (const listener of this.revokedListeners) listener(sessionId);
  }

  /** Called on every revocation in this process (the socket gateway ends the session's sockets everywhere). */
  onRevoked(listener: (sessionId: string) => void): void {
    this.revokedListeners.push(listener);
  }

  /** Revokes a session only if it belongs to this subject (remote logout). */
  async revokeOwned(subjectType: SubjectType, subjectId: string, sessionId: string, reason: string): Promise<boolean> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM sessions WHERE id = $1 AND subject_type = $2 AND subject_id = $3 AND revoked_at IS NULL`,
      [sessionId, subjectType, subjectId],
    );
    if (!rows[0]) return false;
    await this.revoke(sessionId, reason);
    return true;
  }

  /** Ends every live session of the subject (an operator disabled or given another role). */
  async revokeAll(subjectType: SubjectType, subjectId: string, reason: string): Promise<number> {
    const rows: { id: string }[] = await this.ds.query(`SELECT id FROM sessions WHERE subject_type = $1 AND subject_id = $2 AND revoked_at IS NULL`, [
      subjectType,
      subjectId,
    ]);
    for (const r of rows) await this.revoke(r.id, reason);
    return rows.length;
  }

  async revokeAllExcept(subjectType: SubjectType, subjectId: string, keepSessionId: string, reason: string): Promise<void> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM sessions WHERE subject_type = $1 AND subject_id = $2 AND revoked_at IS NULL AND id <> $3`,
      [subjectType, subjectId, keepSessionId],
    );
    for (const r of rows) await this.revoke(r.id, reason);
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

  async list(subjectType: SubjectType, subjectId: string): Promise<SessionRow[]> {
    return this.ds.query(
      `SELECT id, subject_type, subject_id, created_at, last_used_at, user_agent, ip, revoked_at
         FROM sessions WHERE subject_type = $1 AND subject_id = $2 AND revoked_at IS NULL
        ORDER BY last_used_at DESC LIMIT 50`,
      [subjectType, subjectId],
    );
  }
}
