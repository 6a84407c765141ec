import type { FeedStatus, FeedVenueState } from '@candor/contracts';
import { parseClock } from '@candor/domain';
import { VENUES, venueOrder, type VenueName } from '../../lib/venues';
import { normalizeTime, normalizeVenueSymbol, rowKey, SPELLING, venuePair, type ProductForm } from './productForm';

export type ExpiryRow = ProductForm['expiries'][number];
export type IntervalRow = ProductForm['hours'][number];
export type VenueRow = ProductForm['priceVenues'][number];

/** The rows with the one keyed `key` changed (keys, not indexes, so removing a row never shifts an edit). */
export function patchRow<R extends { key: number }>(rows: R[], key: number, patch: Partial<R>): R[] {
  return rows.map((x) => (x.key === key ? { ...x, ...patch } : x));
}

/** The row "add" appends: twice the last duration (60 s when there is none or it is not a number), same rate. */
export function nextExpiry(rows: ExpiryRow[]): ExpiryRow {
  const last = rows[rows.length - 1];
  return { key: rowKey(), seconds: last ? String(Number(last.seconds) * 2 || 60) : '60', payoutRate: last?.payoutRate ?? '0.85' };
}

/** The interval "add" appends: the day after the last one's with the same times, or Monday 09:00-17:00. */
export function nextInterval(rows: IntervalRow[]): IntervalRow {
  const last = rows[rows.length - 1];
  const day = last ? String((Number(last.day) + 1) % 7) : '1';
  return { key: rowKey(), day, open: last?.open ?? '09:00', close: last?.close ?? '17:00' };
}

/** The holidays with `draft` added, sorted; null when it is not shaped YYYY-MM-DD or is already listed. */
export function withHoliday(holidays: string[], draft: string): string[] | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft) || holidays.includes(draft)) return null;
  return [...holidays, draft].sort();
}

/** A session whose close is not after its open runs into the next day ('24:00' closes at the end of the same day). */
export function overnight(open: string, close: string): boolean {
  const o = parseClock(normalizeTime(open));
  const c = parseClock(normalizeTime(close), true);
  return o !== null && c !== null && c <= o;
}

/** The exchanges not yet listed, in their order: what "add" offers (one row per exchange). */
export function unusedVenues(rows: VenueRow[]): VenueName[] {
  return VENUES.filter((v) => !rows.some((r) => r.venue === v));
}

/** The rows with `venue` added in its place, its symbol spelled from another row's pair when one names it (OKX BTC-USDT -> Kraken BTC/USDT). */
export function addVenueRow(rows: VenueRow[], venue: VenueName): VenueRow[] {
  const pair = rows.map((r) => venuePair(r.venue, r.symbol)).find((p) => p !== null);
  const sep = SPELLING[venue].separator;
  const symbol = pair ? pair.join(sep ?? '') : '';
  return [...rows, { key: rowKey(), venue, symbol }].sort((a, b) => venueOrder(a.venue) - venueOrder(b.venue));
}

/**
 * What the price feed reports now for one row: its exchange's state when the feed reads the row's market,
 * `unsaved` when the feed reads another market (or none) there (the row is not saved yet), `unknown`
 * without a report for the product.
 */
export function venueLive(feed: FeedStatus | undefined, row: VenueRow): { state: 'unknown' } | { state: 'unsaved' } | { state: 'live'; venue: FeedVenueState } {
  if (!feed) return { state: 'unknown' };
  const venue = feed.venues.find((v) => v.venue === row.venue);
  if (!venue || venue.symbol !== normalizeVenueSymbol(row.symbol)) return { state: 'unsaved' };
  return { state: 'live', venue };
}
