import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@candor/contracts';
import { FALLBACK_LOCALE, i18nextResources } from '@candor/i18n';

export const LANG_STORAGE_KEY = 'candor.console.lang';

function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    if (isLocale(v)) return v;
  } catch {
    /* storage unavailable */
  }
  return DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: i18nextResources(),
  lng: storedLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  ns: ['console', 'consoleMoney', 'consoleOperators', 'consoleEarn', 'consoleKyc', 'consoleContent', 'consoleDashboard', 'consoleSupport', 'errors'],
  defaultNS: 'console',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export function setLanguage(lng: Locale): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lng);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  document.documentElement.lang = lng;
  void i18n.changeLanguage(lng);
}

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  th: 'ไทย',
  id: 'Bahasa Indonesia',
  vi: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
};
