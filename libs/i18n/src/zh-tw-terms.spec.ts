import { describe, expect, it } from '@jest/globals';
import { resources } from './resources.js';
import { mainlandTermsIn } from './zh-tw-terms.js';

/** Every string of a locale, with its key path, for the failure message. */
function strings(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe('zh-TW writes Taiwan usage', () => {
  it('has no mainland term in any zh-TW string', () => {
    const found = strings(resources['zh-TW'], '').flatMap(([key, text]) => mainlandTermsIn(text).map((term) => `${key}: ${term}`));
    expect(found).toEqual([]);
  });

  it('finds each kind of term (the check can fail)', () => {
    expect(mainlandTermsIn('請先登錄，再點擊「設置」')).toEqual(['登錄 → 登入', '設置 → 設定', '點擊 → 點選']);
    expect(mainlandTermsIn('請輸入手機號')).toEqual(['手機號(?!碼) → 手機號碼']);
    expect(mainlandTermsIn('請輸入手機號碼，登入後點選「設定」')).toEqual([]);
  });

  it('leaves zh-CN its mainland terms', () => {
    expect(JSON.stringify(resources['zh-CN'])).toMatch(/登录|设置|用户/);
  });
});
