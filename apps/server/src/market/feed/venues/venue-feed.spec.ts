import { afterAll, afterEach, beforeAll, describe, expect, it as base } from '@jest/globals';
import { checkTickSources, type PriceRule, type TickSource } from '@candor/domain';
import { FAKE_VOLUMES, startFakeVenues, type FakeVenues } from '../../../../../../scripts/testing/fake-venues.mjs';
import type { FeedTickInfo } from '../feed-adapter.js';
import { VenueFeed } from './venue-feed.js';
import { VENUE_VOLUME_FRESH_MS } from './venue-volumes.js';
import { VENUES } from './venue-protocol.js';

interface Tick {
  symbol: string;
  price: string;
  at: number;
  info: FeedTickInfo;
}

/** Real sockets and timers: on a busy machine these take longer than jest's default 5 s. */
const it = (name: string, fn: () => Promise<void>) => base(name, fn, 20_000);

let fakes: FakeVenues;
let feed: VenueFeed | null = null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => T | null | undefined | false, ms = 12_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const MARKETS = [
  { venue: 'binance', symbol: 'BTCUSDT' },
  { venue: 'okx', symbol: 'BTC-USDT' },
  { venue: 'coinbase', symbol: 'BTC-USDT' },
  { venue: 'kraken', symbol: 'BTC/USDT' },
] as const;

function start(over: Partial<ConstructorParameters<typeof VenueFeed>[0]> = {}) {
  const ticks: Tick[] = [];
  const halts: [string, string | null][] = [];
  feed = new VenueFeed({
    products: [{ symbol: 'BTCUSDT', precision: 2, venues: MARKETS }],
    venues: VENUES,
    urls: { binance: fakes.venues.binance.url, okx: fakes.venues.okx.url, coinbase: fakes.venues.coinbase.url, kraken: fakes.venues.kraken.url },
    quorum: 3,
    maxDeviationBps: 50,
    staleMs: 500,
    tickMs: 20,
    warmupMs: 300,
    onHalt: (symbol, reason) => halts.push([symbol, reason]),
    connection: { backoffMs: 20, maxBackoffMs: 100 },
    ...over,
  });
  feed.start((symbol, price, _volume, t, info) => ticks.push({ symbol, price, at: t.getTime(), info: info ?? {} }));
  return { ticks, halts };
}
const lastOf = (ticks: Tick[]) => ticks[ticks.length - 1]!;
/** Every non-empty subset's sum of these volumes, as the feed writes a volume. */
function subsetSums(volumes: number[]): Set<string> {
  const out = new Set<string>();
  for (let mask = 1; mask < 1 << volumes.length; mask++) out.add(String(volumes.reduce((sum, v, i) => (mask & (1 << i) ? sum + v : sum), 0)));
  return out;
}
const subscribed = () => Object.values(fakes.venues).every((v) => [...v.clients].some((c) => c.symbols.size > 0));

beforeAll(async () => {
  fakes = await startFakeVenues();
});
afterEach(async () => {
  feed?.stop();
  feed = null;
  for (const v of VENUES) {
    fakes.silence(v, false);
    fakes.offset(v, 0);
  }
  await until('the fakes to see the connections go', () => Object.values(fakes.venues).every((v) => v.clients.size === 0));
});
afterAll(async () => {
  await fakes?.close();
});

