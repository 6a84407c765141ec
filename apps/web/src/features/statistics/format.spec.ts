import { describe, expect, it } from '@jest/globals';
import { daysParam, formatDay, formatLongDay, formatWinRate, resultClass } from './format';

describe('formatWinRate', () => {
  it.each<[string | null, string, string]>([
    ['0.6667', 'en', '66.67%'],
    ['0.5000', 'en', '50%'],
    ['1.0000', 'en', '100%'],
    ['0.0000', 'zh-TW', '0%'],
    ['0.1250', 'zh-TW', '12.5%'],
    ['0.6667', 'de', '66,67\u00a0%'],
    ['0.6667', 'fr', '66,67\u00a0%'],
    [null, 'en', '--'],
    ['abc', 'en', '--'],
  ])('%s in %s is %s', (rate, locale, shown) => {
    expect(formatWinRate(rate, locale)).toBe(shown);
  });
});

describe('resultClass: gains and losses in the rise colours', () => {
  it.each([
    ['18.33', 'num num--rise'],
    ['-0.01', 'num num--fall'],
    ['0.00', 'num'],
    [null, 'num'],
  ])('%s -> %s', (net, cls) => {
    expect(resultClass(net)).toBe(cls);
  });
});

describe('days of the period', () => {
  it('shows a date as that date whatever the device zone, short and long', () => {
    expect(formatDay('2026-03-04', 'zh-TW')).toBe('03/04');
    expect(formatDay('2026-03-04', 'en')).toBe('03/04');
    expect(formatDay('2026-03-04', 'de')).toBe('04.03.');
    expect(formatLongDay('2026-03-04', 'en')).toBe('Wed, March 4, 2026');
    expect(formatDay('03/04', 'en')).toBe('--');
  });

  it('reads ?days= as 7, 30 or 90, else 30', () => {
    expect([daysParam('7'), daysParam('90'), daysParam(null), daysParam('14'), daysParam('7.5'), daysParam('')]).toEqual([7, 90, 30, 30, 30, 30]);
  });
});
