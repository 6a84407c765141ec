import { describe, expect, it } from '@jest/globals';
import { KYC_NATIONALITIES } from '@candor/domain';
import { defaultNationality, identityProblems, nationalityOptions, problemKey } from './identity';

// A valid Taiwanese number (A, then 123456789: the standard checksum holds) and a valid mainland one.
const TW_ID = 'A123456789';
const CN_ID = '11010519491231002X';

describe('identityProblems', () => {
  it.each<[string, { name: string; idNumber: string; nationality: string }, ReturnType<typeof identityProblems>]>([
    ['all fine (TW)', { name: '王小明', idNumber: TW_ID, nationality: 'TW' }, {}],
    ['all fine (CN), typed in lower case with spaces', { name: ' 王小明 ', idNumber: '110105 19491231 002x', nationality: 'cn' }, {}],
    ['nothing typed: each field is required', { name: '', idNumber: '', nationality: '' }, { nationality: 'required', name: 'required', idNumber: 'required' }],
    ['no nationality: the typed name and number wait for it', { name: 'x', idNumber: '1', nationality: '' }, { nationality: 'required' }],
    ['an unknown nationality', { name: '王小明', idNumber: TW_ID, nationality: 'ZZ' }, { nationality: 'nationality_unknown' }],
    [
      'a wrong name and a wrong number are both named',
      { name: 'A', idNumber: 'A123456788', nationality: 'TW' },
      { name: 'name_format', idNumber: 'id_checksum' },
    ],
    ['CN: six characters are too many', { name: '王小明王小明', idNumber: CN_ID, nationality: 'CN' }, { name: 'name_format' }],
    ['CN: a bad check digit', { name: '王小明', idNumber: '110105194912310021', nationality: 'CN' }, { idNumber: 'id_checksum' }],
    ['CN: 16 digits', { name: '王小明', idNumber: '1101051949123100', nationality: 'CN' }, { idNumber: 'id_format' }],
    ['TW: a number without its letter', { name: 'Wang Xiaoming', idNumber: '1234567890', nationality: 'TW' }, { idNumber: 'id_format' }],
    ['elsewhere: a missing number while the name is wrong', { name: '1', idNumber: '', nationality: 'US' }, { name: 'name_format', idNumber: 'required' }],
    ['elsewhere: letters and digits', { name: 'Jane Doe', idNumber: 'X1234567', nationality: 'US' }, {}],
  ])('%s', (_, input, expected) => {
    expect(identityProblems(input)).toEqual(expected);
  });
});

describe('problemKey', () => {
  it('words format rules per nationality for CN and TW only', () => {
    expect(problemKey('name', 'name_format', 'cn')).toBe('problem.name.name_format_CN');
    expect(problemKey('idNumber', 'id_format', 'TW')).toBe('problem.idNumber.id_format_TW');
    expect(problemKey('idNumber', 'id_format', 'JP')).toBe('problem.idNumber.id_format');
    expect(problemKey('idNumber', 'id_checksum', 'CN')).toBe('problem.idNumber.id_checksum');
    expect(problemKey('name', 'required', 'TW')).toBe('problem.name.required');
  });
});

describe('nationalities', () => {
  it('starts from where the language is written, else from none', () => {
    expect(defaultNationality('zh-TW')).toBe('TW');
    expect(defaultNationality('zh-CN')).toBe('CN');
    expect(defaultNationality('en')).toBe('');
    expect(defaultNationality('ja')).toBe('');
  });

  it('lists every code once, named in the language and sorted by that name, the usual ones first', () => {
    const en = nationalityOptions('en');
    expect(en.all.map((o) => o.code).sort()).toEqual([...KYC_NATIONALITIES].sort());
    expect(en.all.find((o) => o.code === 'DE')?.name).toBe('Germany');
    const names = en.all.map((o) => o.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(en.first.map((o) => o.code)).toEqual(['US', 'GB', 'AU', 'CA', 'SG']);
    const de = nationalityOptions('de');
    expect(de.all.find((o) => o.code === 'DE')?.name).toBe('Deutschland');
    expect(nationalityOptions('zh-TW').first[0]).toEqual({ code: 'TW', name: '台灣' });
  });
});
