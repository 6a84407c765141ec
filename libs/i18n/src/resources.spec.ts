import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES, LOCALES, type Locale } from '@candor/contracts';
import { FALLBACK_LOCALE, NAMESPACES, resources } from './index.js';

// Checks over every namespace that exists at run time, in all ten locales, against the
// reference locale zh-TW. The checkers are plain functions, tested first on small fixtures
// so that each is known to fail when it should.

type Leaves = Map<string, unknown>;
type Bundle = Record<string, unknown>;

const REFERENCE: Locale = 'zh-TW';
const ENGLISH: Locale = 'en';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function flatten(node: unknown, path: string, out: Leaves): void {
  if (isPlainObject(node) && Object.keys(node).length > 0) {
    for (const [key, value] of Object.entries(node)) flatten(value, path.endsWith(':') ? path + key : `${path}.${key}`, out);
  } else {
    out.set(path, node);
  }
}

/** `namespace:nested.key` -> value for every leaf of a locale's bundle (an empty object is a leaf too). */
function leavesOf(bundle: Bundle): Leaves {
  const out: Leaves = new Map();
  for (const [ns, tree] of Object.entries(bundle)) flatten(tree, `${ns}:`, out);
  return out;
}

/** i18next plural forms (`key_one`, `key_other`, ...); which a locale needs comes from its CLDR plural rules. */
const PLURAL_KEY = /^(.*)_(zero|one|two|few|many|other)$/;

function pluralCategories(locale: string): string[] {
  return [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories];
}

/**
 * The keys `locale` must have, given the reference's keys: the same keys, except that a plural
 * key (`x_other`) stands for every plural form the locale uses (en: x_one and x_other; ja: x_other;
 * fr: x_one, x_many and x_other), plus `x_zero` where the reference has one.
 */
function expectedKeys(reference: Leaves, locale: string): Set<string> {
  const out = new Set<string>();
  for (const key of reference.keys()) {
    const plural = PLURAL_KEY.exec(key);
    if (!plural) {
      out.add(key);
      continue;
    }
    const [, base, form] = plural;
    if (form === 'zero') out.add(key);
    for (const category of pluralCategories(locale)) out.add(`${base}_${category}`);
  }
  return out;
}

function keyDiff(reference: Leaves, locale: string, actual: Leaves): { missing: string[]; extra: string[] } {
  const expected = expectedKeys(reference, locale);
  return {
    missing: [...expected].filter((k) => !actual.has(k)).sort(),
    extra: [...actual.keys()].filter((k) => !expected.has(k)).sort(),
  };
}

/** Keys whose value is not a non-blank string. */
function invalidValues(actual: Leaves): string[] {
  return [...actual].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
}

/** Key segments i18next would misread: empty, or containing its key (.) or namespace (:) separator. */
function badKeySegments(bundle: Bundle): string[] {
  const bad: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (!isPlainObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key.trim() === '' || key.includes('.') || key.includes(':')) bad.push(`${path}/${JSON.stringify(key)}`);
      walk(value, `${path}/${key}`);
    }
  };
  walk(bundle, '');
  return bad;
}

/** Names of i18next placeholders: `{{name}}`, `{{- name}}`, `{{name, format}}`. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) =>
    m[1]!
      .replace(/^\s*-\s*/, '')
      .split(',')[0]!
      .trim(),
  );
  return [...new Set(names)].sort();
}

/**
 * Keys whose placeholders differ from the reference's. A plural form the reference lacks
 * (en `x_one` against zh `x_other`) is compared with the reference's `x_other`, ignoring `count`.
 */
function placeholderMismatches(reference: Leaves, actual: Leaves): string[] {
  const out: string[] = [];
  for (const [key, value] of actual) {
    if (typeof value !== 'string') continue;
    let refValue = reference.get(key);
    let ignoreCount = false;
    const plural = PLURAL_KEY.exec(key);
    if (refValue === undefined && plural) {
      refValue = reference.get(`${plural[1]}_other`);
      ignoreCount = true;
    }
    if (typeof refValue !== 'string') continue;
    const keep = (names: string[]) => (ignoreCount ? names.filter((n) => n !== 'count') : names);
    const want = keep(placeholders(refValue));
    const got = keep(placeholders(value));
    if (want.join(',') !== got.join(',')) out.push(`${key}: expected {{${want.join('}}, {{')}}} but found {{${got.join('}}, {{')}}}`);
  }
  return out;
}

