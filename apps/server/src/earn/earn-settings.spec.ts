import { describe, expect, it } from '@jest/globals';
import { EarnVersions, type EarnVersion } from './earn-settings.js';

const tpe = (local: string) => new Date(`${local}+08:00`);
function version(id: number, effectiveDate: string, effectiveAt: Date, over: Partial<EarnVersion> = {}): EarnVersion {
  return {
    id: String(id),
    effectiveDate,
    effectiveAt,
    dailyRate: '0.01',
    cutoff: '08:00',
    timezone: 'Asia/Taipei',
    minAmount: 20_00,
    dailyInLimit: 60,
    dailyOutLimit: 60,
    operatorId: null,
    createdAt: effectiveAt,
    ...over,
  };
}
const seed = version(1, '1970-01-01', new Date(0));

describe('which settings version governs what', () => {
  // Made on Monday 2 March 2026 10:00: 2 % a day and a 15:00 cut-off from Tuesday's posting on.
  const later = version(2, '2026-03-03', tpe('2026-03-03T15:00'), { dailyRate: '0.02', cutoff: '15:00' });
  const v = new EarnVersions([later, seed]);

  it.each<[string, string, string]>([
    ['an income day before it', '2026-03-02', '1'],
    ['its first income day', '2026-03-03', '2'],
    ['a later day', '2026-03-09', '2'],
  ])('income dates: %s (%s) -> version %s', (_c, date, id) => expect(v.forDate(date).id).toBe(id));

  it.each<[string, Date, string]>([
    ['before its first cut-off', tpe('2026-03-03T14:59'), '1'],
    ['from its first cut-off', tpe('2026-03-03T15:00'), '2'],
  ])('transfers: %s -> version %s', (_c, at, id) => expect(v.inForceAt(at).id).toBe(id));

  it('starts each income day at the cut-off of the version governing it', () => {
    expect(v.cutoffOn('2026-03-02').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(v.cutoffOn('2026-03-03').toISOString()).toBe('2026-03-03T07:00:00.000Z');
    expect(v.nextPosting(tpe('2026-03-03T09:00'))).toEqual({ date: '2026-03-03', at: tpe('2026-03-03T15:00') });
    expect(v.nextPosting(tpe('2026-03-03T15:00'))).toEqual({ date: '2026-03-04', at: tpe('2026-03-04T15:00') });
  });
});

describe('where a change starts: from the next posting, never before', () => {
  const v = new EarnVersions([seed]);
  it.each<[string, Date, string, string, string]>([
    ['before the cut-off: the posting today', tpe('2026-03-02T07:00'), '08:00', '2026-03-02', '2026-03-02T08:00'],
    ['after the cut-off: tomorrow', tpe('2026-03-02T10:00'), '08:00', '2026-03-03', '2026-03-03T08:00'],
    ['a later cut-off starts at its own time', tpe('2026-03-02T10:00'), '15:00', '2026-03-03', '2026-03-03T15:00'],
    ['an earlier cut-off already past today: tomorrow', tpe('2026-03-02T07:00'), '06:00', '2026-03-03', '2026-03-03T06:00'],
  ])('%s', (_c, at, cutoff, date, start) => {
    expect(v.effectiveFor(at, { timezone: 'Asia/Taipei', cutoff })).toEqual({ date, at: tpe(start) });
  });

  it('does not start before a version already waiting', () => {
    const waiting = new EarnVersions([seed, version(2, '2026-03-05', tpe('2026-03-05T08:00'))]);
    expect(waiting.effectiveFor(tpe('2026-03-02T10:00'), { timezone: 'Asia/Taipei', cutoff: '08:00' })).toEqual({
      date: '2026-03-05',
      at: tpe('2026-03-05T08:00'),
    });
  });

  it('refuses to work without any version', () => {
    expect(() => new EarnVersions([])).toThrow(/no settings/);
  });
});
