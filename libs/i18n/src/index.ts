import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@candor/contracts';
import { resources, NAMESPACES, type Namespace } from './resources.js';

export { resources, NAMESPACES, type Namespace };
export { LOCALES, DEFAULT_LOCALE, type Locale };

/** Pick a supported locale from an Accept-Language header or a ?lang= value; zh-TW when nothing fits. */
export function resolveLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: (tag ?? '').trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const lower = tag.toLowerCase();
    const exact = LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    if (lower === 'zh-hant' || lower.startsWith('zh-hant') || lower === 'zh-hk' || lower === 'zh-mo') return 'zh-TW';
    if (lower === 'zh' || lower.startsWith('zh-hans') || lower === 'zh-sg') return 'zh-CN';
    const base = lower.split('-')[0];
    const byBase = LOCALES.find((l) => l === base);
    if (byBase) return byBase;
  }
  return DEFAULT_LOCALE;
}

function lookup(obj: unknown, path: string[]): unknown {
  let cur = obj;
  for (const p of path) {
    if (cur && typeof cur === 'object' && p in (cur as Record<string, unknown>)) cur = (cur as Record<string, unknown>)[p];
    else return undefined;
  }
  return cur;
}

/** Server-side translation: `translate('en', 'errors:USER_EXISTS', { field: 'x' })`, falling back to zh-TW. */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const path = rest.split('.');
  const found = lookup((resources[locale] as Record<string, unknown>)[ns], path) ?? lookup((resources[DEFAULT_LOCALE] as Record<string, unknown>)[ns], path);
  const text = typeof found === 'string' ? found : key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name in vars ? String(vars[name]) : `{{${name}}}`));
}
