import { describe, expect, it } from '@jest/globals';
import type { AdminProduct } from '@candor/contracts';
import {
  changes,
  isoToLocalInput,
  localInputToIso,
  normalizeRate,
  normalizeTime,
  saveBody,
  serverFieldError,
  splitChanges,
  toBody,
  toForm,
  validate,
  type ProductForm,
} from './productForm.js';

const product: AdminProduct = {
  symbol: 'EURUSD',
  category: 'forex',
  names: { 'zh-TW': '歐元/美元', en: 'EUR/USD' },
  precision: 5,
  timezone: 'America/New_York',
  hours: [
    { day: 1, open: '00:00', close: '17:00' },
    { day: 0, open: '17:00', close: '23:59' },
  ],
  holidays: ['2026-12-25', '2026-01-01'],
  maintenance: false,
  maintenanceMessage: null,
  expiries: [
    { seconds: 60, payoutRate: '0.8500' },
    { seconds: 30, payoutRate: '0.80' },
  ],
  minStake: '1.00',
  maxStake: '5000.00',
  recommended: true,
  enabled: true,
  priceVenues: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
  scheduledChanges: [],
  earliestEffectiveAt: '2026-06-02T01:00:00Z',
};

/** A crypto product priced from three exchanges (stored in the server's exchange order). */
const btc: AdminProduct = {
  ...product,
  symbol: 'BTCUSDT',
  category: 'crypto',
  priceVenues: [
    { venue: 'binance', symbol: 'BTCUSDT' },
    { venue: 'okx', symbol: 'BTC-USDT' },
    { venue: 'kraken', symbol: 'BTC/USDT' },
  ],
};

const editBtc = (patch: (f: ProductForm) => void): ProductForm => {
  const f = toForm(btc);
  patch(f);
  return f;
};
const venueRow = (venue: string, symbol: string) => ({ key: 0, venue, symbol });

const edit = (patch: (f: ProductForm) => void): ProductForm => {
  const f = toForm(product);
  patch(f);
  return f;
};

