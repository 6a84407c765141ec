import type { Operator, OperatorPermission } from '@candor/contracts';

// The permission each money screen's api route asks for (GET /api/admin/me lists the operator's):
// the console offers a screen, or an action on it, only to operators who have it.
export const PAGE_PERMISSION = {
  withdrawals: 'withdrawals.read',
  deposits: 'deposits.read',
  depositMethods: 'deposit_methods.manage',
  messages: 'messages.send',
  kyc: 'kyc.review',
  content: 'content.manage',
  invitations: 'invitations.manage',
  support: 'support.chat',
} as const satisfies Record<string, OperatorPermission>;
export const REVIEW_PERMISSION: Record<'withdrawals' | 'deposits', OperatorPermission> = { withdrawals: 'withdrawals.review', deposits: 'deposits.review' };
export const USER_MONEY_PERMISSION: OperatorPermission = 'users.money';

export const can = (operator: Operator, permission: OperatorPermission): boolean => operator.permissions.includes(permission);

/**
 * Where an operator lands after signing in: the dashboard for a role that reads it, else the first page of
 * the menu the role may open (a reviewer's withdrawals queue, support's messages).
 */
export const LANDING_PAGES: readonly { path: string; permission: OperatorPermission }[] = [
  { path: '/', permission: 'dashboard.read' },
  { path: '/withdrawals', permission: PAGE_PERMISSION.withdrawals },
  { path: '/deposits', permission: PAGE_PERMISSION.deposits },
  { path: '/kyc', permission: PAGE_PERMISSION.kyc },
  { path: '/deposit-methods', permission: PAGE_PERMISSION.depositMethods },
  { path: '/messages', permission: PAGE_PERMISSION.messages },
  { path: '/audit', permission: 'audit.read' },
  { path: '/products', permission: 'products.read' },
  { path: '/users', permission: 'users.read' },
];
export function landingPath(operator: Operator): string | null {
  return LANDING_PAGES.find((p) => can(operator, p.permission))?.path ?? null;
}
