import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { EventBus } from '../events/event-bus.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { SystemMessages } from '../messages/system-messages.js';
import { DepositsRepository, type DepositRow } from './deposits.repository.js';
import { DepositsService } from './deposits.service.js';
import { ApprovalsRepository } from '../approvals/approvals.repository.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

const CONFIG = { WITHDRAWAL_SECOND_APPROVAL_CENTS: 1_000_000, SECOND_APPROVAL_WINDOW_HOURS: 24 } as AppConfig;

const ID = '00000000-0000-4000-8000-00000000000d';
const em = { name: 'the decision transaction' } as unknown as EntityManager;

const deposit = (over: Partial<DepositRow> = {}): DepositRow => ({
  id: ID,
  order_no: 'D202612010000000001',
  user_id: 'u1',
  method_id: 'm1',
  method: { type: 'bank', names: { 'zh-TW': '銀行轉帳' } },
  amount: '8880',
  reference: null,
  status: 'in_review',
  reason: null,
  timeline: [],
  created_at: new Date('2026-12-01T00:00:00Z'),
  decided_at: null,
  approvals: 0,
  approvals_required: 1,
  first_approver_id: null,
  slip_upload_id: null,
  ...over,
});

/** The service with a transaction that records its commit, so a spec can tell what ran before and after it. */
function setup(current: DepositRow | null = deposit(), approvedBefore = 0) {
  const { sut: built, mocks } = newTestService(DepositsService, [[APP_CONFIG, CONFIG]]);
  const sut = built as DepositsService; // the harness answers `unknown` for the service's type
  const steps: string[] = [];
  const ledger = mocks.get<LedgerService>(LedgerService);
  ledger.transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => {
    const result = await fn(em);
    steps.push('commit');
    return result;
  }) as never);
  ledger.userAccountIds.mockResolvedValue({ cash: 'cash-u1', hold: 'hold-u1' } as never);
  ledger.platformAccountId.mockResolvedValue('deposits-clearing' as never);
  const repo = mocks.get<DepositsRepository>(DepositsRepository);
  repo.lock.mockResolvedValue(current);
  repo.decide.mockImplementation(async (_em, _id, next, _op, reason) =>
    deposit({
      status: next.status,
      approvals: next.approvals,
      approvals_required: next.approvalsRequired,
      first_approver_id: next.firstApproverId,
      reason,
      decided_at: next.status === 'in_review' ? null : new Date('2026-12-01T01:00:00Z'),
    }),
  );
  const approvals = mocks.get<ApprovalsRepository>(ApprovalsRepository);
  approvals.lockUser.mockImplementation(async () => {
    steps.push('user locked');
  });
  approvals.approvedSum.mockImplementation(async () => {
    steps.push('sum read');
    return approvedBefore;
  });
  const messages = mocks.get<SystemMessages>(SystemMessages);
  messages.write.mockImplementation(async () => {
    steps.push('message written');
    return '42';
  });
  const events = mocks.get<EventBus>(EventBus);
  events.publish.mockImplementation(async (name) => {
    steps.push(`published ${name}`);
  });
  return { sut, ledger, repo, messages, events, approvals, audit: mocks.get<AuditService>(AuditService), steps };
}

