import { z } from 'zod';
import type { Locale } from './locales.js';

/** An ISO 3166-1 alpha-2 code, either case (the server writes it upper case and checks it names a country). */
const countryCode = z.string().regex(/^[A-Za-z]{2}$/);
const countryList = z.array(countryCode).max(300);
const messageText = z.string().trim().max(500);

/** The operators' message, per locale; zh-TW is required (every other language falls back to it). */
export const blockedCountriesMessage = z.strictObject({
  'zh-TW': messageText.min(1),
  'zh-CN': messageText.optional(),
  en: messageText.optional(),
  ja: messageText.optional(),
  ko: messageText.optional(),
  th: messageText.optional(),
  id: messageText.optional(),
  vi: messageText.optional(),
  fr: messageText.optional(),
  de: messageText.optional(),
} satisfies Record<Locale, z.ZodType<string | undefined>>);

/** `PUT /api/admin/blocked-countries`: the whole list (replacing the one before) and its message. */
export const blockedCountriesBody = z.strictObject({
  /** Registration is refused for a phone number of these countries (read from the number, as libphonenumber does). */
  phone: countryList,
  /** Identity verification is refused for these nationalities. */
  nationality: countryList,
  message: blockedCountriesMessage,
});
export type BlockedCountriesBody = z.infer<typeof blockedCountriesBody>;

/** `GET /api/admin/blocked-countries`: the list in force, its message in every language given, and the last change. */
export interface BlockedCountries {
  phone: string[];
  nationality: string[];
  message: Partial<Record<Locale, string>>;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The public part (in `GET /api/app-info`): the blocked countries and the message in the asked language (else zh-TW; empty when none is set). */
export interface PublicBlockedCountries {
  phone: string[];
  nationality: string[];
  message: string;
}
