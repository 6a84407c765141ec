import { describe, expect, it } from '@jest/globals';
import {
  classifyRelativeTime,
  formatAnnouncedTime,
  formatCountdown,
  formatMoney,
  formatRelativeTime,
  localizeDecimal,
  moneySign,
  splitDuration,
} from './format';

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

describe('formatAnnouncedTime (when a catalogue change takes effect)', () => {
  it('writes the instant in the given time zone, to the minute, with the month in words', () => {
    const text = formatAnnouncedTime('2026-12-02T08:00:00Z', 'en', 'Asia/Taipei');
    expect(text).toContain('16:00');
    expect(text).toContain('Dec');
    expect(text).not.toContain('16:00:00');
    // The same instant elsewhere is another wall-clock time.
    expect(formatAnnouncedTime('2026-12-02T08:00:00Z', 'en', 'Europe/Berlin')).toContain('09:00');
  });

  it('shows seconds only when the instant has some', () => {
    expect(formatAnnouncedTime('2026-12-02T08:00:37Z', 'en', 'UTC')).toContain('08:00:37');
  });

  it('follows the reader’s language', () => {
    expect(formatAnnouncedTime('2026-12-02T08:00:00Z', 'zh-TW', 'UTC')).toContain('12月');
    expect(formatAnnouncedTime('2026-12-02T08:00:00Z', 'de', 'UTC')).toContain('Dez');
  });

  it('shows a dash for a missing or malformed time', () => {
    expect(formatAnnouncedTime(null, 'en')).toBe('--');
    expect(formatAnnouncedTime('soon', 'en')).toBe('--');
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
