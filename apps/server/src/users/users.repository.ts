import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { InvitationCodeEntity, UserEntity } from '@candor/db';
import { normalizePhone } from '@candor/domain';
import { returnedRows } from '../database/rows.js';

/** A user's transaction password with its failure count and lock. */
export interface TradePasswordRow {
  hash: string;
  locked_until: Date | null;
  failures: number;
}

/** Whether an account is disabled, since when and why. */
export interface UserAccessRow {
  id: string;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

/** A user as the console's user search lists them. */
export interface UserSearchRow {
  id: string;
  email: string;
  phone: string;
  nickname: string;
  kyc_status: string;
  invite_code: string;
  invited_by_user_id: string | null;
  disabled_at: Date | null;
  created_at: Date;
}

/** Access to users and invitation codes; no business rules here. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(InvitationCodeEntity) private readonly codes: Repository<InvitationCodeEntity>,
  ) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** The phone compares in E.164, and as given too: a duplicate the phones migration reported keeps its old spelling. */
  async emailOrPhoneTaken(email: string, phone: string): Promise<'email' | 'phone' | null> {
    const rows: { email_taken: boolean; phone_taken: boolean }[] = await this.users.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) AS email_taken,
              EXISTS (SELECT 1 FROM users WHERE phone = ANY($2::varchar[])) AS phone_taken`,
      [email, [...new Set([normalizePhone(phone) ?? phone, phone])]],
    );
    if (rows[0]?.email_taken) return 'email';
    if (rows[0]?.phone_taken) return 'phone';
    return null;
  }

  findActiveCode(code: string, em?: EntityManager, lock = false): Promise<InvitationCodeEntity | null> {
    const repo = em ? em.getRepository(InvitationCodeEntity) : this.codes;
    const qb = repo.createQueryBuilder('c').where('upper(c.code) = upper(:code) AND c.active', { code });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** Stores the phone in E.164 (the unique index on phone then holds per number, not per spelling). */
  async insertUser(em: EntityManager, u: Partial<UserEntity>): Promise<UserEntity> {
    const phone = u.phone === undefined ? undefined : (normalizePhone(u.phone) ?? u.phone);
    return em.getRepository(UserEntity).save(em.getRepository(UserEntity).create({ ...u, ...(phone === undefined ? {} : { phone }) }));
  }

  async insertCode(em: EntityManager, c: Partial<InvitationCodeEntity>): Promise<void> {
    await em.getRepository(InvitationCodeEntity).insert(c);
  }

  async countCodeUse(em: EntityManager, code: string): Promise<void> {
    await em.query(`UPDATE invitation_codes SET uses = uses + 1 WHERE code = $1`, [code]);
  }

  async updatePasswordHash(userId: string, kind: 'login' | 'trade', hash: string): Promise<void> {
    await this.users.update({ id: userId }, kind === 'login' ? { passwordHash: hash } : { tradePasswordHash: hash });
  }

  async updateNickname(userId: string, nickname: string): Promise<void> {
    await this.users.update({ id: userId }, { nickname });
  }

  /** Whether the account's current e-mail address was confirmed by its mailed link (withdrawals wait for it). */
  async isEmailConfirmed(userId: string): Promise<boolean> {
    const [row]: { confirmed: boolean }[] = await this.users.query(`SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = $1`, [userId]);
    return row?.confirmed === true;
  }

  async isKycVerified(userId: string): Promise<boolean> {
    const [row]: { kyc_status: string }[] = await this.users.query(`SELECT kyc_status FROM users WHERE id = $1`, [userId]);
    return row?.kyc_status === 'verified';
  }

  /** The language the user last used (a supported locale), for mails no request of theirs causes. */
  async findTradePassword(userId: string): Promise<TradePasswordRow | null> {
    const [row]: TradePasswordRow[] = await this.users.query(
      `SELECT trade_password_hash AS hash, trade_password_locked_until AS locked_until, trade_password_failures AS failures FROM users WHERE id = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** After a right transaction password: the run of failures, and any lock its last try set, are forgotten. */
  async resetTradePasswordFailures(userId: string): Promise<void> {
    await this.users.query(`UPDATE users SET trade_password_failures = 0, trade_password_locked_until = NULL WHERE id = $1`, [userId]);
  }

