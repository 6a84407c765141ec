import { describe, it, expect } from '@jest/globals';
import {
  breakEvenPercent,
  breakEvenWinRate,
  decideOutcome,
  estimatePayout,
  parseRate,
  ratePercent,
  settleAmounts,
  winProfitCents,
  type Direction,
  type Outcome,
} from './payout.js';

describe('decideOutcome', () => {
  it.each<[Direction, string, string, Outcome]>([
    ['up', '100', '100.01', 'win'],
    ['up', '100', '99.99', 'loss'],
    ['up', '100', '100', 'tie'],
    ['down', '100', '99.99', 'win'],
    ['down', '100', '100.01', 'loss'],
    ['down', '100', '100', 'tie'],
    // Different trailing zeros are the same price.
    ['up', '1.50', '1.5', 'tie'],
    ['down', '1.5000', '1.5', 'tie'],
    ['up', '0.1', '0.10000001', 'win'],
    // Smallest steps at a high precision, where float arithmetic would be unreliable.
    ['up', '0.30000000000000004', '0.3', 'loss'],
    ['down', '0.30000000000000004', '0.3', 'win'],
    ['up', '9007199254740993', '9007199254740992', 'loss'], // differ beyond 2^53
    ['up', '9', '10', 'win'], // not compared as text
    ['down', '10', '9', 'win'],
    ['up', '65000.12', '65000.120', 'tie'],
  ])('%p open %p close %p -> %p', (dir, open, close, out) => expect(decideOutcome(dir, open, close)).toBe(out));

  it('refuses malformed prices and directions', () => {
    expect(() => decideOutcome('up', 'abc', '1')).toThrow(RangeError);
    expect(() => decideOutcome('up', '1', '')).toThrow(RangeError);
    expect(() => decideOutcome('sideways' as Direction, '1', '2')).toThrow(RangeError);
  });
});

describe('parseRate', () => {
  it.each<[string, bigint | null]>([
    ['0.85', 8500n],
    ['.85', 8500n],
    ['0.8', 8000n],
    ['0.8765', 8765n],
    ['1', 10000n],
    ['1.5', 15000n],
    ['0', 0n],
    ['0.0001', 1n],
    ['0.87654', null],
    ['-0.85', null],
    ['', null],
    ['.', null],
    ['0.85 ', null],
    ['85%', null],
    ['1e-1', null],
  ])('%p -> %p', (s, v) => expect(parseRate(s)).toBe(v));
});

describe('settleAmounts', () => {
  it.each<[number, string, Outcome, number, number]>([
    // stake, rate, outcome, payout, pnl
    [10000, '0.85', 'win', 18500, 8500],
    [10000, '0.85', 'loss', 0, -10000],
    [10000, '0.85', 'tie', 10000, 0],
    [1, '0.85', 'win', 1, 0], // floor(0.85) = 0
    [2, '0.85', 'win', 3, 1], // floor(1.7) = 1
    [999, '0.85', 'win', 1848, 849], // floor(849.15)
    [1001, '0.8765', 'win', 1878, 877], // floor(877.3765)
    [100, '0.0001', 'win', 100, 0],
    [10000, '0.0001', 'win', 10001, 1],
    [333, '0.3333', 'win', 443, 110], // floor(110.9889)
    [10000, '0', 'win', 10000, 0],
    [10000, '1', 'win', 20000, 10000],
    [99999900, '0.85', 'win', 184999815, 84999915], // the maximum stake
    [99999900, '1.9999', 'win', 299989700, 199989800],
    [57, '0.57', 'win', 89, 32], // 57 * 0.57 = 32.49; 0.57 * 57 in floats is 32.489999...
    [1, '0.85', 'loss', 0, -1],
    [1, '0.85', 'tie', 1, 0],
  ])('stake %p at %p, %p -> payout %p pnl %p', (stake, rate, outcome, payout, pnl) => {
    const s = settleAmounts(stake, rate, outcome);
    expect(s).toEqual({ payoutCents: payout, pnlCents: pnl });
    expect(s.payoutCents - s.pnlCents).toBe(stake);
  });

  it.each<[number, string, Outcome]>([
    [0, '0.85', 'win'],
    [-100, '0.85', 'win'],
    [1.5, '0.85', 'win'],
    [NaN, '0.85', 'loss'],
    [Number.MAX_SAFE_INTEGER + 1, '0.85', 'tie'],
    [100, '0.85000', 'win'],
    [100, '-1', 'win'],
    [100, 'abc', 'loss'],
    [100, '0.85', 'draw' as Outcome],
    [Number.MAX_SAFE_INTEGER, '1', 'win'], // payout beyond the safe range
  ])('refuses stake %p rate %p outcome %p', (stake, rate, outcome) => {
    expect(() => settleAmounts(stake, rate, outcome)).toThrow(RangeError);
  });
});

