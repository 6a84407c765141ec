/** The exchanges a product's price can come from, in the order the server keeps them. */
export const VENUES = ['binance', 'okx', 'coinbase', 'kraken'] as const;
export type VenueName = (typeof VENUES)[number];
export const isVenue = (v: string): v is VenueName => (VENUES as readonly string[]).includes(v);
export const venueOrder = (v: string): number => (isVenue(v) ? VENUES.indexOf(v) : VENUES.length);

/** Exchanges by their own names (brand names: the same in every language). */
const VENUE_NAMES: Record<string, string> = { binance: 'Binance', okx: 'OKX', coinbase: 'Coinbase', kraken: 'Kraken' };
export const venueName = (venue: string): string => VENUE_NAMES[venue] ?? venue;
