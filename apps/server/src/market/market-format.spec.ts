import { describe, expect, it } from '@jest/globals';
import { formatAmount, formatChange, formatVolume, toScaled, windowStart } from './market-format.js';

describe('market figures on the wire', () => {
  it.each([
    ['100', '101.5', '0.015000'],
    ['1.08452', '1.08441', '-0.000101'],
    ['3', '3.00', '0.000000'],
    [null, '5', '0.000000'],
  ])('change from %p to %p is %p', (first, last, expected) => {
    expect(formatChange(first, last)).toBe(expected);
  });

  it.each([
    ['383.925', '383.93'],
    ['0.004999', '0.00'],
    ['0.005', '0.01'],
    ['1234567.891234567890123', '1234567.89'],
    [null, '0.00'],
  ])('amount %p is written %p', (value, text) => {
    expect(formatAmount(value)).toBe(text);
  });

  it.each([
    ['12.5000', '12.5'],
    ['0.00000000', '0'],
    [null, '0'],
  ])('volume %p is written %p', (value, text) => {
    expect(formatVolume(value)).toBe(text);
  });

  it('scales exactly and drops digits beyond the scale', () => {
    expect(toScaled('1.23456789123', 8)).toBe(123456789n);
    expect(toScaled('7', 2)).toBe(700n);
  });

  it('the 24h window is the current minute and the 1439 before it', () => {
    const at = Date.UTC(2026, 0, 2, 0, 0, 30);
    expect(windowStart(at)).toBe(Date.UTC(2026, 0, 1, 0, 1));
  });
});
