import { describe, expect, it, jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { USER_ACCOUNT_KINDS } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { APP_CONFIG } from '../config/config.js';
import { LedgerService } from '../ledger/ledger.service.js';
import type { UserAccountIds, UserBalances } from '../ledger/ledger.types.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { OrdersService } from './orders.service.js';

const tx = { name: 'the reset transaction' } as unknown as EntityManager;
const ids = Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, `a-${k}`])) as UserAccountIds;
const after: UserBalances = { cash: 0, hold: 0, escrow: 0, earn_pending: 0, earn_confirmed: 0, demo: 1_000_000, demo_escrow: 500 };

function setup(demoBalance: number) {
  const { sut: built, mocks } = newTestService(OrdersService, [[APP_CONFIG, { DEMO_START_BALANCE_CENTS: 1_000_000 }]]);
  const sut = built as OrdersService; // the harness answers `unknown` for the service's type
  const ledger = mocks.get<LedgerService>(LedgerService);
  ledger.userAccountIds.mockResolvedValue(ids);
  ledger.transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => fn(tx)) as never);
  ledger.lockBalance.mockResolvedValue(demoBalance);
  ledger.platformAccountId.mockResolvedValue('issuer');
  ledger.balances.mockResolvedValue(after);
  const emit = jest.fn();
  const to = jest.fn((_room: string) => ({ emit }));
  mocks.get<RealtimeGateway>(RealtimeGateway).server = { to } as unknown as RealtimeGateway['server'];
  return { sut, ledger, to, emit };
}

describe('OrdersService.resetDemo', () => {
  it('posts the difference to the start balance against the demo issuer, reading the locked demo balance, and pushes the wallet', async () => {
    const { sut, ledger, to, emit } = setup(250_000);
    const wallet = await sut.resetDemo('u1');
    expect(ledger.lockBalance).toHaveBeenCalledWith(tx, 'a-demo');
    expect(ledger.post).toHaveBeenCalledWith(tx, {
      type: 'demo_reset',
      userId: 'u1',
      refType: 'user',
      refId: 'u1',
      postings: [
        { accountId: 'issuer', amount: -750_000 },
        { accountId: 'a-demo', amount: 750_000 },
      ],
    });
    expect(wallet.demo).toBe('10000.00');
    expect(to).toHaveBeenCalledWith('user:u1');
    expect(emit).toHaveBeenCalledWith('wallet', wallet);
  });

  it('takes money back when the demo balance is above the start balance', async () => {
    const { sut, ledger } = setup(1_200_000);
    await sut.resetDemo('u1');
    expect(ledger.post.mock.calls[0]![1].postings).toEqual([
      { accountId: 'issuer', amount: 200_000 },
      { accountId: 'a-demo', amount: -200_000 },
    ]);
  });

  it('posts nothing when the balance already is the start balance', async () => {
    const { sut, ledger } = setup(1_000_000);
    await sut.resetDemo('u1');
    expect(ledger.post).not.toHaveBeenCalled();
  });
});
