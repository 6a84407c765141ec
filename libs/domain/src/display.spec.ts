import { describe, it, expect } from '@jest/globals';
import { formatOrderNo, maskEmail, maskPhone, relativeTime, type RelativeTime } from './display.js';

describe('maskPhone', () => {
  it.each([
    ['13812345678', '138****5678'],
    ['+8613812345678', '138****5678'],
    ['+8612812345678', '+861****5678'],
    ['+886912345678', '+886****5678'],
    ['+12025550123', '+120****0123'],
    [' 13812345678 ', '138****5678'],
    ['12345678', '123****5678'],
    ['1234567', '****'],
    ['', '****'],
  ])('%p -> %p', (s, out) => expect(maskPhone(s)).toBe(out));
});

describe('maskEmail', () => {
  it.each([
    ['alice@example.com', 'a***e@example.com'],
    ['abc@x.io', 'a***c@x.io'],
    ['ab@x.io', 'a***@x.io'],
    ['a@x.io', 'a***@x.io'],
    ['first.last+tag@sub.example.org', 'f***g@sub.example.org'],
    ['@example.com', '***'],
    ['no-at-sign', '***'],
    ['', '***'],
  ])('%p -> %p', (s, out) => expect(maskEmail(s)).toBe(out));

  it('never shows the middle of the local part', () => {
    expect(maskEmail('secretname@example.com')).not.toContain('ecretnam');
  });
});

describe('formatOrderNo', () => {
  const d = new Date('2024-03-05T17:30:00Z');
  it.each<[number | bigint | string, { prefix?: string; timeZone?: string } | undefined, string]>([
    [42, undefined, '2024030500000042'],
    [0, undefined, '2024030500000000'],
    [99999999, undefined, '2024030599999999'],
    [100000000, undefined, '20240305100000000'], // longer sequences in full
    [12345678901234567890n, undefined, '2024030512345678901234567890'],
    ['00042', undefined, '2024030500000042'],
    [42, { prefix: 'W' }, 'W2024030500000042'],
    [42, { timeZone: 'Asia/Taipei' }, '2024030600000042'], // 01:30 on the 6th in Taipei
    [42, { prefix: 'DEP', timeZone: 'America/New_York' }, 'DEP2024030500000042'],
  ])('seq %p %p -> %p', (seq, opts, out) => expect(formatOrderNo(d, seq, opts)).toBe(out));

  it.each<[string, () => string]>([
    ['negative seq', () => formatOrderNo(d, -1)],
    ['fractional seq', () => formatOrderNo(d, 1.5)],
    ['unsafe seq', () => formatOrderNo(d, 2 ** 60)],
    ['text seq', () => formatOrderNo(d, '12a')],
    ['lower-case prefix', () => formatOrderNo(d, 1, { prefix: 'w' })],
    ['long prefix', () => formatOrderNo(d, 1, { prefix: 'ABCDE' })],
    ['bad zone', () => formatOrderNo(d, 1, { timeZone: 'Nowhere' })],
    ['invalid date', () => formatOrderNo(new Date('x'), 1)],
  ])('refuses %s', (_name, fn) => expect(fn).toThrow(RangeError));
});

describe('relativeTime', () => {
  const now = new Date('2024-03-05T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  it.each<[string, number, RelativeTime]>([
    ['now', 0, { kind: 'justNow' }],
    ['14:59.999 ago', 15 * MIN - 1, { kind: 'justNow' }],
    ['exactly 15 minutes ago', 15 * MIN, { kind: 'minutes', n: 15 }],
    ['59:59 ago', HOUR - 1000, { kind: 'minutes', n: 59 }],
    ['exactly 1 hour ago', HOUR, { kind: 'hours', n: 1 }],
    ['1 h 59 m ago', 2 * HOUR - MIN, { kind: 'hours', n: 1 }],
    ['23:59:59.999 ago', 24 * HOUR - 1, { kind: 'hours', n: 23 }],
    ['exactly a day ago', 24 * HOUR, { kind: 'date' }],
    ['a year ago', 365 * 24 * HOUR, { kind: 'date' }],
    ['a minute in the future', -MIN, { kind: 'justNow' }],
  ])('%s', (_name, ms, out) => expect(relativeTime(ago(ms), now)).toEqual(out));

  it('refuses an invalid date', () => expect(() => relativeTime(new Date('x'), now)).toThrow(RangeError));
});
