import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export type MailTokenKind = 'reset' | 'confirm';

/** What a used token was for. */
export interface UsedMailTokenRow {
  user_id: string;
  email: string;
}

/** The one-use mail links (`mail_tokens`), by the keyed hash of their token; the times come from the caller's clock. */
@Injectable()
export class MailTokensRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(
    t: { kind: MailTokenKind; userId: string; hash: Buffer; email: string; createdAt: Date; expiresAt: Date },
    em: EntityManager = this.ds.manager,
  ): Promise<void> {
    await em.query(`INSERT INTO mail_tokens (kind, user_id, token_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      t.kind,
      t.userId,
      t.hash,
      t.email,
      t.createdAt,
      t.expiresAt,
    ]);
  }

  /**
   * Marks the token used if it is of `kind`, unused and not expired at `now`; answers what it was for, or null.
   * One statement, so of two uses at once only one finds it unused.
   */
  async use(em: EntityManager, kind: MailTokenKind, hash: Buffer, now: Date): Promise<UsedMailTokenRow | null> {
    const [rows]: [UsedMailTokenRow[], number] = await em.query(
      `UPDATE mail_tokens SET used_at = GREATEST($3::timestamptz, created_at)
        WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id::text, email`,
      [hash, kind, now],
    );
    return rows[0] ?? null;
  }

  /** Voids the user's other unused tokens of `kind` (a used reset link ends the others). */
  async voidOpen(em: EntityManager, userId: string, kind: MailTokenKind, now: Date): Promise<number> {
    const [, count]: [unknown, number] = await em.query(
      `UPDATE mail_tokens SET used_at = GREATEST($3::timestamptz, created_at) WHERE user_id = $1 AND kind = $2 AND used_at IS NULL`,
      [userId, kind, now],
    );
    return count;
  }
}
