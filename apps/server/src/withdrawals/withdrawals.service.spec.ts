import { UsersRepository } from '../users/users.repository.js';
import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { TradePasswordService } from '../auth/trade-password.service.js';
import { DomainError } from '../common/domain-error.js';
import { APP_CONFIG } from '../config/config.js';
import { EventBus } from '../events/event-bus.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { SystemMessages } from '../messages/system-messages.js';
import { WithdrawalAccountRepository, type WithdrawalAccountRow } from './withdrawal-account.repository.js';
import { WithdrawalsRepository, type WithdrawalRow } from './withdrawals.repository.js';
import { WithdrawalsService } from './withdrawals.service.js';
import { ApprovalsRepository } from '../approvals/approvals.repository.js';

const ID = '00000000-0000-4000-8000-0000000000aa';
const em = { name: 'the decision transaction' } as unknown as EntityManager;
const account: WithdrawalAccountRow = {
  type: 'crypto',
  account_name: 'Chen Mei',
  nationality: 'Taiwan',
  bank: null,
  card_number: null,
  region: null,
  currency_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  network: 'TRC20',
  hold_until: null,
  updated_at: new Date('2026-11-01T00:00:00Z'),
};

const withdrawal = (over: Partial<WithdrawalRow> = {}): WithdrawalRow => ({
  id: ID,
  order_no: 'W202612010000000001',
  user_id: 'u1',
  amount: '1000',
  status: 'in_review',
  account: { type: 'crypto', currency_address: account.currency_address, network: 'TRC20' },
  approvals: 0,
  approvals_required: 1,
  first_approver_id: null,
  reason: null,
  timeline: [],
  created_at: new Date('2026-12-01T00:00:00Z'),
  decided_at: null,
  ...over,
});

/** The service with a transaction that records its commit, so a spec can tell what ran before and after it. */
function setup(current: WithdrawalRow | null = withdrawal(), approvedBefore = 0) {
  const { sut: built, mocks } = newTestService(WithdrawalsService, [
    [APP_CONFIG, { WITHDRAWAL_SECOND_APPROVAL_CENTS: 1_000_000, SECOND_APPROVAL_WINDOW_HOURS: 24 }],
  ]);
  const approvals = mocks.get<ApprovalsRepository>(ApprovalsRepository);
  approvals.lockUser.mockResolvedValue(undefined);
  approvals.approvedSum.mockResolvedValue(approvedBefore);
  const sut = built as WithdrawalsService; // the harness answers `unknown` for the service's type
  const steps: string[] = [];
  const ledger = mocks.get<LedgerService>(LedgerService);
  ledger.transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => {
    const result = await fn(em);
    steps.push('commit');
    return result;
  }) as never);
  ledger.userAccountIds.mockResolvedValue({ cash: 'cash-u1', hold: 'hold-u1' } as never);
  ledger.platformAccountId.mockResolvedValue('withdrawals-clearing' as never);
  const repo = mocks.get<WithdrawalsRepository>(WithdrawalsRepository);
  repo.lock.mockResolvedValue(current);
  repo.update.mockImplementation(async (_em, _id, next) =>
    withdrawal({ ...next, approvals: next.approvals, approvals_required: next.approvalsRequired, first_approver_id: next.firstApproverId }),
  );
  const messages = mocks.get<SystemMessages>(SystemMessages);
  messages.write.mockImplementation(async () => {
    steps.push('message written');
    return '7';
  });
  const events = mocks.get<EventBus>(EventBus);
  events.publish.mockImplementation(async (name) => {
    steps.push(`published ${name}`);
  });
  const accounts = mocks.get<WithdrawalAccountRepository>(WithdrawalAccountRepository);
  accounts.find.mockResolvedValue(account);
  const users = mocks.get<UsersRepository>(UsersRepository);
  users.isEmailConfirmed.mockResolvedValue(true);
  users.isKycVerified.mockResolvedValue(true);
  return {
    users,
    sut,
    approvals,
    ledger,
    repo,
    messages,
    events,
    accounts,
    steps,
    audit: mocks.get<AuditService>(AuditService),
    tradePassword: mocks.get<TradePasswordService>(TradePasswordService),
  };
}

