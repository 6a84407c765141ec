import { describe, expect, it } from '@jest/globals';
import { nextExpiry, nextInterval, overnight, patchRow, withHoliday, type ExpiryRow, type IntervalRow } from './productRows.js';

const expiry = (seconds: string, payoutRate = '0.80'): ExpiryRow => ({ key: 0, seconds, payoutRate });
const interval = (day: string, open = '08:00', close = '16:00'): IntervalRow => ({ key: 0, day, open, close });

describe('product form rows', () => {
  it.each<[string, ExpiryRow[], string, string]>([
    ['no rows', [], '60', '0.85'],
    ['doubles the last duration', [expiry('30'), expiry('300', '0.9')], '600', '0.9'],
    ['last duration empty', [expiry('')], '60', '0.80'],
    ['last duration not a number', [expiry('abc')], '60', '0.80'],
    ['last duration zero', [expiry('0')], '60', '0.80'],
  ])('nextExpiry: %s', (_name, rows, seconds, payoutRate) => {
    expect(nextExpiry(rows)).toMatchObject({ seconds, payoutRate });
  });

  it.each<[string, IntervalRow[], Omit<IntervalRow, 'key'>]>([
    ['no rows: Monday 09:00-17:00', [], { day: '1', open: '09:00', close: '17:00' }],
    ['the day after the last, same times', [interval('1'), interval('3', '22:00', '02:00')], { day: '4', open: '22:00', close: '02:00' }],
    ['Saturday wraps to Sunday', [interval('6')], { day: '0', open: '08:00', close: '16:00' }],
  ])('nextInterval: %s', (_name, rows, row) => {
    expect(nextInterval(rows)).toMatchObject(row);
  });

  it('new rows get keys no other row has', () => {
    const keys = [nextExpiry([]).key, nextExpiry([]).key, nextInterval([]).key, nextInterval([]).key];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('patchRow changes only the row with that key', () => {
    const rows = [
      { key: 1, day: '1', open: '09:00', close: '17:00' },
      { key: 2, day: '2', open: '09:00', close: '17:00' },
    ];
    expect(patchRow(rows, 2, { open: '10:00' })).toEqual([rows[0], { key: 2, day: '2', open: '10:00', close: '17:00' }]);
    expect(patchRow(rows, 3, { open: '10:00' })).toEqual(rows);
    expect(rows[1]!.open).toBe('09:00');
  });

  it.each<[string, string[], string, string[] | null]>([
    ['added and sorted', ['2026-12-25'], '2026-01-01', ['2026-01-01', '2026-12-25']],
    ['to an empty list', [], '2026-05-01', ['2026-05-01']],
    ['already listed', ['2026-12-25'], '2026-12-25', null],
    ['empty draft', [], '', null],
    ['not YYYY-MM-DD', [], '2026-5-1', null],
    ['trailing text', [], '2026-05-01x', null],
  ])('withHoliday: %s', (_name, holidays, draft, out) => {
    expect(withHoliday(holidays, draft)).toEqual(out);
  });

  it.each<[string, string, boolean]>([
    ['09:00', '17:00', false],
    ['22:00', '02:00', true],
    ['09:00', '09:00', true], // equal: a 24-hour session
    ['00:00', '24:00', false], // '24:00' closes at the end of the same day
    ['9:00', '0800', true], // typed without the leading zero or colon
    ['24:00', '01:00', false], // not a valid open
    ['', '02:00', false],
    ['22:00', '25:00', false],
  ])('overnight(%p, %p) = %p', (open, close, out) => {
    expect(overnight(open, close)).toBe(out);
  });
});