/** Names that stay the same in every language. */
const BRAND_NAMES = new Set(['Candor', 'Android', 'iOS', 'Telegram', 'WhatsApp', 'Google', 'Apple']);

/**
 * Whether an English text is something a translator would change: it has a word of three or
 * more letters that is not all capitals (OK, USDT, BTC, JPEG, MB) and not a brand name.
 */
function isTranslatable(english: string): boolean {
  const words = english.replace(/\{\{.+?\}\}/g, ' ').match(/\p{L}+/gu) ?? [];
  return words.some((w) => w.length >= 3 && w !== w.toUpperCase() && !BRAND_NAMES.has(w));
}

/** At most this many of n translatable texts may equal the English: 10 %, and at least one. */
function allowedIdentical(n: number): number {
  return Math.max(1, Math.floor(n * 0.1));
}

/**
 * Per namespace (and `*` for the whole locale), the keys whose text is the English text, where
 * that is more than allowed.
 */
function untranslated(english: Leaves, actual: Leaves): Record<string, string[]> {
  const byNs = new Map<string, { total: number; same: string[] }>();
  const all = { total: 0, same: [] as string[] };
  for (const [key, en] of english) {
    const value = actual.get(key);
    if (typeof en !== 'string' || typeof value !== 'string' || !isTranslatable(en)) continue;
    const ns = key.slice(0, key.indexOf(':'));
    const bucket = byNs.get(ns) ?? { total: 0, same: [] };
    byNs.set(ns, bucket);
    bucket.total++;
    all.total++;
    if (value.trim() === en.trim()) {
      bucket.same.push(key);
      all.same.push(key);
    }
  }
  const report: Record<string, string[]> = {};
  for (const [ns, { total, same }] of byNs) if (same.length > allowedIdentical(total)) report[ns] = same;
  if (all.same.length > allowedIdentical(all.total)) report['*'] = all.same;
  return report;
}

// Characters that exist in only one of the two Chinese scripts (simplified, traditional).
const SCRIPT_PAIRS =
  '这這 们們 来來 说說 请請 检檢 该該 为為 时時 对對 会會 过過 还還 点點 开開 关關 发發 现現 实實 语語 号號 码碼 价價 ' +
  '额額 币幣 历歷 录錄 项項 称稱 务務 账帳 钱錢 认認 证證 验驗 册冊 买買 卖賣 单單 订訂 转轉 场場 资資 产產 网網 页頁 ' +
  '错錯 误誤 帮幫 邮郵 图圖 线線 优優 闭閉 绑綁 级級 费費 询詢 输輸 选選 击擊 显顯 户戶 讯訊 条條 杂雜 纪紀';
const SIMPLIFIED_ONLY = new Set<string>();
const TRADITIONAL_ONLY = new Set<string>();
for (const pair of SCRIPT_PAIRS.split(' ')) {
  const [simplified, traditional, ...rest] = [...pair];
  if (!simplified || !traditional || rest.length > 0) throw new Error(`bad script pair ${pair}`);
  SIMPLIFIED_ONLY.add(simplified);
  TRADITIONAL_ONLY.add(traditional);
}

/** Texts written with characters of the other Chinese script, e.g. a zh-CN text copied from zh-TW. */
function wrongScript(actual: Leaves, foreign: Set<string>): string[] {
  const out: string[] = [];
  for (const [key, value] of actual) {
    if (typeof value !== 'string') continue;
    const chars = [...new Set([...value].filter((c) => foreign.has(c)))];
    if (chars.length > 0) out.push(`${key}: ${chars.join('')}`);
  }
  return out;
}

const bundles = resources as unknown as Record<Locale, Bundle>;
const leaves = new Map(LOCALES.map((l) => [l, leavesOf(bundles[l])]));
const referenceLeaves = leaves.get(REFERENCE)!;
const englishLeaves = leaves.get(ENGLISH)!;
const locales = [...LOCALES];
const nonEnglish = locales.filter((l) => l !== ENGLISH);

