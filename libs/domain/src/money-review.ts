import type { Cents } from './money.js';

export type WithdrawalStatus = 'in_review' | 'successful' | 'failed' | 'cancelled';

export interface WithdrawalReviewState {
  status: WithdrawalStatus;
  approvals: number;
  approvalsRequired: number;
  firstApproverId: string | null;
}

export type WithdrawalReviewAction = { kind: 'approve'; operatorId: string } | { kind: 'reject'; operatorId: string } | { kind: 'cancel' };

/** What the money does with a decision: nothing yet, paid out of the hold, or the hold back to cash. */
export type WithdrawalMoney = 'none' | 'pay' | 'refund';

export type WithdrawalReviewOutcome =
  | { ok: true; next: WithdrawalReviewState; money: WithdrawalMoney }
  | { ok: false; error: 'ALREADY_DECIDED' | 'SECOND_APPROVER_REQUIRED' | 'WITHDRAWAL_NOT_CANCELLABLE' };

/** A withdrawal at or above the threshold needs two approvals by different operators. */
export function approvalsRequired(amount: Cents, secondApprovalAt: Cents): 1 | 2 {
  return amount >= secondApprovalAt ? 2 : 1;
}

/**
 * The review of a withdrawal, one action at a time. Every ending moves the held money exactly once:
 * paid out on the last approval, back to cash on a rejection or the user's cancel, so no state leaves
 * it sitting in the hold.
 */
export function reviewWithdrawal(s: WithdrawalReviewState, a: WithdrawalReviewAction): WithdrawalReviewOutcome {
  if (s.status !== 'in_review') return { ok: false, error: a.kind === 'cancel' ? 'WITHDRAWAL_NOT_CANCELLABLE' : 'ALREADY_DECIDED' };
  switch (a.kind) {
    case 'cancel':
      return { ok: true, next: { ...s, status: 'cancelled' }, money: 'refund' };
    case 'reject':
      return { ok: true, next: { ...s, status: 'failed' }, money: 'refund' };
    case 'approve': {
      if (s.approvals > 0 && s.firstApproverId === a.operatorId) return { ok: false, error: 'SECOND_APPROVER_REQUIRED' };
      const approvals = s.approvals + 1;
      const firstApproverId = s.firstApproverId ?? a.operatorId;
      if (approvals < s.approvalsRequired) return { ok: true, next: { ...s, approvals, firstApproverId }, money: 'none' };
      return { ok: true, next: { ...s, status: 'successful', approvals, firstApproverId }, money: 'pay' };
    }
  }
}

export type DepositStatus = 'in_review' | 'successful' | 'failed';

/** A deposit is decided once: an approval credits it, a rejection credits nothing. */
export function reviewDeposit(
  status: DepositStatus,
  action: 'approve' | 'reject',
): { ok: true; next: DepositStatus; credit: boolean } | { ok: false; error: 'ALREADY_DECIDED' } {
  if (status !== 'in_review') return { ok: false, error: 'ALREADY_DECIDED' };
  return action === 'approve' ? { ok: true, next: 'successful', credit: true } : { ok: true, next: 'failed', credit: false };
}
