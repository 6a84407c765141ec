import { describe, expect, it } from '@jest/globals';
import { ageParts, moneyCents, resultClass } from './age';

describe('ageParts', () => {
  it.each([
    [0, { key: 'ageS', n: 0 }],
    [59.9, { key: 'ageS', n: 59 }],
    [60, { key: 'ageM', n: 1 }],
    [3599, { key: 'ageM', n: 59 }],
    [3600 + 5 * 60 + 7, { key: 'ageH', n: 1, m: 5 }],
    [86_400 * 2 + 3 * 3600 + 59, { key: 'ageD', n: 2, h: 3 }],
    [-5, { key: 'ageS', n: 0 }],
  ])('%s s -> %j', (s, want) => {
    expect(ageParts(s)).toEqual(want);
  });
});

describe('moneyCents', () => {
  it.each([
    ['12.34', 1234],
    ['-9.00', -900],
    ['0.5', 50],
    ['7', 700],
    ['abc', 0],
  ])('%s -> %d', (m, c) => {
    expect(moneyCents(m)).toBe(c);
  });
  it('classes a result by its sign', () => {
    expect([resultClass('1.00'), resultClass('-0.01'), resultClass('0.00')]).toEqual(['text-ok', 'text-bad', '']);
  });
});
