import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@candor/contracts';
import { FALLBACK_LOCALE, i18nextResources, NAMESPACES } from '@candor/i18n';
import { setApiLanguageProvider } from './api';

/** localStorage key of the chosen language (non-secret app state). */
export const LANG_STORAGE_KEY = 'candor.lang';

/** Each language named in itself: the same in every locale, so not a translation key. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  th: 'ภาษาไทย',
  id: 'Bahasa Indonesia',
  vi: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
};

export { LOCALES };

function readStoredLanguage(): Locale {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    if (isLocale(v)) return v;
  } catch {
    // storage unavailable (private mode): use the default
  }
  return DEFAULT_LOCALE;
}

function applyToDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

const initial = readStoredLanguage();

void i18next.use(initReactI18next).init({
  resources: i18nextResources(),
  lng: initial,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});
applyToDocument(initial);
setApiLanguageProvider(() => currentLanguage());

i18next.on('languageChanged', (lng) => applyToDocument(lng));

export function currentLanguage(): Locale {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(l) ? l : DEFAULT_LOCALE;
}

/** Switch the UI language at once and remember it. */
export async function setLanguage(lng: Locale): Promise<void> {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lng);
  } catch {
    // ignore storage failures: the language still changes for this visit
  }
  await i18next.changeLanguage(lng);
}

export default i18next;
