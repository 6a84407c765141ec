import { describe, expect, it } from '@jest/globals';
import { levelState, wireLevel } from './level';

describe('wireLevel', () => {
  it.each([
    ['101.5', '101.5'],
    [' 101.5 ', '101.5'],
    ['１０１．５', '101.5'],
    ['101,5', '101.5'],
    ['1,000.5', '1,000.5'], // a thousands comma is not read as a decimal one: it stays and is refused
    ['abc', 'abc'],
  ])('%p -> %p', (raw, wire) => expect(wireLevel(raw)).toBe(wire));
});

describe('levelState', () => {
  it.each([
    ['101.5', '100.00', 2, { kind: 'ok', level: '101.50', direction: 'above' }],
    ['99', '100.00', 2, { kind: 'ok', level: '99.00', direction: 'below' }],
    ['100', '100.00', 2, { kind: 'equal' }],
    ['100.001', '100.00', 2, { kind: 'invalid' }],
    ['0', '100.00', 2, { kind: 'invalid' }],
    ['-5', '100.00', 2, { kind: 'invalid' }],
    ['1e3', '100.00', 2, { kind: 'invalid' }],
    ['', '100.00', 2, { kind: 'empty' }],
    ['101', null, 2, { kind: 'unknown', level: '101.00' }],
  ] as const)('%p at price %p (precision %i)', (raw, price, precision, state) => expect(levelState(raw, price, precision)).toEqual(state));
});
