import { z } from 'zod';
import { displayName } from './common.js';
import {
  isValidCheckNumber,
  isValidEmail,
  isValidInviteCode,
  isValidLoginPassword,
  isValidPhone,
  isValidTradePassword,
  normalizePhone,
  type KycStatus,
} from '@candor/domain';

const email = z.string().trim().max(254).refine(isValidEmail, 'email');
/** Checked in the spelling given, then carried on in E.164 (one number, one spelling: normalizePhone). */
const phone = z
  .string()
  .trim()
  .max(20)
  .refine(isValidPhone, 'phone')
  .transform((s, ctx) => normalizePhone(s) ?? (ctx.addIssue({ code: 'custom', message: 'phone' }), z.NEVER));
const loginPassword = z.string().max(64).refine(isValidLoginPassword, 'password');
const tradePassword = z.string().max(64).refine(isValidTradePassword, 'tradePassword');

/** An ALTCHA solution, base64-encoded JSON as the widget sends it. */
const altcha = z.string().max(2000).optional();

export const captchaResponse = z.object({ captchaId: z.string(), svg: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const registerCheckBody = z.strictObject({
  email,
  phone,
  inviteCode: z.string().trim().max(16).refine(isValidInviteCode, 'inviteCode'),
  /** The graphic code; a person who cannot read it may leave both out and send the proof-of-work alone (a stricter limit applies). */
  captchaId: z.string().max(64).min(1).optional(),
  captchaCode: z.string().max(8).refine(isValidCheckNumber, 'captchaCode').optional(),
  altcha,
});
export type RegisterCheckBody = z.infer<typeof registerCheckBody>;
export interface RegisterCheckResponse {
  registrationToken: string;
}

export const registerBody = z.strictObject({
  registrationToken: z.string().min(1).max(2000),
  password: loginPassword,
  confirmPassword: z.string().max(64),
  tradePassword,
  confirmTradePassword: z.string().max(64),
});
export type RegisterBody = z.infer<typeof registerBody>;
export interface RegisterResponse {
  userId: string;
}

export const loginBody = z.strictObject({
  email: z.string().trim().max(254).min(1),
  password: z.string().max(128).min(1),
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(8).optional(),
  altcha,
});
export type LoginBody = z.infer<typeof loginBody>;

export interface UserProfile {
  id: string;
  email: string;
  phone: string; // masked
  nickname: string;
  inviteCode: string;
  level: 'ordinary';
  creditScore: number;
  kycStatus: KycStatus;
  /** False until the link mailed to the address is used; withdrawals wait for it. */
  emailConfirmed: boolean;
  /** A new address waiting for its own confirmation (the current one stays in use until then). */
  pendingEmail: string | null;
  createdAt: string;
}
export interface LoginResponse {
  accessToken: string;
  user: UserProfile;
}
export interface RefreshResponse {
  accessToken: string;
}

export const patchMeBody = z.strictObject({ nickname: displayName(32) });
export type PatchMeBody = z.infer<typeof patchMeBody>;

export const changePasswordBody = z.strictObject({
  kind: z.enum(['login', 'trade']),
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().min(1).max(64),
  confirmPassword: z.string().max(64),
  /** The graphic code, needed for `kind: "login"` after LOGIN_FAILURES_BEFORE_CAPTCHA failed checks (CAPTCHA_INVALID without it). */
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(8).optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export interface Summary {
  totalAssets: string;
  available: string;
  frozen: string;
  inOrders: string;
  earn: string;
  pnlTotal: string;
  pnlToday: string;
}

export interface SessionInfo {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/** An ALTCHA challenge (altcha-lib's shape), solved by the widget in the browser. */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

export const passwordResetBody = z.strictObject({ email: z.string().trim().max(254).min(1), altcha });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const passwordResetConfirmBody = z.strictObject({
  token: z.string().min(1).max(200),
  password: loginPassword,
  confirmPassword: z.string().max(64),
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

export const emailConfirmBody = z.strictObject({ token: z.string().min(1).max(200) });
export type EmailConfirmBody = z.infer<typeof emailConfirmBody>;

/** A new address: confirmed by a link sent to it before it takes effect; the old address is told. */
export const emailChangeBody = z.strictObject({
  email,
  password: z.string().min(1).max(128),
  /** The graphic code, once the login password's failure limit asks for it (as on the password change). */
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(8).optional(),
});
export type EmailChangeBody = z.infer<typeof emailChangeBody>;

/** Mails a user may turn off; security mails (confirmation, reset, password changed, new device) always go. */
export const MAIL_KINDS = ['withdrawalRequested', 'withdrawalDecided', 'verificationDecided'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type MailPreferences = Record<MailKind, boolean>;
export const mailPreferencesBody = z.strictObject({
  withdrawalRequested: z.boolean().optional(),
  withdrawalDecided: z.boolean().optional(),
  verificationDecided: z.boolean().optional(),
});
export type MailPreferencesBody = z.infer<typeof mailPreferencesBody>;
