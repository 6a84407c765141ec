export const LOCALES = ['zh-TW', 'zh-CN', 'en', 'ja', 'ko', 'th', 'id', 'vi', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';
export function isLocale(s: unknown): s is Locale {
  return typeof s === 'string' && (LOCALES as readonly string[]).includes(s);
}
