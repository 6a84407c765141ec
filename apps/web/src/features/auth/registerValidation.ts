import { isValidCheckNumber, isValidInviteCode, isValidPhone, type PhoneCountry } from '@candor/domain';
import type { FieldErrors } from '../../lib/forms';
import { emailProblem } from './validation';

/*
 * Registration's first step, apart from the other auth forms: its phone rule brings libphonenumber's
 * metadata, which only the register page should load (the login page is a landing page).
 */

export interface RegisterCheckValues {
  email: string;
  phone: string;
  inviteCode: string;
  captchaCode: string;
}

/**
 * `withCaptcha` false: the path without the graphic code (the proof-of-work alone), where no code is asked for.
 * `phoneCountry`: the picker's country, in whose plan a number without + is read (the server reads it the same way).
 */
export function validateRegisterCheck(v: RegisterCheckValues, withCaptcha = true, phoneCountry?: PhoneCountry): FieldErrors<keyof RegisterCheckValues> {
  const e: FieldErrors<keyof RegisterCheckValues> = {};
  const phone = v.phone.trim();
  const inviteCode = v.inviteCode.trim();
  const captchaCode = v.captchaCode.trim();
  const email = emailProblem(v.email);
  if (email) e.email = email;
  if (!phone) e.phone = 'auth:required.phone';
  else if (!isValidPhone(phone, phoneCountry)) e.phone = 'auth:invalid.phone';
  if (!inviteCode) e.inviteCode = 'auth:required.inviteCode';
  else if (!isValidInviteCode(inviteCode)) e.inviteCode = 'errors:INVITATION_CODE_INVALID';
  if (!withCaptcha) return e;
  if (!captchaCode) e.captchaCode = 'auth:required.captchaCode';
  else if (!isValidCheckNumber(captchaCode)) e.captchaCode = 'errors:CAPTCHA_INVALID';
  return e;
}