describe('product form', () => {
  it('an untouched form has no changes and no errors', () => {
    const f = toForm(product);
    expect(changes(product, f)).toEqual({});
    expect(validate(f)).toEqual({});
  });

  it('suspending new orders sends only `suspended` and the message, both applied at once', () => {
    const f = edit((f) => {
      f.suspended = true;
      f.maintenanceMessage = '  Upgrading feed  ';
    });
    expect(saveBody(product, f)).toEqual({ suspended: true, maintenanceMessage: 'Upgrading feed' });
    expect(splitChanges(changes(product, f))).toEqual({ immediate: ['suspended', 'maintenanceMessage'], scheduled: [] });
  });

  it('no intervals means 24/7 (hours: null); intervals are sent sorted by day', () => {
    expect(
      changes(
        product,
        edit((f) => void (f.hours = [])),
      ),
    ).toEqual({ hours: null });
    const body = toBody(toForm(product));
    expect(body.hours).toEqual([
      { day: 0, open: '17:00', close: '23:59' },
      { day: 1, open: '00:00', close: '17:00' },
    ]);
  });

  it('money and rates are normalized, so equal values are not changes', () => {
    const f = edit((f) => {
      f.minStake = '1';
      f.expiries[0]!.payoutRate = '0.85';
    });
    expect(changes(product, f)).toEqual({});
    expect(
      changes(
        product,
        edit((f) => void (f.maxStake = '6000.5')),
      ),
    ).toEqual({ maxStake: '6000.50' });
  });

  it.each([
    ['9:00', '09:00'],
    ['09:00', '09:00'],
    ['0930', '09:30'],
    ['930', '09:30'],
    [' 17:05 ', '17:05'],
    ['9', '9'],
    ['ab:cd', 'ab:cd'],
  ])('normalizeTime(%p) = %p', (input, out) => {
    expect(normalizeTime(input)).toBe(out);
  });

  it('times typed without a leading zero are sent as HH:MM', () => {
    expect(
      changes(
        product,
        edit((f) => void (f.hours[0]!.open = '0:00')),
      ),
    ).toEqual({});
    expect(
      changes(
        product,
        edit((f) => void (f.hours[0]!.close = '9:30')),
      ).hours,
    ).toContainEqual({ day: 1, open: '00:00', close: '09:30' });
  });

  it.each([
    ['0.85', '0.85'],
    ['0.8500', '0.85'],
    ['.5', '0.5'],
    ['1.0', '1'],
    ['1', '1'],
    ['abc', 'abc'],
    ['', ''],
  ])('normalizeRate(%p) = %p', (input, out) => {
    expect(normalizeRate(input)).toBe(out);
  });

  it.each<[string, (f: ProductForm) => void, string, string]>([
    ['default-language name missing', (f) => void (f.names['zh-TW'] = ' '), 'names.zh-TW', 'required'],
    ['name over 60 characters', (f) => void (f.names.en = 'x'.repeat(61)), 'names.en', 'tooLong'],
    ['precision 9', (f) => void (f.precision = '9'), 'precision', 'precision'],
    ['precision -1', (f) => void (f.precision = '-1'), 'precision', 'precision'],
    ['precision empty', (f) => void (f.precision = ''), 'precision', 'precision'],
    ['unknown time zone', (f) => void (f.timezone = 'Mars/Olympus'), 'timezone', 'timezone'],
    ['hour 24', (f) => void (f.hours[0]!.open = '24:00'), 'hours.0.open', 'time'],
    ['time without minutes', (f) => void (f.hours[0]!.open = '9'), 'hours.0.open', 'time'],
    ['minute 60', (f) => void (f.hours[1]!.close = '10:60'), 'hours.1.close', 'time'],
    ['open at 24:00', (f) => void (f.hours[0]!.open = '24:00'), 'hours.0.open', 'time'],
    ['close at 24:30', (f) => void (f.hours[0]!.close = '24:30'), 'hours.0.close', 'time'],
    ['weekday 7', (f) => void (f.hours[0]!.day = '7'), 'hours.0.day', 'day'],
    ['29 February of a common year', (f) => void (f.holidays = ['2027-02-29']), 'holidays.0', 'holiday'],
    ['bad holiday', (f) => void (f.holidays = ['2026-13-45x']), 'holidays.0', 'holiday'],
    ['duration 9 s', (f) => void (f.expiries[0]!.seconds = '9'), 'expiries.0.seconds', 'seconds'],
    ['duration 86401 s', (f) => void (f.expiries[0]!.seconds = '86401'), 'expiries.0.seconds', 'seconds'],
    ['duplicate duration', (f) => void (f.expiries[1]!.seconds = f.expiries[0]!.seconds), 'expiries.1.seconds', 'duplicateSeconds'],
    ['rate 2', (f) => void (f.expiries[0]!.payoutRate = '2'), 'expiries.0.payoutRate', 'rate'],
    ['rate 1.0001', (f) => void (f.expiries[0]!.payoutRate = '1.0001'), 'expiries.0.payoutRate', 'rate'],
    ['rate 0', (f) => void (f.expiries[0]!.payoutRate = '0'), 'expiries.0.payoutRate', 'rate'],
    ['rate 0.0000', (f) => void (f.expiries[0]!.payoutRate = '0.0000'), 'expiries.0.payoutRate', 'rate'],
    ['rate with 5 decimals', (f) => void (f.expiries[0]!.payoutRate = '0.12345'), 'expiries.0.payoutRate', 'rate'],
    ['rate negative', (f) => void (f.expiries[0]!.payoutRate = '-0.5'), 'expiries.0.payoutRate', 'rate'],
    ['no durations', (f) => void (f.expiries = []), 'expiries', 'expiriesCount'],
    ['min stake 0', (f) => void (f.minStake = '0'), 'minStake', 'stake'],
    ['min stake 3 decimals', (f) => void (f.minStake = '1.005'), 'minStake', 'stake'],
    ['max stake above 999999', (f) => void (f.maxStake = '1000000'), 'maxStake', 'stake'],
    ['min above max', (f) => void (f.minStake = '6000'), 'maxStake', 'stakeOrder'],
    ['message over 500', (f) => void (f.maintenanceMessage = 'm'.repeat(501)), 'maintenanceMessage', 'tooLong'],
  ])('%s is refused', (_name, patch, path, code) => {
    expect(validate(edit(patch))).toMatchObject({ [path]: code });
  });

  it.each<[string, (f: ProductForm) => void]>([
    ['duration 10 s', (f) => void (f.expiries[0]!.seconds = '10')],
    ['duration 86400 s', (f) => void (f.expiries[0]!.seconds = '86400')],
    ['rate 1', (f) => void (f.expiries[0]!.payoutRate = '1')],
    ['rate 0.0001', (f) => void (f.expiries[0]!.payoutRate = '0.0001')],
    ['rate .5', (f) => void (f.expiries[0]!.payoutRate = '.5')],
    ['open equals close (a 24-hour session)', (f) => void (f.hours[0]!.close = f.hours[0]!.open)],
    ['close at 24:00', (f) => void (f.hours[0]!.close = '24:00')],
    ['29 February of a leap year', (f) => void (f.holidays = ['2028-02-29'])],
    ['precision 0', (f) => void (f.precision = '0')],
    ['precision 8', (f) => void (f.precision = '8')],
    ['min equals max', (f) => void (f.minStake = f.maxStake)],
    ['max 999999.00', (f) => void (f.maxStake = '999999')],
    ['overnight interval', (f) => void (f.hours = [{ key: 1, day: '5', open: '22:00', close: '02:00' }])],
    ['24/7', (f) => void (f.hours = [])],
  ])('%s is accepted', (_name, patch) => {
    expect(validate(edit(patch))).toEqual({});
  });

  describe('price sources', () => {
    it('an untouched product with exchanges has no changes and no errors', () => {
      const f = toForm(btc);
      expect(f.priceVenues.map((v) => v.venue)).toEqual(['binance', 'okx', 'kraken']);
      expect(changes(btc, f)).toEqual({});
      expect(validate(f)).toEqual({});
    });

    it('adding an exchange sends the whole list in the exchanges’ order, symbols trimmed and in upper case', () => {
      const f = editBtc((f) => void (f.priceVenues = [...f.priceVenues, venueRow('coinbase', ' btc-usdt ')]));
      expect(changes(btc, f)).toEqual({
        priceVenues: [
          { venue: 'binance', symbol: 'BTCUSDT' },
          { venue: 'okx', symbol: 'BTC-USDT' },
          { venue: 'coinbase', symbol: 'BTC-USDT' },
          { venue: 'kraken', symbol: 'BTC/USDT' },
        ],
      });
      expect(validate(f)).toEqual({});
    });

    it('a symbol typed in lower case is the same symbol, not a change', () => {
      expect(
        changes(
          btc,
          editBtc((f) => void (f.priceVenues[1]!.symbol = 'btc-usdt')),
        ),
      ).toEqual({});
    });

    it('removing every exchange sends an empty list (simulated prices, demo only)', () => {
      const f = editBtc((f) => void (f.priceVenues = []));
      expect(changes(btc, f)).toEqual({ priceVenues: [] });
      expect(validate(f)).toEqual({});
    });

    it.each<[string, ProductForm['priceVenues'], string, string]>([
      ['an empty symbol', [venueRow('okx', '  ')], 'priceVenues.0.symbol', 'required'],
      ['the same exchange twice', [venueRow('okx', 'BTC-USDT'), venueRow('okx', 'ETH-USDT')], 'priceVenues.1.venue', 'duplicateVenue'],
      ['an unknown exchange', [venueRow('bitstamp', 'BTCUSD')], 'priceVenues.0.venue', 'venue'],
      ['Kraken spelled with a dash', [venueRow('kraken', 'BTC-USDT')], 'priceVenues.0.symbol', 'venueSymbol'],
      ['OKX without a dash', [venueRow('okx', 'BTCUSDT')], 'priceVenues.0.symbol', 'venueSymbol'],
      ['Binance with a separator', [venueRow('binance', 'BTC/USDT')], 'priceVenues.0.symbol', 'venueSymbol'],
      ['USD beside USDT', [venueRow('okx', 'BTC-USDT'), venueRow('coinbase', 'BTC-USD')], 'priceVenues.1.symbol', 'venueCurrency'],
      ['Binance in USDC beside OKX in USDT', [venueRow('binance', 'BTCUSDC'), venueRow('okx', 'BTC-USDT')], 'priceVenues.0.symbol', 'venueCurrency'],
    ])('%s is refused', (_name, rows, path, code) => {
      expect(validate(editBtc((f) => void (f.priceVenues = rows)))).toMatchObject({ [path]: code });
    });

    it.each<[string, ProductForm['priceVenues']]>([
      ['one exchange', [venueRow('binance', 'BTCUSDT')]],
      ['all four in USDT', [venueRow('binance', 'BTCUSDT'), venueRow('okx', 'BTC-USDT'), venueRow('coinbase', 'BTC-USDT'), venueRow('kraken', 'BTC/USDT')]],
      ['all in USD, typed in lower case', [venueRow('coinbase', 'eth-usd'), venueRow('kraken', 'eth/usd'), venueRow('binance', 'ethusd')]],
      ['a forex pair on one exchange', [venueRow('kraken', 'EUR/USD')]],
    ])('%s is accepted', (_name, rows) => {
      expect(validate(editBtc((f) => void (f.priceVenues = rows)))).toEqual({});
    });

    it('the errors name the row as the form shows it, which is the index the server names', () => {
      const f = editBtc((f) => void (f.priceVenues[2]!.symbol = 'BTC-USDT'));
      expect(validate(f)).toEqual({ 'priceVenues.2.symbol': 'venueSymbol' });
      expect(toBody(f).priceVenues[2]).toEqual({ venue: 'kraken', symbol: 'BTC-USDT' });
    });
  });
});

