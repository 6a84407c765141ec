import { describe, expect, it } from '@jest/globals';
import { isOpen, nextOpening, parseSupportHours } from './hours';

describe('support hours', () => {
  const taipei = parseSupportHours('09:00-21:00 (UTC+8)')!;

  it('reads the app-info text and refuses other shapes', () => {
    expect(taipei).toEqual({ start: 540, end: 1260, offset: 480 });
    expect(parseSupportHours('09:30 - 18:00 (UTC-5:30)')).toEqual({ start: 570, end: 1080, offset: -330 });
    expect(parseSupportHours('always')).toBeNull();
    expect(parseSupportHours(undefined)).toBeNull();
    expect(parseSupportHours('25:00-21:00 (UTC+8)')).toBeNull();
  });

  it('is open in the desk zone, not the device one', () => {
    expect(isOpen(taipei, new Date('2026-12-02T01:00:00Z'))).toBe(true); // 09:00 in Taipei
    expect(isOpen(taipei, new Date('2026-12-02T12:59:00Z'))).toBe(true); // 20:59
    expect(isOpen(taipei, new Date('2026-12-02T13:00:00Z'))).toBe(false); // 21:00
    expect(isOpen(taipei, new Date('2026-12-02T00:30:00Z'))).toBe(false); // 08:30
  });

  it('wraps hours past midnight', () => {
    const night = parseSupportHours('22:00-06:00 (UTC+0)')!;
    expect(isOpen(night, new Date('2026-12-02T23:00:00Z'))).toBe(true);
    expect(isOpen(night, new Date('2026-12-02T05:59:00Z'))).toBe(true);
    expect(isOpen(night, new Date('2026-12-02T12:00:00Z'))).toBe(false);
  });

  it('tells when the desk opens next', () => {
    expect(nextOpening(taipei, new Date('2026-12-02T13:30:00Z')).toISOString()).toBe('2026-12-03T01:00:00.000Z');
    expect(nextOpening(taipei, new Date('2026-12-02T00:30:20Z')).toISOString()).toBe('2026-12-02T01:00:00.000Z');
  });
});
