import { KYC_NATIONALITIES } from '@candor/domain';

/** The nationality the form starts with: where the UI language is written (TW, CN), else none chosen. */
export function defaultNationality(language: string): string {
  if (language === 'zh-TW') return 'TW';
  if (language === 'zh-CN') return 'CN';
  return '';
}

/** Countries listed first in each language, above the full list. */
const FIRST: Record<string, string[]> = {
  'zh-TW': ['TW', 'HK', 'MO', 'CN'],
  'zh-CN': ['CN', 'HK', 'MO', 'TW'],
  en: ['US', 'GB', 'AU', 'CA', 'SG'],
  ja: ['JP'],
  ko: ['KR'],
  th: ['TH'],
  id: ['ID'],
  vi: ['VN'],
  fr: ['FR', 'BE', 'CH', 'CA'],
  de: ['DE', 'AT', 'CH'],
};

export interface NationalityOption {
  code: string;
  name: string;
}

/** A region's name in `language` (Intl.DisplayNames), or its code where the browser has none. */
export function regionNamer(language: string): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** The nationality picker's lists: the language's usual ones first, then every code sorted by its name. */
export function nationalityOptions(language: string): { first: NationalityOption[]; all: NationalityOption[] } {
  const name = regionNamer(language);
  const collator = new Intl.Collator([language]);
  const all = KYC_NATIONALITIES.map((code) => ({ code, name: name(code) })).sort((a, b) => collator.compare(a.name, b.name));
  const first = (FIRST[language] ?? []).filter((c) => KYC_NATIONALITIES.includes(c)).map((code) => ({ code, name: name(code) }));
  return { first, all };
}
