import { describe, expect, it } from '@jest/globals';
import { resources } from './index.js';

// One word for each money action across the app, so a user never wonders whether a 存款 and a 充值 are
// two different things. zh-TW: 充值 (deposit), 提現 (withdrawal), 餘額寶 轉入/轉出, 下單/派彩.

interface Rule {
  /** The word the app uses. */
  use: string;
  /** Words that must not stand for the same action. */
  forbidden: readonly RegExp[];
}

const ZH_TW_RULES: readonly Rule[] = [
  { use: '充值', forbidden: [/存款/, /儲值/, /入款/, /入金/] },
  { use: '提現', forbidden: [/提款/, /取款/, /出金/, /提領/] },
];

/**
 * Allowed compounds that merely contain a forbidden pair of characters and mean something else; each
 * is removed from a text before the check. 輸入金額/投入金額: "enter the amount" / "the amount staked".
 */
const ZH_TW_ALLOWED: readonly string[] = ['輸入金額', '投入金額'];

const EN_RULES: readonly Rule[] = [
  { use: 'Deposit', forbidden: [/\btop[- ]?ups?\b/i, /\brecharge/i, /\bfund(ing)? your account\b/i] },
  { use: 'Withdrawal', forbidden: [/\bcash[- ]?outs?\b/i, /\bpayout request/i] },
];

/** Every string of a locale with its key path (`records.type.deposit`). */
function strings(tree: unknown, path: string[] = []): [string, string][] {
  if (typeof tree === 'string') return [[path.join('.'), tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

/** The texts that use a forbidden synonym: `key: text (word)`. */
function offences(tree: unknown, rules: readonly Rule[], allowed: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const [key, text] of strings(tree)) {
    const cleaned = allowed.reduce((s, a) => s.split(a).join(''), text);
    for (const rule of rules) {
      for (const word of rule.forbidden) {
        const m = word.exec(cleaned);
        if (m) out.push(`${key}: ${text} (${m[0]} -> ${rule.use})`);
      }
    }
  }
  return out;
}

describe('one vocabulary for money actions', () => {
  it('zh-TW says 充值 and 提現, never a synonym', () => {
    expect(offences(resources['zh-TW'], ZH_TW_RULES, ZH_TW_ALLOWED)).toEqual([]);
  });

  it('en says Deposit and Withdrawal, never a synonym', () => {
    expect(offences(resources.en, EN_RULES)).toEqual([]);
  });

  it('finds a synonym anywhere in a tree, and lets the allowed compounds through', () => {
    const tree = { a: { b: '您的存款已入帳', c: '請輸入金額' }, d: ['提款'], e: '入金' };
    expect(offences(tree, ZH_TW_RULES, ZH_TW_ALLOWED)).toEqual(['a.b: 您的存款已入帳 (存款 -> 充值)', 'd.0: 提款 (提款 -> 提現)', 'e: 入金 (入金 -> 充值)']);
    expect(offences({ x: 'Top up now', y: 'Cash-out' }, EN_RULES)).toEqual(['x: Top up now (Top up -> Deposit)', 'y: Cash-out (Cash-out -> Withdrawal)']);
  });
});
