import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { newTestService } from '../../test/utils.js';
import { UsersRepository, type TradePasswordRow } from '../users/users.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { TRADE_PASSWORD_LOCK_MINUTES, TRADE_PASSWORD_MAX_FAILURES, TradePasswordService } from './trade-password.service.js';

const NOW = Date.parse('2026-12-01T10:00:00Z');

function build(row: TradePasswordRow | null, passwordRight: boolean) {
  const { sut, mocks } = newTestService(TradePasswordService);
  const users = mocks.get<UsersRepository>(UsersRepository);
  const hasher = mocks.get<PasswordHasher>(PasswordHasher);
  users.findTradePassword.mockResolvedValue(row);
  users.resetTradePasswordFailures.mockResolvedValue(undefined);
  users.countTradePasswordFailure.mockResolvedValue(undefined);
  hasher.verify.mockResolvedValue(passwordRight);
  return { service: sut as TradePasswordService, users, hasher };
}

const row = (over: Partial<TradePasswordRow> = {}): TradePasswordRow => ({ hash: 'stored-hash', locked_until: null, failures: 0, ...over });

afterEach(() => {
  jest.restoreAllMocks();
});

describe('TradePasswordService.verify', () => {
  it('accepts the right password; a run of failures before it is reset', async () => {
    const { service, users, hasher } = build(row({ failures: 3 }), true);
    await expect(service.verify('u1', 'right')).resolves.toBeUndefined();
    expect(hasher.verify).toHaveBeenCalledWith('stored-hash', 'right');
    expect(users.resetTradePasswordFailures).toHaveBeenCalledWith('u1');
    expect(users.countTradePasswordFailure).not.toHaveBeenCalled();
  });

  it('writes nothing for a right password when there was no failure to forget', async () => {
    const { service, users } = build(row(), true);
    await service.verify('u1', 'right');
    expect(users.resetTradePasswordFailures).not.toHaveBeenCalled();
  });

  it(`counts a wrong password (locking after ${TRADE_PASSWORD_MAX_FAILURES} in a row for ${TRADE_PASSWORD_LOCK_MINUTES} minutes) and answers TRADE_PASSWORD_INVALID`, async () => {
    const { service, users } = build(row({ failures: 4 }), false);
    await expect(service.verify('u1', 'wrong')).rejects.toMatchObject({ code: 'TRADE_PASSWORD_INVALID', field: 'tradePassword' });
    expect(users.countTradePasswordFailure).toHaveBeenCalledWith('u1', 5, 15);
  });

  it('while locked, refuses every try with TRADE_PASSWORD_LOCKED and when it ends, without looking at the password', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    const until = new Date(NOW + 60_000);
    const { service, users, hasher } = build(row({ locked_until: until }), true);
    await expect(service.verify('u1', 'right')).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_LOCKED',
      field: 'tradePassword',
      details: { unlockAt: until.toISOString() },
    });
    expect(hasher.verify).not.toHaveBeenCalled();
    expect(users.countTradePasswordFailure).not.toHaveBeenCalled();
  });

  it('a lock that has ended no longer counts', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    const { service } = build(row({ locked_until: new Date(NOW - 1) }), true);
    await expect(service.verify('u1', 'right')).resolves.toBeUndefined();
  });

  it('an unknown user is UNAUTHENTICATED', async () => {
    const { service } = build(null, true);
    await expect(service.verify('ghost', 'x')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