describe('WithdrawalsService review', () => {
  it('the approval that pays stores "withdrawalPaid" in the transaction, then publishes withdrawal.decided and account.changed', async () => {
    const { sut, ledger, messages, events, steps } = setup();
    expect(await sut.approve('op1', ID, null)).toMatchObject({ status: 'successful', approvals: 1 });
    expect(ledger.post).toHaveBeenCalledWith(
      em,
      expect.objectContaining({
        type: 'withdrawal',
        uniqueKey: `withdrawal-pay:${ID}`,
        postings: [
          { accountId: 'hold-u1', amount: -1000 },
          { accountId: 'withdrawals-clearing', amount: 1000 },
        ],
      }),
    );
    expect(messages.write).toHaveBeenCalledWith(em, 'u1', 'withdrawalPaid', { orderNo: 'W202612010000000001', amount: '10.00', reason: '' });
    expect(steps).toEqual(['message written', 'commit', 'published withdrawal.decided', 'published account.changed']);
    expect(events.publish).toHaveBeenCalledWith('withdrawal.decided', { userId: 'u1', withdrawalId: ID, status: 'successful', messageId: '7' });
  });

  it('the first of two approvals moves no money, writes no message and decides nothing yet', async () => {
    const { sut, ledger, messages, events, audit } = setup(withdrawal({ approvals_required: 2, amount: '1000000' }));
    expect(await sut.approve('op1', ID, null)).toMatchObject({ status: 'in_review', approvals: 1 });
    expect(ledger.post).not.toHaveBeenCalled();
    expect(messages.write).not.toHaveBeenCalled();
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'withdrawal.approve', details: expect.objectContaining({ approvals: 1 }) }),
      em,
    );
    expect(events.publish.mock.calls.map(([name]) => name)).toEqual(['account.changed']);
  });

  it('four eyes over the sum: the third 9,999.99 one operator approves for one user in 24 h waits for a second operator', async () => {
    const { sut, ledger, repo, approvals } = setup(withdrawal({ amount: '999999' }), 2 * 999_999);
    expect(await sut.approve('op1', ID, null)).toMatchObject({ status: 'in_review', approvals: 1, approvalsRequired: 2 });
    expect(approvals.lockUser).toHaveBeenCalledWith(em, 'u1');
    expect(approvals.lockUser.mock.invocationCallOrder[0]!).toBeLessThan(approvals.approvedSum.mock.invocationCallOrder[0]!);
    expect(approvals.approvedSum).toHaveBeenCalledWith(em, 'u1', 'op1', 24);
    expect(approvals.record).toHaveBeenCalledWith(em, { kind: 'withdrawal', requestId: ID, userId: 'u1', operatorId: 'op1', amount: 999_999 });
    expect(repo.update).toHaveBeenCalledWith(em, ID, expect.objectContaining({ approvalsRequired: 2, approvals: 1, firstApproverId: 'op1' }), 'approved_once');
    expect(ledger.post).not.toHaveBeenCalled();
    const waiting = setup(withdrawal({ amount: '999999', approvals: 1, approvals_required: 2, first_approver_id: 'op1' }), 3 * 999_999);
    await expect(waiting.sut.approve('op1', ID, null)).rejects.toMatchObject({ code: 'SECOND_APPROVER_REQUIRED' });
    expect(waiting.approvals.record).not.toHaveBeenCalled();
  });

  it('under the threshold, the sum included, one approval pays', async () => {
    const { sut, approvals } = setup(withdrawal({ amount: '999998' }), 1); // 9,999.99 in all: one cent under
    expect(await sut.approve('op1', ID, null)).toMatchObject({ status: 'successful', approvals: 1, approvalsRequired: 1 });
    expect(approvals.record).toHaveBeenCalledTimes(1);
  });

  it('a rejection gives the held money back and tells the user why', async () => {
    const { sut, ledger, messages, events } = setup();
    expect(await sut.reject('op1', ID, 'Name mismatch', null)).toMatchObject({ status: 'failed', reason: 'Name mismatch' });
    expect(ledger.post).toHaveBeenCalledWith(
      em,
      expect.objectContaining({
        type: 'withdrawal_refund',
        postings: [
          { accountId: 'hold-u1', amount: -1000 },
          { accountId: 'cash-u1', amount: 1000 },
        ],
      }),
    );
    expect(messages.write).toHaveBeenCalledWith(em, 'u1', 'withdrawalRejected', expect.objectContaining({ reason: 'Name mismatch' }));
    expect(events.publish).toHaveBeenCalledWith('withdrawal.decided', { userId: 'u1', withdrawalId: ID, status: 'failed', messageId: '7' });
  });

  it("the user's own cancel refunds, on their own row only, with no audit line and no message", async () => {
    const { sut, repo, ledger, messages, events, audit } = setup();
    expect(await sut.cancel('u1', ID)).toMatchObject({ status: 'cancelled' });
    expect(repo.lock).toHaveBeenCalledWith(em, ID, 'u1');
    expect(ledger.post).toHaveBeenCalledWith(em, expect.objectContaining({ type: 'withdrawal_refund' }));
    expect(audit.record).not.toHaveBeenCalled();
    expect(messages.write).not.toHaveBeenCalled();
    expect(events.publish).toHaveBeenCalledWith('withdrawal.decided', { userId: 'u1', withdrawalId: ID, status: 'cancelled', messageId: null });
  });

  it('a decided withdrawal is refused and publishes nothing', async () => {
    const { sut, events } = setup(withdrawal({ status: 'successful' }));
    await expect(sut.reject('op1', ID, 'late', null)).rejects.toMatchObject({ code: 'ALREADY_DECIDED' });
    await expect(sut.cancel('u1', ID)).rejects.toMatchObject({ code: 'WITHDRAWAL_NOT_CANCELLABLE' });
    expect(events.publish).not.toHaveBeenCalled();
  });
});

