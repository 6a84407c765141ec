import { z } from 'zod';
import { isValidCheckNumber, isValidInviteCode, normalizePhone, PHONE_COUNTRIES } from '@candor/domain';
import { altchaField, emailField } from './auth.js';

/*
 * Registration's first step, in a module of its own: its phone rule carries libphonenumber's metadata,
 * which a page that takes any other auth contract (a mail setting, the login form) should not load.
 */

/** As typed: read with its country by the body's check below (normalizePhone), then carried on in E.164. */
const phone = z.string().trim().max(20);

export const registerCheckBody = z
  .strictObject({
    email: emailField,
    /** A mobile number: with + and its country code, in `phoneCountry`'s national form, or without either a mainland (11 digits) or Taiwan (09…) mobile. */
    phone,
    /** The register form's country picker (ISO 3166-1 alpha-2): the plan a national number is read in. */
    phoneCountry: z.enum(PHONE_COUNTRIES).optional(),
    inviteCode: z.string().trim().max(16).refine(isValidInviteCode, 'inviteCode'),
    /** The graphic code; a person who cannot read it may leave both out and send the proof-of-work alone (a stricter limit applies). */
    captchaId: z.string().max(64).min(1).optional(),
    captchaCode: z.string().max(8).refine(isValidCheckNumber, 'captchaCode').optional(),
    altcha: altchaField,
  })
  // One number, one spelling: the services see the phone in E.164 only.
  .transform((b, ctx) => {
    const e164 = normalizePhone(b.phone, b.phoneCountry);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: 'phone', path: ['phone'] });
      return z.NEVER;
    }
    return { ...b, phone: e164 };
  });
export type RegisterCheckBody = z.infer<typeof registerCheckBody>;
export interface RegisterCheckResponse {
  registrationToken: string;
}
