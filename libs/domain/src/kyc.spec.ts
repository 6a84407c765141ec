import { describe, it, expect } from '@jest/globals';
import {
  canSubmitKyc,
  checkIdentity,
  identityKey,
  identityProblems,
  isNationality,
  KYC_EVENTS,
  KYC_NATIONALITIES,
  KYC_TRANSITIONS,
  maskIdNumber,
  nextKycState,
  normalizeIdentity,
  type IdentityInput,
  type IdentityProblem,
  type KycEvent,
  type KycState,
} from './kyc.js';

const NOT_SUBMITTED: KycState = { status: 'not_submitted', final: false };
const PENDING: KycState = { status: 'pending', final: false };
const VERIFIED: KycState = { status: 'verified', final: false };
const REJECTED: KycState = { status: 'rejected', final: false };
const REJECTED_FINAL: KycState = { status: 'rejected', final: true };
const STATES: Record<string, KycState> = { NOT_SUBMITTED, PENDING, VERIFIED, REJECTED, REJECTED_FINAL };

// The whole machine, written out by hand: every state x event pair, null where the move is refused.
const EXPECTED: Record<string, Record<KycEvent, KycState | null>> = {
  NOT_SUBMITTED: { submit: PENDING, approve: null, reject_retry: null, reject_final: null },
  PENDING: { submit: null, approve: VERIFIED, reject_retry: REJECTED, reject_final: REJECTED_FINAL },
  VERIFIED: { submit: null, approve: null, reject_retry: null, reject_final: null },
  REJECTED: { submit: PENDING, approve: null, reject_retry: null, reject_final: null },
  REJECTED_FINAL: { submit: null, approve: null, reject_retry: null, reject_final: null },
};
const PAIRS = Object.keys(STATES).flatMap((s) => KYC_EVENTS.map((e) => [s, e, EXPECTED[s]![e]] as const));

describe('nextKycState', () => {
  it('covers all 20 pairs of state and event', () => expect(PAIRS).toHaveLength(20));

  it.each(PAIRS)('%s -%s-> %p', (state, event, to) => expect(nextKycState(STATES[state]!, event)).toEqual(to));

  it('lists exactly the allowed moves in KYC_TRANSITIONS', () => {
    const allowed = PAIRS.filter(([, , to]) => to !== null).map(([s, e, to]) => ({ from: STATES[s], event: e, to }));
    expect([...KYC_TRANSITIONS]).toEqual(expect.arrayContaining(allowed));
    expect(KYC_TRANSITIONS).toHaveLength(allowed.length);
  });

  it('ignores `final` outside rejected', () => {
    expect(nextKycState({ status: 'pending', final: true }, 'approve')).toEqual(VERIFIED);
    expect(nextKycState({ status: 'not_submitted', final: true }, 'submit')).toEqual(PENDING);
  });

  it('returns a fresh object, never the table entry', () => {
    const next = nextKycState(PENDING, 'reject_final')!;
    next.final = false;
    expect(nextKycState(PENDING, 'reject_final')).toEqual(REJECTED_FINAL);
  });

  it.each([
    ['NOT_SUBMITTED', true],
    ['PENDING', false],
    ['VERIFIED', false],
    ['REJECTED', true],
    ['REJECTED_FINAL', false],
  ] as const)('canSubmitKyc(%s) = %p', (state, can) => expect(canSubmitKyc(STATES[state]!)).toBe(can));
});

/** GB 11643-1999 check character, written as ISO 7064 MOD 11-2 (weights 2^(17-i) mod 11), independent of kyc.ts. */
function cnCheck(first17: string): string {
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * (2 ** (17 - i) % 11), 0);
  const c = (12 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}
const TW_LETTERS: Record<string, number> = { A: 10, F: 15, I: 34, O: 35, W: 32, Z: 33 };
/** The last digit that makes a Taiwan ID's weighted sum a multiple of 10. */
function twCheck(first9: string): string {
  const v = TW_LETTERS[first9[0]!]!;
  const weights = [8, 7, 6, 5, 4, 3, 2, 1];
  const sum = Math.floor(v / 10) + (v % 10) * 9 + weights.reduce((acc, w, i) => acc + w * Number(first9[i + 1]), 0);
  return String((10 - (sum % 10)) % 10);
}
function wrongDigit(d: string): string {
  return d === '0' ? '1' : '0';
}

