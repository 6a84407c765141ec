import { describe, it, expect } from '@jest/globals';
import { DateTime } from 'luxon';
import {
  NEXT_OPEN_SEARCH_DAYS,
  isValidLocalDate,
  isValidTimeZone,
  isWithinTradingHours,
  marketState,
  parseClock,
  scheduleProblem,
  type MarketState,
  type TradingInterval,
  type TradingSchedule,
} from './trading-hours.js';

const TPE = 'Asia/Taipei'; // UTC+8, no DST
const NY = 'America/New_York';

/** A local wall time in a zone ('2024-03-04T09:00') as a Date. */
const local = (zone: string, text: string): Date => DateTime.fromISO(text, { zone }).toJSDate();
const tpe = (text: string): Date => local(TPE, text);
const utc = (text: string): Date => new Date(`${text}Z`);
const days = (from: number, to: number, open: string, close: string): TradingInterval[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ day: from + i, open, close }));
const schedule = (partial: Partial<TradingSchedule>): TradingSchedule => ({ timezone: TPE, hours: null, holidays: [], maintenance: false, ...partial });
const open: MarketState = { status: 'open', nextOpenAt: null };
const closed = (next: Date | null): MarketState => ({ status: 'closed', nextOpenAt: next });

// March 2024 in Taipei: Mon 4, Tue 5, Wed 6 (a holiday below), Thu 7, Fri 8, Sat 9, Sun 10, Mon 11.
const HOLIDAY = '2024-03-06';

describe('weekday day session (Mon-Fri 09:00-17:00 Taipei, Wednesday a holiday)', () => {
  const s = schedule({ hours: days(1, 5, '09:00', '17:00'), holidays: [HOLIDAY] });
  it.each<[string, Date, MarketState]>([
    ['Mon 08:59:59.999', new Date(tpe('2024-03-04T09:00').getTime() - 1), closed(tpe('2024-03-04T09:00'))],
    ['Mon 09:00 (open is inclusive)', tpe('2024-03-04T09:00'), open],
    ['Mon 12:00', tpe('2024-03-04T12:00'), open],
    ['Mon 16:59:59.999', new Date(tpe('2024-03-04T17:00').getTime() - 1), open],
    ['Mon 17:00 (close is exclusive)', tpe('2024-03-04T17:00'), closed(tpe('2024-03-05T09:00'))],
    ['Tue 17:00, Wednesday is a holiday', tpe('2024-03-05T17:00'), closed(tpe('2024-03-07T09:00'))],
    ['Wed 12:00, the holiday', tpe('2024-03-06T12:00'), closed(tpe('2024-03-07T09:00'))],
    ['Fri 17:00, over the weekend', tpe('2024-03-08T17:00'), closed(tpe('2024-03-11T09:00'))],
    ['Sat 12:00', tpe('2024-03-09T12:00'), closed(tpe('2024-03-11T09:00'))],
    ['Sun 23:59', tpe('2024-03-10T23:59'), closed(tpe('2024-03-11T09:00'))],
    ['Mon 00:30 Taipei is still Sunday in UTC', utc('2024-03-10T16:30'), closed(tpe('2024-03-11T09:00'))],
  ])('%s', (_name, now, state) => expect(marketState(s, now)).toEqual(state));
});

