import { z } from 'zod';
import { totpField } from './common.js';

/** Operator roles of the console. */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * What an operator may do. Every /api/admin route names exactly one of these; the api's guard
 * checks it against ROLE_PERMISSIONS and the console hides what the role lacks.
 */
export const OPERATOR_PERMISSIONS = [
  /** Be signed in to the console at all (GET /api/admin/me). */
  'console.use',
  'products.read',
  'products.write',
  'users.read',
  /** Disable and enable users' accounts (every session ends at once). */
  'users.manage',
  'users.money',
  'deposits.read',
  'deposits.review',
  'withdrawals.read',
  'withdrawals.review',
  'kyc.review',
  'deposit_methods.manage',
  'messages.send',
  'support.chat',
  'ledger.read',
  'exports.read',
  'audit.read',
  'ops.queues',
  'operators.manage',
  /** Yu'e Bao's settings, holidays and figures (read). */
  'earn.read',
  /** Change Yu'e Bao's settings and holidays. */
  'earn.manage',
  /** Edit news, banners, highlights, pages and offices (issue 47). */
  'content.manage',
  /** Create, list, disable and enable the platform's invitation codes. */
  'invitations.manage',
  /** The blocked countries (by phone and nationality) and their message: admin only. */
  'countries.manage',
  /** The console's dashboard: the platform's figures (users, queues, orders, the house's result, Yu'e Bao, jobs, ledger). */
  'dashboard.read',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

/**
 * The one permission matrix: admin everything; reviewer reviews; support talks to users; finance reads money.
 * Every role may run the ledger check. The dashboard's figures (money across the platform) are for the roles
 * that read money views: admin and finance; a reviewer or support operator starts on their first own page.
 */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  admin: OPERATOR_PERMISSIONS,
  reviewer: [
    'console.use',
    'products.read',
    'users.read',
    'users.money',
    'deposits.read',
    'deposits.review',
    'withdrawals.read',
    'withdrawals.review',
    'kyc.review',
    'ledger.read',
  ],
  support: ['console.use', 'products.read', 'users.read', 'messages.send', 'support.chat', 'ledger.read'],
  finance: [
    'console.use',
    'products.read',
    'users.read',
    'users.money',
    'deposits.read',
    'withdrawals.read',
    'ledger.read',
    'exports.read',
    'earn.read',
    'dashboard.read',
  ],
};

export const hasPermission = (role: OperatorRole, permission: OperatorPermission): boolean => ROLE_PERMISSIONS[role].includes(permission);
export const rolesWith = (permission: OperatorPermission): OperatorRole[] => OPERATOR_ROLES.filter((r) => hasPermission(r, permission));

export const operatorLoginBody = z.strictObject({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(128), totp: totpField.optional() });
/** `POST /api/admin/auth/enrollment`: starts (or restarts) TOTP enrolment with the token from `401 TOTP_REQUIRED`. */
export const operatorEnrollmentBody = z.strictObject({ enrollmentToken: z.string().min(20).max(100) });
/** `POST /api/admin/auth/enrollment/confirm`: the first code from the authenticator app ends the enrolment. */
export const operatorEnrollmentConfirmBody = z.strictObject({ enrollmentToken: z.string().min(20).max(100), totp: totpField });
export const createOperatorBody = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(10).max(128),
  role: z.enum(OPERATOR_ROLES),
});
export const updateOperatorBody = z
  .strictObject({ role: z.enum(OPERATOR_ROLES).optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, { message: 'role or disabled' });
export type CreateOperatorBody = z.infer<typeof createOperatorBody>;
export type UpdateOperatorBody = z.infer<typeof updateOperatorBody>;

/** The signed-in operator (`GET /api/admin/me`, and the login answer). */
export interface Operator {
  id: string;
  email: string;
  role: OperatorRole;
  permissions: OperatorPermission[];
  createdAt: string;
}
export interface OperatorLoginResponse {
  accessToken: string;
  operator: Operator;
}
/** An operator account as an admin manages it (`/api/admin/operators`). */
export interface OperatorAccount {
  id: string;
  email: string;
  role: OperatorRole;
  disabled: boolean;
  totpEnrolled: boolean;
  createdAt: string;
}
/** The secret to put into an authenticator app: scan `qrSvg` (an SVG image of `otpauthUrl`) or type `secret`. */
export interface OperatorEnrollment {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
  /** When the enrolment token ends; start again from the login after that. */
  expiresAt: string;
}
/** Enrolment confirmed: signed in, and the recovery codes, shown this once (each works once in place of a code). */
export interface OperatorEnrollmentConfirmed extends OperatorLoginResponse {
  recoveryCodes: string[];
}
