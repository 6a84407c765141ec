import { describe, expect, it } from '@jest/globals';
import { numberTextToDecimal, parseJsonKeepNumbers } from './json-text.js';

describe('parseJsonKeepNumbers', () => {
  it('keeps every number as its source text, strings and structure as JSON.parse gives them', () => {
    const text = '{"a":63027.10000001,"b":[1,-2.50,3e-5,"4.0"],"c":{"d":"x\\"9\\\\","e":true,"f":null},"g":0.1}';
    expect(parseJsonKeepNumbers(text)).toEqual({ a: '63027.10000001', b: ['1', '-2.50', '3e-5', '4.0'], c: { d: 'x"9\\', e: true, f: null }, g: '0.1' });
  });

  it('does not touch digits inside strings', () => {
    expect(parseJsonKeepNumbers('{"t":"2026-02-03T12:57:36.1Z","n":7}')).toEqual({ t: '2026-02-03T12:57:36.1Z', n: '7' });
  });

  it.each([['{"a":}'], ['not json'], ['{"a":01}'], ['\u0000{{']])('refuses malformed JSON %p', (bad) => {
    expect(() => parseJsonKeepNumbers(bad)).toThrow(SyntaxError);
  });
});

describe('numberTextToDecimal', () => {
  it.each([
    ['63027.1', '63027.1'],
    ['63027.0', '63027.0'],
    ['63027.10000001', '63027.10000001'],
    ['1.234e-05', '0.00001234'],
    ['1.236E-5', '0.00001236'],
    ['5E+3', '5000'],
    ['1.5e1', '15'],
    ['12e-1', '1.2'],
    ['0.1', '0.1'],
    ['-0.5', '-0.5'],
    ['100', '100'],
    ['007.50', '7.50'],
    ['-00.5e1', '-5'],
  ])('%s -> %s', (text, dec) => expect(numberTextToDecimal(text)).toBe(dec));

  it.each([['abc'], [''], ['1.'], ['.5'], ['1e999'], [12]])('refuses %p', (bad) => expect(numberTextToDecimal(bad)).toBeNull());

  it('keeps more digits than a double holds', () => {
    expect(numberTextToDecimal('67012.123456789012345')).toBe('67012.123456789012345');
    expect(String(JSON.parse('67012.123456789012345'))).not.toBe('67012.123456789012345');
  });
});
