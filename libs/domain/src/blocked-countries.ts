/** The operators' list of countries the platform does not serve, and how a refusal reads. */

export interface BlockedCountryList {
  phone: readonly string[];
  nationality: readonly string[];
  /** The message per locale; zh-TW is the fallback for every other language. */
  message: Partial<Record<string, string>>;
}

/** The message in `locale`, else zh-TW's, else "" (the caller then shows its own translated sentence). */
export function blockedCountryMessage(list: Pick<BlockedCountryList, 'message'>, locale: string): string {
  const own = list.message[locale]?.trim();
  if (own) return own;
  return list.message['zh-TW']?.trim() ?? '';
}

/** Whether registration with a phone of `country` (null: a number of no single country) is refused. */
export function isPhoneCountryBlocked(list: Pick<BlockedCountryList, 'phone'>, country: string | null): boolean {
  return country !== null && list.phone.includes(country);
}

/** Whether identity verification with `nationality` is refused. */
export function isNationalityBlocked(list: Pick<BlockedCountryList, 'nationality'>, nationality: string): boolean {
  return list.nationality.includes(nationality.toUpperCase());
}

/** A list as stored: each code once, sorted, upper case. */
export function normalizeCountryList(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => c.trim().toUpperCase()))].sort();
}
