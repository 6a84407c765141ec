import { describe, expect, it } from '@jest/globals';
import { translate, type Locale } from '@candor/i18n';
import { formatAnnouncedTime } from '../../lib/format';
import {
  MAX_LISTED_DATES,
  changeSentence,
  changeValue,
  describeChange,
  hoursText,
  refusedReasonKey,
  weekdayName,
  zoneText,
  type Translate,
} from './catalogueChanges';

/** The app's words in `locale`, as the screens get them. */
const words =
  (locale: Locale): Translate =>
  (key, values) =>
    translate(locale, key, values ?? {});

/** A translator that shows which key was asked with which values: the formatter's choices, without any language's words. */
const keys: Translate = (key, values) => (values ? `${key.replace('market:changes.', '')}${JSON.stringify(values)}` : key.replace('market:changes.', ''));

const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' }));
const FOREX = [0, 1, 2, 3, 4].map((day) => ({ day, open: '17:00', close: '17:00' }));
const USDT = [
  { venue: 'binance', symbol: 'XRPUSDT' },
  { venue: 'okx', symbol: 'XRP-USDT' },
];

describe('changeValue', () => {
  it('reads the tick chain’s canonical JSON text and leaves API values as they are', () => {
    expect(changeValue('5')).toBe(5);
    expect(changeValue(5)).toBe(5);
    expect(changeValue('[{"symbol":"XRPUSDT","venue":"binance"}]')).toEqual([{ venue: 'binance', symbol: 'XRPUSDT' }]);
    expect(changeValue('null')).toBeNull();
    expect(changeValue('"America/New_York"')).toBe('America/New_York');
    // A time zone sent bare is a name, not JSON.
    expect(changeValue('America/New_York')).toBe('America/New_York');
    expect(changeValue(USDT)).toBe(USDT);
  });
});

describe('describeChange: precision', () => {
  it('names the decimals before and after, from values or chain text', () => {
    expect(describeChange({ field: 'precision', from: 5, to: 2 }, keys, 'en')).toBe('precision{"from":"5","to":"2"}');
    expect(describeChange({ field: 'precision', from: '4', to: '5' }, keys, 'en')).toBe('precision{"from":"4","to":"5"}');
  });

  it('reads as a sentence in each language', () => {
    expect(describeChange({ field: 'precision', from: 5, to: 2 }, words('en'), 'en')).toBe('Price decimals change from 5 to 2');
    expect(describeChange({ field: 'precision', from: 5, to: 2 }, words('zh-TW'), 'zh-TW')).toBe('價格小數位數由 5 位改為 2 位');
  });
});

describe('describeChange: exchange markets', () => {
  it('names the markets added and removed by exchange', () => {
    const to = [USDT[0]!, { venue: 'kraken', symbol: 'XRP/USDT' }];
    expect(describeChange({ field: 'priceVenues', from: USDT, to }, words('en'), 'en')).toBe(
      'Exchange markets added: Kraken XRP/USDT; Exchange markets removed: OKX XRP-USDT',
    );
  });

  it('treats the market symbol without regard to case, so a respelling is no change', () => {
    const respelled = USDT.map((v) => ({ ...v, symbol: v.symbol.toLowerCase() }));
    expect(describeChange({ field: 'priceVenues', from: USDT, to: respelled }, keys, 'en')).toBe('venuesSame');
  });

  it('says when prices move from the simulator to exchanges, and back', () => {
    expect(describeChange({ field: 'priceVenues', from: [], to: USDT }, words('en'), 'en')).toBe(
      'Prices come from the exchanges (Binance XRPUSDT and OKX XRP-USDT) instead of the simulator',
    );
    expect(describeChange({ field: 'priceVenues', from: JSON.stringify(USDT), to: '[]' }, keys, 'en')).toBe('venuesToSimulated');
  });

  it('joins the list in the reader’s language', () => {
    const text = describeChange({ field: 'priceVenues', from: [], to: USDT }, words('zh-TW'), 'zh-TW');
    expect(text).toContain('Binance XRPUSDT和OKX XRP-USDT');
    expect(text.startsWith('價格改由交易所')).toBe(true);
  });
});