describe('estimatePayout / winProfitCents', () => {
  it.each<[number, string, number, number]>([
    [10000, '0.85', 18500, 8500],
    [1, '0.85', 1, 0],
    [12345, '0.8', 22221, 9876],
    [100, '1.5', 250, 150],
  ])('stake %p at %p -> %p (profit %p)', (stake, rate, payout, profit) => {
    expect(estimatePayout(stake, rate)).toBe(payout);
    expect(winProfitCents(stake, rate)).toBe(profit);
    expect(settleAmounts(stake, rate, 'win').payoutCents).toBe(payout);
  });

  it('estimates 0 for an empty stake, which cannot be settled', () => {
    expect(estimatePayout(0, '0.85')).toBe(0);
    expect(() => settleAmounts(0, '0.85', 'win')).toThrow(RangeError);
  });

  it.each<[number, string]>([
    [-1, '0.85'],
    [0.5, '0.85'],
    [100, 'x'],
  ])('refuses to estimate stake %p at %p', (stake, rate) => expect(() => estimatePayout(stake, rate)).toThrow(RangeError));
});

describe('break-even win rate 1 / (1 + rate)', () => {
  it.each<[string, number, string, string]>([
    ['0.85', 1 / 1.85, '54.05', '54.1'],
    ['1', 0.5, '50.00', '50.0'],
    ['0', 1, '100.00', '100.0'],
    ['0.8', 1 / 1.8, '55.56', '55.6'],
    ['0.9', 1 / 1.9, '52.63', '52.6'],
    ['0.95', 1 / 1.95, '51.28', '51.3'],
    ['0.6', 0.625, '62.50', '62.5'],
    ['0.0001', 1 / 1.0001, '99.99', '100.0'],
    ['0.3', 1 / 1.3, '76.92', '76.9'],
  ])('%p -> %p, %p %%, %p %%', (rate, value, pct2, pct1) => {
    expect(breakEvenWinRate(rate)).toBeCloseTo(value, 12);
    expect(breakEvenPercent(rate)).toBe(pct2);
    expect(breakEvenPercent(rate, 1)).toBe(pct1);
  });

  it('rounds half up exactly', () => {
    // 1 / 1.6 = 0.625 exactly: 62.5 % -> "63" at no decimals.
    expect(breakEvenPercent('0.6', 0)).toBe('63');
    // 1 / 1.5 = 66.666..% -> "66.667"
    expect(breakEvenPercent('0.5', 3)).toBe('66.667');
  });

  it('refuses a bad rate or decimals', () => {
    expect(() => breakEvenWinRate('x')).toThrow(RangeError);
    expect(() => breakEvenPercent('-0.5')).toThrow(RangeError);
    expect(() => breakEvenPercent('0.85', -1)).toThrow(RangeError);
    expect(() => breakEvenPercent('0.85', 11)).toThrow(RangeError);
  });
});

describe('ratePercent', () => {
  it.each([
    ['0.85', '85'],
    ['.85', '85'],
    ['0.875', '87.5'],
    ['0.8765', '87.65'],
    ['0.0001', '0.01'],
    ['1', '100'],
    ['1.2', '120'],
    ['0', '0'],
  ])('%p -> %p', (rate, pct) => expect(ratePercent(rate)).toBe(pct));
});

describe('decideOutcome at the precision the order opened with', () => {
  it.each<[Direction, string, string, number, string]>([
    ['up', '1.08416', '1.084164', 5, 'tie'], // rounds down to the open price
    ['up', '1.08416', '1.084165', 5, 'win'], // half up
    ['down', '1.08416', '1.084155', 5, 'tie'],
    ['down', '1.08416', '1.08415', 5, 'win'],
    ['up', '100.00', '100.5', 2, 'win'], // fewer decimals than the order's: compared by value
  ])('%p open %p close %p at %p decimals -> %p', (dir, open, close, precision, out) => expect(decideOutcome(dir, open, close, precision)).toBe(out));
});
