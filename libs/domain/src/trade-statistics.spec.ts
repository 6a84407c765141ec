import { describe, expect, it } from '@jest/globals';
import { createdRangeFor, statisticsDayIndex, statisticsDays, sumStatistics, winRate, type StatisticsBucket } from './trade-statistics.js';

const iso = (d: Date) => d.toISOString();

describe('statisticsDays', () => {
  it('cuts the last 7 days of Asia/Taipei at local midnights (16:00 UTC), today last', () => {
    // 2026-03-10 01:00 in Taipei is 2026-03-09 17:00 UTC.
    const { dates, bounds } = statisticsDays(new Date('2026-03-09T17:00:00Z'), 7, 'Asia/Taipei');
    expect(dates).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(bounds.map(iso)).toEqual([
      '2026-03-03T16:00:00.000Z',
      '2026-03-04T16:00:00.000Z',
      '2026-03-05T16:00:00.000Z',
      '2026-03-06T16:00:00.000Z',
      '2026-03-07T16:00:00.000Z',
      '2026-03-08T16:00:00.000Z',
      '2026-03-09T16:00:00.000Z',
      '2026-03-10T16:00:00.000Z',
    ]);
  });

  it.each([7, 30, 90])('has %i dates and one bound more, in order', (n) => {
    const { dates, bounds } = statisticsDays(new Date('2026-12-02T10:00:00Z'), n, 'Asia/Taipei');
    expect(dates).toHaveLength(n);
    expect(bounds).toHaveLength(n + 1);
    expect(dates[n - 1]).toBe('2026-12-02');
    for (let i = 1; i < bounds.length; i++) expect(bounds[i]!.getTime() - bounds[i - 1]!.getTime()).toBe(86_400_000);
  });

  it('gives a day of 23 and one of 25 hours across the DST changes of America/New_York', () => {
    // DST began 2026-03-08 (02:00 -> 03:00) and ends 2026-11-01 (02:00 -> 01:00).
    const spring = statisticsDays(new Date('2026-03-09T12:00:00Z'), 3, 'America/New_York');
    expect(spring.dates).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(spring.bounds.map(iso)).toEqual(['2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-03-10T04:00:00.000Z']);
    const autumn = statisticsDays(new Date('2026-11-01T12:00:00Z'), 1, 'America/New_York');
    expect(autumn.bounds.map(iso)).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
  });

  it('starts a day whose midnight DST skips at its first hour (America/Santiago, 2026-09-06)', () => {
    const { dates, bounds } = statisticsDays(new Date('2026-09-06T15:00:00Z'), 1, 'America/Santiago');
    expect(dates).toEqual(['2026-09-06']);
    // 00:00 does not exist that day: the day starts at 01:00 -03 (04:00 UTC).
    expect(iso(bounds[0]!)).toBe('2026-09-06T04:00:00.000Z');
  });

  it('refuses an unknown zone and a period out of range', () => {
    expect(() => statisticsDays(new Date(), 7, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => statisticsDays(new Date(), 7, '')).toThrow(RangeError);
    expect(() => statisticsDays(new Date(), 0, 'UTC')).toThrow(RangeError);
    expect(() => statisticsDays(new Date(), 1.5, 'UTC')).toThrow(RangeError);
  });
});

describe('statisticsDayIndex: the day an order counts on', () => {
  const taipei = statisticsDays(new Date('2026-03-10T03:00:00Z'), 7, 'Asia/Taipei'); // 2026-03-04 .. 2026-03-10
  const utc = statisticsDays(new Date('2026-03-10T03:00:00Z'), 7, 'UTC');

  it.each<[string, string | null, string | null]>([
    // settled at (UTC), its day in Taipei, its day in UTC
    ['2026-03-08T23:30:00Z', '2026-03-09', '2026-03-08'], // 23:30 UTC is 07:30 the next morning in Taipei
    ['2026-03-08T15:59:59.999Z', '2026-03-08', '2026-03-08'], // the last instant of the 8th in Taipei
    ['2026-03-08T16:00:00Z', '2026-03-09', '2026-03-08'], // Taipei's midnight counts on the new day
    ['2026-03-04T00:00:00Z', '2026-03-04', '2026-03-04'],
    ['2026-03-03T15:59:59Z', null, null], // before the first day in both zones
    ['2026-03-03T16:00:00Z', '2026-03-04', null], // the first instant of the period in Taipei, still the 3rd in UTC
    ['2026-03-10T15:59:59Z', '2026-03-10', '2026-03-10'],
    ['2026-03-10T16:00:00Z', null, '2026-03-10'], // tomorrow in Taipei, today in UTC
  ])('%s counts on %s in Asia/Taipei and %s in UTC', (at, inTaipei, inUtc) => {
    const ti = statisticsDayIndex(new Date(at), taipei.bounds);
    const ui = statisticsDayIndex(new Date(at), utc.bounds);
    expect(ti === -1 ? null : taipei.dates[ti]).toBe(inTaipei);
    expect(ui === -1 ? null : utc.dates[ui]).toBe(inUtc);
  });
});

describe('createdRangeFor', () => {
  it('reaches a day and a bit before the period and a little after it', () => {
    const from = new Date('2026-03-04T00:00:00Z');
    const to = new Date('2026-03-11T00:00:00Z');
    const { createdFrom, createdTo } = createdRangeFor(from, to);
    expect(from.getTime() - createdFrom.getTime()).toBeGreaterThan(86_400_000 + 60_000);
    expect(createdTo.getTime()).toBeGreaterThan(to.getTime());
  });
});

describe('sumStatistics', () => {
  const dates = ['2026-03-08', '2026-03-09', '2026-03-10'];
  const b = (day: number, symbol: string, o: Partial<StatisticsBucket>): StatisticsBucket => ({
    day,
    symbol,
    orders: 0,
    wins: 0,
    losses: 0,
    ties: 0,
    stakedCents: 0,
    paidOutCents: 0,
    netCents: 0,
    ...o,
  });

  it('sums totals, every day with zeros, and products by orders then symbol', () => {
    const s = sumStatistics(
      [
        b(0, 'ETHUSDT', { orders: 2, wins: 1, losses: 1, stakedCents: 3_000, paidOutCents: 1_850, netCents: -1_150 }),
        b(2, 'BTCUSDT', { orders: 1, ties: 1, stakedCents: 555, paidOutCents: 555, netCents: 0 }),
        b(2, 'ETHUSDT', { orders: 1, wins: 1, stakedCents: 3_333, paidOutCents: 6_166, netCents: 2_833 }),
        b(2, 'AAAUSDT', { orders: 1, losses: 1, stakedCents: 1, paidOutCents: 0, netCents: -1 }),
      ],
      dates,
    );
    expect(s.totals).toEqual({ orders: 5, wins: 2, losses: 2, ties: 1, stakedCents: 6_889, paidOutCents: 8_571, netCents: 1_682 });
    expect(s.byDay.map((d) => [d.date, d.orders, d.netCents])).toEqual([
      ['2026-03-08', 2, -1_150],
      ['2026-03-09', 0, 0],
      ['2026-03-10', 3, 2_832],
    ]);
    expect(s.byProduct.map((p) => [p.symbol, p.orders, p.wins, p.netCents])).toEqual([
      ['ETHUSDT', 3, 2, 1_683],
      ['AAAUSDT', 1, 0, -1],
      ['BTCUSDT', 1, 0, 0],
    ]);
    // The net is what came back less what was staked, to the cent.
    expect(s.totals.paidOutCents - s.totals.stakedCents).toBe(s.totals.netCents);
  });

  it('answers zeros for every day and no products when nothing settled', () => {
    const s = sumStatistics([], dates);
    expect(s.totals.orders).toBe(0);
    expect(s.byDay).toHaveLength(3);
    expect(s.byDay.every((d) => d.orders === 0 && d.netCents === 0)).toBe(true);
    expect(s.byProduct).toEqual([]);
  });

  it('refuses a group outside the period', () => {
    expect(() => sumStatistics([b(3, 'X', { orders: 1 })], dates)).toThrow(RangeError);
    expect(() => sumStatistics([b(-1, 'X', { orders: 1 })], dates)).toThrow(RangeError);
  });
});

describe('winRate: wins over decided orders, ties left out', () => {
  it.each<[number, number, string | null]>([
    [0, 0, null],
    [1, 0, '1.0000'],
    [0, 5, '0.0000'],
    [2, 1, '0.6667'], // 0.66666.. rounds up
    [1, 2, '0.3333'],
    [1, 7, '0.1250'],
    [1, 19_999, '0.0001'], // 0.00005 rounds half up
    [1, 20_001, '0.0000'],
    [123_456, 654_321, '0.1587'],
  ])('%i wins, %i losses -> %s', (w, l, rate) => {
    expect(winRate(w, l)).toBe(rate);
  });

  it('refuses what is not a count', () => {
    expect(() => winRate(-1, 2)).toThrow(RangeError);
    expect(() => winRate(0.5, 2)).toThrow(RangeError);
  });
});
