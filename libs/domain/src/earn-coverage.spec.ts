import { describe, expect, it } from '@jest/globals';
import { EARN_MIN_DAYS_COVERED, earnCoverState, earnDaysCovered, highestCoveredRate, isEarnRateCovered, isEarnRateRaise } from './earn-coverage.js';

describe('days covered', () => {
  it.each<[number, number, number | null]>([
    // equity, daily income (cents), days
    [30_000_00, 1_000_00, 30],
    [29_999_99, 1_000_00, 29], // a cent short of 30 days is 29
    [30_999_99, 1_000_00, 30],
    [1, 1, 1],
    [0, 1_00, 0], // no equity, income due
    [-5_000_00, 1_00, 0], // users won more than they lost
    [5_000_00, 0, null], // nothing to pay: unlimited
    [0, 0, null],
    [-1, 0, null],
    [9_007_199_254_740_991, 1, 9_007_199_254_740_991],
  ])('equity %p over income %p: %p', (equity, income, days) => expect(earnDaysCovered(equity, income)).toBe(days));
});

describe('the refusal edge', () => {
  it('takes exactly 30 days and refuses 29', () => {
    expect(EARN_MIN_DAYS_COVERED).toBe(30);
    expect(isEarnRateCovered(earnDaysCovered(30_00, 1_00))).toBe(true);
    expect(isEarnRateCovered(earnDaysCovered(29_99, 1_00))).toBe(false);
    expect(isEarnRateCovered(earnDaysCovered(0, 1))).toBe(false);
    expect(isEarnRateCovered(null)).toBe(true);
  });

  it.each<[string, string, boolean]>([
    ['0.01', '0.011', true],
    ['0.01', '0.01', false],
    ['0.01', '0.010', false],
    ['0.01', '0.00999999', false],
    ['0', '0.00000001', true],
    ['0.1', '0', false],
  ])('%p -> %p is a raise: %p', (from, to, raise) => expect(isEarnRateRaise(from, to)).toBe(raise));
});

describe('the highest covered rate', () => {
  it.each<[number, number, string]>([
    // equity, all holders' balance, rate
    [30_000_00, 1_000_000_00, '0.001'], // 1,000.00 a day for 30 days
    [30_000_00 - 1, 1_000_000_00, '0.00099999'], // budget 99,999 cents a day, rounded down
    [0, 1_000_000_00, '0'],
    [-1_00, 1_000_000_00, '0'],
    [5_00, 0, '0.1'], // no balance: any rate up to the maximum
    [1_000_000_000_00, 1_00, '0.1'], // capped at the maximum
    [29, 1_000_00, '0'], // less than a cent a day
  ])('equity %p on %p: %p', (equity, balance, rate) => expect(highestCoveredRate(equity, balance)).toBe(rate));

  it('is covered for 30 days however each holder rounds', () => {
    const balances = [1_234_56, 98_765_43, 1, 20_00, 555_555_55];
    const equity = 1_234_567;
    const total = balances.reduce((a, b) => a + b, 0);
    const rate = Number(highestCoveredRate(equity, total));
    const income = balances.reduce((s, b) => s + Math.floor(b * rate), 0);
    expect(income).toBeGreaterThan(0);
    expect(earnDaysCovered(equity, income)).toBeGreaterThanOrEqual(30);
    // One step of the last decimal more would no longer be covered on the whole balance.
    const above = Math.floor(total * (rate + 1e-8));
    expect(Math.floor(equity / above)).toBeLessThan(31);
  });
});

describe('what a reader is told', () => {
  it('says none is due, not covered, or the days', () => {
    expect([null, 0, 1, 365].map(earnCoverState)).toEqual(['noneDue', 'notCovered', 'covered', 'covered']);
    expect(earnCoverState(earnDaysCovered(-5, 100))).toBe('notCovered');
  });
});
