import { describe, expect, it } from '@jest/globals';
import {
  addDays,
  cutoffCronPattern,
  daysBetween,
  incomeDatesDue,
  incomePostingAt,
  isTradingDay,
  localDay,
  lotSchedule,
  nextTradingDay,
  tradeDateOf,
  type EarnCalendar,
} from './earn-calendar.js';

// Taipei has no DST: 08:00 local is 00:00 UTC of the same date. Week of 2026-03-02 (a Monday) has no holiday;
// 2026-04-03 (Fri) and 2026-04-06 (Mon) are holidays, so Fri 3 to Mon 6 April is a run of four days off.
const TAIPEI: EarnCalendar = { timezone: 'Asia/Taipei', cutoff: '08:00', holidays: new Set(['2026-04-03', '2026-04-06']) };
/** A local Taipei wall time as an instant. */
const tpe = (local: string) => new Date(`${local}+08:00`);

describe('the lot schedule (Asia/Taipei, cut-off 08:00)', () => {
  it.each<[string, string, string, string, string, string, string]>([
    // case, transfer (local), trade date, confirm date, confirmAt (UTC), first income on, withdrawableAt (UTC)
    ['weekday before the cut-off', '2026-03-02T07:59:59', '2026-03-02', '2026-03-03', '2026-03-03T00:00:00.000Z', '2026-03-04', '2026-03-02T23:59:59.000Z'],
    ['weekday at the cut-off exactly', '2026-03-02T08:00:00', '2026-03-03', '2026-03-04', '2026-03-04T00:00:00.000Z', '2026-03-05', '2026-03-03T00:00:00.000Z'],
    ['weekday after the cut-off', '2026-03-02T09:30:00', '2026-03-03', '2026-03-04', '2026-03-04T00:00:00.000Z', '2026-03-05', '2026-03-03T01:30:00.000Z'],
    ['weekday just after midnight', '2026-03-03T00:00:01', '2026-03-03', '2026-03-04', '2026-03-04T00:00:00.000Z', '2026-03-05', '2026-03-03T16:00:01.000Z'],
    ['Friday before the cut-off', '2026-03-06T07:00:00', '2026-03-06', '2026-03-09', '2026-03-09T00:00:00.000Z', '2026-03-10', '2026-03-06T23:00:00.000Z'],
    ['Friday after the cut-off', '2026-03-06T09:00:00', '2026-03-09', '2026-03-10', '2026-03-10T00:00:00.000Z', '2026-03-11', '2026-03-07T01:00:00.000Z'],
    ['Saturday', '2026-03-07T10:00:00', '2026-03-09', '2026-03-10', '2026-03-10T00:00:00.000Z', '2026-03-11', '2026-03-08T02:00:00.000Z'],
    ['Sunday before the cut-off', '2026-03-08T07:00:00', '2026-03-09', '2026-03-10', '2026-03-10T00:00:00.000Z', '2026-03-11', '2026-03-08T23:00:00.000Z'],
    [
      'the day before a holiday, before the cut-off',
      '2026-04-02T07:00:00',
      '2026-04-02',
      '2026-04-07',
      '2026-04-07T00:00:00.000Z',
      '2026-04-08',
      '2026-04-02T23:00:00.000Z',
    ],
    [
      'the day before a holiday, after the cut-off',
      '2026-04-02T09:00:00',
      '2026-04-07',
      '2026-04-08',
      '2026-04-08T00:00:00.000Z',
      '2026-04-09',
      '2026-04-03T01:00:00.000Z',
    ],
    ['a holiday before the cut-off', '2026-04-03T07:00:00', '2026-04-07', '2026-04-08', '2026-04-08T00:00:00.000Z', '2026-04-09', '2026-04-03T23:00:00.000Z'],
    [
      'a weekend day within the run of holidays',
      '2026-04-04T12:00:00',
      '2026-04-07',
      '2026-04-08',
      '2026-04-08T00:00:00.000Z',
      '2026-04-09',
      '2026-04-05T04:00:00.000Z',
    ],
    [
      'the last holiday of the run, before the cut-off',
      '2026-04-06T07:59:00',
      '2026-04-07',
      '2026-04-08',
      '2026-04-08T00:00:00.000Z',
      '2026-04-09',
      '2026-04-06T23:59:00.000Z',
    ],
    [
      'the first trading day after the run',
      '2026-04-07T07:00:00',
      '2026-04-07',
      '2026-04-08',
      '2026-04-08T00:00:00.000Z',
      '2026-04-09',
      '2026-04-07T23:00:00.000Z',
    ],
  ])('%s: %s', (_case, local, tradeDate, confirmDate, confirmAt, firstIncomeOn, withdrawableAt) => {
    const s = lotSchedule(tpe(local), TAIPEI);
    expect({ ...s, confirmAt: s.confirmAt.toISOString(), withdrawableAt: s.withdrawableAt.toISOString() }).toEqual({
      tradeDate,
      confirmDate,
      confirmAt,
      firstIncomeOn,
      withdrawableAt,
    });
  });

  it('is always withdrawable before it is confirmed, and confirmed on a trading day after its trade date', () => {
    for (let minutes = 0; minutes < 14 * 24 * 60; minutes += 37) {
      const at = new Date(tpe('2026-03-28T00:00:00').getTime() + minutes * 60_000);
      const s = lotSchedule(at, TAIPEI);
      expect(s.withdrawableAt.getTime()).toBeLessThan(s.confirmAt.getTime());
      expect(isTradingDay(s.tradeDate, TAIPEI.holidays) && isTradingDay(s.confirmDate, TAIPEI.holidays)).toBe(true);
      expect(s.confirmDate > s.tradeDate).toBe(true);
      expect(tradeDateOf(at, TAIPEI)).toBe(s.tradeDate);
    }
  });

  it('follows another zone and cut-off, with DST (New York, 15:00)', () => {
    const ny: EarnCalendar = { timezone: 'America/New_York', cutoff: '15:00', holidays: new Set() };
    // Friday 6 March 2026 16:00 EST, after the cut-off: Monday's trade, confirmed Tuesday 15:00 EDT (DST began on Sunday 8 March).
    const s = lotSchedule(new Date('2026-03-06T21:00:00Z'), ny);
    expect(s.tradeDate).toBe('2026-03-09');
    expect(s.confirmAt.toISOString()).toBe('2026-03-10T19:00:00.000Z');
    // Saturday noon EST plus one local day is Sunday noon EDT: 23 hours.
    const sat = lotSchedule(new Date('2026-03-07T17:00:00Z'), ny);
    expect(sat.withdrawableAt.toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(localDay(new Date('2026-03-08T12:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
    });
  });
});

describe('trading days', () => {
  it.each<[string, boolean]>([
    ['2026-03-02', true],
    ['2026-03-06', true],
    ['2026-03-07', false],
    ['2026-03-08', false],
    ['2026-04-03', false],
    ['2026-04-06', false],
    ['2026-04-07', true],
  ])('%s trading: %p', (date, trading) => expect(isTradingDay(date, TAIPEI.holidays)).toBe(trading));

  it('skips weekends and holidays to the next trading day', () => {
    expect(nextTradingDay('2026-03-06', TAIPEI.holidays)).toBe('2026-03-09');
    expect(nextTradingDay('2026-04-02', TAIPEI.holidays)).toBe('2026-04-07');
    expect(nextTradingDay('2026-04-04', TAIPEI.holidays)).toBe('2026-04-07');
  });

  it('gives up on a calendar without a trading day in reach, and refuses bad input', () => {
    const allOff = new Set(Array.from({ length: 500 }, (_, i) => addDays('2026-01-01', i)));
    expect(() => nextTradingDay('2026-01-01', allOff)).toThrow(RangeError);
    expect(() => isTradingDay('2026-02-30', TAIPEI.holidays)).toThrow(RangeError);
    expect(() => lotSchedule(new Date('2026-03-02T00:00:00Z'), { ...TAIPEI, timezone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => lotSchedule(new Date('2026-03-02T00:00:00Z'), { ...TAIPEI, cutoff: '8:00' })).toThrow(RangeError);
    expect(() => lotSchedule(new Date(Number.NaN), TAIPEI)).toThrow(RangeError);
  });
});

describe('income postings', () => {
  it('posts the income of day D at the cut-off on D + 1, every calendar day', () => {
    expect(incomePostingAt('2026-03-06', TAIPEI).toISOString()).toBe('2026-03-07T00:00:00.000Z');
    expect(incomePostingAt('2026-03-07', TAIPEI).toISOString()).toBe('2026-03-08T00:00:00.000Z');
  });

  it.each<[string, string, string[]]>([
    ['just before the cut-off', '2026-03-05T07:59:59.999', ['2026-03-02', '2026-03-03']],
    ['at the cut-off', '2026-03-05T08:00:00', ['2026-03-02', '2026-03-03', '2026-03-04']],
    ['on a Sunday', '2026-03-08T09:00:00', ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']],
    ['before the first day is due', '2026-03-03T07:00:00', []],
  ])('dates due %s, from the first unposted day', (_case, local, due) => {
    expect(incomeDatesDue('2026-03-02', tpe(local), () => TAIPEI)).toEqual(due);
  });

  it('takes each posting day its own calendar (a cut-off moved to 15:00 from 5 March on)', () => {
    const calendarFor = (postingDate: string) => (postingDate >= '2026-03-05' ? { ...TAIPEI, cutoff: '15:00' } : TAIPEI);
    expect(incomeDatesDue('2026-03-03', tpe('2026-03-05T14:59:00'), calendarFor)).toEqual(['2026-03-03']);
    expect(incomeDatesDue('2026-03-03', tpe('2026-03-05T15:00:00'), calendarFor)).toEqual(['2026-03-03', '2026-03-04']);
  });

  it('stops after `max` dates', () => {
    expect(incomeDatesDue('2026-01-01', tpe('2026-03-05T08:00:00'), () => TAIPEI, 3)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
  });
});

describe('dates and days', () => {
  it('counts a local day from midnight to midnight in the platform zone', () => {
    expect(localDay(tpe('2026-03-02T23:59:59'), 'Asia/Taipei')).toEqual({
      date: '2026-03-02',
      start: new Date('2026-03-01T16:00:00Z'),
      end: new Date('2026-03-02T16:00:00Z'),
    });
    expect(localDay(tpe('2026-03-03T00:00:00'), 'Asia/Taipei').date).toBe('2026-03-03');
  });

  it('adds and counts calendar days across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
  });

  it('writes the cut-off as a daily cron pattern', () => {
    expect(cutoffCronPattern('08:00')).toBe('0 8 * * *');
    expect(cutoffCronPattern('15:30')).toBe('30 15 * * *');
    expect(() => cutoffCronPattern('25:00')).toThrow(RangeError);
  });
});
