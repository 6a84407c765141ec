import { describe, expect, it } from '@jest/globals';
import { venueSymbols } from '../../../../../../scripts/testing/fake-venues.mjs';
import { VENUES } from './venue-protocol.js';
import { VENUE_VOLUME_FRESH_MS, VenueVolumes } from './venue-volumes.js';

const names = venueSymbols('BTCUSDT');
const MARKETS = VENUES.map((venue) => ({ venue, symbol: names[venue] }));
const ALL = [...VENUES];
const mid100 = () => ({ bid: '99.50', ask: '100.50' });

describe('VenueVolumes', () => {
  it('sums what the enabled exchanges reported: base volumes, and turnover as sent or at the mid', () => {
    const v = new VenueVolumes();
    v.record('binance', { symbol: 'BTCUSDT', base: 10, quote: 1010 }, 0);
    v.record('okx', { symbol: 'BTC-USDT', base: 5, quote: 500.5 }, 0);
    v.record('coinbase', { symbol: 'BTC-USDT', base: 2.5, quote: null }, 0);
    v.record('kraken', { symbol: 'BTC/USDT', base: 1, quote: 99 }, 0);
    expect(v.sum(MARKETS, ALL, mid100, 1000)).toEqual({ volume: '18.5', amount: '1859.50' });
    // Kraken disabled; Coinbase's volume has no mid to be valued at yet, so it is left out rather than guessed.
    expect(v.sum(MARKETS, ['binance', 'okx', 'coinbase'], () => undefined, 1000)).toEqual({ volume: '15', amount: '1510.50' });
  });

  it('drops a report older than VENUE_VOLUME_FRESH_MS, a later one replacing it; nothing reported is undefined', () => {
    const v = new VenueVolumes();
    expect(v.sum(MARKETS, ALL, mid100, 0)).toBeUndefined();
    v.record('binance', { symbol: 'BTCUSDT', base: 10, quote: 1000 }, 0);
    v.record('okx', { symbol: 'BTC-USDT', base: 4, quote: 400 }, 60_000);
    expect(v.sum(MARKETS, ALL, mid100, VENUE_VOLUME_FRESH_MS)).toEqual({ volume: '14', amount: '1400.00' });
    expect(v.sum(MARKETS, ALL, mid100, VENUE_VOLUME_FRESH_MS + 1)).toEqual({ volume: '4', amount: '400.00' });
    v.record('okx', { symbol: 'BTC-USDT', base: 6, quote: 600 }, VENUE_VOLUME_FRESH_MS);
    expect(v.sum(MARKETS, ALL, mid100, VENUE_VOLUME_FRESH_MS + 1)).toEqual({ volume: '6', amount: '600.00' });
    expect(v.sum(MARKETS, ALL, mid100, 10 * VENUE_VOLUME_FRESH_MS)).toBeUndefined();
  });
});
