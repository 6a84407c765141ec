import { describe, expect, it } from '@jest/globals';
import { aggregateQuotes, checkTickSources, midOf, usedMedian, type AggregateOptions, type VenueQuote } from './price-aggregation.js';

const NOW = 1_800_000_000_000;
const opts: AggregateOptions = { nowMs: NOW, staleMs: 5000, quorum: 3, maxDeviationBps: 50, precision: 2, quoteCurrency: 'USDT' };

/** A quote with the given mid (bid = ask = mid unless both are given), received `ageMs` ago. */
function q(venue: string, bid: string, ask = bid, over: Partial<VenueQuote> = {}): VenueQuote {
  return { venue, quoteCurrency: 'USDT', bid, ask, venueTs: null, venueId: null, receivedAt: NOW - 100, ...over };
}
const four = (...mids: string[]) => mids.map((m, i) => q(['binance', 'okx', 'coinbase', 'kraken'][i]!, m));
const usedOf = (r: ReturnType<typeof aggregateQuotes>) => r.sources.map((s) => (s.used ? 'used' : s.reason));

describe('midOf', () => {
  it.each([
    ['67000.1', '67000.2', '67000.15'],
    ['67000.10', '67000.20', '67000.15'],
    ['100', '100', '100'],
    ['100.00', '100.02', '100.01'],
    ['0.00001234', '0.00001236', '0.00001235'],
    ['1', '2', '1.5'],
  ])('mid of %s and %s is %s', (bid, ask, mid) => expect(midOf(bid, ask)).toBe(mid));

  it.each([['0'], ['-1'], ['abc'], ['1e5']])('refuses %p', (bad) => expect(() => midOf(bad, '1')).toThrow(RangeError));
});

describe('aggregateQuotes', () => {
  it.each([
    ['odd count: the middle mid', ['100.00', '100.10', '100.20'], '100.10', '100.1'],
    ['even count: the mean of the middle two', ['100.00', '100.10', '100.20', '100.30'], '100.15', '100.15'],
    ['the mean rounds half up to the precision', ['100.00', '100.01', '100.02', '100.03'], '100.02', '100.015'],
    ['order of the quotes does not matter', ['100.30', '100.00', '100.20', '100.10'], '100.15', '100.15'],
    ['all equal', ['7.77', '7.77', '7.77', '7.77'], '7.77', '7.77'],
  ])('%s', (_name, mids, price, median) => {
    const r = aggregateQuotes(four(...mids), opts);
    expect(r).toMatchObject({ ok: true, price, median, used: mids.length, total: mids.length });
    expect(usedOf(r)).toEqual(mids.map(() => 'used'));
  });

  it('uses the mid of bid and ask, exactly, and records every quote', () => {
    const quotes = [
      q('binance', '67000.10', '67000.11', { venueId: '400900217', venueTs: '2026-01-01T00:00:00.000Z' }),
      q('okx', '67000.0', '67000.3'),
      q('coinbase', '66999.99', '67000.01'),
    ];
    const r = aggregateQuotes(quotes, opts);
    if (!r.ok) throw new Error('expected a price');
    expect(r.sources.map((s) => s.mid)).toEqual(['67000.105', '67000.15', '67000']);
    expect(r.median).toBe('67000.105');
    expect(r.price).toBe('67000.11');
    expect(r.sources[0]).toEqual({
      venue: 'binance',
      bid: '67000.10',
      ask: '67000.11',
      mid: '67000.105',
      venueTs: '2026-01-01T00:00:00.000Z',
      venueId: '400900217',
      receivedAt: new Date(NOW - 100).toISOString(),
      used: true,
    });
    expect(r.rule).toEqual({ name: 'median-of-mids', version: 1, quorum: 3, maxDeviationBps: 50 });
    expect(r.spread).toBe('0.15');
  });

  it.each([
    // [name, quotes, expected outcome, reasons]
    [
      'a 5 % outlier is dropped and the median recomputed',
      four('100.00', '100.10', '100.20', '105.00'),
      { ok: true, price: '100.10' },
      ['used', 'used', 'used', 'deviation'],
    ],
    ['exactly 50 bps from the median is kept', four('100.00', '100.00', '100.00', '100.50'), { ok: true, price: '100.00' }, ['used', 'used', 'used', 'used']],
    ['just over 50 bps is dropped', four('100.00', '100.00', '100.00', '100.51'), { ok: true, price: '100.00' }, ['used', 'used', 'used', 'deviation']],
    [
      'two of four far apart: too few agree',
      four('100.00', '100.00', '110.00', '110.00'),
      { ok: false, reason: 'disagreement' },
      ['deviation', 'deviation', 'deviation', 'deviation'],
    ],
    [
      'each within 50 bps of the median, but spread 60 bps',
      four('100.00', '100.30', '100.60'),
      { ok: false, reason: 'disagreement' },
      [undefined, undefined, undefined],
    ],
  ])('%s', (_name, quotes, outcome, reasons) => {
    const r = aggregateQuotes(quotes, opts);
    expect(r).toMatchObject(outcome);
    expect(usedOf(r)).toEqual(reasons);
  });

  it('no tick when the used mids disagree: the spread of the used mids stays within the limit', () => {
    const r = aggregateQuotes(four('100.00', '100.30', '100.60'), opts);
    expect(r).toMatchObject({ ok: false, reason: 'disagreement', used: 0, total: 3 });
    expect(r.sources.every((s) => !s.used)).toBe(true);
  });

  it.each([
    ['three fresh of four: enough', [0, 0, 0, 6000], { ok: true, used: 3 }],
    ['two fresh of four: below quorum', [0, 0, 6000, 6000], { ok: false, reason: 'quorum' }],
    ['exactly staleMs old is still fresh', [5000, 5000, 5000], { ok: true, used: 3 }],
    ['one millisecond more is stale', [5001, 0, 0], { ok: false, reason: 'quorum' }],
    ['no quotes at all', [], { ok: false, reason: 'quorum', total: 0 }],
  ])('staleness: %s', (_name, ages, outcome) => {
    const quotes = ages.map((age, i) => q(`v${i}`, '100.00', '100.00', { receivedAt: NOW - age }));
    const r = aggregateQuotes(quotes, opts);
    expect(r).toMatchObject(outcome);
    r.sources.forEach((s, i) => expect(s.reason).toBe(ages[i]! > 5000 ? 'stale' : undefined));
  });

  it('never mixes quote currencies: USD quotes do not count for a USDT product', () => {
    const quotes = [q('binance', '100.00'), q('okx', '100.00'), q('coinbase', '100.40', '100.40', { quoteCurrency: 'USD' }), q('kraken', '100.00')];
    const r = aggregateQuotes(quotes, opts);
    expect(r).toMatchObject({ ok: true, price: '100.00', used: 3, total: 4 });
    expect(usedOf(r)).toEqual(['used', 'used', 'currency', 'used']);
    const usdOnly = aggregateQuotes(quotes, { ...opts, quoteCurrency: 'USD' });
    expect(usdOnly).toMatchObject({ ok: false, reason: 'quorum' });
  });

  it.each([
    ['bid above ask', '100.10', '100.00'],
    ['zero bid', '0', '100.00'],
    ['not a number', 'NaN', '100.00'],
    ['exponent', '1e2', '100.00'],
  ])('an invalid quote (%s) is never used', (_name, bid, ask) => {
    const r = aggregateQuotes([q('binance', bid, ask), ...four('100.00', '100.00', '100.00', '100.00').slice(1)], opts);
    expect(r).toMatchObject({ ok: true, used: 3 });
    expect(r.sources[0]).toMatchObject({ used: false, reason: 'invalid', mid: '' });
  });

  it('a quorum of one takes the single fresh quote', () => {
    expect(aggregateQuotes([q('binance', '10.00', '10.02')], { ...opts, quorum: 1 })).toMatchObject({ ok: true, price: '10.01' });
  });

  it('rounds to the precision half up, never truncates', () => {
    const r = aggregateQuotes(four('0.58215', '0.58216', '0.58215', '0.58216'), { ...opts, precision: 4 });
    expect(r).toMatchObject({ ok: true, median: '0.582155', price: '0.5822' });
  });

  it('refuses a malformed rule', () => {
    expect(() => aggregateQuotes([], { ...opts, quorum: 0 })).toThrow(RangeError);
    expect(() => aggregateQuotes([], { ...opts, maxDeviationBps: -1 })).toThrow(RangeError);
  });
});

