import { describe, expect, it } from '@jest/globals';
import { formatCalendarDate, ratePercent } from './format';

describe('ratePercent', () => {
  it.each([
    ['0.0001', 6, '0.01%'],
    ['0.01', 6, '1%'],
    ['0.00012345', 6, '0.012345%'],
    ['3.65', 2, '365%'],
    ['36.78343433', 2, '3,678.34%'],
    ['0.03717595', 2, '3.72%'],
    ['0.0000005', 4, '0.0001%'],
    ['0', 2, '0%'],
    ['abc', 2, '--'],
  ])('%s with %i decimals is %s', (rate, decimals, shown) => {
    expect(ratePercent(rate, decimals)).toBe(shown);
  });
  it('shows nothing for a missing rate', () => {
    expect(ratePercent(null)).toBe('--');
  });
});

describe('formatCalendarDate', () => {
  it('keeps the calendar date whatever the reader time zone', () => {
    expect(formatCalendarDate('2026-03-04', 'en')).toContain('03/04/2026');
    expect(formatCalendarDate('bad', 'en')).toBe('--');
  });
});
