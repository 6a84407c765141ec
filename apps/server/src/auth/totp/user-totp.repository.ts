import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../database/rows.js';
import type { TotpHolder, TotpStore } from './totp-verifier.js';

/** The inbox messages of turning two-factor sign-in on and off (keys under `inbox:` in every locale). */
export type TotpMessageKey = 'totpEnabled' | 'totpDisabled';

/** Users' second factor: the TOTP columns of `users` and the one-use `user_recovery_codes`; no rules here. */
@Injectable()
export class UserTotpRepository implements TotpStore {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's stored secret and last step (both null while two-factor sign-in is off), or null for no such user. */
  async find(userId: string, em: EntityManager = this.ds.manager): Promise<TotpHolder | null> {
    const [row]: TotpHolder[] = await em.query(
      `SELECT id, totp_secret_enc AS "totpSecretEnc", totp_last_step::text AS "totpLastStep" FROM users WHERE id = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** Turns it on with this secret and the step of the code that confirmed it; false when it was on already (a race). */
  async enable(em: EntityManager, userId: string, secretEnc: string, lastStep: number | null): Promise<boolean> {
    const rows = returnedRows(
      await em.query(
        `UPDATE users SET totp_secret_enc = $2, totp_enabled_at = now(), totp_last_step = $3 WHERE id = $1 AND totp_secret_enc IS NULL RETURNING id`,
        [userId, secretEnc, lastStep],
      ),
    );
    return rows.length === 1;
  }

  /** Turns it off: the secret and every recovery code go; false when it was off already. */
  async disable(em: EntityManager, userId: string): Promise<boolean> {
    const rows = returnedRows(
      await em.query(
        `UPDATE users SET totp_secret_enc = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1 AND totp_secret_enc IS NOT NULL RETURNING id`,
        [userId],
      ),
    );
    await em.query(`DELETE FROM user_recovery_codes WHERE user_id = $1`, [userId]);
    return rows.length === 1;
  }

  /** Every user with a TOTP secret, rows locked until the transaction ends (the key rotation re-encrypts them). */
  lockTotpSecrets(em: EntityManager): Promise<{ id: string; email: string; totpSecretEnc: string }[]> {
    return em.query(`SELECT id, email, totp_secret_enc AS "totpSecretEnc" FROM users WHERE totp_secret_enc IS NOT NULL ORDER BY id FOR UPDATE`);
  }

  /** The same secret under another key (the rotation); its recovery codes, HMACs under the old key, go. */
  async replaceTotpSecret(em: EntityManager, userId: string, secretEnc: string): Promise<void> {
    await em.query(`UPDATE users SET totp_secret_enc = $2 WHERE id = $1`, [userId, secretEnc]);
    await em.query(`DELETE FROM user_recovery_codes WHERE user_id = $1`, [userId]);
  }

  async replaceRecoveryCodes(em: EntityManager, userId: string, codeHashes: string[]): Promise<void> {
    await em.query(`DELETE FROM user_recovery_codes WHERE user_id = $1`, [userId]);
    await em.query(`INSERT INTO user_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`, [userId, codeHashes]);
  }

  /** Records `step` as the last accepted one if it is newer (and the factor still on); false for a replay or a lost race. */
  async advanceTotpStep(userId: string, step: number): Promise<boolean> {
    const won = returnedRows(
      await this.ds.query(
        `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_secret_enc IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
        [userId, step],
      ),
    );
    return won.length === 1;
  }

  /** Marks the unused recovery code with this hash used; false when there is none. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const used = returnedRows(
      await this.ds.query(`UPDATE user_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`, [
        userId,
        codeHash,
      ]),
    );
    return used.length === 1;
  }

  /**
   * The inbox message of the change, in its transaction. Written here rather than through the messages feature,
   * which sits above auth (as the password reset's message is): the row is the one the inbox reads.
   */
  async insertMessage(em: EntityManager, userId: string, key: TotpMessageKey, at: string): Promise<string> {
    const [row]: { id: string }[] = await em.query(`INSERT INTO messages (user_id, text_key, vars) VALUES ($1, $2, $3::jsonb) RETURNING id`, [
      userId,
      key,
      JSON.stringify({ at }),
    ]);
    return row!.id;
  }
}
