import { describe, expect, it } from '@jest/globals';
import type { AdminProductBody } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { applyPatch, diff } from './admin-products.service.js';

const current = {
  names: { 'zh-TW': '比特幣', en: 'Bitcoin' },
  precision: 2,
  timezone: 'UTC',
  hours: null,
  holidays: [],
  maintenance: false,
  maintenanceMessage: null,
  expiries: [{ seconds: 60, payoutRate: '0.85' }],
  minStake: 100,
  maxStake: 10_000_000,
  recommended: true,
  enabled: true,
  priceVenues: [] as { venue: string; symbol: string }[],
};

function fieldOf(body: AdminProductBody): string | undefined {
  try {
    applyPatch(current, body, 'BTCUSDT');
    return undefined;
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}:${e.field}`;
    throw e;
  }
}

describe('product settings patch', () => {
  it.each<[string, AdminProductBody, string]>([
    ['min above max', { minStake: '500.00', maxStake: '100.00' }, 'VALIDATION_FAILED:minStake'],
    ['min above the current max', { minStake: '100000.01' }, 'VALIDATION_FAILED:minStake'],
    ['max below the current min', { maxStake: '0.99' }, 'VALIDATION_FAILED:maxStake'],
    ['a zero stake', { minStake: '0' }, 'VALIDATION_FAILED:minStake'],
    ['a stake with 3 decimals', { minStake: '1.001' }, 'VALIDATION_FAILED:minStake'],
    ['a stake above the amount maximum', { maxStake: '1000000.00' }, 'VALIDATION_FAILED:maxStake'],
    ['a rate of 0', { expiries: [{ seconds: 30, payoutRate: '0' }] }, 'VALIDATION_FAILED:expiries.0.payoutRate'],
    ['a rate above 1', { expiries: [{ seconds: 30, payoutRate: '1.0001' }] }, 'VALIDATION_FAILED:expiries.0.payoutRate'],
    [
      'an exchange twice',
      {
        priceVenues: [
          { venue: 'okx', symbol: 'BTC-USDT' },
          { venue: 'okx', symbol: 'ETH-USDT' },
        ],
      },
      'VALIDATION_FAILED:priceVenues.1.venue',
    ],
    // The market must trade the product's own asset: BTCUSDT is never priced from another instrument.
    ['another asset (BTCUSDT from Binance ETHUSDT)', { priceVenues: [{ venue: 'binance', symbol: 'ETHUSDT' }] }, 'VALIDATION_FAILED:priceVenues.0.symbol'],
    [
      'another asset in second place',
      {
        priceVenues: [
          { venue: 'binance', symbol: 'BTCUSDT' },
          { venue: 'okx', symbol: 'BTCX-USDT' },
        ],
      },
      'VALIDATION_FAILED:priceVenues.1.symbol',
    ],
    ["a symbol not in the exchange's spelling", { priceVenues: [{ venue: 'kraken', symbol: 'BTC-USDT' }] }, 'VALIDATION_FAILED:priceVenues.0.symbol'],
    [
      'two quote currencies in one median',
      {
        priceVenues: [
          { venue: 'binance', symbol: 'BTCUSDT' },
          { venue: 'coinbase', symbol: 'BTC-USD' },
        ],
      },
      'VALIDATION_FAILED:priceVenues.1.symbol',
    ],
    [
      'two expiries of the same length',
      {
        expiries: [
          { seconds: 30, payoutRate: '0.8' },
          { seconds: 30, payoutRate: '0.7' },
        ],
      },
      'VALIDATION_FAILED:expiries.1.seconds',
    ],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'VALIDATION_FAILED:timezone'],
    ['an opening at 24:00', { hours: [{ day: 1, open: '24:00', close: '10:00' }] }, 'VALIDATION_FAILED:hours.0.open'],
    ['a closing at 25:00', { hours: [{ day: 1, open: '09:00', close: '25:00' }] }, 'VALIDATION_FAILED:hours.0.close'],
    ['a holiday that is no date', { holidays: ['2026-02-30'] }, 'VALIDATION_FAILED:holidays.0'],
    ['names without zh-TW', { names: { en: 'Bitcoin' } }, 'VALIDATION_FAILED:names.zh-TW'],
    ['a name in an unknown language', { names: { 'zh-TW': '比特幣', xx: 'Bitcoin' } }, 'VALIDATION_FAILED:names.xx'],
    ['a blank name', { names: { 'zh-TW': '   ' } }, 'VALIDATION_FAILED:names.zh-TW'],
  ])('refuses %s', (_label, body, expected) => {
    expect(fieldOf(body)).toBe(expected);
  });

  it.each<[string, AdminProductBody]>([
    ['a rate of exactly 1', { expiries: [{ seconds: 30, payoutRate: '1' }] }],
    ['a rate with 4 decimals', { expiries: [{ seconds: 30, payoutRate: '0.8125' }] }],
    ['min equal to max', { minStake: '50.00', maxStake: '50' }],
    [
      'an overnight session and a closing at 24:00',
      {
        hours: [
          { day: 0, open: '17:00', close: '17:00' },
          { day: 5, open: '00:00', close: '24:00' },
        ],
      },
    ],
    ['an IANA zone', { timezone: 'America/New_York' }],
    ["Kraken's XBT for BTC", { priceVenues: [{ venue: 'kraken', symbol: 'XBT/USDT' }] }],
    [
      'the same asset on every exchange',
      {
        priceVenues: [
          { venue: 'binance', symbol: 'BTCUSDT' },
          { venue: 'coinbase', symbol: 'BTC-USDT' },
        ],
      },
    ],
  ])('accepts %s', (_label, body) => {
    expect(fieldOf(body)).toBeUndefined();
  });

  it('normalises what it stores: rates, sorted expiries, unique sorted holidays, cents, an empty message as null', () => {
    const next = applyPatch(
      current,
      {
        expiries: [
          { seconds: 300, payoutRate: '.80' },
          { seconds: 30, payoutRate: '0.8500' },
        ],
        holidays: ['2026-12-25', '2026-01-01', '2026-12-25'],
        minStake: 10,
        maxStake: '2500.5',
        maintenanceMessage: '  ',
      },
      'ETHUSDT',
    );
    expect(next.expiries).toEqual([
      { seconds: 30, payoutRate: '0.85' },
      { seconds: 300, payoutRate: '0.8' },
    ]);
    expect(next.holidays).toEqual(['2026-01-01', '2026-12-25']);
    expect([next.minStake, next.maxStake]).toEqual([1000, 250050]);
    expect(next.maintenanceMessage).toBeNull();
  });

  it("keeps a product's exchange markets in the exchanges' order, upper-cased; an empty list is simulated prices", () => {
    const next = applyPatch(
      current,
      {
        priceVenues: [
          { venue: 'kraken', symbol: 'eth/usdt' },
          { venue: 'binance', symbol: 'ETHUSDT' },
          { venue: 'okx', symbol: 'ETH-USDT' },
        ],
      },
      'ETHUSDT',
    );
    expect(next.priceVenues).toEqual([
      { venue: 'binance', symbol: 'ETHUSDT' },
      { venue: 'okx', symbol: 'ETH-USDT' },
      { venue: 'kraken', symbol: 'ETH/USDT' },
    ]);
    expect(diff(current, next).after).toEqual({ priceVenues: next.priceVenues });
    expect(applyPatch(next, { priceVenues: [] }, 'ETHUSDT').priceVenues).toEqual([]);
  });

  it('names only the changed fields, stakes as money', () => {
    const next = applyPatch(current, { maintenance: true, maxStake: '200.00', precision: 2 }, 'ETHUSDT');
    expect(diff(current, next)).toEqual({ before: { maintenance: false, maxStake: '100000.00' }, after: { maintenance: true, maxStake: '200.00' } });
  });
});
