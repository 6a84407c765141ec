import { describe, expect, it } from '@jest/globals';
import { alignedDecimals, formatChangePercent, formatPrice, formatVolume, padDecimal, signOf } from './format';

describe('formatChangePercent (wire fraction -> signed percent)', () => {
  it.each([
    ['0.0123', '+1.23%'],
    ['-0.0123', '-1.23%'],
    ['0', '0.00%'],
    ['0.00004', '0.00%'], // rounds to zero: no sign
    ['-0.00004', '0.00%'],
    ['0.00005', '+0.01%'],
    ['1.5', '+150.00%'],
    ['0.1', '+10.00%'],
    ['', '--'],
    ['abc', '--'],
  ])('%s -> %s', (input, out) => {
    expect(formatChangePercent(input, 'en')).toBe(out);
  });

  it('shows a dash for a missing value', () => {
    expect(formatChangePercent(null, 'en')).toBe('--');
    expect(formatChangePercent(undefined, 'en')).toBe('--');
  });
});

describe('signOf', () => {
  it.each([
    ['0.01', 1],
    ['-0.01', -1],
    ['0', 0],
    ['-0', 0],
    [null, 0],
    ['x', 0],
  ] as const)('%s -> %s', (input, out) => {
    expect(signOf(input)).toBe(out);
  });
});

describe('formatVolume', () => {
  it('is compact at every size, so figures side by side match', () => {
    expect(formatVolume('9999', 'en')).toBe('10K');
    expect(formatVolume('12.345', 'en')).toBe('12.35');
    expect(formatVolume('10000', 'en')).toBe('10K');
    expect(formatVolume('1234567', 'en')).toBe('1.23M');
    expect(formatVolume('1234567', 'zh-TW')).toBe('123.46萬');
  });
  it('shows a dash for nothing', () => {
    expect(formatVolume(null, 'en')).toBe('--');
    expect(formatVolume('', 'en')).toBe('--');
  });
});

describe('formatPrice', () => {
  it('shows the wire digits unchanged, grouped, or a dash', () => {
    expect(formatPrice('64250.10', 'en')).toBe('64,250.10');
    expect(formatPrice(null)).toBe('--');
    expect(formatPrice('')).toBe('--');
  });
});

describe('padDecimal (an exchange mid shown with the product precision)', () => {
  it('pads a whole number and a short fraction to the precision', () => {
    expect(padDecimal('67267', 2, 'en')).toBe('67,267.00');
    expect(padDecimal('67267.5', 2, 'en')).toBe('67,267.50');
    expect(padDecimal('0.1', 4, 'en')).toBe('0.1000');
  });
  it('keeps a mid that already has as many decimals or more, exactly', () => {
    expect(padDecimal('67267.25', 2, 'en')).toBe('67,267.25');
    expect(padDecimal('67267.255', 2, 'en')).toBe('67,267.255');
    expect(padDecimal('67240.70', 3, 'en')).toBe('67,240.700');
  });
  it('leaves a precision of zero alone and shows a dash when there is no mid', () => {
    expect(padDecimal('67267', 0, 'en')).toBe('67,267');
    expect(padDecimal(null, 2, 'en')).toBe('--');
    expect(padDecimal('', 2, 'en')).toBe('--');
  });
});

describe('alignedDecimals (one number of decimals for a column of mids)', () => {
  it('takes the precision, or the longest mid as sent, trailing zeros counted', () => {
    expect(alignedDecimals(['67267', '67267.5'], 2)).toBe(2);
    expect(alignedDecimals(['67249.725', '67244.98'], 2)).toBe(3);
    // "67240.700" is kept with its three decimals by padDecimal, so the others get three too.
    const mids = ['67240.700', '67240.12', null];
    const digits = alignedDecimals(mids, 2);
    expect(digits).toBe(3);
    expect(mids.filter((m) => m !== null).map((m) => padDecimal(m, digits, 'en'))).toEqual(['67,240.700', '67,240.120']);
    expect(alignedDecimals([], 2)).toBe(2);
  });
});
