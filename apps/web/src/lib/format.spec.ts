import { describe, expect, it } from '@jest/globals';
import {
  classifyRelativeTime,
  dateTimeFormat,
  formatAnnouncedTime,
  formatDateTime,
  formatDecimal,
  formatPrice,
  formatVolume,
  formatTimestamp,
  formatCountdown,
  formatMoney,
  formatRelativeTime,
  localizeDecimal,
  moneySign,
  setDisplayLocale,
  splitDuration,
} from './format';

describe('formatMoney', () => {
  it.each([
    ['0.00', '0.00'],
    ['10000.00', '10,000.00'],
    ['1234567.5', '1,234,567.50'],
    ['-0.05', '-0.05'],
    ['999.99', '999.99'],
    ['1000', '1,000.00'],
    ['abc', '--'],
    [null, '--'],
  ])('%s -> %s', (wire, shown) => {
    expect(formatMoney(wire)).toBe(shown);
  });

  it('adds a plus sign only to positive amounts when asked', () => {
    expect(formatMoney('12.30', { sign: true })).toBe('+12.30');
    expect(formatMoney('0.00', { sign: true })).toBe('0.00');
    expect(formatMoney('-12.30', { sign: true })).toBe('-12.30');
  });

  it.each([
    ['1.00', 1],
    ['0.00', 0],
    ['-0.01', -1],
    [undefined, 0],
  ] as const)('moneySign(%s) = %s', (wire, sign) => {
    expect(moneySign(wire)).toBe(sign);
  });
});

describe('relative time (under 15 min just now, under a day relative, else date)', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, 'justNow'],
    [14 * 60_000 + 59_000, 'justNow'],
    [15 * 60_000, 'relative'],
    [23 * 3_600_000 + 59 * 60_000, 'relative'],
    [24 * 3_600_000, 'date'],
  ])('%s ms ago -> %s', (ms, kind) => {
    expect(classifyRelativeTime(ago(ms), now).kind).toBe(kind);
  });

  it('uses minutes under an hour and hours under a day', () => {
    expect(classifyRelativeTime(ago(20 * 60_000), now)).toEqual({ kind: 'relative', value: 20, unit: 'minute' });
    expect(classifyRelativeTime(ago(5 * 3_600_000 + 10), now)).toEqual({ kind: 'relative', value: 5, unit: 'hour' });
  });

  it('formats in the given locale', () => {
    expect(formatRelativeTime(ago(60_000), 'en', 'Just now', now)).toBe('Just now');
    expect(formatRelativeTime(ago(2 * 3_600_000), 'en', 'Just now', now)).toBe('2 hours ago');
  });

  // Each locale's own words at both boundaries: 14:59 is still "just now", 15:00 is relative; 23:59 is
  // relative, 24:00 is a date and time (in Taipei, so 2025-02-28 20:00). The "just now" text is the caller's.
  const minute = 60_000;
  const hour = 60 * minute;
  const plainSpaces = (text: string) => text.replace(/\s/gu, ' ');
  it.each([
    ['zh-TW', '剛剛', '15 分鐘前', '23 小時前', '2025/02/28 20:00'],
    ['en', 'Just now', '15 minutes ago', '23 hours ago', '02/28/2025, 20:00'],
    ['ja', 'たった今', '15 分前', '23 時間前', '2025/02/28 20:00'],
    ['de', 'Gerade eben', 'vor 15 Minuten', 'vor 23 Stunden', '28.02.2025, 20:00'],
    ['fr', "À l'instant", 'il y a 15 minutes', 'il y a 23 heures', '28/02/2025 20:00'],
  ])('%s: just now under 15 minutes, relative under a day, else a date and time', (locale, justNow, fifteen, day, date) => {
    // ICU spaces differ by locale and version (zh-TW puts a thin space before the time): compared as plain spaces.
    const at = (ms: number) => plainSpaces(formatRelativeTime(ago(ms), locale, justNow, now, 'Asia/Taipei'));
    expect(at(15 * minute - 1000)).toBe(justNow);
    expect(at(15 * minute)).toBe(fifteen);
    expect(at(24 * hour - minute)).toBe(day);
    expect(at(24 * hour)).toBe(date);
  });

  it('writes a time after midnight as 00, never 24 (en and zh-TW pick h24 with hour12: false)', () => {
    const twoDaysAgo = '2025-02-27T16:05:00Z'; // 00:05 on 28 February in Taipei
    expect(plainSpaces(formatRelativeTime(twoDaysAgo, 'en', 'Just now', now, 'Asia/Taipei'))).toBe('02/28/2025, 00:05');
    expect(plainSpaces(formatRelativeTime(twoDaysAgo, 'zh-TW', '剛剛', now, 'Asia/Taipei'))).toBe('2025/02/28 00:05');
  });
});

