import { describe, expect, it } from '@jest/globals';
import { jsonKeepingNumbersOf, numberTextToDecimal } from './json-text.js';

describe('jsonKeepingNumbersOf', () => {
  const parse = jsonKeepingNumbersOf(['bid', 'ask']);

  it("keeps the named keys' numbers as their source text, everything else as JSON.parse gives it", () => {
    const text = '{"bid":63027.10000001,"ask" : 63027.20,"qty":1.50,"b":[1,{"bid":3e-5}],"c":{"d":"x\\"9\\\\","e":true,"f":null}}';
    expect(parse(text)).toEqual({ bid: '63027.10000001', ask: '63027.20', qty: 1.5, b: [1, { bid: '3e-5' }], c: { d: 'x"9\\', e: true, f: null } });
  });

  it('leaves string values alone, even one that reads like a key and a number', () => {
    const text = '{"t":"2026-02-03T12:57:36.1Z","note":"\\"bid\\":5","bid":"7.5"}';
    expect(parse(text)).toEqual({ t: '2026-02-03T12:57:36.1Z', note: '"bid":5', bid: '7.5' });
  });

  it.each([['{"bid":}'], ['not json'], ['{"bid":01}'], ['\u0000{{']])('refuses malformed JSON %p', (bad) => {
    expect(() => parse(bad)).toThrow(SyntaxError);
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