const CN_GOOD_NAME = '张三';
const TW_GOOD_NAME = '陳小明';
function problem(nationality: string, name: string, idNumber: string): IdentityProblem | null {
  return checkIdentity(normalizeIdentity({ nationality, name, idNumber }));
}

describe('checkIdentity: China', () => {
  const generated = `44030419900307123${cnCheck('44030419900307123')}`;
  it.each([
    ['the well-known example', '11010519491231002X'],
    ['a lower-case x', '11010519491231002x'],
    ['spaces and dashes', '110105 19491231 002X'],
    ['a number with a computed check', generated],
    ['another computed check', `51010819881214371${cnCheck('51010819881214371')}`],
    ['a third computed check', `32031119770706004${cnCheck('32031119770706004')}`],
    ['a 29 February in a leap year', `11010520000229001${cnCheck('11010520000229001')}`],
    ['a first-generation 15-digit number', '110105491231002'],
  ])('accepts %s', (_, id) => expect(problem('CN', CN_GOOD_NAME, id)).toBeNull());

  it('agrees with the published example', () => expect(cnCheck('11010519491231002')).toBe('X'));

  it.each([
    ['110105194912310021', 'id_checksum'],
    [`${generated.slice(0, 17)}${wrongDigit(generated[17]!)}`, 'id_checksum'],
    ['510108198812143710', 'id_checksum'],
    [`12345619900101001${cnCheck('21345619900101001')}`, 'id_checksum'], // the check of the first two digits swapped
    ['11010519491231002', 'id_format'],
    ['11010519491231002X1', 'id_format'],
    ['1101051949123100X2', 'id_format'],
    ['11010549123100X', 'id_format'],
    ['A1010519491231002X', 'id_format'],
    [`11010519490230001${cnCheck('11010519490230001')}`, 'id_format'], // 30 February
    [`11010519491301001${cnCheck('11010519491301001')}`, 'id_format'], // month 13
    [`11010519490229001${cnCheck('11010519490229001')}`, 'id_format'], // 1949 is no leap year
    [`11010519490100001${cnCheck('11010519490100001')}`, 'id_format'], // day 0
  ])('refuses %s: %s', (id, code) => expect(problem('CN', CN_GOOD_NAME, id)).toEqual({ field: 'idNumber', code }));

  it.each(['张三', '欧阳娜娜', '司马相如之', '阿依古丽·买买提', '㐀㐁', '爱新觉罗·溥仪', `阿·${'阿'.repeat(13)}` /* 15 */])('accepts the name %s', (name) =>
    expect(problem('CN', name, '11010519491231002X')).toBeNull(),
  );

  it.each(['张', '司马相如之子', 'Zhang San', '张 三', '·张三', '张三·', '张··三', `阿·${'阿'.repeat(14)}` /* 16 */, '张3', '張三abc'])(
    'refuses the name %p',
    (name) => expect(problem('CN', name, '11010519491231002X')).toEqual({ field: 'name', code: 'name_format' }),
  );
});

describe('checkIdentity: Taiwan', () => {
  const resident8 = `A80000001${twCheck('A80000001')}`;
  const resident9 = `F91234567${twCheck('F91234567')}`;
  it.each([
    ['the well-known example', 'A123456789'],
    ['lower case and dashes', 'a123-456-789'],
    ['a resident certificate (8)', resident8],
    ['a resident certificate (9)', resident9],
    ['a woman (2)', `A22345678${twCheck('A22345678')}`],
    ['a late-added letter (I)', `I12345678${twCheck('I12345678')}`],
    ['a late-added letter (O)', `O12345678${twCheck('O12345678')}`],
    ['a late-added letter (W)', `W12345678${twCheck('W12345678')}`],
    ['a late-added letter (Z)', `Z12345678${twCheck('Z12345678')}`],
  ])('accepts %s', (_, id) => expect(problem('TW', TW_GOOD_NAME, id)).toBeNull());

  it('computes the published example independently', () => expect(twCheck('A12345678')).toBe('9'));

  it.each([
    ['A123456788', 'id_checksum'],
    [`${resident8.slice(0, 9)}${wrongDigit(resident8[9]!)}`, 'id_checksum'],
    [`${resident9.slice(0, 9)}${wrongDigit(resident9[9]!)}`, 'id_checksum'],
    ['A323456789', 'id_format'],
    ['A023456789', 'id_format'],
    ['AB12345678', 'id_format'], // the pre-2021 resident certificate
    ['A12345678', 'id_format'],
    ['A1234567890', 'id_format'],
    ['1123456789', 'id_format'],
  ])('refuses %s: %s', (id, code) => expect(problem('TW', TW_GOOD_NAME, id)).toEqual({ field: 'idNumber', code }));

  it.each([
    '陳小明',
    '林美',
    '巴奈·庫穗',
    'Chen Hsiao-ming',
    'Pasuya Poiconu',
    "Wan'an Lin",
    'Lin Wan’an',
    'J. R. R. Tolkien',
    'José Álvarez',
    '一二三四五六七八九十',
  ])('accepts the name %p', (name) => expect(problem('TW', name, 'A123456789')).toBeNull());

  it.each(['陳', '一二三四五六七八九十一', '陳 小明', 'Lin 美', 'Иван Петров', 'A', "A'", 'Chen3', 'x'.repeat(61)])('refuses the name %p', (name) =>
    expect(problem('TW', name, 'A123456789')).toEqual({ field: 'name', code: 'name_format' }),
  );
});

