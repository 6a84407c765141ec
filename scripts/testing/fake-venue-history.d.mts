export type HistoryVenue = 'binance' | 'okx' | 'coinbase' | 'kraken';
export const VENUES: readonly HistoryVenue[];
export function krakenPair(symbol: string): string;

export interface FakeVenueHistory {
  /** REST base URL of each exchange's stand-in (for --binance-rest-url etc.). */
  urls: Record<HistoryVenue, string>;
  /** Every request received: the exchange, path and query. */
  requests: { venue: HistoryVenue; path: string; query: Record<string, string> }[];
  /** One trade on an exchange's tape (`id`: its trade id, else the next one). */
  record(venue: HistoryVenue, symbol: string, price: string, atMs: number, id?: number): void;
  /** A quote a fake exchange sent, as trades: at its bid and its ask (Coinbase: the ticker's one trade, id `seq`, at the bid). */
  recordQuote(venue: HistoryVenue, symbol: string, quote: { bid: string; ask: string }, atMs: number, seq: number): void;
  /** Serve that exchange's prices moved by `bps` basis points. */
  offset(venue: HistoryVenue, bps: number): void;
  close(): Promise<unknown>;
}

export function startFakeVenueHistory(): Promise<FakeVenueHistory>;
