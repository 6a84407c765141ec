import { z } from 'zod';
import { displayName, totpField } from './common.js';
import { isValidEmail, isValidLoginPassword, isValidTradePassword, type KycStatus } from '@candor/domain';

/** Shared with registration's first step (register.ts). */
export const emailField = z.string().trim().max(254).refine(isValidEmail, 'email');
const loginPassword = z.string().max(64).refine(isValidLoginPassword, 'password');
const tradePassword = z.string().max(64).refine(isValidTradePassword, 'tradePassword');

/** An ALTCHA solution, base64-encoded JSON as the widget sends it. */
export const altchaField = z.string().max(2000).optional();

export const captchaResponse = z.object({ captchaId: z.string(), svg: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

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
  altcha: altchaField,
  /** With two-factor sign-in on: a current code or an unused recovery code (without it `401 TOTP_REQUIRED`). */
  totp: totpField.optional(),
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
  /** The uploaded photo (`/api/avatars/<sha256>.jpg`, a square JPEG), or null: the app shows the initial then. */
  avatarUrl: string | null;
  /** Two-factor sign-in is on: login, withdrawals and withdrawal-account changes take `totp`. */
  totpEnabled: boolean;
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
  /** Deposits filed and still in review: not in any balance until approved. */
  pendingDeposits: string;
  /** What is in review, deposits and withdrawals together: `pendingDeposits` + `frozen`. */
  inReview: string;
}

export interface SessionInfo {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/** Why a sign-in on an existing account failed: a wrong password, the account is disabled, or a wrong second-factor code. */
export type LoginFailure = 'password' | 'disabled' | 'totp';

/** One sign-in attempt on the account, as `GET /api/me/logins` lists it. */
export interface LoginEvent {
  at: string;
  ip: string | null;
  /** The browser's user-agent text as it was sent (the app describes it, as for sessions). */
  device: string | null;
  ok: boolean;
  /** Why it failed; null when it got in. */
  reason: LoginFailure | null;
}

/** `GET /api/me/logins`: the newest attempts first (at most 100 are kept). */
export interface LoginHistory {
  items: LoginEvent[];
}

/** `DELETE /api/auth/sessions`: how many other sessions were ended. */
export interface RevokeSessionsResponse {
  revoked: number;
}

/** An ALTCHA challenge (altcha-lib's shape), solved by the widget in the browser. */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

export const passwordResetBody = z.strictObject({ email: z.string().trim().max(254).min(1), altcha: altchaField });
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
  email: emailField,
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

/**
 * `POST /api/me/totp/setup`: the login password (a stolen session alone cannot tie the account to someone
 * else's authenticator); the graphic code after too many wrong passwords, as for a password change.
 */
export const totpSetupBody = z.strictObject({
  password: z.string().min(1).max(128),
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(8).optional(),
});
export type TotpSetupBody = z.infer<typeof totpSetupBody>;
/** A pending secret (10 minutes): the text to type, the `otpauth://` URL, and that URL as a QR code (an SVG the api draws). */
export interface TotpSetupResponse {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}
/** `POST /api/me/totp/enable` (a code of the pending secret) and `DELETE /api/me/totp` (a current or recovery code). */
export const totpCodeBody = z.strictObject({ code: totpField });
export type TotpCodeBody = z.infer<typeof totpCodeBody>;
/** Ten one-use recovery codes, shown this once (the server keeps only keyed hashes). */
export interface TotpEnableResponse {
  recoveryCodes: string[];
}
