import { describe, expect, it } from '@jest/globals';
import { resources } from '@candor/i18n';
import type { PriceSource, Product } from '@candor/contracts';
import {
  STALE_AFTER_MS,
  ageSeconds,
  conditionLabelKey,
  droppedReasonKey,
  haltLabelKey,
  isSimulated,
  isStale,
  priceCondition,
  mergeTicker,
  nextFlash,
  sameApartFromTicks,
  tradeBlock,
  venueName,
  type PriceCondition,
} from './priceState';

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const venues: PriceSource = { kind: 'venues', venues: [{ venue: 'binance', symbol: 'BTCUSDT' }], quorum: 3, maxDeviationBps: 50 };
const simulated: PriceSource = { kind: 'simulated', venues: [], quorum: 3, maxDeviationBps: 50 };

/** The value of a `market` key in a locale (the keys these functions return must exist). */
function marketText(locale: keyof typeof resources, key: string): unknown {
  return key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], resources[locale].market);
}

describe('isStale (a tick older than 3 s is not a current price)', () => {
  it.each([
    ['tick just now', at(0), 0, false],
    ['exactly at the limit', at(0), STALE_AFTER_MS, false],
    ['1 ms past the limit', at(0), STALE_AFTER_MS + 1, true],
    ['a minute old', at(0), 60_000, true],
    ['a tick "from the future" (clock skew)', at(2000), 0, false],
  ])('%s', (_label, lastTickAt, nowOffset, expected) => {
    expect(isStale(lastTickAt, T0 + nowOffset)).toBe(expected);
  });

  it('treats no tick, or an unreadable time, as stale', () => {
    expect(isStale(null, T0)).toBe(true);
    expect(isStale(undefined, T0)).toBe(true);
    expect(isStale('not a time', T0)).toBe(true);
  });

  it('counts the moment the screen started listening as a tick: an old price gets 3 s for its next tick', () => {
    const old = at(-60_000);
    expect(isStale(old, T0 + 1000, T0)).toBe(false);
    expect(isStale(old, T0 + STALE_AFTER_MS + 1, T0)).toBe(true);
    expect(isStale(null, T0 + 2000, T0)).toBe(false);
    // A newer tick than the start counts from itself.
    expect(isStale(at(2000), T0 + 2000 + STALE_AFTER_MS, T0)).toBe(false);
    expect(isStale(at(2000), T0 + 2001 + STALE_AFTER_MS, T0)).toBe(true);
  });
});

describe('priceCondition', () => {
  it.each<[Product['status'], number, PriceCondition]>([
    ['open', 500, 'live'],
    ['open', 3500, 'stale'],
    ['halted', 500, 'halted'],
    ['halted', 60_000, 'halted'],
    ['closed', 60_000, 'closed'],
    ['maintenance', 500, 'maintenance'],
  ])('%s with a tick %d ms old -> %s', (status, age, expected) => {
    expect(priceCondition({ status, lastTickAt: at(0) }, T0 + age)).toBe(expected);
  });
});

describe('halt and condition labels', () => {
  it('names the reason of a halt', () => {
    expect(haltLabelKey('quorum')).toBe('halt.quorum');
    expect(haltLabelKey('disagreement')).toBe('halt.disagreement');
    expect(haltLabelKey(undefined)).toBe('halt.other');
    expect(haltLabelKey('something new')).toBe('halt.other');
  });

  it('labels each condition but a live price', () => {
    expect(conditionLabelKey('live')).toBeNull();
    expect(conditionLabelKey('stale')).toBe('price.waiting');
    expect(conditionLabelKey('halted', 'disagreement')).toBe('halt.disagreement');
    expect(conditionLabelKey('closed')).toBe('status.closed');
  });

  it('maps the feed status reasons, unknown ones to a general label', () => {
    expect(['stale', 'deviation', 'currency', 'invalid', 'disabled'].map(droppedReasonKey)).toEqual([
      'source.reason.stale',
      'source.reason.deviation',
      'source.reason.currency',
      'source.reason.invalid',
      'source.reason.disabled',
    ]);
    expect(droppedReasonKey(undefined)).toBe('source.reason.other');
    expect(droppedReasonKey('later')).toBe('source.reason.other');
  });

  it('returns keys that exist, with the texts the issue names in English', () => {
    const keys = [
      ...['quorum', 'disagreement', undefined].map(haltLabelKey),
      ...(['live', 'stale', 'halted', 'closed', 'maintenance'] as const).map((c) => conditionLabelKey(c)).filter((k): k is string => k !== null),
      ...['stale', 'deviation', 'currency', 'invalid', 'disabled', undefined].map(droppedReasonKey),
    ];
    for (const locale of Object.keys(resources) as (keyof typeof resources)[])
      for (const key of keys) expect([locale, key, typeof marketText(locale, key)]).toEqual([locale, key, 'string']);
    expect(marketText('en', haltLabelKey('quorum'))).toBe('Prices paused: not enough exchanges');
    expect(marketText('en', haltLabelKey('disagreement'))).toBe('Prices paused: exchanges disagree');
    expect(marketText('en', conditionLabelKey('stale')!)).toBe('Waiting for prices');
    expect(marketText('en', 'price.simulated')).toBe('Simulated prices: demo only');
  });
});

