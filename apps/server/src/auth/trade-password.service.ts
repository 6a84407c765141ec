import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/domain-error.js';
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
    @InjectDataSource() private readonly ds: DataSource,
    private readonly hasher: PasswordHasher,
  ) {}

  async verify(userId: string, password: string): Promise<void> {
    const [user]: { hash: string; locked_until: Date | null; failures: number }[] = await this.ds.query(
      `SELECT trade_password_hash AS hash, trade_password_locked_until AS locked_until, trade_password_failures AS failures FROM users WHERE id = $1`,
      [userId],
    );
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (user.locked_until && user.locked_until.getTime() > Date.now()) throw locked(user.locked_until);
    if (await this.hasher.verify(user.hash, password)) {
      if (user.failures > 0) await this.ds.query(`UPDATE users SET trade_password_failures = 0 WHERE id = $1`, [userId]);
      return;
    }
    // One statement, so parallel wrong tries are all counted.
    await this.ds.query(
      `UPDATE users
          SET trade_password_failures = CASE WHEN trade_password_failures + 1 >= $2 THEN 0 ELSE trade_password_failures + 1 END,
              trade_password_locked_until = CASE WHEN trade_password_failures + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE trade_password_locked_until END
        WHERE id = $1`,
      [userId, TRADE_PASSWORD_MAX_FAILURES, TRADE_PASSWORD_LOCK_MINUTES],
    );
    throw new DomainError('TRADE_PASSWORD_INVALID', 'tradePassword');
  }
}

function locked(until: Date): DomainError {
  return new DomainError('TRADE_PASSWORD_LOCKED', 'tradePassword', {}, { unlockAt: until.toISOString() });
}
