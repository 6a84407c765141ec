import { describe, expect, it } from '@jest/globals';
import { defaultPhoneCountry, isValidPhone, normalizePhone, phoneCallingCode, PHONE_COUNTRIES, type PhoneCountry } from './phone.js';

describe('normalizePhone without a country (one string, as API clients send it)', () => {
  it.each([
    // Mainland mobiles without a country code are +86.
    ['13954176704', '+8613954176704'],
    ['19912345678', '+8619912345678'],
    [' 139 5417 6704 ', '+8613954176704'],
    ['139-5417-6704', '+8613954176704'],
    // The same number written with its country code, with separators or a trunk 0.
    ['+8613954176704', '+8613954176704'],
    ['+86 139 5417 6704', '+8613954176704'],
    ['+86 (0)139 5417 6704', '+8613954176704'],
    // Taiwan mobiles in national form are +886, trunk 0 dropped; with +886 they stay.
    ['0912345678', '+886912345678'],
    ['0912-345-678', '+886912345678'],
    ['+886912345678', '+886912345678'],
    ['+886 912 345 678', '+886912345678'],
    ['+8860912345678', '+886912345678'],
    // Other countries' mobiles with their code (US numbers may be either kind, so they pass).
    ['+12025550123', '+12025550123'],
    ['+1 (202) 555-0123', '+12025550123'],
    ['+447911123456', '+447911123456'],
    ['+819012345678', '+819012345678'],
    ['+85291234567', '+85291234567'],
    // The home markets' rules decide for +86 and +886, even where the metadata has no block yet.
    ['+8614012345678', '+8614012345678'],
    ['0990123456', '+886990123456'],
  ])('%p -> %p', (raw, e164) => expect(normalizePhone(raw)).toBe(e164));

  it.each([
    ['', 'empty'],
    ['12812345678', 'a mainland-looking number with a second digit of 2'],
    ['+8612812345678', 'the same with +86: the mainland rule applies to +86'],
    ['+86 10 1234 5678', 'a Beijing landline'],
    ['1395417670', 'ten digits'],
    ['2025550123', 'a national number of another country, without its code'],
    ['0812345678', 'a Taiwan number in national form that is not a mobile'],
    ['+886 2 2345 6789', 'a Taipei landline'],
    ['+33 1 23 45 67 89', 'a Paris landline'],
    ['+12345678', 'an impossible length for +1'],
    ['+999123456789', 'no such country code'],
    ['+86139541767040000', 'too long'],
    ['+86 139 5417 6704 ext. 1', 'letters'],
    ['call 13954176704', 'text around the number'],
    ['+', 'a bare plus'],
  ])('%p is not a phone (%s)', (raw) => expect(normalizePhone(raw)).toBeNull());

  it('is idempotent: an E.164 answer reads as itself, with or without a country', () => {
    for (const raw of ['13954176704', '0912345678', '+1 202 555 0123', '+33 6 12 34 56 78']) {
      const once = normalizePhone(raw)!;
      expect(normalizePhone(once)).toBe(once);
      expect(normalizePhone(once, 'TW')).toBe(once);
    }
  });
});

describe('normalizePhone with the picker country', () => {
  it.each<[string, PhoneCountry, string]>([
    ['0912345678', 'TW', '+886912345678'],
    ['912 345 678', 'TW', '+886912345678'],
    ['0912-345-678', 'TW', '+886912345678'],
    ['13954176704', 'CN', '+8613954176704'],
    ['090-1234-5678', 'JP', '+819012345678'],
    ['010-1234-5678', 'KR', '+821012345678'],
    ['081 234 5678', 'TH', '+66812345678'],
    ['0912 345 678', 'VN', '+84912345678'],
    ['0812-3456-7890', 'ID', '+6281234567890'],
    ['(202) 555-0123', 'US', '+12025550123'],
    ['0151 12345678', 'DE', '+4915112345678'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    // A number with + keeps its own country whatever the picker says.
    ['+8613954176704', 'TW', '+8613954176704'],
    ['+886912345678', 'US', '+886912345678'],
  ])('%p in %s -> %p', (raw, country, e164) => expect(normalizePhone(raw, country)).toBe(e164));

  it.each<[string, PhoneCountry, string]>([
    ['12812345678', 'CN', 'the mainland rule: second digit 2'],
    ['0912345678', 'CN', 'a Taiwan mobile read in the mainland plan'],
    ['02 2345 6789', 'TW', 'a Taipei landline'],
    ['03-1234-5678', 'JP', 'a Tokyo landline'],
    ['091234567', 'TW', 'one digit short'],
    ['09123456789', 'TW', 'one digit long'],
    ['', 'TW', 'empty'],
  ])('%p in %s is refused (%s)', (raw, country) => expect(isValidPhone(raw, country)).toBe(false));

  it('reads a mainland mobile typed without +86 as one whatever the picker shows; a Taiwan one only in TW', () => {
    // 11 digits starting with 1 are no other served country's mobile form: a user who left the picker alone is understood.
    expect(['CN', 'TW', 'JP', 'US'].map((c) => normalizePhone('13954176704', c as PhoneCountry))).toEqual(Array(4).fill('+8613954176704'));
    expect(isValidPhone('12812345678', 'TW')).toBe(false); // still the mainland rule
    expect([isValidPhone('0912345678'), isValidPhone('0912345678', 'TW'), isValidPhone('0912345678', 'CN')]).toEqual([true, true, false]);
  });
});

describe('defaultPhoneCountry (the picker follows the language)', () => {
  it.each<[string, readonly string[], PhoneCountry]>([
    ['zh-TW', [], 'TW'],
    ['zh-CN', [], 'CN'],
    ['ja', [], 'JP'],
    ['ko', [], 'KR'],
    ['th', [], 'TH'],
    ['vi', [], 'VN'],
    ['id', [], 'ID'],
    ['de', [], 'DE'],
    ['fr', [], 'FR'],
    ['en', [], 'US'],
    ['en', ['en-GB', 'en'], 'GB'],
    ['en', ['zh-TW', 'en-SG'], 'SG'],
    ['en', ['en-NZ'], 'US'],
    ['zh-TW', ['zh-HK'], 'TW'],
    ['xx', [], 'TW'],
  ])('%s with browser %j -> %s', (lang, browser, country) => expect(defaultPhoneCountry(lang, browser)).toBe(country));
});

describe('phoneCallingCode', () => {
  it('labels each picker country with its calling code', () => {
    expect(PHONE_COUNTRIES.map((c) => phoneCallingCode(c)).slice(0, 4)).toEqual(['+886', '+852', '+853', '+86']);
    expect(phoneCallingCode('US')).toBe('+1');
  });
});
