import { describe, expect, it } from '@jest/globals';
import { composeAddress, parseAddress } from './address';
import { BANKS, bankValue, knownBank } from './banks';

describe('withdrawal-account address', () => {
  it('writes a Taiwanese address as 縣市 區 地址 and reads it back', () => {
    const parts = { area: '臺北市', town: '大安區', street: '忠孝東路四段 1 號' };
    const region = composeAddress('TW', parts);
    expect(region).toBe('臺北市 大安區 忠孝東路四段 1 號');
    expect(parseAddress('TW', region)).toEqual(parts);
  });

  it('writes other countries as state, city, street and reads them back', () => {
    const parts = { area: 'California', town: 'San Francisco', street: '1 Market St, Apt 2' };
    const region = composeAddress('US', parts);
    expect(region).toBe('California, San Francisco, 1 Market St, Apt 2');
    expect(parseAddress('US', region)).toEqual(parts);
  });

  it('leaves out empty parts, and keeps an old free-text region whole in the street part', () => {
    expect(composeAddress('JP', { area: '', town: 'Osaka', street: '1-2-3 Umeda' })).toBe('Osaka, 1-2-3 Umeda');
    expect(parseAddress('TW', 'Taipei')).toEqual({ area: '', town: '', street: 'Taipei' });
    expect(parseAddress('DE', 'Berlin')).toEqual({ area: '', town: '', street: 'Berlin' });
    expect(parseAddress('TW', '')).toEqual({ area: '', town: '', street: '' });
  });
});

describe('known banks', () => {
  it('lists the main Taiwanese banks with their 3-digit codes, and finds a saved one again', () => {
    const tw = BANKS.TW!;
    for (const code of ['004', '005', '006', '007', '008', '009', '012', '013', '017', '808', '812', '822']) expect(tw.some((b) => b.code === code)).toBe(true);
    for (const b of tw) expect(b.code).toMatch(/^\d{3}$/);
    expect(knownBank('TW', bankValue(tw[0]!))).toEqual(tw[0]);
    expect(knownBank('TW', 'First Bank')).toBeNull();
    expect(knownBank('FR', 'BNP')).toBeNull();
  });
});
