import type { Operator, OperatorPermission } from '@candor/contracts';

// The permission each money screen's api route asks for (GET /api/admin/me lists the operator's):
// the console offers a screen, or an action on it, only to operators who have it.
export const PAGE_PERMISSION = {
  withdrawals: 'withdrawals.read',
  deposits: 'deposits.read',
  depositMethods: 'deposit_methods.manage',
  messages: 'messages.send',
  kyc: 'kyc.review',
} as const satisfies Record<string, OperatorPermission>;
export const REVIEW_PERMISSION: Record<'withdrawals' | 'deposits', OperatorPermission> = { withdrawals: 'withdrawals.review', deposits: 'deposits.review' };
export const USER_MONEY_PERMISSION: OperatorPermission = 'users.money';

export const can = (operator: Operator, permission: OperatorPermission): boolean => operator.permissions.includes(permission);
