import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A user's address, the one waiting for confirmation, and whether the current one is confirmed. */
export interface EmailStateRow {
  email: string;
  pending_email: string | null;
  email_confirmed_at: Date | null;
}

/** The users' e-mail columns; no business rules here. */
@Injectable()
export class EmailRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async find(userId: string, em: EntityManager = this.ds.manager): Promise<EmailStateRow | null> {
    const [row]: EmailStateRow[] = await em.query(`SELECT email, pending_email, email_confirmed_at FROM users WHERE id = $1`, [userId]);
    return row ?? null;
  }

  /** The row, locked until `em`'s transaction ends. */
  async lock(em: EntityManager, userId: string): Promise<EmailStateRow | null> {
    const [row]: EmailStateRow[] = await em.query(`SELECT email, pending_email, email_confirmed_at FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return row ?? null;
  }

  /** Whether another account uses the address (case-insensitively, as the unique index compares). */
  async takenByOther(email: string, userId: string, em: EntityManager = this.ds.manager): Promise<boolean> {
    const [row]: { taken: boolean }[] = await em.query(`SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2) AS taken`, [
      email,
      userId,
    ]);
    return row?.taken === true;
  }

  async markConfirmed(em: EntityManager, userId: string, at: Date): Promise<void> {
    await em.query(`UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, $2) WHERE id = $1`, [userId, at]);
  }

  /** The pending address becomes the account's, confirmed. */
  async switchToPending(em: EntityManager, userId: string, at: Date): Promise<void> {
    await em.query(`UPDATE users SET email = pending_email, pending_email = NULL, email_confirmed_at = $2 WHERE id = $1 AND pending_email IS NOT NULL`, [
      userId,
      at,
    ]);
  }

  async setPending(userId: string, email: string): Promise<void> {
    await this.ds.query(`UPDATE users SET pending_email = $2 WHERE id = $1`, [userId, email]);
  }
}
