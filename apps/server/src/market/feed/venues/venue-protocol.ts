/** The public exchanges the feed reads, by the names the API uses. */
export const VENUES = ['binance', 'okx', 'coinbase', 'kraken'] as const;
export type VenueName = (typeof VENUES)[number];
export const isVenueName = (v: unknown): v is VenueName => typeof v === 'string' && (VENUES as readonly string[]).includes(v);

/** One best bid/ask of one market, as an exchange's frame carried it (prices exact decimal text). */
export interface RawQuote {
  /** The exchange's own symbol (BTCUSDT, BTC-USDT, BTC/USDT). */
  symbol: string;
  bid: string;
  ask: string;
  venueTs: string | null;
  venueId: string | null;
}

/**
 * One market's traded volume over the exchange's own rolling 24 hours. Shown beside the price, never used
 * to make one, so plain numbers (doubles) are exact enough.
 */
export interface RawVolume {
  /** The exchange's own symbol. */
  symbol: string;
  /** In the base asset (BTC of BTCUSDT). */
  base: number;
  /** In the quote currency when the exchange says, else null (worked out from `base` and the market's mid). */
  quote: number | null;
}

/** What one frame from an exchange meant. */
export interface ParsedFrame {
  quotes: RawQuote[];
  /** 24h volumes the frame carried (most exchanges send them with their tickers). */
  volumes?: RawVolume[];
  /** The exchange announced it will close this connection: open a new one now. */
  reconnect?: boolean;
  /** The exchange refused something (a subscription): logged. */
  error?: string;
}

/**
 * One exchange's public market-data protocol: where to connect, what to send after the connection
 * opens, how to read its frames, and how it wants to be kept alive. Pure: no sockets here.
 */
export interface VenueProtocol {
  readonly venue: VenueName;
  readonly defaultUrl: string;
  /** The address to connect to for these symbols (most exchanges: the base URL itself). */
  connectUrl(base: string, symbols: readonly string[]): string;
  /** Text frames to send once connected (subscriptions), in order. */
  subscribe(symbols: readonly string[]): string[];
  /** Reads one text frame; throws on a frame that is not the exchange's JSON (a garbage frame). */
  parse(text: string): ParsedFrame;
  /** An application-level ping to send when the connection has been quiet (null: WebSocket ping frames). */
  pingMessage(): string | null;
  /** The exchange closes every connection after this long: reconnect a little before (null: no limit). */
  readonly maxConnectionMs: number | null;
  /** The quote currency of one of the exchange's symbols (USDT of BTCUSDT, USD of BTC-USD). */
  quoteCurrency(symbol: string): string | null;
  /** Whether a symbol has the exchange's spelling (so an operator's typo is refused). */
  validSymbol(symbol: string): boolean;
}

/** "BASE-QUOTE" / "BASE/QUOTE" -> QUOTE. */
export function quoteAfter(symbol: string, separator: string): string | null {
  const i = symbol.lastIndexOf(separator);
  return i > 0 && i < symbol.length - 1 ? symbol.slice(i + 1) : null;
}

/** The object itself when it is a plain object, else null. */
export function asRecord(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** A JSON frame as an object; throws on anything else. */
export function jsonObject(text: string, parse: (t: string) => unknown = JSON.parse): Record<string, unknown> {
  const v = asRecord(parse(text));
  if (!v) throw new SyntaxError('not a JSON object');
  return v;
}

/** A volume field (a JSON number or a numeric string) as a finite number >= 0, else null. */
export function volumeNumber(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);
