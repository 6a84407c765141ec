import { describe, expect, it } from '@jest/globals';
import { createInstance } from 'i18next';
import { ERROR_CODES, LOCALES, type Locale } from '@candor/contracts';
import { FALLBACK_LOCALE, NAMESPACES, fieldLabel, i18nextResources, resolveLocale, resources, translate } from './index.js';

type Tree = Record<string, unknown>;

/** Sets `resources[locale][ns][key]` for the duration of `fn` (undefined deletes it), then restores it. */
function withResource(locale: Locale, ns: string, key: string, value: string | undefined, fn: () => void): void {
  const bundle = resources[locale] as unknown as Record<string, Tree | undefined>;
  const hadNs = Object.hasOwn(bundle, ns);
  const tree = (bundle[ns] ??= {});
  const hadKey = Object.hasOwn(tree, key);
  const saved = tree[key];
  if (value === undefined) delete tree[key];
  else tree[key] = value;
  try {
    fn();
  } finally {
    if (hadKey) tree[key] = saved;
    else delete tree[key];
    if (!hadNs) delete bundle[ns];
  }
}

describe('resolveLocale', () => {
  it.each<[string | null | undefined, Locale]>([
    // nothing asked
    [undefined, 'zh-TW'],
    [null, 'zh-TW'],
    ['', 'zh-TW'],
    ['   ', 'zh-TW'],
    [' , ;q=1', 'zh-TW'],
    // exact tags, any case, also with "_" as ?lang= values sometimes have
    ['zh-TW', 'zh-TW'],
    ['zh-tw', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['ZH-CN', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['en', 'en'],
    ['ja', 'ja'],
    ['ko', 'ko'],
    ['th', 'th'],
    ['id', 'id'],
    ['vi', 'vi'],
    ['fr', 'fr'],
    ['de', 'de'],
    // Traditional Chinese: script Hant or a region that writes it
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    // Simplified Chinese: bare zh, script Hans (wins over a region), other regions
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-MY', 'zh-CN'],
    // language with a region
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['EN-us', 'en'],
    ['ja-JP', 'ja'],
    ['ko-KR', 'ko'],
    ['th-TH', 'th'],
    ['id-ID', 'id'],
    ['vi-VN', 'vi'],
    ['fr-CA', 'fr'],
    ['de-CH', 'de'],
    // not supported
    ['es', 'zh-TW'],
    ['pt-BR', 'zh-TW'],
    ['*', 'zh-TW'],
    ['english', 'zh-TW'],
    ['x', 'zh-TW'],
    // Accept-Language lists: highest q first, equal q in header order, q=0 means "not this"
    ['fr;q=0.5, de;q=0.9', 'de'],
    ['ja;q=0.1, es, ko;q=0.8', 'ko'],
    ['de, fr', 'de'],
    ['fr;q=0.8, de;q=0.8', 'fr'],
    ['en;q=0, fr', 'fr'],
    ['en;q=0', 'zh-TW'],
    ['en;q=0.000', 'zh-TW'],
    ['es-ES,es;q=0.9,en;q=0.8', 'en'],
    ['zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7', 'zh-TW'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['es;q=1, *;q=0.5', 'zh-TW'],
    // q-value spelling
    ['fr;Q=0.3, de;q=0.2', 'fr'],
    ['ko; q=0.5, en ; q = 0.6', 'en'],
    ['vi;q=1.0', 'vi'],
    ['th;q=.7, id;q=0.6', 'th'],
    ['fr;level=1;q=0.4, de;q=0.3', 'fr'],
    // malformed q-values are ignored ranges
    ['ja;q=abc, de;q=0.2', 'de'],
    ['ja;q=-1, de;q=0.2', 'de'],
    ['ja;q=, de;q=0.2', 'de'],
  ])('%p -> %s', (header, expected) => {
    expect(resolveLocale(header)).toBe(expected);
  });

  it('stays quick and safe on a huge header', () => {
    expect(resolveLocale('xx-YY;q=0.5,'.repeat(20000))).toBe('zh-TW');
  });
});

describe('translate', () => {
  it('translates and fills placeholders', () => {
    expect(translate('en', 'errors:VALIDATION_FAILED', { field: 'E-mail' })).toBe('Please check this field: E-mail');
    expect(translate('zh-TW', 'errors:EARN_MIN_AMOUNT', { min: '10.00' })).toBe('每筆最低 10.00');
    expect(translate('en', 'errors:EARN_MIN_AMOUNT', { min: 5 })).toBe('The minimum per transfer is 5');
    expect(translate('zh-CN', 'errors:USER_EXISTS')).toBe('用户已存在');
  });

  it.each([...LOCALES])('%s fills every placeholder of every error message', (locale) => {
    for (const code of ERROR_CODES) {
      // The vars the server passes with some codes: `min` (EARN_MIN_AMOUNT), `limit` (ALERT_LIMIT_REACHED),
      // `days` and `maxRate` (EARN_RATE_NOT_COVERED).
      const text = translate(locale, `errors:${code}`, { field: 'FIELD', min: '10.00', limit: 20, days: 29, maxRate: '0.0019' });
      expect({ code, text }).toEqual({ code, text: expect.not.stringMatching(/\{\{|\}\}|^errors:/) });
    }
  });

  it('reads nested keys', () => {
    expect(translate('de', 'errors:fields.email')).toBe('E-Mail-Adresse');
    expect(translate('zh-TW', 'errors:fields.tradePassword')).toBe('交易密碼');
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(translate('en', 'errors:EARN_MIN_AMOUNT')).toBe('The minimum per transfer is {{min}}');
    expect(translate('en', 'errors:EARN_MIN_AMOUNT', { other: 'x' })).toBe('The minimum per transfer is {{min}}');
  });

  it('falls back to zh-TW for a key missing in the asked locale', () => {
    withResource('en', 'errors', 'USER_EXISTS', undefined, () => {
      expect(translate('en', 'errors:USER_EXISTS')).toBe('使用者已存在');
    });
    withResource('ja', 'errors', 'VALIDATION_FAILED', undefined, () => {
      expect(translate('ja', 'errors:VALIDATION_FAILED', { field: 'X' })).toBe('請檢查此欄位：X');
    });
    // and the locale's own text otherwise
    expect(translate('en', 'errors:USER_EXISTS')).toBe('User already exists');
  });

  it('returns the key when no locale has it, or when it names a group or a prototype property', () => {
    expect(translate('en', 'errors:NO_SUCH_CODE')).toBe('errors:NO_SUCH_CODE');
    expect(translate('en', 'nosuchns:USER_EXISTS')).toBe('nosuchns:USER_EXISTS');
    expect(translate('en', 'errors:fields')).toBe('errors:fields');
    expect(translate('en', 'errors:fields.nosuch')).toBe('errors:fields.nosuch');
    expect(translate('en', 'errors:constructor')).toBe('errors:constructor');
    expect(translate('en', 'errors:__proto__')).toBe('errors:__proto__');
    expect(translate('en', 'errors:USER_EXISTS.length')).toBe('errors:USER_EXISTS.length');
  });

  it('looks a key without a namespace up in common', () => {
    withResource('en', 'common', 'zzProbe', 'Probe {{x}}', () => {
      expect(translate('en', 'zzProbe', { x: 1 })).toBe('Probe 1');
      expect(translate('en', 'common:zzProbe', { x: 2 })).toBe('Probe 2');
    });
    expect(translate('en', 'USER_EXISTS')).toBe('USER_EXISTS');
  });

  it("understands i18next's {{- name}} and {{name, format}} placeholders, and a colon in the key's path", () => {
    withResource('en', 'errors', 'zzProbe', 'A {{- x}} B {{ y , number }} C {{x}}', () => {
      expect(translate('en', 'errors:zzProbe', { x: '<1>', y: 2 })).toBe('A <1> B 2 C <1>');
    });
    withResource('en', 'errors', 'a:b', 'colon', () => {
      expect(translate('en', 'errors:a:b')).toBe('colon');
    });
  });

  it('falls back to zh-TW for a locale that is not one (from untyped callers)', () => {
    expect(translate('xx' as Locale, 'errors:USER_EXISTS')).toBe('使用者已存在');
  });
});

describe('fieldLabel', () => {
  it.each<[Locale, string, string]>([
    ['en', 'email', 'E-mail'],
    ['zh-TW', 'email', '電子郵件'],
    ['ja', 'amount', '金額'],
    ['fr', 'confirmTradePassword', 'Confirmation du mot de passe de transaction'],
    ['de', 'nationality', 'Staatsangehörigkeit'],
    ['en', 'notAField', 'notAField'],
    ['en', 'constructor', 'constructor'],
  ])('%s %s -> %s', (locale, field, label) => {
    expect(fieldLabel(locale, field)).toBe(label);
  });

  it('falls back to zh-TW, and makes the VALIDATION_FAILED message', () => {
    withResource('ko', 'errors', 'fields', undefined, () => {
      expect(fieldLabel('ko', 'phone')).toBe('手機號碼（所選國家的手機號碼，或以 + 加國碼開頭）');
    });
    expect(translate('fr', 'errors:VALIDATION_FAILED', { field: fieldLabel('fr', 'email') })).toBe('Veuillez vérifier ce champ : Adresse e-mail');
    expect(translate('zh-TW', 'errors:VALIDATION_FAILED', { field: fieldLabel('zh-TW', 'inviteCode') })).toBe('請檢查此欄位：邀請碼');
  });
});

describe('i18nextResources', () => {
  it('has every locale with every namespace, equal to the resources', () => {
    const res = i18nextResources();
    expect(Object.keys(res).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(Object.keys(res[locale]).sort()).toEqual([...NAMESPACES].sort());
    expect(res).toEqual(resources);
    expect(FALLBACK_LOCALE).toBe('zh-TW');
  });

  it('is a copy: changing it leaves the shared resources alone', () => {
    const res = i18nextResources();
    expect(res.en.errors).not.toBe(resources.en.errors);
    (res.en.errors as Record<string, unknown>)['USER_EXISTS'] = 'changed';
    (res.en.errors.fields as Record<string, unknown>)['email'] = 'changed';
    expect(resources.en.errors.USER_EXISTS).toBe('User already exists');
    expect(resources.en.errors.fields.email).toBe('E-mail');
    expect(i18nextResources().en.errors.USER_EXISTS).toBe('User already exists');
  });

  async function i18nextFor(lng: Locale, res = i18nextResources()) {
    const i18n = createInstance();
    await i18n.init({
      resources: res,
      lng,
      fallbackLng: FALLBACK_LOCALE,
      ns: NAMESPACES,
      defaultNS: 'errors',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    return i18n;
  }

  it('works as the resources of a real i18next instance, agreeing with translate', async () => {
    for (const locale of LOCALES) {
      const i18n = await i18nextFor(locale);
      for (const code of ERROR_CODES) {
        const vars = { field: 'F', min: '10.00' };
        expect({ locale, code, text: i18n.t(`errors:${code}`, vars) }).toEqual({ locale, code, text: translate(locale, `errors:${code}`, vars) });
      }
    }
    const ja = await i18nextFor('ja');
    expect(ja.t('errors:VALIDATION_FAILED', { field: ja.t('errors:fields.email') })).toBe('この項目を確認してください：メールアドレス');
  });

  it('lets i18next fall back to zh-TW for a missing key', async () => {
    const res = i18nextResources();
    delete (res.en.errors as Record<string, unknown>)['USER_EXISTS'];
    const en = await i18nextFor('en', res);
    expect(en.t('errors:USER_EXISTS')).toBe('使用者已存在');
    expect(en.t('errors:INSUFFICIENT_BALANCE')).toBe('Insufficient balance');
  });
});