describe('the checkers, on fixtures', () => {
  const ref = leavesOf({ ns: { a: '甲', b: { c: '乙 {{n}}' } } });

  it('reports missing and extra nested keys', () => {
    expect(keyDiff(ref, 'ja', leavesOf({ ns: { a: 'A', b: { d: 'D' } } }))).toEqual({ missing: ['ns:b.c'], extra: ['ns:b.d'] });
    expect(keyDiff(ref, 'ja', leavesOf({ ns: { a: 'A', b: { c: 'C {{n}}' } } }))).toEqual({ missing: [], extra: [] });
    expect(keyDiff(ref, 'ja', leavesOf({ other: { a: 'A' } }))).toEqual({ missing: ['ns:a', 'ns:b.c'], extra: ['other:a'] });
  });

  it('asks each locale for the plural forms its language uses', () => {
    const plural = leavesOf({ ns: { items_other: '{{count}} 項' } });
    expect(keyDiff(plural, 'en', leavesOf({ ns: { items_other: '{{count}} items' } }))).toEqual({ missing: ['ns:items_one'], extra: [] });
    expect(keyDiff(plural, 'ja', leavesOf({ ns: { items_one: '1 件', items_other: '{{count}} 件' } }))).toEqual({ missing: [], extra: ['ns:items_one'] });
    expect(keyDiff(plural, 'fr', leavesOf({ ns: { items_one: 'a', items_other: 'b' } }))).toEqual({ missing: ['ns:items_many'], extra: [] });
  });

  it('reports values that are not non-blank strings', () => {
    expect(invalidValues(leavesOf({ ns: { ok: 'x', empty: '', blank: '  ', n: 5, list: ['x'], none: {} } }))).toEqual([
      'ns:empty',
      'ns:blank',
      'ns:n',
      'ns:list',
      'ns:none',
    ]);
  });

  it('reports key segments i18next would misread', () => {
    expect(badKeySegments({ ns: { 'a.b': 'x', fine: { 'c:d': 'y', '': 'z' } } })).toEqual(['/ns/"a.b"', '/ns/fine/"c:d"', '/ns/fine/""']);
  });

  it('reports placeholders that differ from the reference', () => {
    expect(placeholders('{{a}} {{- b}} {{ c, number }} {{a}}')).toEqual(['a', 'b', 'c']);
    expect(placeholderMismatches(ref, leavesOf({ ns: { a: 'A {{x}}', b: { c: 'C {{ n }}' } } }))).toEqual(['ns:a: expected {{}} but found {{x}}']);
    expect(placeholderMismatches(ref, leavesOf({ ns: { a: 'A', b: { c: 'C' } } }))).toEqual(['ns:b.c: expected {{n}} but found {{}}']);
    const plural = leavesOf({ ns: { items_other: '{{count}} 項，{{name}}' } });
    expect(placeholderMismatches(plural, leavesOf({ ns: { items_one: 'one item, {{name}}', items_other: '{{count}} items, {{name}}' } }))).toEqual([]);
    expect(placeholderMismatches(plural, leavesOf({ ns: { items_one: 'one item', items_other: 'items, {{name}}' } }))).toEqual([
      'ns:items_one: expected {{name}} but found {{}}',
      'ns:items_other: expected {{count}}, {{name}} but found {{name}}',
    ]);
  });

  it('tells translatable English from tokens that stay the same', () => {
    expect(['Please log in', 'Name', 'E-mail', 'Amount: {{value}}'].map(isTranslatable)).toEqual([true, true, true, true]);
    expect(['OK', 'USDT', 'BTC/USDT', '{{count}}', '5 MB', 'Candor', '24h', 'ID'].map(isTranslatable)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('flags a copy of English and allows a few same words', () => {
    const en = leavesOf({ ns: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, `English text ${i}`])) });
    expect(untranslated(en, en)).toEqual({ ns: [...en.keys()], '*': [...en.keys()] });
    const twoSame = leavesOf({ ns: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i < 2 ? `English text ${i}` : `Texte ${i}`])) });
    expect(untranslated(en, twoSame)).toEqual({});
    const threeSame = leavesOf({ ns: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i < 3 ? `English text ${i}` : `Texte ${i}`])) });
    expect(untranslated(en, threeSame)).toEqual({ ns: ['ns:k0', 'ns:k1', 'ns:k2'], '*': ['ns:k0', 'ns:k1', 'ns:k2'] });
    const tokens = leavesOf({ ns: { ok: 'OK', coin: 'USDT', brand: 'Candor' } });
    expect(untranslated(tokens, tokens)).toEqual({});
  });

  it('finds characters of the other Chinese script', () => {
    expect(wrongScript(leavesOf({ ns: { a: '帳戶餘額', b: '账户余额' } }), TRADITIONAL_ONLY)).toEqual(['ns:a: 帳戶額']);
    expect(wrongScript(leavesOf({ ns: { a: '帳戶餘額', b: '请先登录' } }), SIMPLIFIED_ONLY)).toEqual(['ns:b: 请录']);
  });
});

