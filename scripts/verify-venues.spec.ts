import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeVenueHistory, type FakeVenueHistory } from './testing/fake-venue-history.mjs';
import { HISTORY, checkTicks, decimal, judgeQuote, krakenRestPair, quoteSecond, rangeAround, type SecondRange } from './verify-venues.mjs';

const S = 1_800_000_000; // a whole second
const ms = (second: number, offset = 0) => second * 1000 + offset;

let history: FakeVenueHistory;
beforeAll(async () => {
  history = await startFakeVenueHistory();
});
afterAll(async () => {
  await history?.close();
});

const text = (r: SecondRange | undefined) => (r ? [decimalText(r.low), decimalText(r.high)] : null);
function decimalText([v, d]: [bigint, number]): string {
  const s = v.toString().padStart(d + 1, '0');
  return d ? `${s.slice(0, -d)}.${s.slice(-d)}`.replace(/0+$/, '').replace(/\.$/, '') : s;
}

describe('judging a quote against a traded range', () => {
  it('passes a quote whose bid..ask touches the range widened by the tolerance', () => {
    expect(judgeQuote({ bid: '100.04', ask: '100.06' }, { low: '100.00', high: '100.10' }, 0)).toMatchObject({
      pass: true,
      mid: '100.05',
      note: 'mid 100.05 inside',
    });
    // Every trade at 100.05 while the book was 100.00/100.10: the mid is the trade.
    expect(judgeQuote({ bid: '100.00', ask: '100.10' }, { low: '100.05', high: '100.05' }, 0).pass).toBe(true);
    // The book just below the trades: out with no tolerance, in with 10 bps.
    expect(judgeQuote({ bid: '100.00', ask: '100.02' }, { low: '100.05', high: '100.06' }, 0)).toMatchObject({
      pass: false,
      note: 'mid 100.01 is 4.0 bps below the low',
    });
    expect(judgeQuote({ bid: '100.00', ask: '100.02' }, { low: '100.05', high: '100.06' }, 10).pass).toBe(true);
    expect(judgeQuote({ bid: '105.00', ask: '105.10' }, { low: '100.00', high: '100.10' }, 10)).toMatchObject({
      pass: false,
      note: 'mid 105.05 is 494.5 bps above the high',
    });
  });

  it('reads prices exactly, exponents too', () => {
    expect(decimal('67012.10000001')).toEqual([6701210000001n, 8]);
    expect(decimal('1.234e-05')).toEqual([1234n, 8]);
    expect(decimal('1.5E3')).toEqual([1500n, 0]);
    expect(decimal('abc')).toBeNull();
    expect(krakenRestPair('BTC/USDT')).toBe('XBTUSDT');
    expect(krakenRestPair('ETH/USD')).toBe('ETHUSD');
  });

  it("takes the exchange's own time of a quote when recorded, else when it was received", () => {
    expect(quoteSecond({ venueTs: new Date(ms(S, 999)).toISOString(), receivedAt: new Date(ms(S + 1, 3)).toISOString() })).toEqual({
      second: S,
      clock: 'exchange time',
    });
    expect(quoteSecond({ venueTs: null, receivedAt: new Date(ms(S + 1, 3)).toISOString() })).toEqual({ second: S + 1, clock: 'received' });
  });

  it('widens to the neighbouring seconds only when the second itself had no trades', () => {
    const r = (low: string, high: string): SecondRange => ({ low: decimal(low)!, high: decimal(high)!, trades: 1 });
    const seconds = new Map([
      [S - 1, r('99', '101')],
      [S + 1, r('100', '102')],
    ]);
    expect(rangeAround(seconds, S, 0)).toBeNull();
    expect(rangeAround(seconds, S, 2)).toMatchObject({ low: '99', high: '102', widenedBy: 1 });
    expect(rangeAround(seconds, S + 1, 2)).toMatchObject({ low: '100', high: '102', widenedBy: 0 });
  });
});

