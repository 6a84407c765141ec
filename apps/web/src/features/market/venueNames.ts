/** Exchanges by their own names: brand names, the same in every language. */
const VENUE_NAMES: Record<string, string> = { binance: 'Binance', okx: 'OKX', coinbase: 'Coinbase', kraken: 'Kraken' };

/** "okx" -> "OKX"; an exchange this app does not know keeps its id. */
export function venueDisplayName(venue: string): string {
  return VENUE_NAMES[venue] ?? venue;
}
