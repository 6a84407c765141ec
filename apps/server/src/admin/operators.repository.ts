import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { OperatorEntity } from '@candor/db';
import type { OperatorRole } from '@candor/contracts';
import { returnedRows } from '../database/rows.js';

/** `operators` (accounts, roles and the TOTP secret) and their one-use `operator_recovery_codes`; no rules here. */
@Injectable()
export class OperatorsRepository {
  constructor(@InjectRepository(OperatorEntity) private readonly operators: Repository<OperatorEntity>) {}

  findById(id: string): Promise<OperatorEntity | null> {
    return this.operators.findOne({ where: { id } });
  }

  findByEmail(email: string): Promise<OperatorEntity | null> {
    return this.operators.createQueryBuilder('o').where('lower(o.email) = lower(:email)', { email }).getOne();
  }

  /** Every operator, oldest first. */
  list(): Promise<OperatorEntity[]> {
    return this.operators.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A new operator's id, or null when the e-mail (in any case) is taken. */
  async insert(em: EntityManager, o: { email: string; passwordHash: string; role: OperatorRole }): Promise<string | null> {
    const [row]: { id: string }[] = await em.query(
      `INSERT INTO operators (email, password_hash, role) VALUES ($1, $2, $3) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [o.email, o.passwordHash, o.role],
    );
    return row?.id ?? null;
  }

  /** Sets the role and the disabled flag (keeping the first disabling time while it stays disabled). */
  async updateAccess(em: EntityManager, id: string, role: OperatorRole, disabled: boolean): Promise<void> {
    await em.query(`UPDATE operators SET role = $2, disabled_at = CASE WHEN $3::boolean THEN coalesce(disabled_at, now()) ELSE NULL END WHERE id = $1`, [
      id,
      role,
      disabled,
    ]);
  }

  /** Stores an enrolled TOTP secret (encrypted) with the time step of the code that confirmed it. */
  async storeTotpSecret(em: EntityManager, id: string, secretEnc: string, lastStep: number | null): Promise<void> {
    await em.query(`UPDATE operators SET totp_secret_enc = $2, totp_enrolled_at = now(), totp_last_step = $3 WHERE id = $1`, [id, secretEnc, lastStep]);
  }

  /** Records `step` as the last accepted TOTP step if it is newer than the stored one; false when it is not (a replay or a lost race). */
  async advanceTotpStep(id: string, step: number): Promise<boolean> {
    const won = returnedRows(
      await this.operators.query(`UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`, [
        id,
        step,
      ]),
    );
    return won.length === 1;
  }

  /** Every operator with a TOTP secret, rows locked until the transaction ends (the key rotation re-encrypts them). */
  lockTotpSecrets(em: EntityManager): Promise<{ id: string; email: string; totpSecretEnc: string }[]> {
    return em.query(`SELECT id, email, totp_secret_enc AS "totpSecretEnc" FROM operators WHERE totp_secret_enc IS NOT NULL ORDER BY id FOR UPDATE`);
  }

  /** The same TOTP secret encrypted under another key: the enrolment time and the last used step stay. */
  async replaceTotpSecret(em: EntityManager, id: string, secretEnc: string): Promise<void> {
    await em.query(`UPDATE operators SET totp_secret_enc = $2 WHERE id = $1`, [id, secretEnc]);
  }

  async deleteRecoveryCodes(em: EntityManager, operatorId: string): Promise<void> {
    await em.query(`DELETE FROM operator_recovery_codes WHERE operator_id = $1`, [operatorId]);
  }

  async insertRecoveryCodes(em: EntityManager, operatorId: string, codeHashes: string[]): Promise<void> {
    await em.query(`INSERT INTO operator_recovery_codes (operator_id, code_hash) SELECT $1, unnest($2::text[])`, [operatorId, codeHashes]);
  }

  /** Marks the unused recovery code with this hash used; false when there is none. */
  async useRecoveryCode(operatorId: string, codeHash: string): Promise<boolean> {
    const used = returnedRows(
      await this.operators.query(
        `UPDATE operator_recovery_codes SET used_at = now() WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING operator_id`,
        [operatorId, codeHash],
      ),
    );
    return used.length === 1;
  }

  async countUnusedRecoveryCodes(operatorId: string): Promise<number> {
    const [left]: { n: number }[] = await this.operators.query(
      `SELECT count(*)::int AS n FROM operator_recovery_codes WHERE operator_id = $1 AND used_at IS NULL`,
      [operatorId],
    );
    return left?.n ?? 0;
  }
}
