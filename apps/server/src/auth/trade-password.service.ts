import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordHasher } from './password-hasher.js';

/** Wrong transaction passwords in a row that lock it, and for how long. */
export const TRADE_PASSWORD_MAX_FAILURES = 5;
export const TRADE_PASSWORD_LOCK_MINUTES = 15;

/**
 * Checks the transaction password before money or the withdrawal account moves. The fifth wrong try in
 * a row still answers TRADE_PASSWORD_INVALID and locks it; while locked every try answers
 * TRADE_PASSWORD_LOCKED with `unlockAt`, even a right one, so the lock cannot be used as an oracle.
 */
@Injectable()
export class TradePasswordService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async verify(userId: string, password: string): Promise<void> {
    // The try is counted before it is judged: of a parallel burst, at most the limit are ever judged.
    const claimed = await this.users.claimTradePasswordTry(userId, TRADE_PASSWORD_MAX_FAILURES, TRADE_PASSWORD_LOCK_MINUTES);
    if (!claimed) {
      const user = await this.users.findTradePassword(userId);
      if (!user) throw new DomainError('UNAUTHENTICATED');
      throw locked(user.locked_until ?? new Date());
    }
    if (await this.hasher.verify(claimed.hash, password)) {
      await this.users.resetTradePasswordFailures(userId);
      return;
    }
    throw new DomainError('TRADE_PASSWORD_INVALID', 'tradePassword');
  }
}

function locked(until: Date): DomainError {
  return new DomainError('TRADE_PASSWORD_LOCKED', 'tradePassword', {}, { unlockAt: until.toISOString() });
}
