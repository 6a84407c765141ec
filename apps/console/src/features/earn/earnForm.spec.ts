import { describe, expect, it } from '@jest/globals';
import type { EarnSettings } from '@candor/contracts';
import { isCalendarDate, parseHolidayList, settingsChanges, settingsProblems, settingsValues } from './earnForm';

const base: EarnSettings = {
  id: '1',
  effectiveDate: '2026-11-25',
  effectiveAt: '2026-11-25T00:00:00.000Z',
  dailyRate: '0.01',
  annualizedRate: '3.65',
  annualizedRateCompounded: '36.78343433',
  cutoff: '08:00',
  timezone: 'Asia/Taipei',
  minAmount: '20.00',
  dailyInLimit: 60,
  dailyOutLimit: 60,
  operatorId: null,
  createdAt: '2026-11-25T00:00:00.000Z',
};

describe('settings form', () => {
  it('accepts the current settings and sends nothing when nothing changed', () => {
    const v = settingsValues(base);
    expect(settingsProblems(v)).toEqual({});
    expect(settingsChanges(base, v)).toEqual({});
  });
  it('sends only the changed fields', () => {
    expect(settingsChanges(base, { ...settingsValues(base), dailyRate: '0.0002', dailyOutLimit: '30' })).toEqual({ dailyRate: '0.0002', dailyOutLimit: 30 });
    expect(settingsChanges(base, { ...settingsValues(base), dailyRate: '0.010', minAmount: '20' })).toEqual({});
  });
  it.each([
    ['dailyRate', '0.2', 'invalid.dailyRate'],
    ['dailyRate', '0.123456789', 'invalid.dailyRate'],
    ['cutoff', '24:00', 'invalid.cutoff'],
    ['cutoff', '8:00', 'invalid.cutoff'],
    ['timezone', 'Mars/Base', 'invalid.timezone'],
    ['minAmount', '0', 'invalid.minAmount'],
    ['minAmount', '1.234', 'invalid.minAmount'],
    ['dailyInLimit', '0', 'invalid.limit'],
    ['dailyOutLimit', '10001', 'invalid.limit'],
  ] as const)('%s = %s is %s', (field, value, key) => {
    expect(settingsProblems({ ...settingsValues(base), [field]: value })[field]).toBe(key);
  });
});

describe('holiday list', () => {
  it('reads dates with names separated by comma, tab or spaces, and names the lines it cannot read', () => {
    const r = parseHolidayList('# 2027\n2027-01-01, New Year\n2027-02-05\tLunar New Year\n\n2027-02-30 Nope\n2027-04-04 "Children\'s Day"\nrubbish');
    expect(r.holidays).toEqual([
      { date: '2027-01-01', name: 'New Year' },
      { date: '2027-02-05', name: 'Lunar New Year' },
      { date: '2027-04-04', name: "Children's Day" },
    ]);
    expect(r.badLines).toEqual([5, 7]);
  });
  it('knows real dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
  });
});