describe('describeChange: trading hours', () => {
  it('groups days with the same hours into a range', () => {
    expect(hoursText(WEEKDAYS, words('en'), 'en')).toBe('Mon–Fri 09:00–17:00');
    expect(describeChange({ field: 'hours', from: null, to: WEEKDAYS }, words('en'), 'en')).toBe(
      'Trading hours change from around the clock to Mon–Fri 09:00–17:00',
    );
  });

  it('marks a close at or before the open as the next day’s', () => {
    expect(hoursText(FOREX, words('en'), 'en')).toBe('Sun–Thu 17:00–17:00 next day');
  });

  it('lists two days apart, and days with other hours separately', () => {
    const hours = [
      { day: 6, open: '10:00', close: '14:00' },
      { day: 0, open: '10:00', close: '14:00' },
      { day: 3, open: '09:00', close: '12:00' },
    ];
    expect(hoursText(hours, words('en'), 'en')).toBe('Sun, Sat 10:00–14:00; Wed 09:00–12:00');
    expect(hoursText([], keys, 'en')).toBe('noHours');
  });

  it('names the days in the reader’s language', () => {
    expect(hoursText(WEEKDAYS, words('zh-TW'), 'zh-TW')).toBe(`${weekdayName(1, 'zh-TW')}至${weekdayName(5, 'zh-TW')} 09:00–17:00`);
    expect(weekdayName(1, 'zh-TW')).toBe('週一');
    expect(hoursText(FOREX, words('ja'), 'ja')).toContain('翌日17:00');
    expect(describeChange({ field: 'hours', from: WEEKDAYS, to: null }, words('de'), 'de')).toContain('rund um die Uhr');
  });

  it('reads the hours from the tick chain’s text too', () => {
    expect(describeChange({ field: 'hours', from: 'null', to: JSON.stringify(WEEKDAYS) }, words('en'), 'en')).toBe(
      describeChange({ field: 'hours', from: null, to: WEEKDAYS }, words('en'), 'en'),
    );
  });
});

describe('describeChange: time zone', () => {
  it('names each zone by its id and, where the device knows it, its name in the reader’s language', () => {
    const en = describeChange({ field: 'timezone', from: 'UTC', to: 'America/New_York' }, words('en'), 'en');
    expect(en).toMatch(/^The time zone of the trading hours changes from UTC.* to America\/New_York \(Eastern/);
    expect(zoneText('"America/New_York"', words('ja'), 'ja')).toMatch(/^America\/New_York（.*東部.*）$/);
  });

  it('shows an unknown zone as it was sent', () => {
    expect(zoneText('Mars/Olympus_Mons', keys, 'en')).toBe('Mars/Olympus_Mons');
  });
});

describe('describeChange: holidays', () => {
  it('names the days added and removed, as dates in the reader’s language', () => {
    const text = describeChange({ field: 'holidays', from: ['2026-12-25', '2027-01-01'], to: ['2026-12-25', '2026-12-24'] }, words('en'), 'en');
    expect(text).toBe('Holidays added: Dec 24, 2026; Holidays removed: Jan 1, 2027');
    expect(describeChange({ field: 'holidays', from: [], to: ['2026-12-24'] }, words('de'), 'de')).toBe('Neue Feiertage: 24. Dez. 2026');
  });

  it('lists at most a few dates and counts the rest', () => {
    const many = Array.from({ length: MAX_LISTED_DATES + 3 }, (_, i) => `2027-03-${String(i + 10).padStart(2, '0')}`);
    const text = describeChange({ field: 'holidays', from: [], to: many }, words('en'), 'en');
    expect(text).toContain('and 3 more');
    expect(text).toContain('Mar 10, 2027');
    expect(text).not.toContain(`Mar ${10 + MAX_LISTED_DATES}, 2027`);
  });

  it('says the holidays change when only their order differs', () => {
    expect(describeChange({ field: 'holidays', from: ['2027-01-01', '2026-12-25'], to: ['2026-12-25', '2027-01-01'] }, keys, 'en')).toBe('holidaysSame');
  });
});

describe('changeSentence', () => {
  const change = { field: 'precision', from: 5, to: 2, effectiveAt: '2026-12-02T08:00:00Z' };

  it('puts the change and its time, in the reader’s time zone, in the language’s order', () => {
    const time = formatAnnouncedTime(change.effectiveAt, 'en', 'Asia/Taipei');
    expect(time).toContain('16:00');
    expect(changeSentence(change, words('en'), 'en', 'Asia/Taipei')).toBe(`Price decimals change from 5 to 2 on ${time} (your time)`);
    const zh = changeSentence(change, words('zh-TW'), 'zh-TW', 'Asia/Taipei');
    expect(zh).toBe(`${formatAnnouncedTime(change.effectiveAt, 'zh-TW', 'Asia/Taipei')}（您的當地時間）起，價格小數位數由 5 位改為 2 位`);
  });

  it('tells an unknown field by its name', () => {
    expect(describeChange({ field: 'lotSize', from: 1, to: 2 }, words('en'), 'en')).toBe('The setting “lotSize” changes');
  });
});

describe('refusedReasonKey', () => {
  it('knows the reasons and calls anything else a failed check', () => {
    expect(refusedReasonKey('deviation')).toBe('market:changes.refusedReason.deviation');
    expect(refusedReasonKey('no_quote')).toBe('market:changes.refusedReason.no_quote');
    expect(refusedReasonKey('precision')).toBe('market:changes.refusedReason.precision');
    // Each has its words in every language.
    for (const key of ['deviation', 'no_quote', 'precision', 'other'].map((r) => `market:changes.refusedReason.${r}`))
      expect(translate('de', key, {})).not.toBe(key);
    expect(refusedReasonKey('weird')).toBe('market:changes.refusedReason.other');
    expect(refusedReasonKey(null)).toBe('market:changes.refusedReason.other');
  });
});
