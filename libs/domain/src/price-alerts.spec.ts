import { describe, expect, it } from '@jest/globals';
import { alertDirectionFor, alertFires, alertLevelProblem, alertLevelText, thresholdsReached, type AlertDirection } from './price-alerts.js';

describe('alertDirectionFor (the side of the price a level lies on)', () => {
  it.each<[string, string, AlertDirection | null]>([
    ['101', '100', 'above'],
    ['100.01', '100.00', 'above'],
    ['99.99', '100', 'below'],
    ['0.5', '67000.10', 'below'],
    ['100.00', '100', null],
    ['100', '100.000', null],
  ])('level %s at price %s -> %p', (level, price, side) => expect(alertDirectionFor(level, price)).toBe(side));
});

describe('alertFires (the crossing rule)', () => {
  it.each<[AlertDirection, string, string, boolean]>([
    ['above', '101.00', '100.99', false],
    ['above', '101.00', '101.00', true], // touching the level is reaching it
    ['above', '101.00', '101', true],
    ['above', '101.00', '150.25', true], // a jump over the level fires too
    ['below', '99.50', '99.51', false],
    ['below', '99.50', '99.5', true],
    ['below', '99.50', '12.00', true],
    ['below', '99.50', '150.00', false],
    ['above', '0.0001', '0.00009', false],
  ])('%s %s at price %s -> %p', (direction, level, price, fires) => expect(alertFires(direction, level, price)).toBe(fires));

  it('an alert made on its side of the price does not fire at that price', () => {
    for (const [level, price] of [
      ['101', '100'],
      ['99', '100'],
      ['100.01', '100'],
    ] as const) {
      const side = alertDirectionFor(level, price)!;
      expect(alertFires(side, level, price)).toBe(false);
    }
  });
});

describe('alertLevelProblem', () => {
  it.each<[string, number, ReturnType<typeof alertLevelProblem>]>([
    ['100', 2, null],
    ['100.25', 2, null],
    ['100.250', 2, null], // trailing zeros are no extra precision
    ['100.255', 2, 'decimals'],
    ['0.01', 2, null],
    ['0', 2, 'positive'],
    ['0.00', 2, 'positive'],
    ['-1', 2, 'format'],
    ['1e3', 2, 'format'],
    ['12,5', 2, 'format'],
    ['', 2, 'format'],
    ['5', 0, null],
    ['5.5', 0, 'decimals'],
  ])('%p at precision %i -> %p', (level, precision, problem) => expect(alertLevelProblem(level, precision)).toBe(problem));

  it('writes a valid level with the product decimals', () => {
    expect(alertLevelText('67000.5', 2)).toBe('67000.50');
    expect(alertLevelText('007', 0)).toBe('7');
    expect(alertLevelText('.5', 4)).toBe('0.5000');
  });
});

describe('thresholdsReached', () => {
  const t = { lowestAbove: '105.00', highestBelow: '95.00' };
  it.each<[string, boolean]>([
    ['100.00', false],
    ['104.99', false],
    ['105.00', true],
    ['95.01', false],
    ['95.00', true],
    ['1.00', true],
  ])('price %s -> %p', (price, reached) => expect(thresholdsReached(t, price)).toBe(reached));

  it('a side without alerts, or a product without any, is never reached', () => {
    expect(thresholdsReached({ lowestAbove: null, highestBelow: '95' }, '1000')).toBe(false);
    expect(thresholdsReached({ lowestAbove: '105', highestBelow: null }, '0.01')).toBe(false);
    expect(thresholdsReached(undefined, '100')).toBe(false);
  });
});
