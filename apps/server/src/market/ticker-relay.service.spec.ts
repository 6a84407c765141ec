import { describe, expect, it } from '@jest/globals';
import { TickerRelay } from './ticker-relay.service.js';
import { REDIS_CHANNELS, type TickMessage } from '@candor/cross-process';

/** A relay whose gateway's server holds `rooms` and records every local emit. */
function relayWith(rooms: string[]) {
  const emitted: [room: string, event: string, payload: Record<string, unknown>][] = [];
  const server = {
    sockets: { adapter: { rooms: new Map(rooms.map((r) => [r, new Set(['socket-id'])])) } },
    local: { to: (room: string) => ({ emit: (event: string, payload: Record<string, unknown>) => emitted.push([room, event, payload]) }) },
  };
  const fed: TickMessage[] = [];
  const market = { onTick: (m: TickMessage) => fed.push(m) };
  const relay = new TickerRelay({} as never, { server, setKnownSymbols: () => undefined } as never, market as never, {} as never);
  return { relay, emitted, fed };
}

const candle = (t: string) => ({ t, o: '1.00', h: '1.20', l: '0.90', c: '1.10', v: '5' });
const message: TickMessage = {
  symbol: 'BTCUSDT',
  seq: '42',
  t: '2026-11-22T03:00:00.400Z',
  price: '1.10',
  volume: '5',
  stats: { change24h: '0.10', high24h: '1.20', low24h: '0.90', volume24h: '5', amount24h: '5.50' } as TickMessage['stats'],
  candles: {
    '1m': candle('2026-11-22T03:00:00.000Z'),
    '5m': candle('2026-11-22T03:00:00.000Z'),
    '15m': candle('2026-11-22T03:00:00.000Z'),
    '1h': candle('2026-11-22T03:00:00.000Z'),
    '1d': candle('2026-11-22T00:00:00.000Z'),
  } as TickMessage['candles'],
};

describe('TickerRelay', () => {
  it('emits the tick to its ticker room and each candle to its room, only for rooms this instance holds', () => {
    const { relay, emitted, fed } = relayWith(['ticker:BTCUSDT', 'candles:BTCUSDT:5m', 'ticker:ETHUSDT']);
    relay.onMessage(REDIS_CHANNELS.ticks, JSON.stringify(message));
    expect(emitted.map(([room, event]) => [room, event])).toEqual([
      ['ticker:BTCUSDT', 'ticker'],
      ['candles:BTCUSDT:5m', 'candle'],
    ]);
    expect(emitted[0]![2]).toMatchObject({ symbol: 'BTCUSDT', price: '1.10', seq: '42', change24h: '0.10', amount24h: '5.50' });
    expect(emitted[1]![2]).toEqual({ symbol: 'BTCUSDT', interval: '5m', ...candle('2026-11-22T03:00:00.000Z') });
    expect(relay.relayed).toBe(1);
    expect(fed).toEqual([message]); // the market's in-memory product list sees every tick too
  });

  it('emits nothing for a product nobody here watches, and ignores malformed messages', () => {
    const { relay, emitted, fed } = relayWith(['ticker:ETHUSDT']);
    relay.onMessage(REDIS_CHANNELS.ticks, JSON.stringify(message));
    relay.onMessage(REDIS_CHANNELS.ticks, '{not json');
    relay.onMessage(REDIS_CHANNELS.ticks, JSON.stringify({ price: '1' }));
    expect(emitted).toEqual([]);
    expect(fed).toEqual([message]);
  });
});
