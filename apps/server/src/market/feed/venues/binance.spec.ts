import { describe, expect, it } from '@jest/globals';
import { fixtureFrames } from '../../../../../../scripts/testing/fake-venues.mjs';
import { binance } from './binance.js';

describe('binance protocol', () => {
  it('reads the recorded bookTicker frames: exact price text, update id, no event time', () => {
    const quotes = fixtureFrames('binance').flatMap((f) => binance.parse(f).quotes);
    expect(quotes[0]).toEqual({ symbol: 'BTCUSDT', bid: '67012.34000000', ask: '67012.35000000', venueTs: null, venueId: '400900217' });
    expect(quotes.map((q) => q.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'BTCUSDT', 'SOLUSDT', 'XRPUSDT']);
  });

  it('asks to reconnect on serverShutdown, in both the event-wrapped and the bare shape', () => {
    expect(binance.parse('{"event":{"e":"serverShutdown","E":1770123456789}}').reconnect).toBe(true);
    expect(binance.parse('{"e":"serverShutdown","E":1770123456789}').reconnect).toBe(true);
  });

  it('reads a combined-stream wrapper, ignores the subscription answer, reports an error', () => {
    const wrapped = '{"stream":"btcusdt@bookTicker","data":{"u":5,"s":"BTCUSDT","b":"1.10","B":"1","a":"1.20","A":"1"}}';
    expect(binance.parse(wrapped).quotes).toEqual([{ symbol: 'BTCUSDT', bid: '1.10', ask: '1.20', venueTs: null, venueId: '5' }]);
    expect(binance.parse('{"result":null,"id":1}')).toEqual({ quotes: [] });
    expect(binance.parse('{"error":{"code":2,"msg":"Invalid request"},"id":1}').error).toContain('Invalid request');
  });

  it('throws on a garbage frame', () => expect(() => binance.parse('\u0000not json{{')).toThrow());

  it('reads the 24h volume of a miniTicker frame, base and quote, and no quote from it', () => {
    const frames = fixtureFrames('binance').map((f) => binance.parse(f));
    expect(frames.flatMap((f) => f.volumes ?? [])).toEqual([{ symbol: 'BTCUSDT', base: 18234.5123, quote: 1215678901.23456789 }]);
    expect(binance.parse('{"e":"24hrMiniTicker","E":1,"s":"BTCUSDT","v":"-1","q":"5"}')).toEqual({ quotes: [], volumes: [] });
  });

  it('subscribes to <symbol>@bookTicker and @miniTicker in one message; knows quote currencies', () => {
    expect(binance.subscribe(['BTCUSDT', 'ETHUSDT'])).toEqual([
      '{"method":"SUBSCRIBE","params":["btcusdt@bookTicker","btcusdt@miniTicker","ethusdt@bookTicker","ethusdt@miniTicker"],"id":1}',
    ]);
    expect(binance.quoteCurrency('BTCUSDT')).toBe('USDT');
    expect(binance.quoteCurrency('BTCFDUSD')).toBe('FDUSD');
    expect(binance.validSymbol('BTCUSDT')).toBe(true);
    expect(binance.validSymbol('BTC-USDT')).toBe(false);
  });
});