describe('scheduling a save', () => {
  // The datetime input holds the operator's local time, read in the browser's zone; here the zone is named,
  // Taipei (UTC+8, no daylight saving) and New York (daylight saving), so the results are known offsets.
  it.each([
    ['2026-06-02T09:30:15', '2026-06-02T01:30:15Z'],
    ['2026-06-02T09:30', '2026-06-02T01:30:00Z'],
    ['2026-01-01T07:59:59', '2025-12-31T23:59:59Z'],
    ['2026-02-30T10:00', null],
    ['2026-06-02T25:00', null],
    ['2026-06-02 09:30', null],
    ['2026-06-02T09:30:15.5', null],
    ['', null],
  ])('localInputToIso(%p) in Taipei = %p', (input, out) => {
    expect(localInputToIso(input, 'Asia/Taipei')).toBe(out);
  });

  it('isoToLocalInput shows an instant in local time to the second, and converts back to the same instant', () => {
    expect(isoToLocalInput('2026-06-02T01:30:15.250Z', 'Asia/Taipei')).toBe('2026-06-02T09:30:15');
    expect(isoToLocalInput('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01T08:00:00');
    expect(isoToLocalInput('2026-01-15T12:00:00Z', 'America/New_York')).toBe('2026-01-15T07:00:00');
    for (const zone of ['Asia/Taipei', 'America/New_York', 'Asia/Kolkata']) {
      expect(localInputToIso(isoToLocalInput(product.earliestEffectiveAt, zone), zone)).toBe(product.earliestEffectiveAt);
    }
    expect(isoToLocalInput('not a time', 'Asia/Taipei')).toBe('');
  });

  it('a local time that daylight saving skips is refused, not moved; the hours around it convert with their own offset', () => {
    expect(localInputToIso('2026-03-08T02:30', 'America/New_York')).toBeNull();
    expect(localInputToIso('2026-03-08T01:59:59', 'America/New_York')).toBe('2026-03-08T06:59:59Z');
    expect(localInputToIso('2026-03-08T03:30', 'America/New_York')).toBe('2026-03-08T07:30:00Z');
  });

  it('sends only the changed fields; a scheduled field with a chosen time carries effectiveAt in UTC', () => {
    const f = edit((f) => {
      f.precision = '4';
      f.maxStake = '6000';
      f.effectiveAt = '2026-06-03T08:00:00';
    });
    expect(saveBody(product, f, 'Asia/Taipei')).toEqual({ precision: 4, maxStake: '6000.00', effectiveAt: '2026-06-03T00:00:00Z' });
    expect(splitChanges(changes(product, f))).toEqual({ immediate: ['maxStake'], scheduled: ['precision'] });
  });

  it('without a chosen time a scheduled change is sent without effectiveAt (the server takes the earliest)', () => {
    const f = edit((f) => {
      f.holidays = ['2026-01-01'];
      f.timezone = 'Europe/London';
    });
    expect(saveBody(product, f)).toEqual({ holidays: ['2026-01-01'], timezone: 'Europe/London' });
    expect(splitChanges(changes(product, f)).scheduled).toEqual(['timezone', 'holidays']);
  });

  it('a chosen time is not sent when no scheduled field changed', () => {
    const f = edit((f) => {
      f.enabled = false;
      f.effectiveAt = '2026-06-03T08:00';
    });
    expect(saveBody(product, f)).toEqual({ enabled: false });
  });

  it('the time alone is not a change: nothing to save', () => {
    expect(
      changes(
        product,
        edit((f) => void (f.effectiveAt = '2026-06-03T08:00')),
      ),
    ).toEqual({});
  });

  it.each<[string, string, string | undefined]>([
    ['before the earliest allowed', '2026-06-02T08:59:59', 'tooEarly'],
    ['not a real date', '2026-02-30T10:00', 'dateTime'],
    ['exactly the earliest allowed', '2026-06-02T09:00:00', undefined],
    ['after the earliest allowed', '2026-07-01T00:00', undefined],
  ])('a time %s', (_name, value, code) => {
    const errors = validate(
      edit((f) => {
        f.precision = '3';
        f.effectiveAt = value;
      }),
      product.earliestEffectiveAt,
      'Asia/Taipei',
    );
    expect(errors.effectiveAt).toBe(code);
  });

  it.each<[string, { code: string; field?: string }, string]>([
    ['a time before the earliest', { code: 'VALIDATION_FAILED', field: 'effectiveAt' }, 'tooEarly'],
    ['precision that keeps too few digits', { code: 'VALIDATION_FAILED', field: 'precision' }, 'precisionDigits'],
    ['a market of another base asset', { code: 'VALIDATION_FAILED', field: 'priceVenues.1.symbol' }, 'venueBase'],
    ['a field that already has a pending change', { code: 'CHANGE_ALREADY_SCHEDULED', field: 'hours' }, 'alreadyScheduled'],
    ['another field', { code: 'VALIDATION_FAILED', field: 'minStake' }, 'invalid'],
    ['another code on precision', { code: 'CONFLICT', field: 'precision' }, 'invalid'],
  ])('the server refusing %s is shown as %p', (_name, error, code) => {
    expect(serverFieldError(error)).toBe(code);
  });
});