describe("each exchange's history, from the stand-ins with the real shapes", () => {
  beforeAll(() => {
    // Three seconds of trades on every exchange; the second S ranges 100.10..100.30 everywhere.
    const tape: [number, string][] = [
      [ms(S - 1, 500), '99.90'],
      [ms(S, 10), '100.20'],
      [ms(S, 400), '100.10'],
      [ms(S, 990), '100.30'],
      [ms(S + 1, 5), '100.50'],
    ];
    const names = { binance: 'ABCUSDT', okx: 'ABC-USDT', coinbase: 'ABC-USDT', kraken: 'ABC/USDT' } as const;
    for (const [venue, symbol] of Object.entries(names))
      tape.forEach(([at, price], i) => history.record(venue as keyof typeof names, symbol, price, at, 5000 + i));
  });

  it.each([
    [
      'binance',
      'ABCUSDT',
      { path: '/api/v3/klines', query: { symbol: 'ABCUSDT', interval: '1s', startTime: String(ms(S - 2)), endTime: String(ms(S + 2, 999)) } },
    ],
    [
      'okx',
      'ABC-USDT',
      { path: '/api/v5/market/history-candles', query: { instId: 'ABC-USDT', bar: '1s', after: String(ms(S + 3)), before: String(ms(S - 2) - 1) } },
    ],
    ['coinbase', 'ABC-USDT', { path: '/products/ABC-USDT/trades', query: { limit: '1000' } }],
    ['kraken', 'ABC/USDT', { path: '/0/public/Trades', query: { pair: 'ABCUSDT', since: String(BigInt(S - 2) * 1_000_000_000n - 1n) } }],
  ] as const)('%s', async (venue, symbol, request) => {
    const before = history.requests.length;
    const h = await HISTORY[venue](history.urls[venue], symbol, S - 2, S + 2);
    expect(text(h.seconds.get(S))).toEqual(['100.1', '100.3']);
    expect(text(h.seconds.get(S - 1))).toEqual(['99.9', '99.9']);
    expect(text(h.seconds.get(S + 1))).toEqual(['100.5', '100.5']);
    expect(h.seconds.has(S - 2)).toBe(false);
    const asked = history.requests[before]!;
    expect(asked.path).toBe(request.path);
    expect(asked.query).toMatchObject(request.query);
  });

  it('an unknown market is an error, not an empty range', async () => {
    await expect(HISTORY.binance(history.urls.binance, 'NOPEUSDT', S, S)).rejects.toThrow(/HTTP 400 .*-1121.*Invalid symbol/);
    await expect(HISTORY.okx(history.urls.okx, 'NOPE-USDT', S, S)).rejects.toThrow(/51001/);
    await expect(HISTORY.coinbase(history.urls.coinbase, 'NOPE-USDT', S, S)).rejects.toThrow(/404/);
    await expect(HISTORY.kraken(history.urls.kraken, 'NOPE/USDT', S, S)).rejects.toThrow(/Unknown asset pair/);
  });

  it('pages through busy tapes: Coinbase by trade id (from the quote, or from the newest), Kraken by time', async () => {
    // 3 000 trades over S - 3 .. S + 3 (and more after), so the second S spans pages.
    const prices = new Map<number, string[]>();
    for (let i = 0; i < 4000; i++) {
      const at = ms(S - 3) + Math.floor((i * 7000) / 3000);
      const price = (100 + ((i * 37) % 200) / 100).toFixed(2);
      history.record('coinbase', 'BUSY-USD', price, at, 70_000 + i);
      history.record('kraken', 'BUSY/USD', price, at, 70_000 + i);
      const s = Math.floor(at / 1000);
      prices.set(s, [...(prices.get(s) ?? []), price]);
    }
    const inS = prices.get(S)!.map(Number);
    const expected = [Math.min(...inS), Math.max(...inS)].map((v) => String(v));
    expect(inS.length).toBeGreaterThan(400);
    const quoteId = String(70_000 + 1500); // a trade in the middle of the window
    const viaId = await HISTORY.coinbase(history.urls.coinbase, 'BUSY-USD', S - 1, S + 1, { venueId: quoteId });
    expect(text(viaId.seconds.get(S))).toEqual(expected);
    expect(viaId.requests).toBeGreaterThan(1);
    const fromHead = await HISTORY.coinbase(history.urls.coinbase, 'BUSY-USD', S - 1, S + 1);
    expect(text(fromHead.seconds.get(S))).toEqual(expected);
    expect([...fromHead.seconds.keys()].sort()).toEqual([S - 1, S, S + 1]);
    const kraken = await HISTORY.kraken(history.urls.kraken, 'BUSY/USD', S - 1, S + 1);
    expect(text(kraken.seconds.get(S))).toEqual(expected);
    expect(kraken.requests).toBeGreaterThan(1);
  });
});

