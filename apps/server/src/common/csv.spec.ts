import { describe, expect, it } from '@jest/globals';
import { defuseCsvCell, toCsv } from './csv.js';

describe('defuseCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+SUM(A1)', `'+SUM(A1)`],
    ['-2+3', `'-2+3`],
    ['@cmd', `'@cmd`],
    ['\t=1', `'\t=1`],
    ['\r=1', `'\r=1`],
    ['-12.50', '-12.50'],
    ['+3', '+3'],
    ['plain', 'plain'],
    ['', ''],
    ['a=b', 'a=b'],
  ])('%j -> %j', (input, expected) => {
    expect(defuseCsvCell(input)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a header row, quotes where needed, defuses formulas and leaves null cells empty', () => {
    const csv = toCsv(
      [
        { a: '=1+1', b: 'x,y', c: null },
        { a: '-5.00', b: 'say "hi"', c: { k: 1 } },
      ],
      ['a', 'b', 'c'],
    );
    expect(csv).toBe(`a,b,c\n'=1+1,"x,y",\n-5.00,"say ""hi""","{""k"":1}"\n`);
  });
});