describe('overnight session (Mon-Fri 22:00-05:00 Taipei, Wednesday a holiday)', () => {
  const s = schedule({ hours: days(1, 5, '22:00', '05:00'), holidays: [HOLIDAY] });
  it.each<[string, Date, MarketState]>([
    ['Mon 03:00: Sunday has no session', tpe('2024-03-04T03:00'), closed(tpe('2024-03-04T22:00'))],
    ['Mon 21:59', tpe('2024-03-04T21:59'), closed(tpe('2024-03-04T22:00'))],
    ['Mon 22:00', tpe('2024-03-04T22:00'), open],
    ['Tue 00:00, Monday session past midnight', tpe('2024-03-05T00:00'), open],
    ['Tue 04:59', tpe('2024-03-05T04:59'), open],
    ['Tue 05:00', tpe('2024-03-05T05:00'), closed(tpe('2024-03-05T22:00'))],
    ['Tue 23:00', tpe('2024-03-05T23:00'), open],
    ['Wed 03:00: Tuesday session runs into the holiday', tpe('2024-03-06T03:00'), open],
    ['Wed 05:00: no session opens on the holiday', tpe('2024-03-06T05:00'), closed(tpe('2024-03-07T22:00'))],
    ['Wed 23:00, the holiday evening', tpe('2024-03-06T23:00'), closed(tpe('2024-03-07T22:00'))],
    ['Thu 02:00: nothing opened on Wednesday', tpe('2024-03-07T02:00'), closed(tpe('2024-03-07T22:00'))],
    ['Sat 02:00: Friday session', tpe('2024-03-09T02:00'), open],
    ['Sat 05:00', tpe('2024-03-09T05:00'), closed(tpe('2024-03-11T22:00'))],
  ])('%s', (_name, now, state) => expect(marketState(s, now)).toEqual(state));
});

describe('sessions ending at 24:00, 24-hour and back-to-back sessions', () => {
  const s = schedule({
    hours: [
      { day: 1, open: '18:00', close: '24:00' },
      { day: 2, open: '00:00', close: '02:00' },
      { day: 3, open: '12:00', close: '12:00' }, // close = open: 24 hours, into Thursday
      { day: 5, open: '00:00', close: '00:00' }, // the whole of Friday
    ],
  });
  it.each<[string, Date, MarketState]>([
    ['Mon 17:59', tpe('2024-03-04T17:59'), closed(tpe('2024-03-04T18:00'))],
    ['Mon 23:59', tpe('2024-03-04T23:59'), open],
    ['Tue 00:00: Tuesday opens as Monday closes', tpe('2024-03-05T00:00'), open],
    ['Tue 02:00', tpe('2024-03-05T02:00'), closed(tpe('2024-03-06T12:00'))],
    ['Wed 12:00', tpe('2024-03-06T12:00'), open],
    ['Thu 11:59', tpe('2024-03-07T11:59'), open],
    ['Thu 12:00', tpe('2024-03-07T12:00'), closed(tpe('2024-03-08T00:00'))],
    ['Fri 23:59', tpe('2024-03-08T23:59'), open],
    ['Sat 00:00', tpe('2024-03-09T00:00'), closed(tpe('2024-03-11T18:00'))],
  ])('%s', (_name, now, state) => expect(marketState(s, now)).toEqual(state));

  it('accepts 24:00 only as a close', () => {
    expect(() => marketState(schedule({ hours: [{ day: 1, open: '24:00', close: '24:00' }] }), tpe('2024-03-04T12:00'))).toThrow(RangeError);
  });
});

