import { binance } from './binance.js';
import { coinbase } from './coinbase.js';
import { kraken } from './kraken.js';
import { okx } from './okx.js';
import type { VenueName, VenueProtocol } from './venue-protocol.js';

/** Every exchange's protocol by name. */
export const PROTOCOLS: Record<VenueName, VenueProtocol> = { binance, okx, coinbase, kraken };