describe('formatAnnouncedTime (when a catalogue change takes effect)', () => {
  it('writes the instant in the given time zone, to the minute, with the month in words', () => {
    const text = formatAnnouncedTime('2026-12-02T08:00:00Z', 'en', 'Asia/Taipei');
    expect(text).toContain('16:00');
    expect(text).toContain('Dec');
    expect(text).not.toContain('16:00:00');
    // The same instant elsewhere is another wall-clock time.
    expect(formatAnnouncedTime('2026-12-02T08:00:00Z', 'en', 'Europe/Berlin')).toContain('09:00');
  });

  it('shows seconds only when the instant has some', () => {
    expect(formatAnnouncedTime('2026-12-02T08:00:37Z', 'en', 'UTC')).toContain('08:00:37');
  });

  it('follows the reader’s language', () => {
    expect(formatAnnouncedTime('2026-12-02T08:00:00Z', 'zh-TW', 'UTC')).toContain('12月');
    expect(formatAnnouncedTime('2026-12-02T08:00:00Z', 'de', 'UTC')).toContain('Dez');
  });

  it('shows a dash for a missing or malformed time', () => {
    expect(formatAnnouncedTime(null, 'en')).toBe('--');
    expect(formatAnnouncedTime('soon', 'en')).toBe('--');
  });
});

