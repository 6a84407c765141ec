import type { OperatorRole } from '@candor/contracts';

// The roles the api lets through each money route (its @Roles): the console offers a screen only to them.
export const REVIEW_ROLES: readonly OperatorRole[] = ['admin', 'reviewer'];
export const DEPOSIT_METHOD_ROLES: readonly OperatorRole[] = ['admin'];
export const MESSAGE_ROLES: readonly OperatorRole[] = ['admin', 'support'];
