import { describe, expect, it } from '@jest/globals';
import { classifyRelativeTime, describeUserAgent, formatMoney, formatRelativeTime, moneySign } from './format';

describe('formatMoney', () => {
  it.each([
    ['0.00', '0.00'],
    ['10000.00', '10,000.00'],
    ['1234567.5', '1,234,567.50'],
    ['-0.05', '-0.05'],
    ['999.99', '999.99'],
    ['1000', '1,000.00'],
    ['abc', '--'],
    [null, '--'],
  ])('%s -> %s', (wire, shown) => {
    expect(formatMoney(wire)).toBe(shown);
  });

  it('adds a plus sign only to positive amounts when asked', () => {
    expect(formatMoney('12.30', { sign: true })).toBe('+12.30');
    expect(formatMoney('0.00', { sign: true })).toBe('0.00');
    expect(formatMoney('-12.30', { sign: true })).toBe('-12.30');
  });

  it.each([
    ['1.00', 1],
    ['0.00', 0],
    ['-0.01', -1],
    [undefined, 0],
  ] as const)('moneySign(%s) = %s', (wire, sign) => {
    expect(moneySign(wire)).toBe(sign);
  });
});

describe('relative time (under 15 min just now, under a day relative, else date)', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, 'justNow'],
    [14 * 60_000 + 59_000, 'justNow'],
    [15 * 60_000, 'relative'],
    [23 * 3_600_000 + 59 * 60_000, 'relative'],
    [24 * 3_600_000, 'date'],
  ])('%s ms ago -> %s', (ms, kind) => {
    expect(classifyRelativeTime(ago(ms), now).kind).toBe(kind);
  });

  it('uses minutes under an hour and hours under a day', () => {
    expect(classifyRelativeTime(ago(20 * 60_000), now)).toEqual({ kind: 'relative', value: 20, unit: 'minute' });
    expect(classifyRelativeTime(ago(5 * 3_600_000 + 10), now)).toEqual({ kind: 'relative', value: 5, unit: 'hour' });
  });

  it('formats in the given locale', () => {
    expect(formatRelativeTime(ago(60_000), 'en', 'Just now', now)).toBe('Just now');
    expect(formatRelativeTime(ago(2 * 3_600_000), 'en', 'Just now', now)).toBe('2 hours ago');
  });
});

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', 'Chrome', 'Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0', 'Edge', 'Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', 'Linux'],
  ])('%s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });
  it('handles a missing user agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });
});
