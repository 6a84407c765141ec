import { describe, expect, it } from '@jest/globals';
import { fixtureFrames } from '../../../../../../scripts/testing/fake-venues.mjs';
import { coinbase } from './coinbase.js';

describe('coinbase protocol', () => {
  it('reads the recorded ticker frames: best_bid/best_ask, time and trade id; heartbeats carry no quote', () => {
    const quotes = fixtureFrames('coinbase').flatMap((f) => coinbase.parse(f).quotes);
    expect(quotes).toEqual([
      { symbol: 'BTC-USDT', bid: '67012.44', ask: '67012.46', venueTs: '2026-02-03T12:57:36.061769Z', venueId: '370843401' },
      { symbol: 'ETH-USDT', bid: '3480.11', ask: '3480.13', venueTs: '2026-02-03T12:57:37.104501Z', venueId: '370843455' },
    ]);
  });

  it('reads volume_24h of each ticker frame in the base currency; it sends none in the quote currency', () => {
    const volumes = fixtureFrames('coinbase').flatMap((f) => coinbase.parse(f).volumes ?? []);
    expect(volumes.map((v) => v.symbol)).toEqual(['BTC-USDT', 'ETH-USDT']);
    expect(volumes[0]).toEqual({ symbol: 'BTC-USDT', base: 2451.79269678, quote: null });
  });

  it('reports an error message', () => {
    expect(coinbase.parse(fixtureFrames('coinbase').at(-1)!).error).toMatch(/not a valid product/);
  });

  it('subscribes to ticker and heartbeat in the first message', () => {
    expect(JSON.parse(coinbase.subscribe(['BTC-USDT'])[0]!)).toEqual({ type: 'subscribe', product_ids: ['BTC-USDT'], channels: ['ticker', 'heartbeat'] });
    expect(coinbase.quoteCurrency('BTC-USD')).toBe('USD');
  });
});
