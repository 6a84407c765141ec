import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The login password written by a reset link, and the inbox message that says so; no business rules here. */
@Injectable()
export class PasswordResetRepository {
  /**
   * Sets the login password (never the trade password) if the account's address is still the one the link was
   * mailed to; false otherwise (the address changed since).
   */
  async setLoginPassword(em: EntityManager, userId: string, mailedTo: string, hash: string): Promise<boolean> {
    const [, count]: [unknown, number] = await em.query(`UPDATE users SET password_hash = $3 WHERE id = $1 AND lower(email) = lower($2)`, [
      userId,
      mailedTo,
      hash,
    ]);
    return count === 1;
  }

  /**
   * The `passwordReset` system message, in the reset's transaction. Written here rather than through the
   * messages feature, which sits above auth (its routes use auth's guards): the row is the one the inbox reads.
   */
  async insertResetMessage(em: EntityManager, userId: string, at: string): Promise<void> {
    await em.query(`INSERT INTO messages (user_id, text_key, vars) VALUES ($1, 'passwordReset', $2::jsonb)`, [userId, JSON.stringify({ at })]);
  }
}
