import { describe, expect, it } from '@jest/globals';
import type { UTCTimestamp } from 'lightweight-charts';
import { LOCALES } from '@candor/contracts';
import { chartDate, chartTimeLabels } from './chartTime';

// 15:00 and 00:05 in Taipei, as the chart hands them to its formatter (epoch seconds).
const AFTERNOON = (Date.UTC(2026, 11, 2, 7, 0) / 1000) as UTCTimestamp;
const PAST_MIDNIGHT = (Date.UTC(2026, 11, 2, 16, 5) / 1000) as UTCTimestamp;

// Each language's own way of writing a time of day and a short day: whole, never "15:(" or a bare "15:".
const EXPECTED: Record<(typeof LOCALES)[number], { afternoon: string; midnight: string; day: string }> = {
  'zh-TW': { afternoon: '15:00', midnight: '00:05', day: '12月2日' },
  'zh-CN': { afternoon: '15:00', midnight: '00:05', day: '12月2日' },
  en: { afternoon: '15:00', midnight: '00:05', day: 'Dec 2' },
  ja: { afternoon: '15:00', midnight: '00:05', day: '12月2日' },
  ko: { afternoon: '15:00', midnight: '00:05', day: '12월 2일' },
  th: { afternoon: '15:00', midnight: '00:05', day: '2 ธ.ค.' },
  id: { afternoon: '15.00', midnight: '00.05', day: '2 Des' },
  vi: { afternoon: '15:00', midnight: '00:05', day: '2 thg 12' },
  fr: { afternoon: '15:00', midnight: '00:05', day: '2 déc.' },
  de: { afternoon: '15:00', midnight: '00:05', day: '2. Dez.' },
};

describe('chartTimeLabels (the candle chart time axis)', () => {
  it.each(LOCALES.map((l) => [l]))('%s: whole 24-hour times on intraday marks and a short day otherwise', (locale) => {
    const labels = chartTimeLabels(locale, 'Asia/Taipei');
    const want = EXPECTED[locale];
    expect(labels.tick(AFTERNOON, true)).toBe(want.afternoon);
    // 24-hour with a leading zero: no "24:05", no "0:05", no AM/PM to cut off.
    expect(labels.tick(PAST_MIDNIGHT, true)).toBe(want.midnight);
    expect(labels.tick(AFTERNOON, false)).toBe(want.day);
    // The crosshair names the full instant: the day and the time of day.
    const full = labels.crosshair(AFTERNOON);
    expect(full).toContain(locale === 'th' ? '2569' : '2026'); // Thai counts the Buddhist era
    expect(full).toContain(want.afternoon);
  });

  it('reads every form of chart time', () => {
    expect(chartDate(AFTERNOON).toISOString()).toBe('2026-12-02T07:00:00.000Z');
    expect(chartDate('2026-12-02').toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(chartDate({ year: 2026, month: 12, day: 2 }).toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });
});
