import { priceText } from './json-text.js';
import { asRecord, jsonObject, str, volumeNumber, type ParsedFrame, type VenueProtocol } from './venue-protocol.js';

/** Quote currencies Binance spot symbols end in, longest first (BTCUSDT -> USDT, ETHBTC -> BTC). */
const BINANCE_QUOTES = ['FDUSD', 'USDT', 'USDC', 'TUSD', 'BUSD', 'EUR', 'TRY', 'BRL', 'BTC', 'ETH', 'BNB', 'USD'];

/**
 * Binance spot market streams: `<symbol>@bookTicker` (best bid and ask) and `<symbol>@miniTicker` (the
 * rolling 24h volume, once a second) subscribed with one SUBSCRIBE message on /ws (at most 5 incoming
 * messages a second, 1024 streams a connection). The server sends a WebSocket ping
 * every 20 s (the ws client answers it), cuts every connection at 24 h, and announces a shutdown with a
 * `serverShutdown` event; both are answered by reconnecting at once.
 */
export const binance: VenueProtocol = {
  venue: 'binance',
  defaultUrl: 'wss://stream.binance.com:9443/ws',
  connectUrl: (base) => base,
  subscribe: (symbols) => [
    JSON.stringify({ method: 'SUBSCRIBE', params: symbols.flatMap((s) => [`${s.toLowerCase()}@bookTicker`, `${s.toLowerCase()}@miniTicker`]), id: 1 }),
  ],
  parse(text): ParsedFrame {
    const m = jsonObject(text);
    const event = asRecord(m.event) ?? m;
    if (event.e === 'serverShutdown') return { quotes: [], reconnect: true };
    if (m.error !== undefined) return { quotes: [], error: JSON.stringify(m.error) };
    const data = asRecord(m.data) ?? m; // combined streams wrap the payload in { stream, data }
    const symbol = str(data.s);
    if (data.e === '24hrMiniTicker') {
      const base = volumeNumber(data.v);
      return { quotes: [], volumes: symbol && base !== null ? [{ symbol, base, quote: volumeNumber(data.q) }] : [] };
    }
    const bid = priceText(data.b);
    const ask = priceText(data.a);
    if (!symbol || !bid || !ask || data.u === undefined) return { quotes: [] }; // a subscription answer ({ result, id }) and the like
    const eventTime = typeof data.E === 'number' ? new Date(data.E).toISOString() : null;
    return { quotes: [{ symbol, bid, ask, venueTs: eventTime, venueId: str(data.u) }] };
  },
  pingMessage: () => null,
  maxConnectionMs: 24 * 60 * 60 * 1000,
  quoteCurrency: (symbol) => BINANCE_QUOTES.find((q) => symbol.endsWith(q) && symbol.length > q.length) ?? null,
  validSymbol: (symbol) => /^[A-Z0-9]{5,20}$/.test(symbol) && BINANCE_QUOTES.some((q) => symbol.endsWith(q) && symbol.length > q.length),
};