describe('checkTicks', () => {
  const source = (venue: string, bid: string, ask: string, at: number, venueTs = true) => ({
    venue,
    bid,
    ask,
    mid: '',
    venueTs: venueTs ? new Date(at).toISOString() : null,
    venueId: null,
    receivedAt: new Date(at + 3).toISOString(),
    used: true,
  });
  const markets = { binance: 'QQQUSDT', okx: 'QQQ-USDT', coinbase: 'QQQ-USDT', kraken: 'QQQ/USDT' };
  const T = S + 100;

  beforeAll(() => {
    for (const [venue, symbol] of Object.entries(markets)) {
      history.record(venue as 'binance', symbol, '50.00', ms(T, 100));
      history.record(venue as 'binance', symbol, '50.02', ms(T, 600));
    }
  });

  it('passes true quotes, fails a quote the exchange never traded near, and says what it could not check', async () => {
    const tick = {
      seq: '7',
      sources: [
        source('binance', '50.00', '50.01', ms(T, 700), false),
        source('okx', '50.01', '50.02', ms(T, 700)),
        source('coinbase', '50.01', '50.01', ms(T, 700)),
        source('kraken', '50.00', '50.02', ms(T, 700)),
      ],
    };
    const opts = { markets, urls: history.urls, toleranceBps: 10, widen: 2 };
    const ok = await checkTicks([tick], opts);
    expect(ok.quotes.map((q) => [q.venue, q.status, q.low, q.high])).toEqual([
      ['binance', 'ok', '50', '50.02'],
      ['okx', 'ok', '50', '50.02'],
      ['coinbase', 'ok', '50', '50.02'],
      ['kraken', 'ok', '50', '50.02'],
    ]);
    expect(ok.pass).toBe(true);

    const altered = { ...tick, sources: tick.sources.map((s) => (s.venue === 'okx' ? { ...s, bid: '50.60', ask: '50.62' } : s)) };
    const bad = await checkTicks([altered], opts);
    expect(bad.pass).toBe(false);
    expect(bad.quotes.find((q) => q.venue === 'okx')).toMatchObject({ status: 'OUT OF RANGE', note: expect.stringMatching(/bps above the high/) });

    history.offset('kraken', 100); // the exchange's history says 1 % higher than what was recorded
    try {
      const moved = await checkTicks([tick], opts);
      expect(moved.quotes.find((q) => q.venue === 'kraken')).toMatchObject({ status: 'OUT OF RANGE', low: '50.5', high: '50.52' });
    } finally {
      history.offset('kraken', 0);
    }

    const unknown = await checkTicks([tick], { ...opts, markets: { ...markets, coinbase: undefined as unknown as string } });
    expect(unknown.quotes.find((q) => q.venue === 'coinbase')).toMatchObject({
      status: 'unchecked',
      note: expect.stringMatching(/names no market on coinbase/),
    });
    expect(unknown.pass).toBe(false);
    const quiet = await checkTicks([{ seq: '8', sources: [source('okx', '50.00', '50.02', ms(T + 30, 1))] }], opts);
    expect(quiet.quotes[0]).toMatchObject({ status: 'unchecked', note: 'no trades on okx within 2 s of that second' });
  });
});
