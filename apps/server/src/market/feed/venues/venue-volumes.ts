import type { Market24h } from '../feed-adapter.js';
import { formatAmount, formatVolume } from '../../market-format.js';
import type { RawVolume, VenueName } from './venue-protocol.js';

/** An exchange's 24h volume counts this long after it last reported it (Binance reports each second, the others with their quotes). */
export const VENUE_VOLUME_FRESH_MS = 120_000;
/** A product's exchange volumes are summed again for its ticks at most this often. */
export const VOLUME_SUM_EVERY_MS = 1000;

interface MarketVolume {
  base: number;
  quote: number | null;
  receivedAt: number;
}

/**
 * The 24h volume each exchange last reported for each of its markets: shown as a product's 24h figures,
 * never used to make a price (plain numbers are exact enough for that).
 */
export class VenueVolumes {
  private readonly byVenue = new Map<VenueName, Map<string, MarketVolume>>();

  record(venue: VenueName, v: RawVolume, receivedAt: number): void {
    let markets = this.byVenue.get(venue);
    if (!markets) this.byVenue.set(venue, (markets = new Map()));
    markets.set(v.symbol, { base: v.base, quote: v.quote, receivedAt });
  }

  /**
   * A product's volume and turnover over 24 h on the exchanges it is priced from, as they report them: the
   * sum over its `enabled` markets that reported within VENUE_VOLUME_FRESH_MS. A market without a
   * quote-currency figure (Coinbase) counts its base volume at its current mid (`book`). Undefined when none
   * reported.
   */
  sum(
    markets: readonly { venue: VenueName; symbol: string }[],
    enabled: readonly VenueName[],
    book: (venue: VenueName, symbol: string) => { bid: string; ask: string } | undefined,
    nowMs: number,
  ): Market24h | undefined {
    let base = 0;
    let quote = 0;
    let reported = 0;
    for (const m of markets) {
      if (!enabled.includes(m.venue)) continue;
      const v = this.byVenue.get(m.venue)?.get(m.symbol);
      if (!v || nowMs - v.receivedAt > VENUE_VOLUME_FRESH_MS) continue;
      let q = v.quote;
      if (q === null) {
        const b = book(m.venue, m.symbol);
        if (!b) continue; // no mid to value it at yet
        q = v.base * ((Number(b.bid) + Number(b.ask)) / 2);
      }
      base += v.base;
      quote += q;
      reported++;
    }
    if (reported === 0 || !Number.isFinite(base) || !Number.isFinite(quote)) return undefined;
    return { volume: formatVolume(base.toFixed(8)), amount: formatAmount(quote.toFixed(8)) };
  }
}
