import type { EntityManager } from 'typeorm';
import { approvalsRequired, type Cents } from '@candor/domain';
import type { AppConfig } from '../config/config.js';
import type { ApprovalsRepository, MoneyApproval } from './approvals.repository.js';

/** The four-eyes threshold in cents (SECOND_APPROVAL_CENTS, or its older name WITHDRAWAL_SECOND_APPROVAL_CENTS). */
export function secondApprovalCents(config: AppConfig): Cents {
  return config.SECOND_APPROVAL_CENTS ?? config.WITHDRAWAL_SECOND_APPROVAL_CENTS;
}

/**
 * Approvals a request needs when `approval` is about to be given: two once what this operator approved for
 * this user within the window, plus this amount, reaches the threshold, so splitting a sum into requests
 * under it does not avoid a second operator. Takes the user's approval lock (held until the transaction
 * ends) before reading the sum, and never lowers what the request already needs.
 */
export async function approvalsNeeded(
  repo: ApprovalsRepository,
  em: EntityManager,
  config: AppConfig,
  approval: MoneyApproval,
  alreadyRequired: number,
): Promise<number> {
  await repo.lockUser(em, approval.userId);
  const before = await repo.approvedSum(em, approval.userId, approval.operatorId, config.SECOND_APPROVAL_WINDOW_HOURS);
  return Math.max(alreadyRequired, approvalsRequired(before + approval.amount, secondApprovalCents(config)));
}
