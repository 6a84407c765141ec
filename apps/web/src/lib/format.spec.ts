import { describe, expect, it } from '@jest/globals';
import { classifyRelativeTime, formatAnnouncedTime, formatMoney, formatRelativeTime, moneySign } from './format';

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
