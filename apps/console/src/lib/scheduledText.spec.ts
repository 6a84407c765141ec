import { describe, expect, it } from '@jest/globals';
import { resources } from '@candor/i18n';
import type { ScheduledField } from '@candor/contracts';
import { describeChange, formatChangeValue, timeLeft, type ChangeLabels } from './scheduledText.js';

// The words the console passes in, from the English console texts (the same the page translates).
const en = resources.en.console.products;
const labels: ChangeLabels = { allDay: en.allDay, simulated: en.simulated, none: en.scheduled.none };
const value = (field: ScheduledField, v: unknown, lang = 'en') => formatChangeValue(field, v, lang, labels);
const weekdays = (days: number[], open = '09:00', close = '17:00') => days.map((day) => ({ day, open, close }));

describe('a scheduled change in words', () => {
  it.each<[unknown, string, string]>([
    [2, 'en', '2 (0.01)'],
    [5, 'en', '5 (0.00001)'],
    [0, 'en', '0 (1)'],
    [3, 'de', '3 (0,001)'],
    [1.5, 'en', '1.5'],
    ['4', 'en', '"4"'],
  ])('precision %p in %s reads %p (decimals and the price step)', (v, lang, out) => {
    expect(value('precision', v, lang)).toBe(out);
  });

  it('exchange markets are named by exchange, in the exchanges’ order; none is simulated prices', () => {
    expect(
      value('priceVenues', [
        { venue: 'kraken', symbol: 'BTC/USDT' },
        { venue: 'binance', symbol: 'BTCUSDT' },
      ]),
    ).toBe('Binance BTCUSDT, Kraken BTC/USDT');
    expect(value('priceVenues', [])).toBe(en.simulated);
    expect(value('priceVenues', 'binance')).toBe('"binance"');
  });

  it.each<[string, unknown, string]>([
    ['null is around the clock', null, en.allDay],
    ['no intervals is around the clock', [], en.allDay],
    ['weekdays with the same session run together', weekdays([5, 1, 2, 3, 4]), 'Mon–Fri 09:00–17:00'],
    ['days apart stay apart', weekdays([1, 3]), 'Mon 09:00–17:00; Wed 09:00–17:00'],
    [
      'Sunday comes last and a different day breaks the run',
      [...weekdays([0, 6]), ...weekdays([1, 2], '08:00', '16:00')],
      'Mon–Tue 08:00–16:00; Sat–Sun 09:00–17:00',
    ],
    [
      'two sessions on a day are listed in time order',
      [...weekdays([1], '13:00', '17:00'), ...weekdays([1], '09:00', '12:00')],
      'Mon 09:00–12:00, 13:00–17:00',
    ],
    ['an overnight session keeps its times', weekdays([5], '22:00', '02:00'), 'Fri 22:00–02:00'],
    ['a malformed interval is shown as it came', [{ day: 'x' }], '[{"day":"x"}]'],
  ])('hours: %s', (_name, v, out) => {
    expect(value('hours', v)).toBe(out);
  });

  it('hours name the weekdays in the UI language', () => {
    expect(value('hours', weekdays([1, 2, 3, 4, 5]), 'zh-TW')).toBe('週一–週五 09:00–17:00');
  });

  it('a time zone is its IANA name', () => {
    expect(value('timezone', 'Asia/Taipei')).toBe('Asia/Taipei');
  });

  it('holidays list their dates in order, or none; the change names the dates added and removed', () => {
    expect(value('holidays', ['2026-12-25', '2026-01-01'])).toBe('2026-01-01, 2026-12-25');
    expect(value('holidays', [])).toBe(en.scheduled.none);
    expect(describeChange({ field: 'holidays', from: ['2026-01-01', '2026-12-25'], to: ['2026-12-25', '2026-12-31', '2026-12-24'] }, 'en', labels)).toEqual({
      from: '2026-01-01, 2026-12-25',
      to: '2026-12-24, 2026-12-25, 2026-12-31',
      added: ['2026-12-24', '2026-12-31'],
      removed: ['2026-01-01'],
    });
  });

  it('other fields name no added or removed dates', () => {
    expect(describeChange({ field: 'precision', from: 2, to: 4 }, 'en', labels)).toEqual({ from: '2 (0.01)', to: '4 (0.0001)', added: [], removed: [] });
    expect(describeChange({ field: 'hours', from: null, to: weekdays([1]) }, 'en', labels)).toMatchObject({ from: en.allDay, to: 'Mon 09:00–17:00' });
  });
});

describe('time left', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();
  const MIN = 60_000;

  it.each<[string, number, string, string | null]>([
    ['a day and more: days and hours', 27 * 60 * MIN + 5 * MIN, 'en', '1 day 3 hr'],
    ['hours and minutes', 23 * 60 * MIN + 5 * MIN, 'en', '23 hr 5 min'],
    ['whole hours', 2 * 60 * MIN, 'en', '2 hr'],
    ['under a minute counts as one', 30_000, 'en', '1 min'],
    ['in the UI language', 23 * 60 * MIN + 5 * MIN, 'zh-TW', '23 小時 5 分鐘'],
    ['due: the time has come', 0, 'en', null],
    ['past', -MIN, 'en', null],
  ])('%s', (_name, ms, lang, out) => {
    expect(timeLeft(at(ms), now, lang)).toBe(out);
  });

  it('an unreadable time is not counted down', () => {
    expect(timeLeft('soon', now, 'en')).toBeNull();
  });
});