describe('daylight saving time (New York)', () => {
  // Forex week: Sun 17:00 to Fri 17:00 New York time.
  const forex = schedule({
    timezone: NY,
    hours: [{ day: 0, open: '17:00', close: '24:00' }, ...days(1, 4, '00:00', '24:00'), { day: 5, open: '00:00', close: '17:00' }],
  });
  it.each<[string, Date, MarketState]>([
    ['Fri 2024-03-08 16:59 EST', utc('2024-03-08T21:59'), open],
    ['Fri 2024-03-08 17:00 EST: reopens Sunday 17:00 EDT (21:00Z, not 22:00Z)', utc('2024-03-08T22:00'), closed(utc('2024-03-10T21:00'))],
    ['Sun 2024-03-10 16:59 EDT', utc('2024-03-10T20:59'), closed(utc('2024-03-10T21:00'))],
    ['Sun 2024-03-10 17:00 EDT', utc('2024-03-10T21:00'), open],
    ['Fri 2024-11-01 17:00 EDT: reopens Sunday 17:00 EST (22:00Z)', utc('2024-11-01T21:00'), closed(utc('2024-11-03T22:00'))],
    ['Sun 2024-11-03 21:30Z = 16:30 EST', utc('2024-11-03T21:30'), closed(utc('2024-11-03T22:00'))],
    ['Wed 2024-03-13 in summer time, midweek', utc('2024-03-13T04:00'), open],
  ])('%s', (_name, now, state) => expect(marketState(forex, now)).toEqual(state));

  it('an overnight session across spring-forward lasts one hour less', () => {
    // Sat 22:00 EST (03:00Z) to Sun 05:00 EDT (09:00Z): 6 real hours.
    const s = schedule({ timezone: NY, hours: [{ day: 6, open: '22:00', close: '05:00' }] });
    expect(marketState(s, utc('2024-03-10T02:59'))).toEqual(closed(utc('2024-03-10T03:00')));
    expect(marketState(s, utc('2024-03-10T08:59'))).toEqual(open);
    expect(marketState(s, utc('2024-03-10T09:00'))).toEqual(closed(utc('2024-03-17T02:00'))); // next Saturday 22:00 EDT
  });

  it('a session ending in the skipped hour ends at the shifted time', () => {
    // Sun 2024-03-10 01:00 EST (06:00Z) to 02:30, which does not exist and becomes 03:30 EDT (07:30Z).
    const s = schedule({ timezone: NY, hours: [{ day: 0, open: '01:00', close: '02:30' }] });
    expect(marketState(s, utc('2024-03-10T07:29'))).toEqual(open);
    expect(marketState(s, utc('2024-03-10T07:30')).status).toBe('closed');
  });

  it('an ambiguous opening time (fall back) resolves to the later, standard-time instant', () => {
    // Sun 2024-11-03 01:30 happens twice: 05:30Z (EDT) and 06:30Z (EST).
    const s = schedule({ timezone: NY, hours: [{ day: 0, open: '01:30', close: '04:00' }] });
    expect(marketState(s, utc('2024-11-03T05:45'))).toEqual(closed(utc('2024-11-03T06:30')));
    expect(marketState(s, utc('2024-11-03T06:30'))).toEqual(open);
    expect(marketState(s, utc('2024-11-03T08:59'))).toEqual(open); // 03:59 EST
    expect(marketState(s, utc('2024-11-03T09:00')).status).toBe('closed');
  });
});

describe('24/7 products', () => {
  it('are always open without holidays', () => {
    const s = schedule({ hours: null });
    for (const now of [tpe('2024-03-04T00:00'), tpe('2024-03-09T12:34'), utc('2024-02-29T23:59:59.999')]) {
      expect(marketState(s, now)).toEqual(open);
    }
  });

  it.each<[string, Date, MarketState]>([
    ['the evening before the holiday', tpe('2024-03-05T23:59:59.999'), open],
    ['the holiday starts at local midnight', tpe('2024-03-06T00:00'), closed(utc('2024-03-06T16:00'))],
    ['during the holiday', tpe('2024-03-06T15:00'), closed(tpe('2024-03-07T00:00'))],
    ['the day after', tpe('2024-03-07T00:00'), open],
  ])('close on a holiday: %s', (_name, now, state) => {
    expect(marketState(schedule({ hours: null, holidays: [HOLIDAY] }), now)).toEqual(state);
  });
});

describe('maintenance', () => {
  const weekdays = schedule({ hours: days(1, 5, '09:00', '17:00'), maintenance: true });
  it.each<[string, TradingSchedule, Date, MarketState]>([
    ['within hours: reopening time unknown', weekdays, tpe('2024-03-04T12:00'), { status: 'maintenance', nextOpenAt: null }],
    ['outside hours: the next session', weekdays, tpe('2024-03-04T18:00'), { status: 'maintenance', nextOpenAt: tpe('2024-03-05T09:00') }],
    ['24/7', schedule({ hours: null, maintenance: true }), tpe('2024-03-04T18:00'), { status: 'maintenance', nextOpenAt: null }],
    ['no sessions at all', schedule({ hours: [], maintenance: true }), tpe('2024-03-04T18:00'), { status: 'maintenance', nextOpenAt: null }],
  ])('%s', (_name, s, now, state) => expect(marketState(s, now)).toEqual(state));

  it('does not change what the hours say', () => {
    expect(isWithinTradingHours(weekdays, tpe('2024-03-04T12:00'))).toBe(true);
    expect(isWithinTradingHours(weekdays, tpe('2024-03-04T18:00'))).toBe(false);
  });
});

