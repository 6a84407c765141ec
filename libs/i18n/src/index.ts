import { DEFAULT_LOCALE, LOCALES, type Locale } from '@candor/contracts';
import { resources, NAMESPACES, type Namespace } from './resources.js';

export { resources, NAMESPACES, type Namespace };
export { LOCALES, DEFAULT_LOCALE, type Locale };
export { ZH_TW_MAINLAND_TERMS, mainlandTermsIn } from './zh-tw-terms.js';

/** The locale whose text is used when the asked locale lacks a key (also i18next's `fallbackLng`). */
export const FALLBACK_LOCALE = 'zh-TW' satisfies Locale;

/** Every locale's namespaces, shaped for i18next's `resources` option. */
export type I18nextResources = { [L in Locale]: (typeof resources)[L] };

/**
 * A fresh copy of every translation, shaped `{ [locale]: { [namespace]: {...} } }` for
 * i18next's `resources` option: `i18next.init({ resources: i18nextResources(), fallbackLng: FALLBACK_LOCALE })`.
 * A copy, so that i18next adding or changing resources at run time never alters the shared objects.
 */
export function i18nextResources(): I18nextResources {
  return structuredClone(resources);
}

/** More language ranges than any browser sends; the rest of a longer header is ignored. */
const MAX_LANGUAGE_RANGES = 32;

/** Regions that write Chinese in Traditional script. */
const TRADITIONAL_CHINESE_REGIONS = new Set(['tw', 'hk', 'mo']);

/** The supported locale for one language tag (`en-US`, `zh-Hant-HK`, `zh_TW`), if any. */
function localeForTag(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (!lower || lower === '*') return undefined;
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const [language, ...subtags] = lower.split('-');
  if (language === 'zh') {
    if (subtags.includes('hans')) return 'zh-CN';
    if (subtags.includes('hant') || subtags.some((s) => TRADITIONAL_CHINESE_REGIONS.has(s))) return 'zh-TW';
    return 'zh-CN';
  }
  return LOCALES.find((l) => l === language);
}

/** The q-value of one language range's parameters: 1 when absent, 0 when malformed. */
function qualityOf(params: string[]): number {
  const q = params.map((p) => p.trim()).find((p) => /^q\s*=/i.test(p));
  if (q === undefined) return 1;
  const value = q.slice(q.indexOf('=') + 1).trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(value)) return 0;
  return Math.min(Number(value), 1);
}

/** Pick a supported locale from an Accept-Language header or a ?lang= value; zh-TW when nothing fits. */
export function resolveLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(',')
    .slice(0, MAX_LANGUAGE_RANGES)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      return { tag: tag.trim(), q: qualityOf(params), index };
    })
    .filter((w) => w.tag && w.q > 0)
    // Highest q first; equal q keeps the header's order.
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    const locale = localeForTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

function lookupString(locale: Locale, ns: string, path: string[]): string | undefined {
  let cur: unknown = resources[locale];
  for (const part of [ns, ...path]) {
    if (cur !== null && typeof cur === 'object' && Object.hasOwn(cur, part)) cur = (cur as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof cur === 'string' ? cur : undefined;
}

/** i18next's `{{name}}`, `{{- name}}` (unescaped) and `{{name, format}}` placeholders. */
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** The variable name inside one placeholder's braces. */
function placeholderName(inner: string): string {
  return inner
    .replace(/^\s*-\s*/, '')
    .split(',')[0]!
    .trim();
}

/**
 * Server-side translation: `translate('en', 'errors:VALIDATION_FAILED', { field: 'E-mail' })`.
 * A key without `ns:` is looked up in `common`; nested keys use dots (`errors:fields.email`).
 * A key missing in `locale` falls back to zh-TW, and a key missing there too comes back as given.
 * A placeholder without a value in `vars` is left as it is (as i18next does).
 */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const sep = key.indexOf(':');
  const ns = sep >= 0 ? key.slice(0, sep) : 'common';
  const path = (sep >= 0 ? key.slice(sep + 1) : key).split('.');
  const text = lookupCounted(locale, ns, path, vars.count) ?? lookupCounted(FALLBACK_LOCALE, ns, path, vars.count) ?? key;
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = placeholderName(inner);
    return Object.hasOwn(vars, name) ? String(vars[name]) : whole;
  });
}

/**
 * With a numeric `count`, i18next's plural keys first: `key_one`, `key_other`... by the locale's CLDR rule, then
 * `key_other`, then the plain key (a count that reads the same for every number needs no plural forms).
 */
function lookupCounted(locale: Locale, ns: string, path: string[], count: string | number | undefined): string | undefined {
  if (typeof count === 'number') {
    const last = path[path.length - 1]!;
    const category = new Intl.PluralRules(locale).select(count);
    for (const form of [category, 'other']) {
      const found = lookupString(locale, ns, [...path.slice(0, -1), `${last}_${form}`]);
      if (found !== undefined) return found;
    }
  }
  return lookupString(locale, ns, path);
}

/** The human label of an API field (`errors.fields`), e.g. `fieldLabel('en', 'email')` -> `E-mail`; the name itself when unknown. */
export function fieldLabel(locale: Locale, field: string): string {
  return lookupString(locale, 'errors', ['fields', field]) ?? lookupString(FALLBACK_LOCALE, 'errors', ['fields', field]) ?? field;
}