describe('splitDuration', () => {
  it.each([
    [30, { value: 30, unit: 's' }],
    [60, { value: 1, unit: 'm' }],
    [90, { value: 90, unit: 's' }],
    [300, { value: 5, unit: 'm' }],
    [3600, { value: 1, unit: 'h' }],
    [5400, { value: 90, unit: 'm' }],
    [86400, { value: 1, unit: 'd' }],
  ] as const)('%s s -> %o', (seconds, out) => {
    expect(splitDuration(seconds)).toEqual(out);
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00'],
    [-500, '00:00'],
    [1, '00:01'], // a partial second still shows as one second left
    [999, '00:01'],
    [1000, '00:01'],
    [1001, '00:02'],
    [59_000, '00:59'],
    [60_000, '01:00'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
  ])('%s ms -> %s', (ms, out) => {
    expect(formatCountdown(ms)).toBe(out);
  });
});

describe("localizeDecimal (the reader's decimal mark in a wire decimal)", () => {
  it.each([
    ['en', '85.5', '85.5'],
    ['zh-Hant', '85.5', '85.5'],
    ['de', '85.5', '85,5'],
    ['id', '0.25', '0,25'],
    ['de', '100', '100'],
  ])('%s: %s -> %s', (locale, text, shown) => {
    expect(localizeDecimal(text, locale)).toBe(shown);
  });

  it('keeps each locale apart after the first call', () => {
    expect(localizeDecimal('1.5', 'de')).toBe('1,5');
    expect(localizeDecimal('1.5', 'en')).toBe('1.5');
    expect(localizeDecimal('1.5', 'de')).toBe('1,5');
  });
});

/** Intl puts narrow, thin or no-break spaces in some locales' output: compared as plain spaces. */
const plain = (s: string) => s.replace(/\s/gu, ' ');

describe('one number style per locale, in all ten', () => {
  it.each([
    ['zh-TW', '67,267.50', '-1,234,567.05', '10,000.00'],
    ['zh-CN', '67,267.50', '-1,234,567.05', '10,000.00'],
    ['en', '67,267.50', '-1,234,567.05', '10,000.00'],
    ['ja', '67,267.50', '-1,234,567.05', '10,000.00'],
    ['ko', '67,267.50', '-1,234,567.05', '10,000.00'],
    ['th', '67,267.50', '-1,234,567.05', '10,000.00'],
    // Vietnamese, Indonesian and German group with "." and mark decimals with ","; French groups with a space.
    ['vi', '67.267,50', '-1.234.567,05', '10.000,00'],
    ['id', '67.267,50', '-1.234.567,05', '10.000,00'],
    ['de', '67.267,50', '-1.234.567,05', '10.000,00'],
    ['fr', '67 267,50', '-1 234 567,05', '10 000,00'],
  ])('%s: a price and a balance grouped alike', (locale, price, negative, balance) => {
    expect(plain(formatPrice('67267.50', locale))).toBe(price);
    expect(plain(formatDecimal('-1234567.05', { locale })!)).toBe(negative);
    expect(plain(formatMoney('10000', { locale }))).toBe(balance);
  });

  it('keeps every digit of a price, past what a double holds', () => {
    expect(formatPrice('12345678901234567.123456789', 'en')).toBe('12,345,678,901,234,567.123456789');
    expect(formatPrice('0.00000001', 'de')).toBe('0,00000001');
    expect(formatPrice('1.10', 'en')).toBe('1.10'); // the trailing zero is the product's precision
  });

  it('pads to the product decimals and signs as asked; zero has no sign', () => {
    expect(formatDecimal('67267', { locale: 'en', minDecimals: 2 })).toBe('67,267.00');
    expect(formatDecimal('67267.123', { locale: 'en', minDecimals: 2 })).toBe('67,267.123');
    expect(formatDecimal('12.3', { locale: 'en', sign: true })).toBe('+12.3');
    expect(formatDecimal('-0.00', { locale: 'en', sign: true })).toBe('0.00');
    expect(formatMoney('-0.05', { locale: 'de' })).toBe('-0,05');
  });

  it('leaves what is not a plain decimal alone', () => {
    expect(formatDecimal('1e5', { locale: 'en' })).toBeNull();
    expect(formatPrice('n/a', 'en')).toBe('n/a');
    expect(formatPrice(null, 'en')).toBe('--');
  });

  it("follows the app's language where a caller passes none", () => {
    setDisplayLocale('de');
    try {
      expect(formatMoney('1234.5')).toBe('1.234,50');
      expect(formatPrice('1234.5')).toBe('1.234,5');
    } finally {
      setDisplayLocale('en');
    }
    expect(formatMoney('1234.5')).toBe('1,234.50');
  });

  it.each([
    ['zh-TW', '4844.83', '4925.18萬'],
    ['en', '4.84K', '49.25M'],
    ['ja', '4844.83', '4925.18万'],
    ['de', '4844,83', '49,25 Mio.'],
  ])('%s: volume and turnover both compact, side by side', (locale, small, large) => {
    expect(plain(formatVolume('4844.83', locale))).toBe(small);
    expect(plain(formatVolume('49251800', locale))).toBe(large);
  });
});

describe('one date-time style per locale (zh-TW, en, ja, de), 24-hour', () => {
  const afternoon = '2026-12-01T07:47:31Z'; // 15:47:31 in Taipei
  const afterMidnight = '2026-12-01T16:05:09Z'; // 00:05:09 the next day in Taipei
  it.each([
    ['zh-TW', '2026/12/01 15:47', '2026/12/01 15:47:31', '2026/12/02 00:05:09'],
    ['en', '12/01/2026, 15:47', '12/01/2026, 15:47:31', '12/02/2026, 00:05:09'],
    ['ja', '2026/12/01 15:47', '2026/12/01 15:47:31', '2026/12/02 00:05:09'],
    ['de', '01.12.2026, 15:47', '01.12.2026, 15:47:31', '02.12.2026, 00:05:09'],
  ])('%s: the minute and the second in one style', (locale, minute, second, midnight) => {
    expect(plain(formatDateTime(new Date(afternoon), locale, 'Asia/Taipei'))).toBe(minute);
    expect(plain(formatTimestamp(afternoon, locale, 'Asia/Taipei'))).toBe(second);
    expect(plain(formatTimestamp(afterMidnight, locale, 'Asia/Taipei'))).toBe(midnight);
  });

  it('uses the h23 cycle: no "下午", no "24:05"', () => {
    const o = dateTimeFormat('zh-TW', { timeZone: 'Asia/Taipei' }).resolvedOptions();
    expect(o.hourCycle).toBe('h23');
    expect(formatTimestamp(afternoon, 'zh-TW', 'Asia/Taipei')).not.toContain('下午');
    expect(plain(dateTimeFormat('en', { date: false, timeZone: 'Asia/Taipei' }).format(new Date(afterMidnight)))).toBe('00:05');
  });
});
