import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordHasher } from './password-hasher.js';

export interface PasswordCheckContext {
  ip: string;
  captchaId?: string;
  captchaCode?: string;
}

/**
 * Checks a signed-in user's login password (password change, e-mail change) so that it is never an oracle.
 * First version; the oracles work of issue 52 makes it count against the login's failure limit per account
 * and per address, asking for the graphic code after the limit.
 */
@Injectable()
export class PasswordCheckService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async verifyLogin(userId: string, password: string, _ctx: PasswordCheckContext): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (!(await this.hasher.verify(user.passwordHash, password))) throw new DomainError('OLD_PASSWORD_INVALID', 'oldPassword');
  }
}
