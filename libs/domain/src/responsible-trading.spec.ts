import { describe, expect, it } from '@jest/globals';
import {
  extendUntil,
  firstExceeded,
  isTighter,
  LIMIT_COOLING_OFF_MS,
  limitPeriod,
  NO_LIMITS,
  requestLimits,
  resolveLimits,
  selfExclusionEnd,
  timeOutEnd,
  type LimitsState,
} from './responsible-trading.js';

const iso = (d: Date) => d.toISOString();

describe('limitPeriod', () => {
  it.each<[string, 'day' | 'week' | 'month', string, string, string]>([
    // Taipei is UTC+8 all year: a local midnight is 16:00 UTC the day before.
    ['mid-day', 'day', '2026-03-04T05:00:00Z', '2026-03-03T16:00:00.000Z', '2026-03-04T16:00:00.000Z'],
    ['the last millisecond of a local day', 'day', '2026-03-04T15:59:59.999Z', '2026-03-03T16:00:00.000Z', '2026-03-04T16:00:00.000Z'],
    ['local midnight itself starts the next day', 'day', '2026-03-04T16:00:00Z', '2026-03-04T16:00:00.000Z', '2026-03-05T16:00:00.000Z'],
    // 2026-03-04 is a Wednesday: its week runs from Monday 2 March to Monday 9 March, local midnights.
    ['a week starts on Monday', 'week', '2026-03-04T05:00:00Z', '2026-03-01T16:00:00.000Z', '2026-03-08T16:00:00.000Z'],
    ['Sunday late is still the same week', 'week', '2026-03-08T15:59:59Z', '2026-03-01T16:00:00.000Z', '2026-03-08T16:00:00.000Z'],
    ['Monday 00:00 local starts the next week', 'week', '2026-03-08T16:00:00Z', '2026-03-08T16:00:00.000Z', '2026-03-15T16:00:00.000Z'],
    ['a month', 'month', '2026-02-10T00:00:00Z', '2026-01-31T16:00:00.000Z', '2026-02-28T16:00:00.000Z'],
    ['UTC 31 Jan 20:00 is already February in Taipei', 'month', '2026-01-31T20:00:00Z', '2026-01-31T16:00:00.000Z', '2026-02-28T16:00:00.000Z'],
  ])('%s', (_case, period, at, start, end) => {
    const p = limitPeriod(new Date(at), period, 'Asia/Taipei');
    expect([iso(p.start), iso(p.end)]).toEqual([start, end]);
  });

  it('follows the wall clock over a DST change (a 23-hour day in New York)', () => {
    const p = limitPeriod(new Date('2026-03-08T12:00:00Z'), 'day', 'America/New_York');
    expect([iso(p.start), iso(p.end)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  it('refuses an unknown zone', () => {
    expect(() => limitPeriod(new Date(), 'day', 'Nowhere/City')).toThrow(RangeError);
  });
});

describe('the lower / higher rule', () => {
  const now = new Date('2026-03-04T05:00:00Z');
  const state = (limits: Partial<typeof NO_LIMITS>, pending: LimitsState['pending'] = {}): LimitsState => ({ limits: { ...NO_LIMITS, ...limits }, pending });

  it('isTighter: null is the loosest', () => {
    expect(isTighter(null, 100)).toBe(true);
    expect(isTighter(100, 50)).toBe(true);
    expect(isTighter(100, 100)).toBe(true);
    expect(isTighter(100, 101)).toBe(false);
    expect(isTighter(100, null)).toBe(false);
    expect(isTighter(null, null)).toBe(true);
  });

  it('a first limit and a lower one apply at once', () => {
    const first = requestLimits(state({}), { lossDay: 10_000 }, now);
    expect(first).toEqual({ state: state({ lossDay: 10_000 }), started: [] });
    const lower = requestLimits(first.state, { lossDay: 5_000 }, now);
    expect(lower).toEqual({ state: state({ lossDay: 5_000 }), started: [] });
  });

  it('a higher or removed limit waits 24 hours, and applies then', () => {
    const r = requestLimits(state({ depositDay: 10_000, lossDay: 5_000 }), { depositDay: 20_000, lossDay: null }, now);
    const at = now.getTime() + LIMIT_COOLING_OFF_MS;
    expect(r.started).toEqual(['depositDay', 'lossDay']);
    expect(r.state.limits).toMatchObject({ depositDay: 10_000, lossDay: 5_000 });
    expect(r.state.pending).toEqual({ depositDay: { value: 20_000, effectiveAtMs: at }, lossDay: { value: null, effectiveAtMs: at } });
    expect(resolveLimits(r.state, new Date(at - 1)).limits).toMatchObject({ depositDay: 10_000, lossDay: 5_000 });
    const later = resolveLimits(r.state, new Date(at));
    expect(later).toEqual(state({ depositDay: 20_000, lossDay: null }));
  });

  it('lowering again drops a pending raise; raising again restarts the cooling-off', () => {
    const raised = requestLimits(state({ stakePerOrder: 1_000 }), { stakePerOrder: 5_000 }, now).state;
    expect(requestLimits(raised, { stakePerOrder: 800 }, now).state).toEqual(state({ stakePerOrder: 800 }));
    const later = new Date(now.getTime() + 3_600_000);
    expect(requestLimits(raised, { stakePerOrder: 9_000 }, later).state.pending.stakePerOrder).toEqual({
      value: 9_000,
      effectiveAtMs: later.getTime() + LIMIT_COOLING_OFF_MS,
    });
  });

  it('the reminder changes at once either way, and limits not named stay', () => {
    const r = requestLimits(state({ reminderMinutes: 30, lossWeek: 7 }), { reminderMinutes: null }, now);
    expect(r).toEqual({ state: state({ lossWeek: 7 }), started: [] });
  });
});

describe('time-out and self-exclusion', () => {
  const now = new Date('2026-01-31T10:00:00Z');
  it('lengths', () => {
    expect(iso(timeOutEnd(now, 1))).toBe('2026-02-01T10:00:00.000Z');
    expect(iso(timeOutEnd(now, 42))).toBe('2026-03-14T10:00:00.000Z');
    expect(iso(selfExclusionEnd(now, 6))).toBe('2026-07-31T10:00:00.000Z');
    expect(iso(selfExclusionEnd(new Date('2026-08-31T10:00:00Z'), 6))).toBe('2027-02-28T10:00:00.000Z');
  });
  it('is never shortened', () => {
    const long = timeOutEnd(now, 30);
    expect(extendUntil(long, timeOutEnd(now, 1))).toBe(long);
    expect(extendUntil(null, long)).toBe(long);
    expect(iso(extendUntil(timeOutEnd(now, 1), long))).toBe(iso(long));
  });
});

describe('firstExceeded', () => {
  const day = { name: 'lossDay' as const, limit: 1_000, used: 600, resetsAt: new Date(1_000) };
  const week = { name: 'lossWeek' as const, limit: 5_000, used: 4_700, resetsAt: new Date(5_000) };
  it('fits at the edge, refuses one cent past it', () => {
    expect(firstExceeded([day], 400)).toBeNull();
    expect(firstExceeded([day], 401)).toBe(day);
  });
  it('names the limit that resets last when several refuse', () => {
    expect(firstExceeded([day, week], 401)).toBe(week);
    expect(firstExceeded([day, week], 300)).toBeNull();
    expect(firstExceeded([{ ...day, limit: null }], 1e9)).toBeNull();
  });
});
