import { isValidCheckNumber, isValidEmail, isValidLoginPassword, isValidTradePassword } from '@candor/domain';
import type { FieldErrors } from '../../lib/forms';

/**
 * Client-side checks of the auth forms, with the seed's messages. Each function returns the
 * i18n key of the first problem per field (`auth:` or `errors:` namespace); an empty object
 * means the form may be sent. The server checks everything again.
 */

/** An e-mail address typed into a form: empty or malformed. */
export function emailProblem(raw: string): string | undefined {
  const email = raw.trim();
  if (!email) return 'auth:required.email';
  if (!isValidEmail(email)) return 'auth:invalid.email';
  return undefined;
}

export interface ForgotPasswordValues {
  email: string;
}

export function validateForgotPassword(v: ForgotPasswordValues): FieldErrors<keyof ForgotPasswordValues> {
  const email = emailProblem(v.email);
  return email ? { email } : {};
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** A login password and its confirmation, by the registration's rule; `required`: the key when it is empty. */
function loginPasswordPair(v: NewPasswordValues, required: string): FieldErrors<keyof NewPasswordValues> {
  const e: FieldErrors<keyof NewPasswordValues> = {};
  if (!v.password) e.password = required;
  else if (!isValidLoginPassword(v.password)) e.password = 'auth:invalid.password';
  if (!v.confirmPassword) e.confirmPassword = 'auth:required.confirmPassword';
  else if (v.password && v.confirmPassword !== v.password) e.confirmPassword = 'errors:PASSWORD_MISMATCH';
  return e;
}

/** A new login password and its confirmation (the reset page). */
export function validateNewPassword(v: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  return loginPasswordPair(v, 'auth:required.newPassword');
}

export interface ChangeEmailValues {
  email: string;
  password: string;
  captchaCode: string;
}

/** A new address (not the current one) and the login password; the graphic code only when the server asked for it. */
export function validateChangeEmail(v: ChangeEmailValues, currentEmail: string, captchaRequired: boolean): FieldErrors<keyof ChangeEmailValues> {
  const e: FieldErrors<keyof ChangeEmailValues> = {};
  const email = emailProblem(v.email);
  if (email) e.email = email;
  else if (v.email.trim().toLowerCase() === currentEmail.trim().toLowerCase()) e.email = 'auth:invalid.sameEmail';
  if (!v.password) e.password = 'auth:required.password';
  if (captchaRequired) {
    const code = v.captchaCode.trim();
    if (!code) e.captchaCode = 'auth:required.captchaCode';
    else if (!isValidCheckNumber(code)) e.captchaCode = 'errors:CAPTCHA_INVALID';
  }
  return e;
}

export interface RegisterValues {
  password: string;
  confirmPassword: string;
  tradePassword: string;
  confirmTradePassword: string;
}

export function validateRegister(v: RegisterValues): FieldErrors<keyof RegisterValues> {
  const e: FieldErrors<keyof RegisterValues> = loginPasswordPair(v, 'auth:required.password');
  if (!v.tradePassword) e.tradePassword = 'auth:required.tradePassword';
  else if (!isValidTradePassword(v.tradePassword)) e.tradePassword = 'auth:invalid.tradePassword';
  if (!v.confirmTradePassword) e.confirmTradePassword = 'auth:required.confirmTradePassword';
  else if (v.tradePassword && v.confirmTradePassword !== v.tradePassword) e.confirmTradePassword = 'errors:TRADE_PASSWORD_MISMATCH';
  return e;
}

export interface LoginValues {
  email: string;
  password: string;
  captchaCode: string;
}

export function validateLogin(v: LoginValues, captchaRequired: boolean): FieldErrors<keyof LoginValues> {
  const e: FieldErrors<keyof LoginValues> = {};
  if (!v.email.trim()) e.email = 'auth:required.email';
  if (!v.password) e.password = 'auth:required.password';
  if (captchaRequired) {
    const code = v.captchaCode.trim();
    if (!code) e.captchaCode = 'auth:required.captchaCode';
    else if (!isValidCheckNumber(code)) e.captchaCode = 'errors:CAPTCHA_INVALID';
  }
  return e;
}

export type PasswordKind = 'login' | 'trade';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChangePassword(kind: PasswordKind, v: ChangePasswordValues): FieldErrors<keyof ChangePasswordValues> {
  const e: FieldErrors<keyof ChangePasswordValues> = {};
  if (!v.oldPassword) e.oldPassword = 'auth:required.oldPassword';
  if (!v.newPassword) e.newPassword = 'auth:required.newPassword';
  else if (kind === 'login' ? !isValidLoginPassword(v.newPassword) : !isValidTradePassword(v.newPassword))
    e.newPassword = kind === 'login' ? 'auth:invalid.password' : 'auth:invalid.tradePassword';
  else if (v.oldPassword && v.newPassword === v.oldPassword) e.newPassword = 'auth:invalid.samePassword';
  if (!v.confirmPassword) e.confirmPassword = 'auth:required.confirmPassword';
  else if (v.newPassword && v.confirmPassword !== v.newPassword)
    e.confirmPassword = kind === 'login' ? 'errors:PASSWORD_MISMATCH' : 'errors:TRADE_PASSWORD_MISMATCH';
  return e;
}
