import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { newTestService } from '../../test/utils.js';
import { UsersRepository, type TradePasswordRow } from '../users/users.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { TRADE_PASSWORD_LOCK_MINUTES, TRADE_PASSWORD_MAX_FAILURES, TradePasswordService } from './trade-password.service.js';

const NOW = Date.parse('2026-12-01T10:00:00Z');

/** `claimed`: what the counting UPDATE answers (null while locked); `row`: the user as read after a refused claim. */
function build(claimed: { hash: string } | null, passwordRight: boolean, row: TradePasswordRow | null = null) {
  const { sut, mocks } = newTestService(TradePasswordService);
  const users = mocks.get<UsersRepository>(UsersRepository);
  const hasher = mocks.get<PasswordHasher>(PasswordHasher);
  users.claimTradePasswordTry.mockResolvedValue(claimed);
  users.findTradePassword.mockResolvedValue(row);
  users.resetTradePasswordFailures.mockResolvedValue(undefined);
  hasher.verify.mockResolvedValue(passwordRight);
  return { service: sut as TradePasswordService, users, hasher };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('TradePasswordService.verify', () => {
  it(`counts the try before judging it (the ${TRADE_PASSWORD_MAX_FAILURES}th of a run locks for ${TRADE_PASSWORD_LOCK_MINUTES} minutes); a right password forgets the run`, async () => {
    const { service, users, hasher } = build({ hash: 'stored-hash' }, true);
    await expect(service.verify('u1', 'right')).resolves.toBeUndefined();
    expect(users.claimTradePasswordTry).toHaveBeenCalledWith('u1', 5, 15);
    expect(hasher.verify).toHaveBeenCalledWith('stored-hash', 'right');
    expect(users.resetTradePasswordFailures).toHaveBeenCalledWith('u1');
  });

  it('answers TRADE_PASSWORD_INVALID for a wrong password, which stays counted', async () => {
    const { service, users } = build({ hash: 'stored-hash' }, false);
    await expect(service.verify('u1', 'wrong')).rejects.toMatchObject({ code: 'TRADE_PASSWORD_INVALID', field: 'tradePassword' });
    expect(users.resetTradePasswordFailures).not.toHaveBeenCalled();
  });

  it('while locked, refuses every try with TRADE_PASSWORD_LOCKED and when it ends, without looking at the password', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    const until = new Date(NOW + 60_000);
    const { service, hasher } = build(null, true, { hash: 'stored-hash', locked_until: until, failures: 5 });
    await expect(service.verify('u1', 'right')).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_LOCKED',
      field: 'tradePassword',
      details: { unlockAt: until.toISOString() },
    });
    expect(hasher.verify).not.toHaveBeenCalled();
  });

  it('an unknown user is UNAUTHENTICATED', async () => {
    const { service } = build(null, true, null);
    await expect(service.verify('ghost', 'x')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