describe('checkIdentity: elsewhere', () => {
  it.each([
    ['US', "José María O'Neil-Smith Jr.", 'X1234567'],
    ['RU', 'Иван Петров', '4509123456'],
    ['EG', 'محمد علي', 'A12345678'],
    ['JP', '山田太郎', 'TK1234567'],
    ['TH', 'สมชาย ใจดี', '1234'],
    ['KR', '김민준', 'M12345678'],
    ['DE', 'Ab', 'C01X00T47'],
    ['FR', 'a'.repeat(100), '1'.repeat(30)],
  ])('accepts %s %p %p', (nationality, name, id) => expect(problem(nationality, name, id)).toBeNull());

  it.each([
    ['US', 'A', 'X1234567', 'name', 'name_format'],
    ['US', 'A-', 'X1234567', 'name', 'name_format'],
    ['US', "'.-", 'X1234567', 'name', 'name_format'],
    ['US', 'John3', 'X1234567', 'name', 'name_format'],
    ['US', 'John@Smith', 'X1234567', 'name', 'name_format'],
    ['US', 'a'.repeat(101), 'X1234567', 'name', 'name_format'],
    ['US', 'John Smith', 'AB1', 'idNumber', 'id_format'],
    ['US', 'John Smith', '1'.repeat(31), 'idNumber', 'id_format'],
    ['US', 'John Smith', 'AB12#', 'idNumber', 'id_format'],
    ['US', 'John Smith', 'AB/123', 'idNumber', 'id_format'],
  ])('refuses %s %p %p: %s %s', (nationality, name, id, field, code) => expect(problem(nationality, name, id)).toEqual({ field, code }));
});

describe('checkIdentity: required fields, unknown nationality and order', () => {
  it.each([
    ['', '', '', 'nationality', 'required'],
    ['  ', 'John Smith', 'X1234567', 'nationality', 'required'],
    ['ZZ', '', '', 'nationality', 'nationality_unknown'],
    ['TWN', 'John Smith', 'X1234567', 'nationality', 'nationality_unknown'],
    ['AC', 'John Smith', 'X1234567', 'nationality', 'nationality_unknown'],
    ['US', '', '', 'name', 'required'],
    ['US', '   ', 'X1234567', 'name', 'required'],
    ['US', '1', '', 'name', 'name_format'],
    ['US', 'John Smith', '', 'idNumber', 'required'],
    ['US', 'John Smith', ' - ', 'idNumber', 'required'],
    ['CN', 'Zhang San', '110105194912310021', 'name', 'name_format'],
  ])('%p %p %p -> %s %s', (nationality, name, id, field, code) => expect(problem(nationality, name, id)).toEqual({ field, code }));

  it('reads the input as given (lower-case codes are for normalizeIdentity to fix)', () => {
    expect(checkIdentity({ nationality: 'tw', name: TW_GOOD_NAME, idNumber: 'A123456789' })).toEqual({ field: 'nationality', code: 'nationality_unknown' });
  });
});

