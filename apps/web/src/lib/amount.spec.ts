import { describe, expect, it } from '@jest/globals';
import { amountInput, toCents } from './amount';

describe('the amount box', () => {
  it('reads amounts with at most two decimals', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('0.01')).toBe(1);
    expect(toCents('1.234')).toBeNull();
    expect(toCents('abc')).toBeNull();
  });

  it('cleans what is typed into the amount box', () => {
    expect(amountInput('12a.3456')).toBe('12.34');
    expect(amountInput('1.2.3')).toBe('1.23');
    expect(amountInput('.5')).toBe('0.5');
  });
});
