import { describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { LOCALES } from '@candor/contracts';
import { NAMESPACES, resources, translate } from './index.js';

// A count is shown with the locale's own plural form (i18next picks `key_one`, `key_other`, ... by the CLDR
// rules), never with a "(s)" that leaves the reader to choose.

async function translator(locale: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: locale, resources, ns: [...NAMESPACES], interpolation: { escapeValue: false } });
  return instance.t.bind(instance);
}

/** Every string of a locale's bundle with its dotted key. */
function strings(node: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof node === 'string') out.push([path, node]);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

describe('plural forms', () => {
  it.each([
    ['en', 1, 'Please fix 1 field.'],
    ['en', 3, 'Please fix 3 fields.'],
    ['de', 1, 'Bitte 1 Feld korrigieren.'],
    ['de', 2, 'Bitte 2 Felder korrigieren.'],
    // French counts 0 and 1 as singular.
    ['fr', 0, 'Veuillez corriger 0 champ.'],
    ['fr', 2, 'Veuillez corriger 2 champs.'],
    ['zh-TW', 1, '請修正 1 個欄位。'],
  ])('%s with %i', async (locale, count, text) => {
    const t = await translator(locale);
    expect(t('console:products.fixErrors', { count })).toBe(text);
  });

  it('answers the singular where a count of one reads differently', async () => {
    const en = await translator('en');
    expect(en('user:sessions.othersDone', { count: 1 })).toBe('Logged out 1 other device');
    expect(en('user:sessions.othersDone', { count: 4 })).toBe('Logged out 4 other devices');
    expect(en('support:badge', { count: 1 })).toBe('1 unread reply');
    expect(en('limits:timeOut.confirmTitle', { count: 1 })).toBe('Start a break of 1 day?');
  });

  it.each([...LOCALES])('%s: no "(s)"-style choice is left to the reader', (locale) => {
    const left = strings(resources[locale], '').filter(([, text]) => /\w\((s|e|er|en|es|x)\)/u.test(text));
    expect(left).toEqual([]);
  });
});

describe('translate (the server-side and test translator) picks plural forms too', () => {
  it('follows each locale rule, then _other, then the plain key', () => {
    expect(translate('en', 'console:products.fixErrors', { count: 1 })).toBe('Please fix 1 field.');
    expect(translate('en', 'console:products.fixErrors', { count: 5 })).toBe('Please fix 5 fields.');
    expect(translate('fr', 'console:products.fixErrors', { count: 0 })).toBe('Veuillez corriger 0 champ.');
    expect(translate('ja', 'market:changes.andMore', { list: 'A', count: 1 })).toContain('1');
    // A key without plural forms is found as before.
    expect(translate('en', 'limits:selfExclusion.confirmTitle', { count: 6 })).toBe('Exclude yourself for 6 months?');
  });
});
