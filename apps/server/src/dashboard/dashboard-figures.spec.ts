import { describe, expect, it } from '@jest/globals';
import { houseDays, queueFigure } from './dashboard-figures.js';

describe('houseDays', () => {
  const dates = ['2026-11-30', '2026-12-01', '2026-12-02'];

  it('fills every day, zeros included, and sums today and the period to the cent', () => {
    const r = houseDays(dates, [
      { day: 1, result: '1234' },
      { day: '3', result: '-501' },
    ]);
    expect(r.byDay).toEqual([
      { date: '2026-11-30', result: '12.34' },
      { date: '2026-12-01', result: '0.00' },
      { date: '2026-12-02', result: '-5.01' },
    ]);
    expect(r.today).toBe('-5.01');
    expect(r.total).toBe('7.33');
  });

  it("drops width_bucket's out-of-period buckets (0 and N + 1)", () => {
    const r = houseDays(dates, [
      { day: 0, result: '999' },
      { day: 4, result: '999' },
      { day: 2, result: '1' },
    ]);
    expect(r.byDay.map((d) => d.result)).toEqual(['0.00', '0.01', '0.00']);
    expect(r.total).toBe('0.01');
    expect(r.today).toBe('0.00');
  });

  it('answers zeros with no rows', () => {
    expect(houseDays(dates, [])).toEqual({ byDay: dates.map((date) => ({ date, result: '0.00' })), today: '0.00', total: '0.00' });
  });
});

describe('queueFigure', () => {
  const now = new Date('2026-12-02T10:00:00.000Z');

  it('ages the oldest in whole seconds', () => {
    expect(queueFigure(3, new Date('2026-12-02T09:58:59.500Z'), now)).toEqual({ count: 3, oldestAt: '2026-12-02T09:58:59.500Z', oldestAgeSeconds: 60 });
  });

  it('has no oldest when nothing waits', () => {
    expect(queueFigure(0, null, now)).toEqual({ count: 0, oldestAt: null, oldestAgeSeconds: null });
  });

  it('never answers a negative age (a clock a little behind the database)', () => {
    expect(queueFigure(1, '2026-12-02T10:00:05.000Z', now).oldestAgeSeconds).toBe(0);
  });
});
