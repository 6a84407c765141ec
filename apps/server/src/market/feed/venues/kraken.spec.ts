import { describe, expect, it } from '@jest/globals';
import { fixtureFrames } from '../../../../../../scripts/testing/fake-venues.mjs';
import { kraken } from './kraken.js';

describe('kraken protocol', () => {
  it('reads JSON float prices exactly, as the exchange wrote them', () => {
    const quotes = fixtureFrames('kraken').flatMap((f) => kraken.parse(f).quotes);
    expect(quotes).toEqual([
      { symbol: 'BTC/USDT', bid: '67012.3', ask: '67012.4', venueTs: '2026-02-03T12:57:36.123880Z', venueId: null },
      { symbol: 'BTC/USDT', bid: '67012.10000001', ask: '67012.20000001', venueTs: '2026-02-03T12:57:36.623880Z', venueId: null },
      { symbol: 'SHIB/USDT', bid: '0.00001234', ask: '0.00001236', venueTs: '2026-02-03T12:57:36.700000Z', venueId: null },
    ]);
  });

  it('reads the 24h volume and its quote-currency value (volume times vwap) of each ticker frame', () => {
    const volumes = fixtureFrames('kraken').flatMap((f) => kraken.parse(f).volumes ?? []);
    expect(volumes.map((v) => [v.symbol, v.base])).toEqual([
      ['BTC/USDT', 1730.41011231],
      ['BTC/USDT', 1730.5],
      ['SHIB/USDT', 1e9],
    ]);
    expect(volumes[0]!.quote).toBeCloseTo(1730.41011231 * 66586.6, 4);
  });

  it('does not round through a double', () => {
    const frame = '{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","bid":67012.123456789012345,"ask":67012.2}]}';
    expect(kraken.parse(frame).quotes[0]!.bid).toBe('67012.123456789012345');
  });

  it('takes status, heartbeat, pong and acknowledgements quietly; reports a refused subscription', () => {
    const frames = fixtureFrames('kraken');
    for (const f of frames.filter((x) => !x.includes('"ticker","type"') && !x.includes('"success":false'))) expect(kraken.parse(f)).toEqual({ quotes: [] });
    expect(kraken.parse(frames.at(-1)!).error).toMatch(/not supported/);
  });

  it('subscribes to ticker on best bid/offer changes; pings with method ping', () => {
    expect(JSON.parse(kraken.subscribe(['BTC/USDT'])[0]!)).toMatchObject({
      method: 'subscribe',
      params: { channel: 'ticker', symbol: ['BTC/USDT'], event_trigger: 'bbo' },
    });
    expect(JSON.parse(kraken.pingMessage()!)).toEqual({ method: 'ping' });
    expect(kraken.quoteCurrency('BTC/USDT')).toBe('USDT');
  });
});