  /**
   * Counts a try as a failure BEFORE it is judged, in one statement, so a parallel burst cannot have more tries
   * judged than the limit: the `maxFailures`-th try of a run sets the lock for `lockMinutes` at once, and a right
   * password then clears it (resetTradePasswordFailures). A lock that has ended starts a new run. Answers the
   * stored hash to judge against, or null while locked (or for an unknown user): nothing is judged then.
   */
  async claimTradePasswordTry(userId: string, maxFailures: number, lockMinutes: number): Promise<{ hash: string } | null> {
    const result: unknown = await this.users.query(
      `UPDATE users
          SET trade_password_failures = (CASE WHEN trade_password_locked_until IS NULL THEN trade_password_failures ELSE 0 END) + 1,
              trade_password_locked_until = CASE
                WHEN (CASE WHEN trade_password_locked_until IS NULL THEN trade_password_failures ELSE 0 END) + 1 >= $2
                THEN now() + make_interval(mins => $3) END
        WHERE id = $1 AND (trade_password_locked_until IS NULL OR trade_password_locked_until <= now())
        RETURNING trade_password_hash AS hash`,
      [userId, maxFailures, lockMinutes],
    );
    return returnedRows<{ hash: string }>(result)[0] ?? null;
  }

  async findAccess(userId: string): Promise<UserAccessRow | null> {
    const [row]: UserAccessRow[] = await this.users.query(`SELECT id, disabled_at, disabled_reason FROM users WHERE id = $1`, [userId]);
    return row ?? null;
  }

  /** The account's access row, locked until `em`'s transaction ends. */
  async lockAccess(em: EntityManager, userId: string): Promise<UserAccessRow | null> {
    const [row]: UserAccessRow[] = await em.query(`SELECT id, disabled_at, disabled_reason FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return row ?? null;
  }

  /** Disables the account (now, with `reason`) or enables it (clearing both). */
  async setDisabled(em: EntityManager, userId: string, disabled: boolean, reason: string | null): Promise<UserAccessRow> {
    const [[row]]: [UserAccessRow[], number] = await em.query(
      `UPDATE users SET disabled_at = CASE WHEN $2::boolean THEN now() ELSE NULL END, disabled_reason = $3
          WHERE id = $1 RETURNING id, disabled_at, disabled_reason`,
      [userId, disabled, reason],
    );
    return row!;
  }

  /**
   * Users newest first, `limit` of them, matching `q` as an e-mail, phone or nickname fragment or an exact id,
   * after the user `cursor` when given.
   */
  search(f: { q?: string; cursor?: string; limit: number }): Promise<UserSearchRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (f.q) {
      params.push(`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, f.q);
      // An invitation code finds its owner and everyone who registered with it.
      where.push(
        `(u.email ILIKE $1 OR u.phone ILIKE $1 OR u.nickname ILIKE $1 OR u.id::text = $2 OR u.invite_code = upper($2) OR u.registration_code = upper($2))`,
      );
    }
    if (f.cursor) {
      params.push(f.cursor);
      where.push(`(u.created_at, u.id) < (SELECT c.created_at, c.id FROM users c WHERE c.id = $${params.length}::uuid)`);
    }
    params.push(f.limit);
    return this.users.query(
      `SELECT u.id, u.email, u.phone, u.nickname, u.kyc_status, u.invite_code, u.invited_by_user_id, u.disabled_at, u.created_at FROM users u
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY u.created_at DESC, u.id DESC LIMIT $${params.length}`,
      params,
    );
  }
}
