import { useEffect, useState } from 'react';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { setApiLanguageProvider } from './api';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './wire';
import { setDisplayLocale } from './format';

/**
 * The UI language. Translations are the files of libs/i18n (`locales/<locale>/<namespace>.ts`,
 * the same objects `@candor/i18n` exports as `resources`), loaded per locale so the first
 * bundle carries only zh-TW (the default and fallback); another language is fetched the
 * moment it is chosen. The operator console's namespaces are never loaded here.
 */

/** localStorage key of the chosen language (non-secret app state). */
export const LANG_STORAGE_KEY = 'candor.lang';

/** The default and fallback language (zh-TW). */
export const FALLBACK_LOCALE: Locale = DEFAULT_LOCALE;

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

type NamespaceModule = { default: Record<string, unknown> };

// `@candor/i18n/locales` is the library's locales folder (a Vite alias, build/library-aliases.ts); `index.ts`
// (the registry) and the `console*.ts` namespaces (operators only) are left out.
const eagerFiles = import.meta.glob<NamespaceModule>(
  [
    '@candor/i18n/locales/zh-TW/*.ts',
    '!@candor/i18n/locales/*/index.ts',
    '!@candor/i18n/locales/*/console*.ts',
    '!@candor/i18n/locales/*/*.spec.ts',
    '!@candor/i18n/locales/*/prices.ts',
    '!@candor/i18n/locales/*/receipt.ts',
    '!@candor/i18n/locales/*/stats.ts',
    '!@candor/i18n/locales/*/transparency.ts',
    // Mails and push notifications are rendered by the server only.
    '!@candor/i18n/locales/*/mail.ts',
    '!@candor/i18n/locales/*/push.ts',
  ],
  { eager: true },
);
const lazyFiles = import.meta.glob<NamespaceModule>([
  '@candor/i18n/locales/*/*.ts',
  '!@candor/i18n/locales/zh-TW/*.ts',
  '!@candor/i18n/locales/*/index.ts',
  '!@candor/i18n/locales/*/console*.ts',
  '!@candor/i18n/locales/*/*.spec.ts',
  '!@candor/i18n/locales/*/prices.ts',
  '!@candor/i18n/locales/*/receipt.ts',
  '!@candor/i18n/locales/*/stats.ts',
  '!@candor/i18n/locales/*/transparency.ts',
  '!@candor/i18n/locales/*/mail.ts',
  '!@candor/i18n/locales/*/push.ts',
]);
/**
 * Namespaces of pages few visitors open (long explanations): in no language part of the first bundle
 * nor of a language switch; the page loads its own with `usePageNamespace`.
 */
const pageFiles = import.meta.glob<NamespaceModule>([
  '@candor/i18n/locales/*/prices.ts',
  '@candor/i18n/locales/*/receipt.ts',
  '@candor/i18n/locales/*/stats.ts',
  '@candor/i18n/locales/*/transparency.ts',
]);
export type PageNamespace = 'prices' | 'receipt' | 'stats' | 'transparency';

/** `.../locales/ja/common.ts` -> ['ja', 'common'] */
function localeAndNamespace(path: string): [string, string] {
  const parts = path.split('/');
  return [parts[parts.length - 2] ?? '', (parts[parts.length - 1] ?? '').replace(/\.ts$/, '')];
}

const eagerBundle: Record<string, Record<string, unknown>> = {};
for (const [path, mod] of Object.entries(eagerFiles)) {
  const [, ns] = localeAndNamespace(path);
  eagerBundle[ns] = mod.default;
}
export const NAMESPACES = Object.keys(eagerBundle).sort();

const loaded = new Set<Locale>([FALLBACK_LOCALE]);
const loading = new Map<Locale, Promise<void>>();

/** Load a locale's namespaces into i18next (once). */
export function ensureLanguage(lng: Locale): Promise<void> {
  if (loaded.has(lng)) return Promise.resolve();
  let p = loading.get(lng);
  if (!p) {
    const entries = Object.entries(lazyFiles).filter(([path]) => localeAndNamespace(path)[0] === lng);
    p = Promise.all(
      entries.map(async ([path, load]) => {
        const mod = await load();
        i18next.addResourceBundle(lng, localeAndNamespace(path)[1], mod.default, true, true);
      }),
    ).then(
      () => {
        loaded.add(lng);
        loading.delete(lng);
      },
      (e: unknown) => {
        loading.delete(lng);
        throw e;
      },
    );
    loading.set(lng, p);
  }
  return p;
}

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
  // Numbers and dates follow the language, also where a formatter is not handed it.
  setDisplayLocale(lng);
}

void i18next.use(initReactI18next).init({
  resources: { [FALLBACK_LOCALE]: eagerBundle },
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: NAMESPACES,
  defaultNS: 'common',
  partialBundledLanguages: true,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});
applyToDocument(FALLBACK_LOCALE);
setApiLanguageProvider(() => currentLanguage());
i18next.on('languageChanged', (lng) => applyToDocument(lng));

export function currentLanguage(): Locale {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(l) ? l : DEFAULT_LOCALE;
}

/** Switch the UI language at once (after its translations arrive) and remember it. */
export async function setLanguage(lng: Locale): Promise<void> {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lng);
  } catch {
    // ignore storage failures: the language still changes for this visit
  }
  await ensureLanguage(lng);
  await i18next.changeLanguage(lng);
}

/**
 * Resolves when the stored language is ready to render. The first paint waits for it so a
 * returning English reader never sees a flash of Chinese; if its file cannot be loaded the
 * app starts in zh-TW.
 */
export const i18nReady: Promise<void> = (async () => {
  const stored = readStoredLanguage();
  if (stored === FALLBACK_LOCALE) return;
  try {
    await ensureLanguage(stored);
    await i18next.changeLanguage(stored);
  } catch {
    // stay in zh-TW
  }
})();

/** Load a page namespace of `lng` into i18next (once; the file of the language, or of zh-TW if it has none). */
export function ensurePageNamespace(lng: Locale, ns: PageNamespace): Promise<void> {
  if (i18next.hasResourceBundle(lng, ns)) return Promise.resolve();
  const load = (l: Locale) => Object.entries(pageFiles).find(([path]) => localeAndNamespace(path).join('/') === `${l}/${ns}`)?.[1];
  const loader = load(lng) ?? load(FALLBACK_LOCALE);
  if (!loader) return Promise.resolve();
  return loader().then((mod) => {
    i18next.addResourceBundle(lng, ns, mod.default, true, true);
  });
}

/**
 * A page namespace in the current language: `ready` once its file has arrived (it is asked for again
 * on a language change). Until then the page shows its loading shapes, never raw keys.
 */
export function usePageNamespace(ns: PageNamespace): { ready: boolean; failed: boolean; retry: () => void } {
  const { i18n } = useTranslation();
  const lng = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LOCALE;
  const [state, setState] = useState<{ key: string; failed: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${lng}/${ns}/${attempt}`;
  useEffect(() => {
    let live = true;
    ensurePageNamespace(lng, ns).then(
      () => live && setState({ key, failed: false }),
      () => live && setState({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [lng, ns, key]);
  const current = state?.key === key ? state : null;
  return {
    ready: i18next.hasResourceBundle(lng, ns) || (current !== null && !current.failed),
    failed: current?.failed ?? false,
    retry: () => setAttempt((n) => n + 1),
  };
}

export default i18next;
