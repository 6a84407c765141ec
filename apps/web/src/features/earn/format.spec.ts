import { describe, expect, it } from '@jest/globals';
import { formatCalendarDate, ratePercent, transferProblem } from './format';

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

describe('transferProblem', () => {
  const limits = { min: '20.00', max: '100.00' };
  it.each([
    ['', 'form.enterAmount'],
    ['abc', 'form.invalidAmount'],
    ['0', 'form.invalidAmount'],
    ['19.99', 'form.belowMin'],
    ['20', null],
    ['100.00', null],
    ['100.01', 'form.aboveMax'],
  ])('%s -> %s', (text, key) => {
    expect(transferProblem(text, limits)).toBe(key);
  });
  it('lets everything that is left go out below the minimum', () => {
    expect(transferProblem('5.5', { min: '20.00', max: '5.50', all: '5.50' })).toBeNull();
    expect(transferProblem('5', { min: '20.00', max: '5.50', all: '5.50' })).toBe('form.belowMin');
  });
});

describe('formatCalendarDate', () => {
  it('keeps the calendar date whatever the reader time zone', () => {
    expect(formatCalendarDate('2026-03-04', 'en')).toContain('03/04/2026');
    expect(formatCalendarDate('bad', 'en')).toBe('--');
  });
});
