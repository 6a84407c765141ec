import { describe, expect, it } from '@jest/globals';
import { standing } from './standing';

describe('standing (would the open order win if it expired now?)', () => {
  it.each([
    ['up', '100.00', '100.01', 'win'],
    ['up', '100.00', '99.99', 'loss'],
    ['up', '100.00', '100.0', 'tie'], // compared by value, not by text
    ['down', '100.00', '99.99', 'win'],
    ['down', '100.00', '100.01', 'loss'],
    ['down', '100.00', '100', 'tie'],
  ] as const)('%s from %s at %s -> %s', (direction, openPrice, price, out) => {
    expect(standing({ direction, openPrice }, price)).toBe(out);
  });

  it('says nothing without a usable price', () => {
    expect(standing({ direction: 'up', openPrice: '1.00' }, null)).toBeNull();
    expect(standing({ direction: 'up', openPrice: '1.00' }, '')).toBeNull();
    expect(standing({ direction: 'up', openPrice: '1.00' }, '1e3')).toBeNull();
  });
});
