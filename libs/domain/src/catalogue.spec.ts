import { describe, expect, it } from '@jest/globals';
import { earliestEffectiveAt, firstChangeReached, noticeMs, precisionKeepsPrice, productBaseAsset, significantDigitsAt, valueAt } from './catalogue.js';

describe('catalogue rules', () => {
  it('counts the significant digits a precision keeps', () => {
    expect(significantDigitsAt('1.08416', 0)).toBe(1);
    expect(significantDigitsAt('1.08416', 4)).toBe(5);
    expect(significantDigitsAt('1.08416', 5)).toBe(6);
    expect(significantDigitsAt('64250.12', 0)).toBe(5);
    expect(significantDigitsAt('0.000123456', 6)).toBe(3);
    expect(significantDigitsAt('0.000123456', 8)).toBe(5);
    // the decimals a precision keeps count even where the price text stops early
    expect(significantDigitsAt('0.5821', 5)).toBe(5);
    expect(significantDigitsAt('2500.00', 3)).toBe(7);
    expect(significantDigitsAt('2500', 1)).toBe(5);
  });

  it('refuses a precision that keeps fewer than five significant digits', () => {
    expect(precisionKeepsPrice('1.08416', 0)).toBe(false);
    expect(precisionKeepsPrice('1.08416', 3)).toBe(false);
    expect(precisionKeepsPrice('1.08416', 4)).toBe(true);
    expect(precisionKeepsPrice('64250.12', 0)).toBe(true);
    expect(precisionKeepsPrice(null, 0)).toBe(true);
  });

  it("finds a product's base asset", () => {
    expect(productBaseAsset('BTCUSDT')).toBe('BTC');
    expect(productBaseAsset('ETHUSDT')).toBe('ETH');
    expect(productBaseAsset('EURUSD')).toBe('EUR');
    expect(productBaseAsset('XAUUSD')).toBe('XAU');
    expect(productBaseAsset('XBTUSD')).toBe('BTC');
    expect(productBaseAsset('USDT')).toBeNull();
  });

  it('never gives less notice than the longest expiry plus a minute', () => {
    expect(noticeMs(24, 300)).toBe(24 * 3_600_000);
    expect(noticeMs(0.001, 300)).toBe(360_000);
    expect(noticeMs(0, 10)).toBe(70_000);
  });

  it('puts the earliest effectiveAt on a whole second, after the last open order', () => {
    expect(earliestEffectiveAt(1_000_500, 70_000, null)).toBe(1_071_000);
    expect(earliestEffectiveAt(1_000_000, 70_000, 2_000_000)).toBe(2_060_000);
    expect(earliestEffectiveAt(1_000_000, 70_000, 1_000_000)).toBe(1_070_000);
  });

  it('reads the value in effect at a moment', () => {
    const changes = [
      { field: 'precision', to: 2, effectiveAtMs: 2000 },
      { field: 'precision', to: 3, effectiveAtMs: 5000 },
      { field: 'timezone', to: 'Asia/Taipei', effectiveAtMs: 1000 },
    ];
    expect(valueAt(5, 'precision', changes, 1999)).toBe(5);
    expect(valueAt(5, 'precision', changes, 2000)).toBe(2);
    expect(valueAt(5, 'precision', changes, 6000)).toBe(3);
    expect(valueAt('UTC', 'timezone', changes, 1000)).toBe('Asia/Taipei');
  });

  it('says which change an expiry would reach', () => {
    const changes = [{ effectiveAtMs: 5000 }, { effectiveAtMs: 3000 }];
    expect(firstChangeReached(changes, 2999)).toBeNull();
    expect(firstChangeReached(changes, 3000)).toBe(3000);
    expect(firstChangeReached(changes, 9000)).toBe(3000);
  });
});
