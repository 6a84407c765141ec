export type FakeVenueName = 'binance' | 'okx' | 'coinbase' | 'kraken';
export const VENUES: readonly FakeVenueName[];

export interface FakeVenue {
  readonly venue: FakeVenueName;
  readonly url: string;
  /** Every subscribe message received, as the symbols it named. */
  readonly subscribes: string[][];
  /** Messages that were neither a ping nor this exchange's subscribe. */
  readonly badMessages: string[];
  /** Connections accepted so far. */
  readonly connections: number;
  readonly clients: Set<{ symbols: Set<string> }>;
  silent: boolean;
  offsetBps: number;
  quote(venueSymbol: string, bid: string, ask?: string): void;
  broadcast(frames: string[]): void;
  drop(): void;
}

export interface FakeVenues {
  venues: Record<FakeVenueName, FakeVenue>;
  /** FEED_BINANCE_URL ... FEED_KRAKEN_URL. */
  urls: Record<string, string>;
  /** FEED=venues, FEED_VENUES and the four URLs, plus `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Sets a product's (e.g. BTCUSDT) best bid and ask on the given exchanges (default all four). */
  quote(symbol: string, bid: string, ask?: string, only?: readonly FakeVenueName[]): void;
  silence(venue: FakeVenueName, on?: boolean): void;
  drop(venue: FakeVenueName): void;
  serverShutdown(): void;
  garbage(venue: FakeVenueName): void;
  offset(venue: FakeVenueName, bps: number): void;
  replayFixtures(venue: FakeVenueName): void;
  /** Calls `listener` for every quote frame an exchange sends from now on (what it quoted, when, its frame number); returns its removal. */
  onQuote(listener: (venue: FakeVenueName, venueSymbol: string, quote: { bid: string; ask: string }, atMs: number, seq: number) => void): () => void;
  /** A random walk per product quoted by every exchange every `everyMs`; returns the function that stops it. */
  stream(symbols: string[], opts?: { everyMs?: number; decimals?: number; prices?: Record<string, number> }): () => void;
  /** An HTTP control (POST /quote, /silence, /offset, /drop with JSON bodies) for tests in other processes; resolves its URL. */
  control(): Promise<string>;
  close(): Promise<void>;
}

/** `repeatMs`: every exchange sends its current quotes again this often (they stay fresh while unchanged). */
export function startFakeVenues(opts?: { coinbaseSubscribeMs?: number; repeatMs?: number }): Promise<FakeVenues>;
export function venueSymbols(symbol: string, quote?: string): Record<FakeVenueName, string>;
export function fixtureFrames(venue: FakeVenueName): string[];
export function shiftBps(price: string, bps: number): string;
export function subscribedSymbols(venue: FakeVenueName, text: string): string[] | null;
/** Each fake market's 24h volume in its base asset, reported with its quotes (Binance: a miniTicker once a second). */
export const FAKE_VOLUMES: Readonly<Record<FakeVenueName, number>>;
export function miniTickerFrame(venueSymbol: string, quote: { bid: string; ask: string }, now?: number): string;
