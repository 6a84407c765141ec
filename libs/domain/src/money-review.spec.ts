import { describe, expect, it } from '@jest/globals';
import { approvalsRequired, reviewDeposit, reviewWithdrawal, type WithdrawalReviewAction, type WithdrawalReviewState } from './money-review.js';

const review = (over: Partial<WithdrawalReviewState> = {}): WithdrawalReviewState => ({
  status: 'in_review',
  approvals: 0,
  approvalsRequired: 1,
  firstApproverId: null,
  ...over,
});
const approveBy = (operatorId: string): WithdrawalReviewAction => ({ kind: 'approve', operatorId });

describe('approvalsRequired', () => {
  it.each([
    [999_999, 1_000_000, 1],
    [1_000_000, 1_000_000, 2],
    [5_000_000, 1_000_000, 2],
    [1, 1, 2],
  ])('%i cents with the second approval at %i -> %i', (amount, at, n) => expect(approvalsRequired(amount, at)).toBe(n));
});

describe('reviewWithdrawal', () => {
  it.each<[string, WithdrawalReviewState, WithdrawalReviewAction, ReturnType<typeof reviewWithdrawal>]>([
    [
      'one approval pays a small one out',
      review(),
      approveBy('a'),
      { ok: true, next: review({ status: 'successful', approvals: 1, firstApproverId: 'a' }), money: 'pay' },
    ],
    [
      'the first of two approvals keeps it in review, money held',
      review({ approvalsRequired: 2 }),
      approveBy('a'),
      { ok: true, next: review({ approvalsRequired: 2, approvals: 1, firstApproverId: 'a' }), money: 'none' },
    ],
    [
      'the same operator cannot give the second approval',
      review({ approvalsRequired: 2, approvals: 1, firstApproverId: 'a' }),
      approveBy('a'),
      { ok: false, error: 'SECOND_APPROVER_REQUIRED' },
    ],
    [
      'another operator gives it and it is paid',
      review({ approvalsRequired: 2, approvals: 1, firstApproverId: 'a' }),
      approveBy('b'),
      { ok: true, next: review({ status: 'successful', approvalsRequired: 2, approvals: 2, firstApproverId: 'a' }), money: 'pay' },
    ],
    ['a rejection returns the money', review(), { kind: 'reject', operatorId: 'a' }, { ok: true, next: review({ status: 'failed' }), money: 'refund' }],
    [
      'a rejection after the first of two approvals returns it too',
      review({ approvalsRequired: 2, approvals: 1, firstApproverId: 'a' }),
      { kind: 'reject', operatorId: 'a' },
      { ok: true, next: review({ status: 'failed', approvalsRequired: 2, approvals: 1, firstApproverId: 'a' }), money: 'refund' },
    ],
    ['the user cancels in review: money back', review(), { kind: 'cancel' }, { ok: true, next: review({ status: 'cancelled' }), money: 'refund' }],
    ['a decided one is decided once', review({ status: 'successful', approvals: 1 }), approveBy('b'), { ok: false, error: 'ALREADY_DECIDED' }],
    ['a failed one cannot be approved', review({ status: 'failed' }), approveBy('b'), { ok: false, error: 'ALREADY_DECIDED' }],
    ['a cancelled one cannot be rejected', review({ status: 'cancelled' }), { kind: 'reject', operatorId: 'a' }, { ok: false, error: 'ALREADY_DECIDED' }],
    ['a paid one cannot be cancelled', review({ status: 'successful', approvals: 1 }), { kind: 'cancel' }, { ok: false, error: 'WITHDRAWAL_NOT_CANCELLABLE' }],
    ['a cancelled one cannot be cancelled again', review({ status: 'cancelled' }), { kind: 'cancel' }, { ok: false, error: 'WITHDRAWAL_NOT_CANCELLABLE' }],
  ])('%s', (_name, state, action, outcome) => expect(reviewWithdrawal(state, action)).toEqual(outcome));

  it('every path from in_review to an end moves the held money exactly once', () => {
    const actions: WithdrawalReviewAction[] = [approveBy('a'), approveBy('b'), { kind: 'reject', operatorId: 'a' }, { kind: 'cancel' }];
    const walk = (s: WithdrawalReviewState, moves: number, depth: number): void => {
      if (s.status !== 'in_review') return expect(moves).toBe(1);
      expect(moves).toBe(0);
      if (depth > 4) return;
      for (const a of actions) {
        const r = reviewWithdrawal(s, a);
        if (r.ok) walk(r.next, moves + (r.money === 'none' ? 0 : 1), depth + 1);
      }
    };
    walk(review({ approvalsRequired: 2 }), 0, 0);
    walk(review(), 0, 0);
  });
});

describe('reviewDeposit', () => {
  it.each([
    ['in_review', 'approve', { ok: true, next: 'successful', credit: true }],
    ['in_review', 'reject', { ok: true, next: 'failed', credit: false }],
    ['successful', 'approve', { ok: false, error: 'ALREADY_DECIDED' }],
    ['successful', 'reject', { ok: false, error: 'ALREADY_DECIDED' }],
    ['failed', 'approve', { ok: false, error: 'ALREADY_DECIDED' }],
  ] as const)('%s + %s', (status, action, outcome) => expect(reviewDeposit(status, action)).toEqual(outcome));
});
