import { describe, expect, it } from '@jest/globals';
import { blockedCountryMessage, isNationalityBlocked, isPhoneCountryBlocked, normalizeCountryList } from './blocked-countries.js';
import { phoneCountryOf } from './phone.js';

const list = { phone: ['US', 'KP'], nationality: ['KP'], message: { 'zh-TW': '本平台不服務您的國家', en: 'We do not serve your country' } };

describe('blocked countries', () => {
  it.each<[string, string]>([
    ['en', 'We do not serve your country'],
    ['zh-TW', '本平台不服務您的國家'],
    ['ja', '本平台不服務您的國家'], // no Japanese text: zh-TW's
  ])('reads the message in %p', (locale, text) => expect(blockedCountryMessage(list, locale)).toBe(text));

  it('gives "" without any message and ignores blank ones', () => {
    expect(blockedCountryMessage({ message: {} }, 'en')).toBe('');
    expect(blockedCountryMessage({ message: { en: '  ', 'zh-TW': 'x' } }, 'en')).toBe('x');
  });

  it.each<[string, string | null, boolean]>([
    ['+12125550123', 'US', true],
    ['+886912345678', 'TW', false],
    ['+8613954176704', 'CN', false],
    ['+14165550123', 'CA', false], // +1 but Canada
    ['+80012345678', null, false], // no single country
  ])('phone %p is of %p, blocked %p', (phone, country, blocked) => {
    expect(phoneCountryOf(phone)).toBe(country);
    expect(isPhoneCountryBlocked(list, phoneCountryOf(phone))).toBe(blocked);
  });

  it('checks nationality in upper case and normalises lists', () => {
    expect(isNationalityBlocked(list, 'kp')).toBe(true);
    expect(isNationalityBlocked(list, 'US')).toBe(false); // blocked by phone only
    expect(normalizeCountryList(['us', 'KP', 'US ', 'kp'])).toEqual(['KP', 'US']);
  });
});
