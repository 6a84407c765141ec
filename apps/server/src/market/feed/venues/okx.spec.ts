import { describe, expect, it } from '@jest/globals';
import { fixtureFrames } from '../../../../../../scripts/testing/fake-venues.mjs';
import { okx } from './okx.js';

describe('okx protocol', () => {
  it('reads the recorded tickers frames: bidPx/askPx exactly, ts as the exchange time', () => {
    const quotes = fixtureFrames('okx').flatMap((f) => okx.parse(f).quotes);
    expect(quotes).toEqual([
      { symbol: 'BTC-USDT', bid: '67012.4', ask: '67012.5', venueTs: new Date(1770123456789).toISOString(), venueId: null },
      { symbol: 'ETH-USDT', bid: '3480.11', ask: '3480.12', venueTs: new Date(1770123456901).toISOString(), venueId: null },
    ]);
  });

  it('reads the 24h volume of each tickers frame: vol24h in the base currency, volCcy24h in the quote', () => {
    const volumes = fixtureFrames('okx').flatMap((f) => okx.parse(f).volumes ?? []);
    expect(volumes).toEqual([
      { symbol: 'BTC-USDT', base: 12250.1, quote: 812345678.12 },
      { symbol: 'ETH-USDT', base: 16000, quote: 55500000 },
    ]);
  });

  it('takes the text pong and acknowledgements quietly, reports an error event', () => {
    expect(okx.parse('pong')).toEqual({ quotes: [] });
    expect(okx.parse('{"event":"subscribe","arg":{"channel":"tickers","instId":"BTC-USDT"},"connId":"x"}')).toEqual({ quotes: [] });
    expect(okx.parse(fixtureFrames('okx').at(-1)!).error).toMatch(/60018/);
  });

  it('pings with the text ping; subscribes every instrument in one operation', () => {
    expect(okx.pingMessage()).toBe('ping');
    expect(JSON.parse(okx.subscribe(['BTC-USDT', 'ETH-USDT'])[0]!)).toEqual({
      op: 'subscribe',
      args: [
        { channel: 'tickers', instId: 'BTC-USDT' },
        { channel: 'tickers', instId: 'ETH-USDT' },
      ],
    });
    expect(okx.quoteCurrency('BTC-USDT')).toBe('USDT');
  });

  it('throws on a garbage frame', () => expect(() => okx.parse('{{')).toThrow());
});
