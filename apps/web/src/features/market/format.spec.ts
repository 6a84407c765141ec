import { describe, expect, it } from '@jest/globals';
import { alignedDecimals, formatChangePercent, formatCountdown, formatPrice, formatVolume, localizeDecimal, padDecimal, signOf, splitDuration } from './format';

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
  it('keeps small numbers whole, with grouping', () => {
    expect(formatVolume('9999', 'en')).toBe('9,999');
    expect(formatVolume('12.345', 'en')).toBe('12.35');
  });
  it('goes compact from 10 000', () => {
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
  it('shows the wire text unchanged, or a dash', () => {
    expect(formatPrice('64250.10')).toBe('64250.10');
    expect(formatPrice(null)).toBe('--');
    expect(formatPrice('')).toBe('--');
  });
});

describe('padDecimal (an exchange mid shown with the product precision)', () => {
  it('pads a whole number and a short fraction to the precision', () => {
    expect(padDecimal('67267', 2)).toBe('67267.00');
    expect(padDecimal('67267.5', 2)).toBe('67267.50');
    expect(padDecimal('0.1', 4)).toBe('0.1000');
  });
  it('keeps a mid that already has as many decimals or more, exactly', () => {
    expect(padDecimal('67267.25', 2)).toBe('67267.25');
    expect(padDecimal('67267.255', 2)).toBe('67267.255');
    expect(padDecimal('67240.70', 3)).toBe('67240.700');
  });
  it('leaves a precision of zero alone and shows a dash when there is no mid', () => {
    expect(padDecimal('67267', 0)).toBe('67267');
    expect(padDecimal(null, 2)).toBe('--');
    expect(padDecimal('', 2)).toBe('--');
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
    expect(mids.filter((m) => m !== null).map((m) => padDecimal(m, digits))).toEqual(['67240.700', '67240.120']);
    expect(alignedDecimals([], 2)).toBe(2);
  });
});

describe('splitDuration', () => {
  it.each([
    [30, { value: 30, unit: 's' }],
    [60, { value: 1, unit: 'm' }],
    [90, { value: 90, unit: 's' }],
    [300, { value: 5, unit: 'm' }],
    [3600, { value: 1, unit: 'h' }],
    [5400, { value: 90, unit: 'm' }],
    [86400, { value: 1, unit: 'd' }],
  ] as const)('%s s -> %o', (seconds, out) => {
    expect(splitDuration(seconds)).toEqual(out);
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00'],
    [-500, '00:00'],
    [1, '00:01'], // a partial second still shows as one second left
    [999, '00:01'],
    [1000, '00:01'],
    [1001, '00:02'],
    [59_000, '00:59'],
    [60_000, '01:00'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
  ])('%s ms -> %s', (ms, out) => {
    expect(formatCountdown(ms)).toBe(out);
  });
});

describe("localizeDecimal (the reader's decimal mark in a wire decimal)", () => {
  it.each([
    ['en', '85.5', '85.5'],
    ['zh-Hant', '85.5', '85.5'],
    ['de', '85.5', '85,5'],
    ['id', '0.25', '0,25'],
    ['de', '100', '100'],
  ])('%s: %s -> %s', (locale, text, shown) => {
    expect(localizeDecimal(text, locale)).toBe(shown);
  });

  it('keeps each locale apart after the first call', () => {
    expect(localizeDecimal('1.5', 'de')).toBe('1,5');
    expect(localizeDecimal('1.5', 'en')).toBe('1.5');
    expect(localizeDecimal('1.5', 'de')).toBe('1,5');
  });
});
