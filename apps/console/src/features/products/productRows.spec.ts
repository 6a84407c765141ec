import { describe, expect, it } from '@jest/globals';
import {
  addVenueRow,
  nextExpiry,
  nextInterval,
  overnight,
  patchRow,
  unusedVenues,
  venueLive,
  withHoliday,
  type ExpiryRow,
  type IntervalRow,
  type VenueRow,
} from './productRows.js';

const expiry = (seconds: string, payoutRate = '0.80'): ExpiryRow => ({ key: 0, seconds, payoutRate });
const interval = (day: string, open = '08:00', close = '16:00'): IntervalRow => ({ key: 0, day, open, close });

describe('product form rows', () => {
  it.each<[string, ExpiryRow[], string, string]>([
    ['no rows', [], '60', '0.85'],
    ['doubles the last duration', [expiry('30'), expiry('300', '0.9')], '600', '0.9'],
    ['last duration empty', [expiry('')], '60', '0.80'],
    ['last duration not a number', [expiry('abc')], '60', '0.80'],
    ['last duration zero', [expiry('0')], '60', '0.80'],
  ])('nextExpiry: %s', (_name, rows, seconds, payoutRate) => {
    expect(nextExpiry(rows)).toMatchObject({ seconds, payoutRate });
  });

  it.each<[string, IntervalRow[], Omit<IntervalRow, 'key'>]>([
    ['no rows: Monday 09:00-17:00', [], { day: '1', open: '09:00', close: '17:00' }],
    ['the day after the last, same times', [interval('1'), interval('3', '22:00', '02:00')], { day: '4', open: '22:00', close: '02:00' }],
    ['Saturday wraps to Sunday', [interval('6')], { day: '0', open: '08:00', close: '16:00' }],
  ])('nextInterval: %s', (_name, rows, row) => {
    expect(nextInterval(rows)).toMatchObject(row);
  });

  it('new rows get keys no other row has', () => {
    const keys = [nextExpiry([]).key, nextExpiry([]).key, nextInterval([]).key, nextInterval([]).key];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('patchRow changes only the row with that key', () => {
    const rows = [
      { key: 1, day: '1', open: '09:00', close: '17:00' },
      { key: 2, day: '2', open: '09:00', close: '17:00' },
    ];
    expect(patchRow(rows, 2, { open: '10:00' })).toEqual([rows[0], { key: 2, day: '2', open: '10:00', close: '17:00' }]);
    expect(patchRow(rows, 3, { open: '10:00' })).toEqual(rows);
    expect(rows[1]!.open).toBe('09:00');
  });

  it.each<[string, string[], string, string[] | null]>([
    ['added and sorted', ['2026-12-25'], '2026-01-01', ['2026-01-01', '2026-12-25']],
    ['to an empty list', [], '2026-05-01', ['2026-05-01']],
    ['already listed', ['2026-12-25'], '2026-12-25', null],
    ['empty draft', [], '', null],
    ['not YYYY-MM-DD', [], '2026-5-1', null],
    ['trailing text', [], '2026-05-01x', null],
  ])('withHoliday: %s', (_name, holidays, draft, out) => {
    expect(withHoliday(holidays, draft)).toEqual(out);
  });

  it.each<[string, string, boolean]>([
    ['09:00', '17:00', false],
    ['22:00', '02:00', true],
    ['09:00', '09:00', true], // equal: a 24-hour session
    ['00:00', '24:00', false], // '24:00' closes at the end of the same day
    ['9:00', '0800', true], // typed without the leading zero or colon
    ['24:00', '01:00', false], // not a valid open
    ['', '02:00', false],
    ['22:00', '25:00', false],
  ])('overnight(%p, %p) = %p', (open, close, out) => {
    expect(overnight(open, close)).toBe(out);
  });

  const venue = (v: string, symbol: string): VenueRow => ({ key: 0, venue: v, symbol });

  it('offers only the exchanges not yet listed, in their order', () => {
    expect(unusedVenues([])).toEqual(['binance', 'okx', 'coinbase', 'kraken']);
    expect(unusedVenues([venue('okx', 'BTC-USDT'), venue('binance', 'BTCUSDT')])).toEqual(['coinbase', 'kraken']);
  });

  it.each<[string, VenueRow[], 'binance' | 'okx' | 'coinbase' | 'kraken', string]>([
    ['no rows: left empty', [], 'okx', ''],
    ['Kraken from OKX', [venue('okx', 'BTC-USDT')], 'kraken', 'BTC/USDT'],
    ['Binance from Kraken', [venue('kraken', 'eth/usd')], 'binance', 'ETHUSD'],
    ['Coinbase from Kraken', [venue('kraken', 'SOL/USDT')], 'coinbase', 'SOL-USDT'],
    ['Binance alone does not say where its quote starts', [venue('binance', 'BTCUSDT')], 'okx', ''],
    ['a malformed row is not copied', [venue('okx', 'BTC/USDT')], 'kraken', ''],
  ])('addVenueRow spells the new symbol: %s', (_name, rows, v, symbol) => {
    const out = addVenueRow(rows, v);
    expect(out.find((r) => r.venue === v)?.symbol).toBe(symbol);
  });

  it('addVenueRow keeps the rows in the exchanges’ order', () => {
    const out = addVenueRow([venue('kraken', 'BTC/USDT'), venue('binance', 'BTCUSDT')], 'okx');
    expect(out.map((r) => r.venue)).toEqual(['binance', 'okx', 'kraken']);
  });

  it('venueLive reports the feed’s state only for the market the feed reads', () => {
    const okx = { venue: 'okx', symbol: 'BTC-USDT', connected: true, lastMessageAgeMs: 120, mid: '67000.15', used: true };
    const feed = { symbol: 'BTCUSDT', kind: 'venues' as const, status: 'open' as const, used: 1, total: 1, venues: [okx] };
    expect(venueLive(feed, venue('okx', 'btc-usdt'))).toEqual({ state: 'live', venue: okx });
    expect(venueLive(feed, venue('okx', 'ETH-USDT'))).toEqual({ state: 'unsaved' });
    expect(venueLive(feed, venue('kraken', 'BTC/USDT'))).toEqual({ state: 'unsaved' });
    expect(venueLive(undefined, venue('okx', 'BTC-USDT'))).toEqual({ state: 'unknown' });
  });
});
