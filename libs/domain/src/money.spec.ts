import { describe, it, expect } from '@jest/globals';
import { formatCents, parseMoney, MAX_AMOUNT_CENTS } from './money.js';

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [101, '1.01'],
    [125000, '1250.00'],
    [-1, '-0.01'],
    [-5, '-0.05'],
    [-100, '-1.00'],
    [-123456, '-1234.56'],
    [-0, '0.00'],
    [MAX_AMOUNT_CENTS, '999999.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
  ])('%p -> %p', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([[0.5], [1.005], [NaN], [Infinity], [-Infinity], [Number.MAX_SAFE_INTEGER + 1], [1e309]])('rejects %p', (cents) => {
    expect(() => formatCents(cents)).toThrow(RangeError);
  });

  it('round-trips through parseMoney', () => {
    for (const c of [0, 1, 9, 10, 99, 100, 12345, -1, -99, -100, -12345, MAX_AMOUNT_CENTS]) {
      expect(parseMoney(formatCents(c))).toBe(c);
    }
  });
});

describe('parseMoney', () => {
  it.each<[unknown, number | null]>([
    ['0', 0],
    ['0.00', 0],
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['0.01', 1],
    ['  7.5  ', 750],
    ['007', 700],
    ['999999', 99999900],
    ['999999.99', 99999999],
    ['9999999999999.99', 999999999999999],
    ['-1', -100],
    ['-0.01', -1],
    ['-12.34', -1234],
    [12, 1200],
    [12.5, 1250],
    [0.01, 1],
    [-3.25, -325],
    [0, 0],
  ])('%p -> %p', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each<[unknown]>([
    ['1.234'],
    [1.234],
    ['1e309'],
    [1e309],
    [-1e309],
    [Infinity],
    [NaN],
    ['NaN'],
    ['Infinity'],
    ['1e3'],
    [1e21],
    [0.1 + 0.2],
    [''],
    ['   '],
    ['.5'],
    ['5.'],
    ['+5'],
    ['--5'],
    ['1,000.00'],
    ['1 000'],
    ['0x10'],
    ['１２'],
    ['12abc'],
    ['10000000000000'],
    [null],
    [undefined],
    [true],
    [{}],
    [[]],
    [10n],
  ])('rejects %p', (input) => {
    expect(parseMoney(input)).toBeNull();
  });

  it('rejects huge strings quickly', () => {
    const started = Date.now();
    expect(parseMoney('9'.repeat(100_000))).toBeNull();
    expect(parseMoney('1.' + '0'.repeat(100_000))).toBeNull();
    expect(parseMoney('1' + ' '.repeat(100_000) + '1')).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('parses "-0" as plain zero, not negative zero', () => {
    expect(Object.is(parseMoney('-0'), 0)).toBe(true);
    expect(Object.is(parseMoney('-0.00'), 0)).toBe(true);
  });
});