describe('checkTickSources', () => {
  const made = aggregateQuotes(four('100.00', '100.10', '100.20', '105.00'), opts);
  if (!made.ok) throw new Error('fixture');

  it('accepts what aggregateQuotes made', () => {
    expect(checkTickSources(made.price, made.sources, made.rule)).toEqual([]);
  });

  it('finds a changed quote, a changed price, a used outlier and a short quorum', () => {
    const changed = made.sources.map((s) => ({ ...s }));
    changed[1]!.bid = changed[1]!.ask = '100.30';
    expect(checkTickSources(made.price, changed, made.rule).join('\n')).toMatch(/not \(bid \+ ask\) \/ 2|not the median/);
    expect(checkTickSources('100.11', made.sources, made.rule).join('\n')).toMatch(/not the median/);
    const outlierUsed = made.sources.map((s) => ({ ...s, used: true }));
    expect(checkTickSources(made.price, outlierUsed, made.rule).join('\n')).toMatch(/more than 50 bps|not the median/);
    const short = made.sources.map((s, i) => ({ ...s, used: i === 0 }));
    expect(checkTickSources(made.price, short, made.rule).join('\n')).toMatch(/quorum is 3/);
  });
});

describe('usedMedian', () => {
  it('is the exact median that aggregateQuotes rounded to the price', () => {
    const made = aggregateQuotes(four('100.00', '100.10', '100.125', '105.00'), opts);
    if (!made.ok) throw new Error('fixture');
    expect(usedMedian(made.sources)).toBe(made.median);
    expect(made.median).toBe('100.1');
    const even = aggregateQuotes(
      [q('binance', '100.01', '100.02'), q('okx', '100.02', '100.03'), q('kraken', '100.00', '100.05'), q('coinbase', '100.03', '100.04')],
      opts,
    );
    if (!even.ok) throw new Error('fixture');
    expect(usedMedian(even.sources)).toBe(even.median);
    expect(even.median).toBe('100.025'); // mids 100.015, 100.025, 100.025, 100.035
  });

  it('is null without a used source, or with a malformed used one', () => {
    const made = aggregateQuotes(four('100.00', '100.10', '100.20'), opts);
    expect(usedMedian(made.sources.map((s) => ({ ...s, used: false })))).toBeNull();
    expect(usedMedian(made.sources.map((s, i) => (i === 0 ? { ...s, bid: 'x' } : s)))).toBeNull();
  });
});