describe('VenueFeed on four fake exchanges', () => {
  it('ticks at the median of the exchanges mids, with every quote and the rule', async () => {
    const { ticks } = start();
    await until('subscribed', subscribed);
    fakes.quote('BTCUSDT', '100.00', '100.02', ['binance']);
    fakes.quote('BTCUSDT', '100.10', '100.10', ['okx']);
    fakes.quote('BTCUSDT', '99.90', '100.00', ['coinbase']);
    fakes.quote('BTCUSDT', '100.20', '100.40', ['kraken']);
    const tick = await until('a tick from all four', () => ticks.find((k) => k.info.sources?.filter((s) => s.used).length === 4));
    // mids 100.01, 100.10, 99.95, 100.30: median (100.01 + 100.10) / 2 = 100.055 -> 100.06
    expect(tick.price).toBe('100.06');
    expect(tick.info.kind).toBe('venues');
    expect(tick.info.rule).toEqual({ name: 'median-of-mids', version: 1, quorum: 3, maxDeviationBps: 50 });
    expect(tick.info.sources!.map((s) => [s.venue, s.bid, s.ask, s.mid])).toEqual([
      ['binance', '100.00', '100.02', '100.01'],
      ['okx', '100.10', '100.10', '100.1'],
      ['coinbase', '99.90', '100.00', '99.95'],
      ['kraken', '100.20', '100.40', '100.3'],
    ]);
    expect(checkTickSources(tick.price, tick.info.sources as TickSource[], tick.info.rule as PriceRule)).toEqual([]);
  });

  it("carries the exchanges' own 24h volume and turnover, summed, with its ticks; not a stale one", async () => {
    const { ticks } = start();
    await until('subscribed', subscribed);
    // OKX, Coinbase and Kraken send their volume with each quote, Binance in a miniTicker once a second. The fake
    // volumes (FAKE_VOLUMES) add up to 2600.875; Coinbase's, sent without a turnover, counts at its mid.
    const keepQuoting = setInterval(() => fakes.quote('BTCUSDT', '100.00', '100.00'), 50);
    try {
      const tick = await until('a tick with all four volumes', () => ticks.find((k) => k.info.market24h?.volume === '2600.875'));
      expect(tick.info.market24h).toEqual({ volume: '2600.875', amount: '260087.50' });
    } finally {
      clearInterval(keepQuoting);
    }
    // Until every exchange reported, the sum of those that did: never a guess.
    const sums = subsetSums([FAKE_VOLUMES.binance, FAKE_VOLUMES.okx, FAKE_VOLUMES.coinbase, FAKE_VOLUMES.kraken]);
    expect(ticks.filter((k) => k.info.market24h).every((k) => sums.has(k.info.market24h!.volume))).toBe(true);
    expect(feed!.market24h('BTCUSDT', Date.now() + VENUE_VOLUME_FRESH_MS + 1_000)).toBeUndefined();
    expect(feed!.market24h('ETHUSDT')).toBeUndefined();
  });

  it('counts the volume of the enabled exchanges only', async () => {
    const { ticks } = start({ venues: ['binance', 'okx', 'coinbase'] });
    await until('subscribed', () => (['binance', 'okx', 'coinbase'] as const).every((v) => [...fakes.venues[v].clients].some((c) => c.symbols.size > 0)));
    const keepQuoting = setInterval(() => fakes.quote('BTCUSDT', '100.00', '100.00'), 50);
    try {
      const tick = await until('a tick with the three volumes', () => ticks.find((k) => k.info.market24h?.volume === '2400.875'));
      expect(tick.info.market24h!.amount).toBe('240087.50');
    } finally {
      clearInterval(keepQuoting);
    }
    const sums = subsetSums([FAKE_VOLUMES.binance, FAKE_VOLUMES.okx, FAKE_VOLUMES.coinbase]);
    expect(ticks.filter((k) => k.info.market24h).every((k) => sums.has(k.info.market24h!.volume))).toBe(true);
  });

  it('drops an exchange 5 % off and prices from the other three', async () => {
    const { ticks } = start();
    await until('subscribed', subscribed);
    fakes.offset('kraken', 500);
    fakes.quote('BTCUSDT', '200.00', '200.00');
    const tick = await until('a tick with kraken dropped', () =>
      ticks.find((k) => k.info.sources?.length === 4 && k.info.sources.find((s) => s.venue === 'kraken')?.reason === 'deviation'),
    );
    expect(tick.price).toBe('200.00');
    expect(tick.info.sources!.find((s) => s.venue === 'kraken')).toMatchObject({ bid: '210.00', used: false, reason: 'deviation' });
  });

  it('two exchanges silent: the product halts (quorum), and resumes when they speak again', async () => {
    const { ticks, halts } = start();
    await until('subscribed', subscribed);
    fakes.quote('BTCUSDT', '300.00', '300.00');
    await until('a tick', () => ticks.some((k) => k.price === '300.00'));
    fakes.silence('okx');
    fakes.silence('kraken');
    const keepQuoting = setInterval(() => fakes.quote('BTCUSDT', '300.00', '300.00', ['binance', 'coinbase']), 50);
    try {
      await until('the halt', () => halts.some(([, r]) => r === 'quorum'), 3000);
      const count = ticks.length;
      await sleep(300);
      expect(ticks.length).toBe(count); // no tick while halted
      expect(feed!.status()[0]).toMatchObject({ symbol: 'BTCUSDT', status: 'halted', haltReason: 'quorum' });
      fakes.silence('okx', false);
      fakes.silence('kraken', false);
      clearInterval(keepQuoting);
      fakes.quote('BTCUSDT', '300.10', '300.10');
      await until('the resume', () => halts.at(-1)?.[1] === null, 3000);
      await until('a tick after the resume', () => lastOf(ticks).price === '300.10');
    } finally {
      clearInterval(keepQuoting);
    }
    expect(halts).toEqual([
      ['BTCUSDT', 'quorum'],
      ['BTCUSDT', null],
    ]);
  });

  it('makes a boundary tick right after each whole second', async () => {
    const { ticks } = start({ staleMs: 3000 }); // one quote each, still fresh at the next whole second
    await until('subscribed', subscribed);
    fakes.quote('BTCUSDT', '400.00', '400.00');
    // The fakes greet a new subscription with the last test's quote, and a whole second may pass before this
    // one lands: the boundary tick to check is the first one after the price became 400.00.
    const from = ticks.indexOf(await until('the quote in a tick', () => ticks.find((k) => k.price === '400.00')));
    const boundary = await until('a boundary tick', () => ticks.slice(from).find((k) => k.info.boundary));
    expect(boundary.price).toBe('400.00');
  });

  it('ticks once in each tickMs slot of the second, on the first quote in it', async () => {
    const { ticks } = start({ tickMs: 100, staleMs: 3000 });
    await until('subscribed', subscribed);
    const stop = fakes.stream(['BTCUSDT'], { everyMs: 10 });
    try {
      // Counted, not timed: on a loaded machine the fakes' quotes arrive late and some slots get none, so the
      // run lasts until twenty ticks have come, over at least three whole seconds.
      await until('twenty ticks over three whole seconds', () => ticks.length >= 20 && ticks.filter((k) => k.info.boundary).length >= 3, 15_000);
    } finally {
      stop();
    }
    // Slots start 2 ms after each whole second (the boundary offset) and every 100 ms after that: one tick
    // each, and with a quote every 10 ms it comes early in the slot.
    const slots = ticks.slice(1).map((k) => Math.floor((k.at - 2) / 100));
    expect(new Set(slots).size).toBe(slots.length);
    expect(ticks.length).toBeGreaterThanOrEqual(20);
    const intoSlot = ticks
      .slice(1)
      .map((k) => (k.at - 2) % 100)
      .sort((a, b) => a - b);
    // Early in the slot (a tick held to the slot's end would be near 100 ms), with room for a loaded machine.
    expect(intoSlot[Math.floor(intoSlot.length / 2)]).toBeLessThan(50);
    // The first tick of each second is its boundary tick.
    for (const k of ticks.slice(1)) expect(Boolean(k.info.boundary)).toBe((k.at - 2) % 1000 < 100);
  });

  it('a quote after the product ticked in its slot waits for the next slot, quietMs into it when no other comes', async () => {
    const { ticks } = start({ tickMs: 500, staleMs: 3000 }); // slots at 2 and 502 ms of each second; quietMs 50
    await until('subscribed', subscribed);
    fakes.quote('BTCUSDT', '300.00', '300.00');
    await until('a tick at 300.00', () => ticks.find((k) => k.price === '300.00'));
    const slotOf = (ms: number) => Math.floor((ms - 2) / 500);
    // On a loaded machine a quote can reach the feed in a later slot than it was sent in, where it ticks at
    // once as it should: then the case is tried again with another price (up to five tries).
    for (let attempt = 0; ; attempt++) {
      // Well inside a first slot, after that slot's boundary tick (made at 52 ms at the latest).
      await until('the middle of a first slot', () => Date.now() % 1000 >= 150 && Date.now() % 1000 <= 300, 3000);
      const before = lastOf(ticks);
      const price = `${310 + attempt}.00`;
      fakes.quote('BTCUSDT', price, price);
      const tick = await until(`a tick at ${price}`, () => ticks.find((k) => k.price === price));
      const arrived = Math.max(...tick.info.sources!.filter((x) => x.bid === price).map((x) => Date.parse(x.receivedAt)));
      if (slotOf(arrived) !== slotOf(before.at) && attempt < 4) continue;
      // Likewise a stalled process can fire the slot's timer a slot late; a tick made at once (in the quote's
      // own slot) is never excused.
      if (slotOf(tick.at) > slotOf(before.at) + 1 && attempt < 4) continue;
      expect(slotOf(arrived)).toBe(slotOf(before.at));
      expect(slotOf(tick.at)).toBe(slotOf(before.at) + 1);
      expect((tick.at - 2) % 500).toBeGreaterThanOrEqual(50);
      expect(tick.info.boundary).toBe(false);
      break;
    }
  });

  it('makes a tick that is due on the quote that arrives, not at a timer on an older one', async () => {
    const { ticks } = start({ tickMs: 100, staleMs: 3000 });
    await until('subscribed', subscribed);
    const stop = fakes.stream(['BTCUSDT'], { everyMs: 10 });
    try {
      await until('20 ticks', () => ticks.length >= 22);
    } finally {
      stop();
    }
    // The age of each tick's newest quote: 0 or 1 ms when that quote made the tick; a tick made by a timer at
    // the end of tickMs would carry one up to 10 ms old (5 on average).
    const ages = ticks
      .slice(2)
      .map((k) => k.at - Math.max(...k.info.sources!.filter((s) => s.used).map((s) => Date.parse(s.receivedAt))))
      .sort((a, b) => a - b);
    expect(ages[Math.floor(ages.length / 2)]).toBeLessThanOrEqual(1);
  });

  it('reports each exchange in its status: connected, mid, used or why not', async () => {
    start({ venues: ['binance', 'okx', 'coinbase'] });
    await until('subscribed', () => ['binance', 'okx', 'coinbase'].every((v) => [...fakes.venues[v as 'okx'].clients].some((c) => c.symbols.size)));
    fakes.quote('BTCUSDT', '500.00', '500.02');
    await until('open at the new quotes', () => feed!.status()[0]?.status === 'open' && feed!.status()[0]!.venues[0]!.mid === '500.01');
    const st = feed!.status()[0]!;
    expect(st).toMatchObject({ symbol: 'BTCUSDT', status: 'open', used: 3, total: 4 });
    expect(st.venues.find((v) => v.venue === 'binance')).toMatchObject({ connected: true, mid: '500.01', used: true });
    expect(st.venues.find((v) => v.venue === 'kraken')).toMatchObject({ connected: false, used: false, reason: 'disabled' });
  });
});