describe('tradeBlock (why the buy buttons are off)', () => {
  const open = { status: 'open' as const, priceSource: venues };
  it('is null for a live exchange price with an expiry, on either account', () => {
    expect(tradeBlock(open, 'live', 'real', true)).toBeNull();
    expect(tradeBlock(open, 'live', 'demo', true)).toBeNull();
  });

  it('blocks a halted or stale price on both accounts', () => {
    expect(tradeBlock({ ...open, status: 'halted' }, 'halted', 'real', true)).toBe('halted');
    expect(tradeBlock({ ...open, status: 'halted' }, 'halted', 'demo', true)).toBe('halted');
    expect(tradeBlock(open, 'stale', 'demo', true)).toBe('stale');
  });

  it('blocks simulated prices on the real account only, whatever the price', () => {
    const sim = { status: 'open' as const, priceSource: simulated };
    expect(tradeBlock(sim, 'live', 'real', true)).toBe('simulated');
    expect(tradeBlock(sim, 'stale', 'real', true)).toBe('simulated');
    expect(tradeBlock(sim, 'live', 'demo', true)).toBeNull();
    expect(tradeBlock({ ...sim, priceSource: { ...simulated, kind: 'replay' } }, 'live', 'real', true)).toBe('simulated');
  });

  it('says "simulated" on the real account even while the market is closed, and needs an expiry', () => {
    expect(tradeBlock({ status: 'closed', priceSource: simulated }, 'closed', 'real', true)).toBe('simulated');
    expect(tradeBlock({ status: 'closed', priceSource: simulated }, 'closed', 'demo', true)).toBe('closed');
    expect(tradeBlock({ ...open, status: 'closed' }, 'closed', 'real', true)).toBe('closed');
    expect(tradeBlock({ ...open, status: 'maintenance' }, 'maintenance', 'demo', true)).toBe('maintenance');
    expect(tradeBlock(open, 'live', 'demo', false)).toBe('noExpiry');
  });
});

describe('small display helpers', () => {
  it('knows which price sources are simulated', () => {
    expect(isSimulated({ priceSource: venues })).toBe(false);
    expect(isSimulated({ priceSource: simulated })).toBe(true);
    expect(isSimulated({ priceSource: { ...simulated, kind: 'replay' } })).toBe(true);
  });

  it('names the exchanges as they spell themselves', () => {
    expect(['binance', 'okx', 'coinbase', 'kraken', 'bitstamp'].map(venueName)).toEqual(['Binance', 'OKX', 'Coinbase', 'Kraken', 'Bitstamp']);
  });

  it('shows a message age in seconds with one decimal', () => {
    expect([ageSeconds(0), ageSeconds(349), ageSeconds(350), ageSeconds(12_345), ageSeconds(null), ageSeconds(-5)]).toEqual([
      '0.0',
      '0.3',
      '0.4',
      '12.3',
      null,
      null,
    ]);
  });
});

