import { z } from 'zod';
import { displayName } from './common.js';
import { isValidCheckNumber, isValidEmail, isValidInviteCode, isValidLoginPassword, isValidPhone, isValidTradePassword, type KycStatus } from '@candor/domain';

const email = z.string().trim().max(254).refine(isValidEmail, 'email');
const phone = z.string().trim().max(20).refine(isValidPhone, 'phone');
const loginPassword = z.string().max(64).refine(isValidLoginPassword, 'password');
const tradePassword = z.string().max(64).refine(isValidTradePassword, 'tradePassword');

export const captchaResponse = z.object({ captchaId: z.string(), svg: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const registerCheckBody = z.strictObject({
  email,
  phone,
  inviteCode: z.string().trim().max(16).refine(isValidInviteCode, 'inviteCode'),
  captchaId: z.string().max(64).min(1),
  captchaCode: z.string().max(8).refine(isValidCheckNumber, 'captchaCode'),
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
