import { valueAt, type TradingInterval } from '@candor/domain';
import type { ProductVenueList } from './change-checks.js';
import type { ScheduledChainChange } from './change-schedule.js';
import type { VenueProductSpec } from './venues/venue-feed.js';
import { isVenueName, type VenueName } from './venues/venue-protocol.js';

/** A product as the feed reads it from the catalogue. */
export interface CatalogueRow {
  symbol: string;
  precision: number;
  timezone: string;
  hours: TradingInterval[] | null;
  holidays: string[];
  price_venues: { venue: string; symbol: string }[] | null;
}

const known = (list: ProductVenueList) => (list ?? []).filter((v) => isVenueName(v.venue)) as VenueProductSpec['venues'];

/**
 * Products with markets on the exchanges, as of `nowMs` with the scheduled changes in force by then; a change of
 * markets still ahead rides along as `next`, so the VenueFeed reads the new markets ahead and switches to them
 * exactly at their time. (A change to no markets, simulated prices, is switched by the runner at its time.)
 */
export function venueSpecsAt(
  rows: readonly CatalogueRow[],
  pending: readonly ScheduledChainChange[],
  nowMs: number,
  precisionAt: (symbol: string, atMs: number) => number | null,
): VenueProductSpec[] {
  const out: VenueProductSpec[] = [];
  for (const r of rows) {
    const mine = pending.filter((c) => c.symbol === r.symbol);
    const venues = known(valueAt(r.price_venues, 'priceVenues', mine, nowMs));
    if (!venues.length) continue;
    const spec: VenueProductSpec = { symbol: r.symbol, precision: precisionAt(r.symbol, nowMs) ?? r.precision, venues };
    const ahead = mine.find((c) => c.field === 'priceVenues' && c.effectiveAtMs > nowMs);
    if (ahead && known(ahead.to as ProductVenueList).length) spec.next = { atMs: ahead.effectiveAtMs, venues: known(ahead.to as ProductVenueList) };
    out.push(spec);
  }
  return out;
}

/** New markets of products now simulated, read ahead of their scheduled switch so that it can be checked. */
export function watchedMarketsAt(
  pending: readonly ScheduledChainChange[],
  specs: readonly VenueProductSpec[],
  nowMs: number,
): { venue: VenueName; symbol: string }[] {
  const priced = new Set(specs.map((s) => s.symbol));
  return pending.filter((c) => c.field === 'priceVenues' && c.effectiveAtMs > nowMs && !priced.has(c.symbol)).flatMap((c) => known(c.to as ProductVenueList));
}

/** A product's trading hours, time zone and holidays in force at `atMs` (scheduled changes included). */
export function sessionAt(
  r: CatalogueRow,
  pending: readonly ScheduledChainChange[],
  atMs: number,
): { timezone: string; hours: TradingInterval[] | null; holidays: string[] } {
  const mine = pending.filter((c) => c.symbol === r.symbol);
  return {
    timezone: valueAt(r.timezone, 'timezone', mine, atMs),
    hours: valueAt(r.hours, 'hours', mine, atMs),
    holidays: valueAt(r.holidays ?? [], 'holidays', mine, atMs),
  };
}
