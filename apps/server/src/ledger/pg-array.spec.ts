import { describe, expect, it } from '@jest/globals';
import { pgPlainArray, pgTextArray } from './pg-array.js';

describe('pgPlainArray', () => {
  it('writes integers, id strings and nulls without quotes', () => {
    expect(pgPlainArray([])).toBe('{}');
    expect(pgPlainArray([1, -2, 0, 9007199254740991])).toBe('{1,-2,0,9007199254740991}');
    expect(pgPlainArray(['12', '-5', null, undefined])).toBe('{12,-5,NULL,NULL}');
    expect(pgPlainArray(['0c7f5c3e-6d8a-4f6e-9b1a-2f3e4d5c6b7a'])).toBe('{0c7f5c3e-6d8a-4f6e-9b1a-2f3e4d5c6b7a}');
  });

  it.each<[string, unknown]>([
    ['a fraction', 1.5],
    ['an unsafe integer', 2 ** 53],
    ['NaN', Number.NaN],
    ['a comma', '1,2'],
    ['a brace', '1}'],
    ['a quote', '1"'],
    ['a space', '1 2'],
    ['the word NULL', 'NULL'],
    ['an empty string', ''],
    ['text', 'order'],
  ])('refuses %s', (_n, v) => {
    expect(() => pgPlainArray([v as string])).toThrow(/pgPlainArray/);
  });
});

describe('pgTextArray', () => {
  it('quotes every string, escapes backslashes and quotes, and writes nulls as NULL', () => {
    expect(pgTextArray([])).toBe('{}');
    expect(pgTextArray(['order', null, 'settle:1'])).toBe('{"order",NULL,"settle:1"}');
    expect(pgTextArray(['NULL', '', 'a,b', '{x}', ' sp '])).toBe('{"NULL","","a,b","{x}"," sp "}');
    expect(pgTextArray(['say "hi"', 'back\\slash', '\\"'])).toBe('{"say \\"hi\\"","back\\\\slash","\\\\\\""}');
  });

  it('refuses a value that is not a string', () => {
    expect(() => pgTextArray([5 as unknown as string])).toThrow(/pgTextArray/);
  });
});
