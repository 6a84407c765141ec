/**
 * One person, one phone: numbers are stored, compared and indexed in E.164 (`+8613954176704`), so two
 * spellings of one number are one account.
 *
 * Only mobile numbers are accepted (a landline receives no text message, and the platform's phone is the
 * one in the user's hand): the rule reads numbers with libphonenumber's `mobile` metadata, where a number
 * is valid only when its country's plan makes it a mobile (or a number that can be either, as in the US).
 */
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { isMainlandPhone, isTaiwanMobile } from './validation.js';

/** What people type between digits: spaces, hyphens, dots and parentheses. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * The countries the register form's picker offers, nearest markets first. Any other country's mobile is
 * still accepted when written with `+` and its code.
 */
export const PHONE_COUNTRIES = ['TW', 'HK', 'MO', 'CN', 'JP', 'KR', 'SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'US', 'CA', 'GB', 'AU', 'DE', 'FR'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

export function isPhoneCountry(s: string): s is PhoneCountry {
  return (PHONE_COUNTRIES as readonly string[]).includes(s);
}

/**
 * The picker's country for each of the app's languages. English has no country of its own among the
 * markets; it takes the US (whose numbers have the +1 most English readers expect), unless the
 * browser names a region (`en-GB`, `en-SG`): see defaultPhoneCountry.
 */
const LANGUAGE_COUNTRY: Record<string, PhoneCountry> = {
  'zh-TW': 'TW',
  'zh-CN': 'CN',
  zh: 'TW',
  ja: 'JP',
  ko: 'KR',
  th: 'TH',
  vi: 'VN',
  id: 'ID',
  en: 'US',
  de: 'DE',
  fr: 'FR',
};

/**
 * The country the phone picker starts on: the region of the app's language when it names one (zh-TW),
 * else the region of the first browser language in the same language (`en-GB` for English), else the
 * language's own country (LANGUAGE_COUNTRY), else Taiwan, the platform's default locale.
 */
export function defaultPhoneCountry(language: string, browserLanguages: readonly string[] = []): PhoneCountry {
  const [lang = '', region = ''] = language.split('-');
  if (region && lang !== 'zh' && isPhoneCountry(region.toUpperCase())) return region.toUpperCase() as PhoneCountry;
  if (lang !== 'zh') {
    for (const tag of browserLanguages) {
      const [l = '', r = ''] = tag.split('-');
      if (l.toLowerCase() === lang.toLowerCase() && isPhoneCountry(r.toUpperCase())) return r.toUpperCase() as PhoneCountry;
    }
  }
  return LANGUAGE_COUNTRY[language] ?? LANGUAGE_COUNTRY[lang] ?? 'TW';
}

/** The calling code of a picker country, for its label: `+886` for TW. */
export function phoneCallingCode(country: PhoneCountry): string {
  return `+${getCountryCallingCode(country)}`;
}

/**
 * The two home markets' own rules, which decide there instead of the metadata: the specification's mainland
 * rule for +86 (11 digits, 1 then 3/4/5/7/8/9), and Taiwan's plan for +886 (every 09 number is a mobile).
 * So a number in a block opened after the metadata was built (or one an older rule let in) still passes.
 */
const HOME_MOBILE_RULES: Partial<Record<string, (national: string) => boolean>> = {
  '86': isMainlandPhone,
  '886': (national) => isTaiwanMobile(`0${national}`),
};

/**
 * A mobile phone number in E.164, or null when it is not one.
 *
 * - With `country` (the form's picker), a national number is read in that country's plan (`0912345678`
 *   with TW is `+886912345678`); a number starting with `+` carries its own country and ignores it.
 * - Without `country` (an API client that sends one string), two national forms are still read, as before
 *   the picker: a mainland mobile (11 digits, 1 then 3/4/5/7/8/9) as +86, and a Taiwan mobile (`09` and 8
 *   digits) as +886; any other number must start with `+` and its country code.
 * - The number must be a valid mobile of its country (libphonenumber's mobile metadata); for +86 and +886
 *   the home markets' rules decide instead (HOME_MOBILE_RULES).
 */
export function normalizePhone(raw: string, country?: PhoneCountry): string | null {
  const s = raw.trim().replace(SEPARATORS, '');
  if (!/^\+?\d{1,17}$/.test(s)) return null;
  if (!country && !s.startsWith('+')) {
    if (isMainlandPhone(s)) return normalizePhone(`+86${s}`);
    if (isTaiwanMobile(s)) return normalizePhone(`+886${s.slice(1)}`);
    return null;
  }
  const parsed = parsePhoneNumberFromString(s, { extract: false, ...(country ? { defaultCountry: country as CountryCode } : {}) });
  const homeRule = parsed && HOME_MOBILE_RULES[parsed.countryCallingCode];
  if (parsed && (homeRule ? homeRule(parsed.nationalNumber) : parsed.isValid())) return parsed.number;
  // A mainland mobile typed without +86 while the picker shows another country: 11 digits starting with 1
  // are no other served country's national mobile form, so the number is read as the specification's.
  if (country && country !== 'CN' && !s.startsWith('+') && isMainlandPhone(s)) return normalizePhone(`+86${s}`);
  return null;
}

/** Whether normalizePhone reads `raw` as a mobile number. */
export function isValidPhone(raw: string, country?: PhoneCountry): boolean {
  return normalizePhone(raw, country) !== null;
}

/**
 * The country of a number in E.164 as libphonenumber reads it (`+12125550123` is US, `+886912345678` TW);
 * null when the number names no single country (a non-geographic code such as +800).
 */
export function phoneCountryOf(e164: string): string | null {
  return parsePhoneNumberFromString(e164, { extract: false })?.country ?? null;
}
