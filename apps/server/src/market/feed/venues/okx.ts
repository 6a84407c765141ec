import { priceText } from './json-text.js';
import { asRecord, jsonObject, quoteAfter, str, volumeNumber, type ParsedFrame, type RawVolume, type VenueProtocol } from './venue-protocol.js';

/**
 * OKX v5 public channel `tickers`, one subscribe operation for every instrument (a request costs one of
 * the connection's 480 an hour whatever it holds). OKX drops a connection that is silent for 30 s: the
 * client sends the text `ping` when it has heard nothing for a while and gets the text `pong` back.
 */
export const okx: VenueProtocol = {
  venue: 'okx',
  defaultUrl: 'wss://ws.okx.com:8443/ws/v5/public',
  connectUrl: (base) => base,
  subscribe: (symbols) => [JSON.stringify({ op: 'subscribe', args: symbols.map((instId) => ({ channel: 'tickers', instId })) })],
  parse(text): ParsedFrame {
    if (text === 'pong') return { quotes: [] };
    const m = jsonObject(text);
    if (m.event === 'error') return { quotes: [], error: `${str(m.code) ?? ''} ${str(m.msg) ?? ''}`.trim() };
    if (m.event !== undefined) return { quotes: [] }; // subscribe acknowledgements, notices
    if (asRecord(m.arg)?.channel !== 'tickers' || !Array.isArray(m.data)) return { quotes: [] };
    const quotes: ParsedFrame['quotes'] = [];
    const volumes: RawVolume[] = [];
    for (const item of m.data) {
      const d = asRecord(item);
      const symbol = str(d?.instId);
      // vol24h in the base currency; volCcy24h in the quote currency (for spot).
      const base = volumeNumber(d?.vol24h);
      if (symbol && base !== null) volumes.push({ symbol, base, quote: volumeNumber(d?.volCcy24h) });
      const bid = priceText(d?.bidPx);
      const ask = priceText(d?.askPx);
      if (!d || !symbol || !bid || !ask) continue;
      const ts = str(d.ts);
      quotes.push({ symbol, bid, ask, venueTs: ts && /^\d{1,15}$/.test(ts) ? new Date(Number(ts)).toISOString() : null, venueId: null }); // tickers carry no id
    }
    return { quotes, volumes };
  },
  pingMessage: () => 'ping',
  maxConnectionMs: null,
  quoteCurrency: (symbol) => quoteAfter(symbol, '-'),
  validSymbol: (symbol) => /^[A-Z0-9]{2,12}-[A-Z0-9]{2,8}$/.test(symbol),
};
