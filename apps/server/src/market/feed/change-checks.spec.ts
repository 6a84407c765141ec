import { describe, expect, it } from '@jest/globals';
import { changeProblem, type ChangeCheckContext } from './change-checks.js';
import { sessionAt, venueSpecsAt, watchedMarketsAt, type CatalogueRow } from './feed-catalogue.js';
import type { ScheduledChainChange } from './change-schedule.js';

const markets = (...v: [string, string][]) => v.map(([venue, symbol]) => ({ venue, symbol }));
const change = (field: string, from: unknown, to: unknown, effectiveAtMs = 10_000): ScheduledChainChange => ({
  id: `${field}-1`,
  symbol: 'BTCUSDT',
  field,
  from,
  to,
  effectiveAtMs,
});
const ctx = (mids: Record<string, string | null>, lastPrice = '64000.00'): ChangeCheckContext => ({
  lastPrice,
  freshMid: (venue, symbol) => mids[`${venue}:${symbol}`] ?? null,
  venues: ['binance', 'okx', 'coinbase', 'kraken'],
  maxDeviationBps: 50,
});

describe('the check of a scheduled change at its time', () => {
  const from = markets(['binance', 'BTCUSDT'], ['okx', 'BTC-USDT'], ['coinbase', 'BTC-USDT']);
  const added = change('priceVenues', from, [...from, { venue: 'kraken', symbol: 'BTC/USDT' }]);

  it("accepts a new market whose fresh mid agrees with the product's price", () => {
    expect(changeProblem(added, ctx({ 'kraken:BTC/USDT': '64100' }))).toBeNull(); // 15.6 bps
  });
  it('refuses a new market that disagrees beyond the limit, or sends no fresh quote', () => {
    expect(changeProblem(added, ctx({ 'kraken:BTC/USDT': '64400' }))).toBe('deviation'); // 62.5 bps
    expect(changeProblem(added, ctx({}))).toBe('no_quote');
  });
  it('does not check markets kept, markets on exchanges the feed does not read, or without exchange prices', () => {
    expect(changeProblem(change('priceVenues', from, from.slice(0, 2)), ctx({}))).toBeNull();
    expect(changeProblem(added, { ...ctx({}), venues: ['binance', 'okx', 'coinbase'] })).toBeNull();
    const { freshMid: _none, ...noFeed } = ctx({});
    expect(changeProblem(added, noFeed)).toBeNull();
  });
  it('refuses a precision that would keep fewer than five significant digits of the price then', () => {
    expect(changeProblem(change('precision', 2, 0), ctx({}, '64000.00'))).toBeNull();
    expect(changeProblem(change('precision', 5, 3), ctx({}, '1.08416'))).toBe('precision');
    expect(changeProblem(change('precision', 5, 4), ctx({}, '1.08416'))).toBeNull();
  });
});

describe("the feed's view of the catalogue with scheduled changes", () => {
  const row: CatalogueRow = { symbol: 'BTCUSDT', precision: 2, timezone: 'UTC', hours: null, holidays: [], price_venues: markets(['binance', 'BTCUSDT']) };
  const precision = () => null;

  it('switches to new markets exactly at their time, and reads them ahead until then', () => {
    const next = change('priceVenues', row.price_venues, markets(['binance', 'BTCUSDT'], ['okx', 'BTC-USDT']));
    const [before] = venueSpecsAt([row], [next], 9_999, precision);
    expect(before).toMatchObject({ venues: markets(['binance', 'BTCUSDT']), next: { atMs: 10_000, venues: next.to } });
    const [after] = venueSpecsAt([row], [next], 10_000, precision);
    expect(after).toEqual({ symbol: 'BTCUSDT', precision: 2, venues: next.to });
  });

  it("watches a simulated product's first markets ahead of its switch", () => {
    const simulated = { ...row, price_venues: [] };
    const first = change('priceVenues', [], markets(['okx', 'BTC-USDT']));
    expect(venueSpecsAt([simulated], [first], 9_999, precision)).toEqual([]);
    expect(watchedMarketsAt([first], [], 9_999)).toEqual(markets(['okx', 'BTC-USDT']));
    expect(watchedMarketsAt([first], venueSpecsAt([simulated], [first], 10_000, precision), 10_000)).toEqual([]);
  });

  it('opens and closes by the hours in force at each moment', () => {
    const closing = change('holidays', [], ['1970-01-01'], 10_000);
    expect(sessionAt(row, [closing], 9_999).holidays).toEqual([]);
    expect(sessionAt(row, [closing], 10_000).holidays).toEqual(['1970-01-01']);
  });
});