describe('DepositsService.decide', () => {
  it('an approval credits the amount, stores the message with the decision, and publishes deposit.decided only after the commit', async () => {
    const { sut, ledger, messages, events, steps } = setup();
    const answer = await sut.decide('op1', ID, 'approve', null, '10.0.0.1');
    expect(answer).toMatchObject({ id: ID, status: 'successful', amount: '88.80' });
    expect(ledger.post).toHaveBeenCalledWith(
      em,
      expect.objectContaining({
        type: 'deposit',
        uniqueKey: `deposit:${ID}`,
        postings: [
          { accountId: 'deposits-clearing', amount: -8880 },
          { accountId: 'cash-u1', amount: 8880 },
        ],
      }),
    );
    expect(messages.write).toHaveBeenCalledWith(em, 'u1', 'depositApproved', { orderNo: 'D202612010000000001', amount: '88.80', reason: '' });
    expect(steps).toEqual(['user locked', 'sum read', 'message written', 'commit', 'published deposit.decided', 'published account.changed']);
    expect(events.publish).toHaveBeenCalledWith('deposit.decided', { userId: 'u1', depositId: ID, approved: true, messageId: '42' });
    expect(events.publish).toHaveBeenCalledWith('account.changed', { userId: 'u1' });
  });

  it('a rejection credits nothing, tells the user the reason and publishes approved=false', async () => {
    const { sut, ledger, messages, events, audit } = setup();
    const answer = await sut.decide('op1', ID, 'reject', 'No transfer found', null);
    expect(answer).toMatchObject({ status: 'failed', reason: 'No transfer found' });
    expect(ledger.post).not.toHaveBeenCalled();
    expect(messages.write).toHaveBeenCalledWith(em, 'u1', 'depositRejected', expect.objectContaining({ reason: 'No transfer found' }));
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'deposit.reject', details: expect.objectContaining({ reason: 'No transfer found' }) }),
      em,
    );
    expect(events.publish).toHaveBeenCalledWith('deposit.decided', { userId: 'u1', depositId: ID, approved: false, messageId: '42' });
  });

  it('four eyes: an approval that brings what this operator approved for the user in 24 h to the threshold is the first of two', async () => {
    const { sut, ledger, messages, events, approvals, repo } = setup(deposit({ amount: '999999' }), 2 * 999_999);
    const answer = await sut.decide('op1', ID, 'approve', null, null);
    expect(answer).toMatchObject({ status: 'in_review', approvals: 1, approvalsRequired: 2 });
    expect(approvals.approvedSum).toHaveBeenCalledWith(em, 'u1', 'op1', 24);
    expect(approvals.record).toHaveBeenCalledWith(em, { kind: 'deposit', requestId: ID, userId: 'u1', operatorId: 'op1', amount: 999_999 });
    expect(repo.decide).toHaveBeenCalledWith(em, ID, { status: 'in_review', approvals: 1, approvalsRequired: 2, firstApproverId: 'op1' }, 'op1', null);
    expect(ledger.post).not.toHaveBeenCalled();
    expect(messages.write).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('four eyes: a single deposit at the threshold waits; the same operator again is refused, another operator credits it', async () => {
    const first = setup(deposit({ amount: '5000000' }));
    expect(await first.sut.decide('op1', ID, 'approve', null, null)).toMatchObject({ status: 'in_review', approvals: 1 });
    const waiting = deposit({ amount: '5000000', approvals: 1, approvals_required: 2, first_approver_id: 'op1' });
    const again = setup(waiting);
    await expect(again.sut.decide('op1', ID, 'approve', null, null)).rejects.toMatchObject({ code: 'SECOND_APPROVER_REQUIRED' });
    expect(again.approvals.record).not.toHaveBeenCalled();
    const second = setup(waiting);
    expect(await second.sut.decide('op2', ID, 'approve', null, null)).toMatchObject({ status: 'successful', approvals: 2 });
    expect(second.ledger.post).toHaveBeenCalledTimes(1);
    expect(second.events.publish).toHaveBeenCalledWith('deposit.decided', expect.objectContaining({ approved: true }));
  });

  it('four eyes: under the threshold (the sum included) one approval credits; SECOND_APPROVAL_CENTS overrides the older name', async () => {
    const under = setup(deposit({ amount: '100000' }), 899_999);
    expect(await under.sut.decide('op1', ID, 'approve', null, null)).toMatchObject({ status: 'successful', approvals: 1, approvalsRequired: 1 });
    const { sut: built, mocks } = newTestService(DepositsService, [[APP_CONFIG, { ...CONFIG, SECOND_APPROVAL_CENTS: 100_000 }]]);
    const sut = built as DepositsService;
    mocks.get<LedgerService>(LedgerService).transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => fn(em)) as never);
    mocks.get<ApprovalsRepository>(ApprovalsRepository).approvedSum.mockResolvedValue(0);
    const repo = mocks.get<DepositsRepository>(DepositsRepository);
    repo.lock.mockResolvedValue(deposit({ amount: '100000' }));
    repo.decide.mockResolvedValue(deposit());
    await sut.decide('op1', ID, 'approve', null, null);
    expect(repo.decide).toHaveBeenCalledWith(em, ID, expect.objectContaining({ status: 'in_review', approvalsRequired: 2 }), 'op1', null);
  });

  it('a rejection reads no sum and records no approval', async () => {
    const { sut, approvals } = setup();
    await sut.decide('op1', ID, 'reject', 'No transfer found', null);
    expect(approvals.approvedSum).not.toHaveBeenCalled();
    expect(approvals.record).not.toHaveBeenCalled();
  });

  it('a deposit decided already is refused, with no message and no event', async () => {
    const { sut, messages, events } = setup(deposit({ status: 'successful' }));
    await expect(sut.decide('op1', ID, 'reject', 'late', null)).rejects.toMatchObject({ code: 'ALREADY_DECIDED' });
    expect(messages.write).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('an unknown or malformed id is 404 and publishes nothing', async () => {
    const { sut, repo, events } = setup(null);
    await expect(sut.decide('op1', ID, 'approve', null, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(sut.decide('op1', 'not-a-uuid', 'approve', null, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repo.lock).toHaveBeenCalledTimes(1);
    expect(events.publish).not.toHaveBeenCalled();
  });
});

describe('DepositsService.create', () => {
  const method = {
    id: 'm1',
    type: 'bank' as const,
    names: { 'zh-TW': '銀行轉帳' },
    details: {},
    instructions: {},
    min_amount: '100',
    max_amount: '10000000',
    enabled: true,
    sort: 0,
  };

  it("refuses an amount outside the method's range, and a disabled method, before any transaction", async () => {
    const { sut, repo, ledger } = setup();
    repo.method.mockResolvedValue(method);
    await expect(sut.create('u1', { methodId: ID, amount: '0.99' }, undefined, 'en')).rejects.toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', field: 'amount' });
    repo.method.mockResolvedValue({ ...method, enabled: false });
    await expect(sut.create('u1', { methodId: ID, amount: '10' }, undefined, 'en')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'methodId' });
    expect(ledger.transaction).not.toHaveBeenCalled();
  });

  it('a deposit at the four-eyes threshold needs two approvals from the start', async () => {
    const { sut, repo } = setup();
    repo.method.mockResolvedValue(method);
    repo.insert.mockResolvedValue(deposit({ amount: '1000000', approvals_required: 2 }));
    const r = await sut.create('u1', { methodId: ID, amount: '10000' }, undefined, 'en');
    expect(r.body).toMatchObject({ approvals: 0, approvalsRequired: 2 });
    expect(repo.insert).toHaveBeenCalledWith(em, expect.objectContaining({ amount: 1_000_000, approvalsRequired: 2 }));
  });

  it('stores the request for review; no money moves and nothing is published', async () => {
    const { sut, repo, ledger, events } = setup();
    repo.method.mockResolvedValue(method);
    repo.insert.mockResolvedValue(deposit({ amount: '1000' }));
    const r = await sut.create('u1', { methodId: ID, amount: '10', reference: 'TX1' }, undefined, 'en');
    expect(r).toMatchObject({ status: 201, replayed: false, body: { status: 'in_review', amount: '10.00' } });
    expect(repo.insert).toHaveBeenCalledWith(em, { userId: 'u1', method, amount: 1000, reference: 'TX1', approvalsRequired: 1 });
    expect(ledger.post).not.toHaveBeenCalled();
    expect(events.publish).not.toHaveBeenCalled();
  });
});
