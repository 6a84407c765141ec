import { describe, it, expect } from '@jest/globals';
import {
  compareDecimal,
  decimalPlaces,
  decimalToScaled,
  divRoundHalfAway,
  isDecimal,
  maxDecimal,
  minDecimal,
  normalizeDecimal,
  roundDecimal,
  parseDecimal,
  relativeChange,
  scaledToDecimal,
} from './decimal.js';

describe('normalizeDecimal', () => {
  it.each([
    ['0', '0'],
    ['00', '0'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['1.50', '1.5'],
    ['007.500', '7.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['-12.340', '-12.34'],
    ['100', '100'],
    ['100.0', '100'],
    ['0.000100', '0.0001'],
    ['65000.12', '65000.12'],
  ])('%p -> %p', (s, out) => expect(normalizeDecimal(s)).toBe(out));

  it.each([[''], ['-'], ['.'], ['+1'], ['1e5'], ['1.2.3'], ['1,5'], [' 1'], ['1 '], ['NaN'], ['Infinity'], ['0x1'], ['１']])('rejects %p', (s) => {
    expect(isDecimal(s)).toBe(false);
    expect(parseDecimal(s)).toBeNull();
    expect(() => normalizeDecimal(s)).toThrow(RangeError);
  });

  it('rejects non-strings', () => {
    expect(isDecimal(1.5)).toBe(false);
    expect(isDecimal(null)).toBe(false);
    expect(() => normalizeDecimal(1.5 as unknown as string)).toThrow(RangeError);
  });
});

describe('compareDecimal', () => {
  it.each([
    ['1', '1', 0],
    ['1.50', '1.5', 0],
    ['1.5', '1.500000', 0],
    ['0', '-0', 0],
    ['0.0', '.0', 0],
    ['007', '7', 0],
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.49', '1.5', -1],
    ['1.5', '1.49', 1],
    ['9', '10', -1],
    ['10', '9', 1],
    ['0.1', '0.09', 1],
    ['0.0001', '0', 1],
    ['-1', '1', -1],
    ['1', '-1', 1],
    ['-2', '-1', -1],
    ['-1', '-2', 1],
    ['-1.5', '-1.50', 0],
    ['-0.0001', '0', -1],
    ['65000.12', '65000.120', 0],
    ['65000.12', '65000.121', -1],
    ['99999999999999999999.99', '100000000000000000000', -1], // beyond float precision
    ['1.0000000000000000001', '1', 1], // beyond float precision
  ])('%p vs %p -> %p', (a, b, c) => {
    expect(compareDecimal(a, b)).toBe(c);
    expect(compareDecimal(b, a)).toBe(c === 0 ? 0 : -c);
  });

  it('throws on malformed input', () => {
    expect(() => compareDecimal('1', 'abc')).toThrow(RangeError);
    expect(() => compareDecimal('1e309', '1')).toThrow(RangeError);
  });

  it('compares huge strings', () => {
    const big = '9'.repeat(100_000);
    expect(compareDecimal(big, `${big}.1`)).toBe(-1);
    expect(compareDecimal(`${big}.10`, `${big}.1`)).toBe(0);
  });
});

describe('maxDecimal / minDecimal', () => {
  it.each([
    ['1.5', '1.49', '1.5', '1.49'],
    ['-1', '-2', '-1', '-2'],
    ['1.50', '1.5', '1.50', '1.50'], // equal: the first, as written
  ])('%p, %p -> max %p min %p', (a, b, max, min) => {
    expect(maxDecimal(a, b)).toBe(max);
    expect(minDecimal(a, b)).toBe(min);
  });
});

describe('decimalPlaces', () => {
  it.each([
    ['3', 0],
    ['1.50', 1],
    ['0.0001', 4],
    ['-2.25', 2],
  ])('%p -> %p', (s, n) => expect(decimalPlaces(s)).toBe(n));
});

describe('decimalToScaled / scaledToDecimal', () => {
  it.each<[string, number, bigint]>([
    ['0.85', 4, 8500n],
    ['.875', 4, 8750n],
    ['1', 4, 10000n],
    ['0.0001', 4, 1n],
    ['1.50000', 2, 150n], // trailing zeros beyond the scale are fine
    ['-0.05', 2, -5n],
    ['12', 0, 12n],
    ['123456789012345678901234567890.12', 2, 12345678901234567890123456789012n],
  ])('%p at scale %p -> %p', (s, scale, v) => expect(decimalToScaled(s, scale)).toBe(v));

  it('refuses to round silently', () => {
    expect(() => decimalToScaled('0.12345', 4)).toThrow(RangeError);
    expect(() => decimalToScaled('1.5', 0)).toThrow(RangeError);
    expect(() => decimalToScaled('1', -1)).toThrow(RangeError);
    expect(() => decimalToScaled('1', 1.5)).toThrow(RangeError);
  });

  it.each<[bigint, number, string]>([
    [8500n, 4, '0.8500'],
    [1n, 4, '0.0001'],
    [0n, 2, '0.00'],
    [-5n, 2, '-0.05'],
    [-150n, 2, '-1.50'],
    [12n, 0, '12'],
    [123456n, 2, '1234.56'],
  ])('%p at scale %p -> %p', (v, scale, s) => expect(scaledToDecimal(v, scale)).toBe(s));
});

describe('divRoundHalfAway', () => {
  it.each<[bigint, bigint, bigint]>([
    [10n, 4n, 3n], // 2.5 -> 3
    [9n, 4n, 2n], // 2.25 -> 2
    [11n, 4n, 3n], // 2.75 -> 3
    [-10n, 4n, -3n], // -2.5 -> -3
    [10n, -4n, -3n],
    [-9n, -4n, 2n],
    [0n, 7n, 0n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
  ])('%p / %p -> %p', (a, b, q) => expect(divRoundHalfAway(a, b)).toBe(q));

  it('refuses division by zero', () => expect(() => divRoundHalfAway(1n, 0n)).toThrow(RangeError));
});

describe('relativeChange', () => {
  it.each<[string, string, number | undefined, string]>([
    ['100', '101.5', undefined, '0.0150'],
    ['100', '100', undefined, '0.0000'],
    ['100.00', '99', undefined, '-0.0100'],
    ['3', '4', undefined, '0.3333'],
    ['3', '5', undefined, '0.6667'],
    ['3', '2', undefined, '-0.3333'],
    ['0.00012', '0.00018', 2, '0.50'],
    ['65000.12', '65650.1212', 6, '0.010000'],
    ['8', '9', 4, '0.1250'],
    ['16', '17', 4, '0.0625'],
    ['32', '33', 4, '0.0313'], // 0.03125 rounds half away from zero
    ['32', '31', 4, '-0.0313'],
  ])('%p -> %p (%p decimals) = %p', (from, to, d, out) => expect(relativeChange(from, to, d)).toBe(out));

  it('refuses a change from zero', () => expect(() => relativeChange('0.00', '1')).toThrow(RangeError));
});

describe('roundDecimal', () => {
  it.each<[string, number, string]>([
    ['1.08416', 2, '1.08'],
    ['1.085', 2, '1.09'],
    ['1.0849999', 2, '1.08'],
    ['100.5', 0, '101'],
    ['100.5', 2, '100.50'],
    ['7', 3, '7.000'],
  ])('%p to %p places -> %p', (value, places, out) => expect(roundDecimal(value, places)).toBe(out));
});
