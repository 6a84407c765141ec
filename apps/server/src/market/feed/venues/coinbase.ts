import { priceText } from './json-text.js';
import { jsonObject, quoteAfter, str, volumeNumber, type ParsedFrame, type VenueProtocol } from './venue-protocol.js';

/**
 * Coinbase Exchange market data feed: `ticker` (best bid and ask with every match) and `heartbeat` (one
 * a second per product, which keeps a quiet connection alive). The subscribe message must arrive within
 * 5 s of connecting or Coinbase closes the connection, so it is sent as soon as the socket opens.
 */
export const coinbase: VenueProtocol = {
  venue: 'coinbase',
  defaultUrl: 'wss://ws-feed.exchange.coinbase.com',
  connectUrl: (base) => base,
  subscribe: (symbols) => [JSON.stringify({ type: 'subscribe', product_ids: [...symbols], channels: ['ticker', 'heartbeat'] })],
  parse(text): ParsedFrame {
    const m = jsonObject(text);
    if (m.type === 'error') return { quotes: [], error: `${str(m.message) ?? ''} ${str(m.reason) ?? ''}`.trim() };
    if (m.type !== 'ticker') return { quotes: [] }; // heartbeat, subscriptions
    const symbol = str(m.product_id);
    const bid = priceText(m.best_bid);
    const ask = priceText(m.best_ask);
    // volume_24h is in the base currency; Coinbase sends no quote-currency figure.
    const base = volumeNumber(m.volume_24h);
    const volumes = symbol && base !== null ? [{ symbol, base, quote: null }] : [];
    if (!symbol || !bid || !ask) return { quotes: [], volumes };
    const time = str(m.time);
    return {
      volumes,
      quotes: [{ symbol, bid, ask, venueTs: time && Number.isFinite(Date.parse(time)) ? time : null, venueId: str(m.trade_id) ?? str(m.sequence) }],
    };
  },
  pingMessage: () => null,
  maxConnectionMs: null,
  quoteCurrency: (symbol) => quoteAfter(symbol, '-'),
  validSymbol: (symbol) => /^[A-Z0-9]{2,12}-[A-Z0-9]{2,8}$/.test(symbol),
};