describe('sameApartFromTicks (what lets the trade panel skip a tick)', () => {
  const base = {
    symbol: 'BTCUSDT',
    status: 'open',
    priceSource: venues,
    expiries: [{ seconds: 30, payoutRate: '0.85' }],
    lastPrice: '100.00',
    lastTickAt: at(0),
    change24h: '0.01',
    high24h: '101.00',
    low24h: '99.00',
    volume24h: '5',
    amount24h: '500.00',
  };
  const ticked = {
    ...base,
    lastPrice: '100.50',
    lastTickAt: at(1000),
    change24h: '0.02',
    high24h: '102.00',
    low24h: '98.00',
    volume24h: '6',
    amount24h: '603.00',
  };

  it.each([
    ['the same object', base, base, true],
    ['a tick moved every price field', base, ticked, true],
    ['a tick added the exchange counts', base, { ...ticked, sourcesUsed: 3, sourcesTotal: 4 }, true],
    ['the market halted', base, { ...ticked, status: 'halted' }, false],
    ['a halt reason appeared', base, { ...base, haltReason: 'quorum' }, false],
    ['the price source changed', base, { ...base, priceSource: simulated }, false],
    ['the expiries were fetched again', base, { ...base, expiries: [...base.expiries] }, false],
    ['a field went away', { ...base, maintenanceMessage: 'x' }, base, false],
  ])('%s', (_what, a, b, same) => {
    expect(sameApartFromTicks(a, b)).toBe(same);
    expect(sameApartFromTicks(b, a)).toBe(same);
  });
});

describe('mergeTicker', () => {
  it("takes a ticker event's price and 24h figures, turnover and exchange counts included, and nothing else", () => {
    const p = { symbol: 'BTCUSDT', status: 'open', lastPrice: '100.00', volume24h: '5', amount24h: '500.00' } as unknown as Product;
    const merged = mergeTicker(p, {
      symbol: 'BTCUSDT',
      price: '101.00',
      t: at(1000),
      change24h: '0.01',
      high24h: '101.00',
      low24h: '99.00',
      volume24h: '6',
      amount24h: '606.00',
      sourcesUsed: 3,
      sourcesTotal: 4,
    });
    expect(merged).toMatchObject({ lastPrice: '101.00', lastTickAt: at(1000), volume24h: '6', amount24h: '606.00', sourcesUsed: 3, sourcesTotal: 4 });
    // Every field it rewrote is one the trade panel may skip a render for.
    expect(sameApartFromTicks(p, merged)).toBe(true);
    // An event without a turnover keeps the one held.
    expect(mergeTicker(p, { symbol: 'BTCUSDT', price: '101.00', t: at(1000), change24h: '0', high24h: null, low24h: null, volume24h: '6' }).amount24h).toBe(
      '500.00',
    );
  });
});

describe('nextFlash (a price cell flashes the way each new price moved)', () => {
  const start = { price: '100.00', n: 0 };
  it.each<[string, string | null | undefined, { dir?: 'up' | 'down'; n: number }]>([
    ['a higher price flashes up', '100.01', { dir: 'up', n: 1 }],
    ['a lower price flashes down', '99.99', { dir: 'down', n: 1 }],
    ['the same value written otherwise does not flash', '100.0', { n: 0 }],
    ['no price does not flash', null, { n: 0 }],
    ['a price that is not a decimal does not flash', '--', { n: 0 }],
  ])('%s', (_what, price, want) => {
    const next = nextFlash(start, price);
    expect(next).toEqual({ price, ...want });
  });

  it('keeps the same flash object for the same price, and counts each move so its animation restarts', () => {
    expect(nextFlash(start, '100.00')).toBe(start);
    const moves = ['101.00', '102.00', '101.50'].reduce<ReturnType<typeof nextFlash>[]>((acc, p) => [...acc, nextFlash(acc.at(-1) ?? start, p)], []);
    expect(moves.map((f) => [f.dir, f.n])).toEqual([
      ['up', 1],
      ['up', 2],
      ['down', 3],
    ]);
    // After a gap without a price, the next one is compared with nothing: no flash, the last one kept.
    const gap = nextFlash(nextFlash(moves[2]!, null), '99.00');
    expect(gap).toEqual({ price: '99.00', dir: 'down', n: 3 });
  });
});
