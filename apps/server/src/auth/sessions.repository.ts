import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SubjectType } from '@candor/db';
import { returnedRows } from '../database/rows.js';

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

/** A refresh token with its session, as a rotation reads it. */
export interface RefreshTokenRow {
  session_id: string;
  used_at: Date | null;
  expired: boolean;
  subject_id: string;
  subject_type: SubjectType;
  revoked_at: Date | null;
}

/** The `sessions` of users and operators and their `refresh_tokens` (stored hashed); no rules here. */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(subjectType: SubjectType, subjectId: string, userAgent: string | null, ip: string | null): Promise<string> {
    const [row]: { id: string }[] = await this.ds.query(
      `INSERT INTO sessions (subject_type, subject_id, user_agent, ip) VALUES ($1, $2, $3, $4) RETURNING id`,
      [subjectType, subjectId, userAgent, ip],
    );
    return row!.id;
  }

  /** Whether the subject has any session, and any with this user agent. */
  async history(subjectType: SubjectType, subjectId: string, userAgent: string | null): Promise<{ before: boolean; known: boolean }> {
    const [row]: { before: boolean; known: boolean }[] = await this.ds.query(
      `SELECT EXISTS (SELECT 1 FROM sessions WHERE subject_type = $1 AND subject_id = $2) AS before,
              EXISTS (SELECT 1 FROM sessions WHERE subject_type = $1 AND subject_id = $2 AND user_agent IS NOT DISTINCT FROM $3) AS known`,
      [subjectType, subjectId, userAgent],
    );
    return row!;
  }

  async insertRefreshToken(tokenHash: string, sessionId: string, ttlSeconds: number): Promise<void> {
    await this.ds.query(`INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      tokenHash,
      sessionId,
      ttlSeconds,
    ]);
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | null> {
    const rows: RefreshTokenRow[] = await this.ds.query(
      `SELECT t.session_id, t.used_at, t.expires_at < now() AS expired, s.subject_id, s.subject_type, s.revoked_at
         FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Marks the token used; false when it already was (by this or a concurrent request). */
  async consumeRefreshToken(tokenHash: string): Promise<boolean> {
    const consumed = returnedRows(
      await this.ds.query(`UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING session_id`, [tokenHash]),
    );
    return consumed.length > 0;
  }

  async touch(sessionId: string): Promise<void> {
    await this.ds.query(`UPDATE sessions SET last_used_at = now() WHERE id = $1`, [sessionId]);
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.ds.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`, [sessionId, reason]);
  }

  /** Whether the session is live and belongs to this subject. */
  async isLiveOwned(sessionId: string, subjectType: SubjectType, subjectId: string): Promise<boolean> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM sessions WHERE id = $1 AND subject_type = $2 AND subject_id = $3 AND revoked_at IS NULL`,
      [sessionId, subjectType, subjectId],
    );
    return rows.length > 0;
  }

  /** Ids of the subject's live sessions. */
  async liveIds(subjectType: SubjectType, subjectId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(`SELECT id FROM sessions WHERE subject_type = $1 AND subject_id = $2 AND revoked_at IS NULL`, [
      subjectType,
      subjectId,
    ]);
    return rows.map((r) => r.id);
  }

  /** Ids of the subject's live sessions other than `keepSessionId`. */
  async liveIdsExcept(subjectType: SubjectType, subjectId: string, keepSessionId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM sessions WHERE subject_type = $1 AND subject_id = $2 AND revoked_at IS NULL AND id <> $3`,
      [subjectType, subjectId, keepSessionId],
    );
    return rows.map((r) => r.id);
  }

  /**
   * The subject's live sessions, most recently used first (50 at most). A session whose last refresh token
   * ran out can never be used again (signing in makes a new one), so it is not listed.
   */
  listLive(subjectType: SubjectType, subjectId: string): Promise<SessionRow[]> {
    return this.ds.query(
      `SELECT id, subject_type, subject_id, created_at, last_used_at, user_agent, ip, revoked_at
         FROM sessions s WHERE subject_type = $1 AND subject_id = $2 AND revoked_at IS NULL
          AND EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.session_id = s.id AND t.used_at IS NULL AND t.expires_at > now())
        ORDER BY last_used_at DESC LIMIT 50`,
      [subjectType, subjectId],
    );
  }
}
