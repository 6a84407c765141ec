import { jsonKeepingNumbersOf, numberTextToDecimal } from './json-text.js';
import { asRecord, jsonObject, quoteAfter, str, volumeNumber, type ParsedFrame, type RawVolume, type VenueProtocol } from './venue-protocol.js';

/**
 * Kraken spot WebSocket v2, channel `ticker` with `event_trigger: "bbo"` (an update whenever the best bid
 * or offer changes). Kraken sends prices as JSON numbers: frames are parsed keeping the source text of
 * each bid and ask, so 63027.10000001 stays exactly that. Kraken sends a heartbeat every second while
 * subscribed; the client pings with `{"method":"ping"}` when it has heard nothing for a while.
 */
const parseFrame = jsonKeepingNumbersOf(['bid', 'ask']);

export const kraken: VenueProtocol = {
  venue: 'kraken',
  defaultUrl: 'wss://ws.kraken.com/v2',
  connectUrl: (base) => base,
  subscribe: (symbols) => [
    JSON.stringify({ method: 'subscribe', params: { channel: 'ticker', symbol: [...symbols], event_trigger: 'bbo', snapshot: true }, req_id: 1 }),
  ],
  parse(text): ParsedFrame {
    const m = jsonObject(text, parseFrame);
    if (m.method === 'subscribe' && m.success === false) return { quotes: [], error: str(m.error) ?? 'subscribe refused' };
    if (m.channel !== 'ticker' || !Array.isArray(m.data)) return { quotes: [] }; // heartbeat, status, pong, acknowledgements
    const quotes: ParsedFrame['quotes'] = [];
    const volumes: RawVolume[] = [];
    for (const item of m.data) {
      const d = asRecord(item);
      const symbol = str(d?.symbol);
      // volume in the base currency over 24 h, vwap its average price: their product is the quote volume.
      const base = volumeNumber(d?.volume);
      const vwap = volumeNumber(d?.vwap);
      if (symbol && base !== null) volumes.push({ symbol, base, quote: vwap === null ? null : base * vwap });
      const bid = numberTextToDecimal(d?.bid);
      const ask = numberTextToDecimal(d?.ask);
      if (!d || !symbol || !bid || !ask) continue;
      const ts = str(d.timestamp);
      quotes.push({ symbol, bid, ask, venueTs: ts && Number.isFinite(Date.parse(ts)) ? ts : null, venueId: null });
    }
    return { quotes, volumes };
  },
  pingMessage: () => JSON.stringify({ method: 'ping' }),
  maxConnectionMs: null,
  quoteCurrency: (symbol) => quoteAfter(symbol, '/'),
  validSymbol: (symbol) => /^[A-Z0-9]{2,12}\/[A-Z0-9]{2,8}$/.test(symbol),
};