describe('search horizon for the next opening', () => {
  const now = tpe('2024-03-04T12:00');
  const holidaysFor = (count: number): string[] =>
    Array.from({ length: count }, (_, i) => DateTime.fromISO('2024-03-04', { zone: 'UTC' }).plus({ days: i }).toISODate()!);

  it('finds an opening on the last day searched', () => {
    const s = schedule({ hours: null, holidays: holidaysFor(NEXT_OPEN_SEARCH_DAYS) });
    const expected = DateTime.fromISO('2024-03-04', { zone: TPE }).plus({ days: NEXT_OPEN_SEARCH_DAYS });
    expect(marketState(s, now)).toEqual(closed(expected.toJSDate()));
  });

  it('gives up one day later', () => {
    expect(marketState(schedule({ hours: null, holidays: holidaysFor(NEXT_OPEN_SEARCH_DAYS + 1) }), now)).toEqual(closed(null));
  });

  it('finds nothing when there are no sessions', () => {
    expect(marketState(schedule({ hours: [] }), now)).toEqual(closed(null));
  });
});

describe('bad input', () => {
  it.each<[string, Partial<TradingSchedule>]>([
    ['unknown time zone', { timezone: 'Mars/Olympus' }],
    ['empty time zone', { timezone: '' }],
    ['weekday 7', { hours: [{ day: 7, open: '09:00', close: '17:00' }] }],
    ['weekday -1', { hours: [{ day: -1, open: '09:00', close: '17:00' }] }],
    ['open 9:00', { hours: [{ day: 1, open: '9:00', close: '17:00' }] }],
    ['close 25:00', { hours: [{ day: 1, open: '09:00', close: '25:00' }] }],
    ['close 17:60', { hours: [{ day: 1, open: '09:00', close: '17:60' }] }],
  ])('marketState refuses %s', (_name, partial) => {
    expect(() => marketState(schedule(partial), tpe('2024-03-04T12:00'))).toThrow(RangeError);
  });

  it('refuses an invalid date', () => {
    expect(() => marketState(schedule({}), new Date('nope'))).toThrow(RangeError);
  });

  it.each<[string, Pick<TradingSchedule, 'timezone' | 'hours' | 'holidays'>, string | null]>([
    ['a good schedule', { timezone: TPE, hours: days(1, 5, '09:00', '24:00'), holidays: ['2024-02-29'] }, null],
    ['24/7', { timezone: 'UTC', hours: null, holidays: [] }, null],
    ['bad zone', { timezone: 'Nowhere', hours: null, holidays: [] }, 'timezone'],
    ['bad day', { timezone: TPE, hours: [{ day: 1.5, open: '09:00', close: '10:00' }], holidays: [] }, 'hours.day'],
    ['bad open', { timezone: TPE, hours: [{ day: 1, open: '24:00', close: '10:00' }], holidays: [] }, 'hours.open'],
    ['bad close', { timezone: TPE, hours: [{ day: 1, open: '09:00', close: '1000' }], holidays: [] }, 'hours.close'],
    ['impossible holiday', { timezone: TPE, hours: null, holidays: ['2023-02-29'] }, 'holidays'],
    ['badly written holiday', { timezone: TPE, hours: null, holidays: ['2024-3-6'] }, 'holidays'],
  ])('scheduleProblem: %s', (_name, s, problem) => expect(scheduleProblem(s)).toBe(problem));
});

describe('helpers', () => {
  it.each<[string, boolean, number | null]>([
    ['00:00', false, 0],
    ['09:30', false, 570],
    ['23:59', false, 1439],
    ['24:00', false, null],
    ['24:00', true, 1440],
    ['24:01', true, null],
    ['9:30', false, null],
    ['12:60', false, null],
    ['', false, null],
  ])('parseClock(%p, %p) = %p', (text, allow24, minutes) => expect(parseClock(text, allow24)).toBe(minutes));

  it.each([
    ['Asia/Taipei', true],
    ['America/New_York', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('isValidTimeZone(%p) = %p', (tz, ok) => expect(isValidTimeZone(tz)).toBe(ok));

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-3-6', false],
    ['20240306', false],
  ])('isValidLocalDate(%p) = %p', (d, ok) => expect(isValidLocalDate(d)).toBe(ok));
});
