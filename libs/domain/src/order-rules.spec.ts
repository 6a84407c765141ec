import { describe, it, expect } from '@jest/globals';
import { MAX_TICK_AGE_MS, closingTick, expiresAt, findExpiry, isTickFresh, stakeRange } from './order-rules.js';

describe('isTickFresh (under 3 s old)', () => {
  const now = 1_700_000_000_000;
  it.each<[string, number, boolean]>([
    ['same instant', now, true],
    ['2999 ms old', now - 2999, true],
    ['exactly 3000 ms old', now - 3000, false],
    ['3001 ms old', now - 3001, false],
    ['an hour old', now - 3_600_000, false],
    ['slightly in the future', now + 50, true],
    ['NaN', NaN, false],
  ])('%s -> %p', (_name, tick, fresh) => expect(isTickFresh(tick, now)).toBe(fresh));

  it('takes another limit', () => {
    expect(MAX_TICK_AGE_MS).toBe(3000);
    expect(isTickFresh(now - 999, now, 1000)).toBe(true);
    expect(isTickFresh(now - 1000, now, 1000)).toBe(false);
  });
});

describe('findExpiry', () => {
  const expiries = [
    { seconds: 30, payoutRate: '0.85' },
    { seconds: 60, payoutRate: '0.8' },
  ];
  it.each<[number, string | undefined]>([
    [30, '0.85'],
    [60, '0.8'],
    [45, undefined],
    [0, undefined],
    [-30, undefined],
  ])('%p s -> %p', (s, rate) => expect(findExpiry(expiries, s)?.payoutRate).toBe(rate));
});

describe('stakeRange (inclusive limits)', () => {
  it.each<[number, 'ok' | 'below' | 'above']>([
    [999, 'below'],
    [1000, 'ok'],
    [50000, 'ok'],
    [99999900, 'ok'],
    [99999901, 'above'],
    [0, 'below'],
    [-1000, 'below'],
    [1000.5, 'below'],
    [NaN, 'below'],
  ])('%p cents -> %p', (stake, range) => expect(stakeRange(stake, 1000, 99999900)).toBe(range));

  it('never accepts zero even when the minimum is zero', () => expect(stakeRange(0, 0, 100)).toBe('below'));
});

describe('expiresAt', () => {
  it.each([
    [1_000, 30, 31_000], // placed on a whole second: exactly the duration
    [1_001, 30, 32_000], // 1 ms past a second: rounds up to the next whole second
    [1_999, 30, 32_000],
    [1_700_000_000_500, 60, 1_700_000_061_000],
    [0, 1, 1_000],
  ])('placed at %p for %p s expires at %p (a whole second, never early)', (at, d, want) => {
    const got = expiresAt(at, d);
    expect(got).toBe(want);
    expect(got % 1000).toBe(0);
    expect(got - at).toBeGreaterThanOrEqual(d * 1000);
    expect(got - at).toBeLessThan(d * 1000 + 1000);
  });
  it.each([[0], [-30], [1.5], [NaN]])('refuses duration %p', (d) => expect(() => expiresAt(1_000, d)).toThrow(RangeError));
});

describe('closingTick (last tick at or before expiry, once a later tick exists)', () => {
  const E = 60_000;
  const tk = (t: number, id: string) => ({ t, id });
  it.each<[string, { t: number; id: string }[], string]>([
    ['no later tick yet: pending', [tk(E - 500, 'a'), tk(E, 'b')], 'pending'],
    ['nothing at all: pending', [], 'pending'],
    ['a tick exactly at expiry closes', [tk(E - 500, 'a'), tk(E, 'b'), tk(E + 1, 'c')], 'b'],
    ['the last before expiry closes', [tk(E - 900, 'a'), tk(E - 1, 'b'), tk(E + 400, 'c')], 'b'],
    ['a tick 1 ms late does not close', [tk(E - 900, 'a'), tk(E + 1, 'b')], 'a'],
    ['two ticks at the same time: the later-recorded', [tk(E - 5, 'a'), tk(E - 5, 'b'), tk(E + 5, 'c')], 'b'],
    ['out-of-order arrival by time', [tk(E - 1, 'b'), tk(E - 500, 'a'), tk(E + 5, 'c')], 'b'],
    ['only later ticks: none', [tk(E + 1, 'a')], 'none'],
  ])('%s', (_name, ticks, expected) => {
    const r = closingTick(ticks, E);
    expect(r.status === 'ready' ? r.tick.id : r.status).toBe(expected);
  });
});