describe('nationalities', () => {
  it('is ISO 3166-1 alpha-2, sorted, with TW and CN', () => {
    expect(KYC_NATIONALITIES.length).toBeGreaterThan(240);
    expect(KYC_NATIONALITIES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect([...KYC_NATIONALITIES].sort()).toEqual([...KYC_NATIONALITIES]);
    expect(new Set(KYC_NATIONALITIES).size).toBe(KYC_NATIONALITIES.length);
    expect(KYC_NATIONALITIES).toEqual(expect.arrayContaining(['TW', 'CN', 'HK', 'MO', 'US', 'JP', 'KR', 'TH', 'ID', 'VN', 'FR', 'DE', 'XK']));
    expect(KYC_NATIONALITIES).not.toContain('AC');
    expect(KYC_NATIONALITIES).not.toContain('TA');
  });

  it.each([
    ['TW', true],
    ['CN', true],
    ['GB', true],
    ['tw', false],
    ['UK', false],
    ['ZZ', false],
    ['', false],
    ['TWN', false],
  ])('isNationality(%p) = %p', (code, ok) => expect(isNationality(code)).toBe(ok));
});

describe('normalizeIdentity', () => {
  it.each<[IdentityInput, IdentityInput]>([
    [
      { name: '  John \t  Smith\n', idNumber: ' a123-456 789 ', nationality: ' tw ' },
      { name: 'John Smith', idNumber: 'A123456789', nationality: 'TW' },
    ],
    [
      { name: 'Jose\u0301\u3000Garci\u0301a', idNumber: '11010519491231002x', nationality: 'cn' },
      { name: 'José García', idNumber: '11010519491231002X', nationality: 'CN' },
    ],
    [
      { name: '阿依古丽·买买提', idNumber: '110105-491231-002', nationality: 'Cn' },
      { name: '阿依古丽·买买提', idNumber: '110105491231002', nationality: 'CN' },
    ],
    [
      { name: '', idNumber: '', nationality: '' },
      { name: '', idNumber: '', nationality: '' },
    ],
  ])('normalizes %p', (input, out) => expect(normalizeIdentity(input)).toEqual(out));

  it('is idempotent', () => {
    const once = normalizeIdentity({ name: ' A  b ', idNumber: 'x-1 2', nationality: ' us' });
    expect(normalizeIdentity(once)).toEqual(once);
  });
});

describe('maskIdNumber', () => {
  it.each([
    ['A123456789', 'A1******89'],
    ['11010519491231002X', '11**************2X'],
    ['110105491231002', '11***********02'],
    ['ABCDE', 'AB*DE'],
    ['ABCD', '***D'],
    ['ABC', '**C'],
    ['AB', '*B'],
    ['A', 'A'],
    ['', ''],
  ])('maskIdNumber(%p) = %p', (id, masked) => expect(maskIdNumber(id)).toBe(masked));
});

describe('identityKey', () => {
  it.each<[IdentityInput, string]>([
    [{ nationality: ' cn ', name: '张三', idNumber: '11010519491231002x' }, 'CN:11010519491231002X'],
    [{ nationality: 'CN', name: '张三', idNumber: '110105491231002' }, 'CN:110105491231002'],
    [{ nationality: 'tw', name: '陳小明', idNumber: 'a 123-456-789' }, 'TW:A123456789'],
    [{ nationality: 'US', name: 'John Smith', idNumber: 'x1234567' }, 'US:X1234567'],
  ])('identityKey(%p) = %p', (input, key) => expect(identityKey(input)).toBe(key));

  it('tells two countries apart for one number', () => {
    expect(identityKey({ nationality: 'US', name: 'A B', idNumber: 'X1234567' })).not.toBe(
      identityKey({ nationality: 'GB', name: 'A B', idNumber: 'X1234567' }),
    );
  });
});

describe('identityProblems', () => {
  it('names each field’s own problem, and checkIdentity is the first of them', () => {
    const input = { name: 'A', idNumber: 'A123456788', nationality: 'TW' };
    expect(identityProblems(input)).toEqual([
      { field: 'name', code: 'name_format' },
      { field: 'idNumber', code: 'id_checksum' },
    ]);
    expect(checkIdentity(input)).toEqual({ field: 'name', code: 'name_format' });
    expect(identityProblems({ name: 'x', idNumber: '', nationality: 'ZZ' })).toEqual([
      { field: 'nationality', code: 'nationality_unknown' },
      { field: 'idNumber', code: 'required' },
    ]);
    expect(identityProblems({ name: '王小明', idNumber: 'A123456789', nationality: 'TW' })).toEqual([]);
  });
});
