import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { InvitationCodeEntity, UserEntity } from '@candor/db';

/** TypeORM access to users and invitation codes; no business rules here. */
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

  async emailOrPhoneTaken(email: string, phone: string): Promise<'email' | 'phone' | null> {
    const rows: { email_taken: boolean; phone_taken: boolean }[] = await this.users.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) AS email_taken,
              EXISTS (SELECT 1 FROM users WHERE phone = $2) AS phone_taken`,
      [email, phone],
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

  async insertUser(em: EntityManager, u: Partial<UserEntity>): Promise<UserEntity> {
    return em.getRepository(UserEntity).save(em.getRepository(UserEntity).create(u));
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
}