describe('translation resources', () => {
  it('has all ten locales and zh-TW as the fallback', () => {
    expect(Object.keys(resources).sort()).toEqual([...LOCALES].sort());
    expect(FALLBACK_LOCALE).toBe(REFERENCE);
    expect(NAMESPACES).toContain('errors');
  });

  it.each(locales)('%s has exactly the namespaces of zh-TW', (locale) => {
    expect(Object.keys(bundles[locale]).sort()).toEqual(Object.keys(bundles[REFERENCE]).sort());
  });

  it.each(locales)('%s has exactly the keys of zh-TW (no missing, no extra)', (locale) => {
    expect(keyDiff(referenceLeaves, locale, leaves.get(locale)!)).toEqual({ missing: [], extra: [] });
  });

  it.each(locales)('every %s value is a non-blank string', (locale) => {
    expect(invalidValues(leaves.get(locale)!)).toEqual([]);
  });

  it.each(locales)('%s keys contain no "." or ":" and are not blank', (locale) => {
    expect(badKeySegments(bundles[locale])).toEqual([]);
  });

  it.each(locales)('%s uses the same {{placeholders}} per key as zh-TW', (locale) => {
    expect(placeholderMismatches(referenceLeaves, leaves.get(locale)!)).toEqual([]);
  });

  it.each(nonEnglish)('%s is translated, not an English copy (at most 10 %% of texts equal the English)', (locale) => {
    expect(untranslated(englishLeaves, leaves.get(locale)!)).toEqual({});
  });

  it('zh-CN is written in simplified and zh-TW in traditional characters', () => {
    expect(wrongScript(leaves.get('zh-CN')!, TRADITIONAL_ONLY)).toEqual([]);
    expect(wrongScript(leaves.get('zh-TW')!, SIMPLIFIED_ONLY)).toEqual([]);
  });
});

describe('errors namespace', () => {
  const errorsOf = (locale: Locale) => bundles[locale]['errors'] as Record<string, unknown>;

  it.each(locales)('%s has a message for every error code', (locale) => {
    const errors = errorsOf(locale);
    const lacking = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || (errors[code] as string).trim() === '');
    expect(lacking).toEqual([]);
  });

  it('has no message for a code that does not exist', () => {
    const codes = new Set<string>(ERROR_CODES);
    expect(Object.keys(errorsOf(REFERENCE)).filter((k) => k !== 'fields' && !codes.has(k))).toEqual([]);
  });

  it('VALIDATION_FAILED names the field and EARN_MIN_AMOUNT the minimum', () => {
    expect(placeholders(errorsOf(REFERENCE)['VALIDATION_FAILED'] as string)).toEqual(['field']);
    expect(placeholders(errorsOf(REFERENCE)['EARN_MIN_AMOUNT'] as string)).toEqual(['min']);
  });

  const FIELDS = [
    'email',
    'phone',
    'inviteCode',
    'captchaCode',
    'captchaId',
    'password',
    'confirmPassword',
    'tradePassword',
    'confirmTradePassword',
    'oldPassword',
    'newPassword',
    'nickname',
    'amount',
    'symbol',
    'direction',
    'durationSeconds',
    'account',
    'registrationToken',
    'kind',
    'body',
    'name',
    'idNumber',
    'nationality',
  ];

  it.each(locales)('%s labels every API input field', (locale) => {
    const fields = errorsOf(locale)['fields'] as Record<string, unknown>;
    expect(FIELDS.filter((f) => typeof fields[f] !== 'string' || (fields[f] as string).trim() === '')).toEqual([]);
  });

  it('gives each field its own label', () => {
    for (const locale of LOCALES) {
      const labels = Object.values(errorsOf(locale)['fields'] as Record<string, string>);
      expect({ locale, duplicates: labels.filter((l, i) => labels.indexOf(l) !== i) }).toEqual({ locale, duplicates: [] });
    }
  });
});