describe('WithdrawalsService.request', () => {
  it('holds the amount (cash -> hold) and publishes account.changed after the commit; a large one needs two approvals', async () => {
    const { sut, repo, ledger, events, steps } = setup();
    repo.insert.mockImplementation(async () => {
      steps.push('inserted');
      return withdrawal({ amount: '1000000', approvals_required: 2 });
    });
    const r = await sut.request('u1', { amount: '10000', tradePassword: '123456' }, undefined);
    expect(r).toMatchObject({ status: 201, replayed: false, body: { amount: '10000.00', approvalsRequired: 2 } });
    const { hold_until: _h, updated_at: _u, ...snapshot } = account;
    expect(repo.insert).toHaveBeenCalledWith(em, { userId: 'u1', amount: 1_000_000, account: snapshot, approvalsRequired: 2 });
    expect(ledger.post).toHaveBeenCalledWith(
      em,
      expect.objectContaining({
        postings: [
          { accountId: 'cash-u1', amount: -1_000_000 },
          { accountId: 'hold-u1', amount: 1_000_000 },
        ],
      }),
    );
    expect(steps).toEqual(['inserted', 'commit', 'published account.changed', 'published withdrawal.requested']);
    expect(events.publish).toHaveBeenCalledWith('account.changed', { userId: 'u1' });
    expect(events.publish).toHaveBeenCalledWith('withdrawal.requested', { userId: 'u1', withdrawalId: ID, amount: 1_000_000 });
  });

  it('is refused before the transaction password while the e-mail address is unconfirmed, costing no attempt', async () => {
    const { sut, users, tradePassword, ledger } = setup();
    users.isEmailConfirmed.mockResolvedValueOnce(false);
    await expect(sut.request('u1', { amount: '10', tradePassword: '123456' }, undefined)).rejects.toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    expect(tradePassword.verify).not.toHaveBeenCalled();
    expect(ledger.transaction).not.toHaveBeenCalled();
  });

  it('is refused before the transaction password while the identity is not verified, costing no attempt', async () => {
    const { sut, users, tradePassword, ledger } = setup();
    users.isKycVerified.mockResolvedValueOnce(false);
    await expect(sut.request('u1', { amount: '10', tradePassword: '123456' }, undefined)).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
    expect(tradePassword.verify).not.toHaveBeenCalled();
    expect(ledger.transaction).not.toHaveBeenCalled();
  });

  it('is refused without a bound account, during the hold after a change, and with a wrong transaction password', async () => {
    const { sut, accounts, tradePassword, ledger, events } = setup();
    accounts.find.mockResolvedValueOnce(null);
    await expect(sut.request('u1', { amount: '10', tradePassword: '123456' }, undefined)).rejects.toMatchObject({ code: 'WITHDRAWAL_ACCOUNT_NOT_BOUND' });
    const holdUntil = new Date(Date.now() + 3_600_000);
    accounts.find.mockResolvedValueOnce({ ...account, hold_until: holdUntil });
    await expect(sut.request('u1', { amount: '10', tradePassword: '123456' }, undefined)).rejects.toMatchObject({
      code: 'WITHDRAWAL_HOLD_ACTIVE',
    });
    tradePassword.verify.mockRejectedValueOnce(new DomainError('TRADE_PASSWORD_INVALID'));
    await expect(sut.request('u1', { amount: '10', tradePassword: '000000' }, undefined)).rejects.toMatchObject({ code: 'TRADE_PASSWORD_INVALID' });
    await expect(sut.request('u1', { amount: '0', tradePassword: '123456' }, undefined)).rejects.toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    expect(ledger.transaction).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });
});