describe('VenueFeed: when a quote makes its tick', () => {
  it('a priced product ticks in the call that read its quote; a starting one once the pass is over, on every frame of it', async () => {
    const clock = { now: Date.UTC(2026, 5, 1, 9, 0, 0, 102) }; // 100 ms into the second's first slot
    const ticks: Tick[] = [];
    // Nowhere to connect: the quotes are handed to the feed here, as its connections would.
    const nowhere = 'ws://127.0.0.1:9';
    feed = new VenueFeed({
      products: [{ symbol: 'BTCUSDT', precision: 2, venues: MARKETS }],
      venues: VENUES,
      urls: { binance: nowhere, okx: nowhere, coinbase: nowhere, kraken: nowhere },
      quorum: 3,
      maxDeviationBps: 50,
      staleMs: 5000,
      tickMs: 200,
      connection: { backoffMs: 60_000, maxBackoffMs: 60_000 },
      now: () => clock.now,
    });
    feed.start((symbol, price, _volume, t, info) => ticks.push({ symbol, price, at: t.getTime(), info: info ?? {} }));
    const quote = (market: (typeof MARKETS)[number], price: string) =>
      (feed as unknown as { onQuote(v: string, q: object, at: number): void }).onQuote(
        market.venue,
        { symbol: market.symbol, bid: price, ask: price, venueTs: null, venueId: null },
        clock.now,
      );

    // Starting: the first frame alone is below the quorum, so the feed waits for the pass's other frames.
    for (const m of MARKETS) quote(m, '100.00');
    expect(ticks).toHaveLength(0);
    await new Promise((r) => setImmediate(r));
    expect(ticks).toHaveLength(1);
    expect(ticks[0]!.info.sources!.filter((s) => s.used)).toHaveLength(4);

    // Priced: the next slot's first quote makes the tick before the call returns, with the book's other quotes.
    clock.now += 200;
    quote(MARKETS[1], '100.10');
    expect(ticks).toHaveLength(2);
    expect(ticks[1]!.price).toBe('100.00'); // the median of 100.00, 100.10, 100.00, 100.00
    expect(ticks[1]!.info.sources!.find((s) => s.venue === 'okx')!.bid).toBe('100.10');
  });
});
