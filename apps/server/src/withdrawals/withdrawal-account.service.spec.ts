import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { PutWithdrawalAccountBody } from '@candor/contracts';
import { newTestService } from '../../test/utils.js';
import { TradePasswordService } from '../auth/trade-password.service.js';
import { DomainError } from '../common/domain-error.js';
import { EventBus } from '../events/event-bus.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { SystemMessages } from '../messages/system-messages.js';
import { WithdrawalAccountRepository, type WithdrawalAccountRow } from './withdrawal-account.repository.js';
import { WITHDRAWAL_HOLD_HOURS, WithdrawalAccountService } from './withdrawal-account.service.js';

const em = { name: 'the binding transaction' } as unknown as EntityManager;
const body: PutWithdrawalAccountBody = {
  type: 'crypto',
  accountName: 'Chen Mei',
  nationality: 'Taiwan',
  network: 'TRC20',
  currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  tradePassword: '123456',
};
const stored = (over: Partial<WithdrawalAccountRow> = {}): WithdrawalAccountRow => ({
  type: 'crypto',
  account_name: 'Chen Mei',
  nationality: 'Taiwan',
  bank: null,
  card_number: null,
  region: null,
  currency_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  network: 'TRC20',
  hold_until: null,
  updated_at: new Date('2026-12-01T00:00:00Z'),
  ...over,
});

/** `before` is the account found in the transaction, `after` what the upsert answers. */
function setup(before: WithdrawalAccountRow | null, after: WithdrawalAccountRow) {
  const { sut: built, mocks } = newTestService(WithdrawalAccountService);
  const sut = built as WithdrawalAccountService; // the harness answers `unknown` for the service's type
  const steps: string[] = [];
  mocks.get<LedgerService>(LedgerService).transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => {
    const result = await fn(em);
    steps.push('commit');
    return result;
  }) as never);
  const accounts = mocks.get<WithdrawalAccountRepository>(WithdrawalAccountRepository);
  accounts.find.mockResolvedValue(before);
  accounts.upsert.mockResolvedValue(after);
  const messages = mocks.get<SystemMessages>(SystemMessages);
  messages.write.mockImplementation(async () => {
    steps.push('message written');
    return '9';
  });
  const events = mocks.get<EventBus>(EventBus);
  events.publish.mockImplementation(async (name) => {
    steps.push(`published ${name}`);
  });
  return { sut, accounts, messages, events, steps, tradePassword: mocks.get<TradePasswordService>(TradePasswordService) };
}

describe('WithdrawalAccountService.put', () => {
  it('a first binding stores "withdrawalAccountBound" with the binding and publishes withdrawalAccount.changed after the commit', async () => {
    const { sut, accounts, messages, events, steps } = setup(null, stored());
    expect(await sut.put('u1', body)).toMatchObject({ type: 'crypto', masked: expect.any(String), holdUntil: null });
    expect(accounts.find).toHaveBeenCalledWith('u1', em, true);
    expect(accounts.upsert).toHaveBeenCalledWith(
      em,
      'u1',
      expect.objectContaining({ currency_address: body.currencyAddress, network: 'TRC20' }),
      WITHDRAWAL_HOLD_HOURS,
    );
    expect(messages.write).toHaveBeenCalledWith(em, 'u1', 'withdrawalAccountBound', { masked: expect.any(String), holdUntil: '' });
    expect(steps).toEqual(['message written', 'commit', 'published withdrawalAccount.changed']);
    expect(events.publish).toHaveBeenCalledWith('withdrawalAccount.changed', { userId: 'u1', kind: 'bound', messageId: '9' });
  });

  it('changed details start a hold, and the message names when it ends', async () => {
    const holdUntil = new Date('2026-12-02T08:30:00Z');
    const { sut, messages, events } = setup(
      stored(),
      stored({ network: 'BTC', currency_address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', hold_until: holdUntil }),
    );
    await sut.put('u1', { ...body, network: 'BTC', currencyAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' });
    expect(messages.write).toHaveBeenCalledWith(em, 'u1', 'withdrawalAccountChanged', expect.objectContaining({ holdUntil: '2026-12-02 08:30 UTC' }));
    expect(events.publish).toHaveBeenCalledWith('withdrawalAccount.changed', { userId: 'u1', kind: 'changed', messageId: '9' });
  });

  it('the same details again are no news: no message, no event', async () => {
    const { sut, messages, events } = setup(stored(), stored());
    await sut.put('u1', body);
    expect(messages.write).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('every field is checked before the transaction password, and a refused one changes nothing', async () => {
    const { sut, accounts, tradePassword } = setup(null, stored());
    await expect(sut.put('u1', { ...body, currencyAddress: '' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'currencyAddress' });
    await expect(sut.put('u1', { type: 'bank', accountName: 'Chen Mei', nationality: 'Taiwan', tradePassword: '123456' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'bank',
    });
    expect(tradePassword.verify).not.toHaveBeenCalled();
    tradePassword.verify.mockRejectedValueOnce(new DomainError('TRADE_PASSWORD_INVALID'));
    await expect(sut.put('u1', body)).rejects.toMatchObject({ code: 'TRADE_PASSWORD_INVALID' });
    expect(accounts.upsert).not.toHaveBeenCalled();
  });
});
