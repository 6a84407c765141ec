import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeVenues, type FakeVenueName, type FakeVenues } from '../../../../../../scripts/testing/fake-venues.mjs';
import { PROTOCOLS } from './protocols.js';
import type { RawQuote } from './venue-protocol.js';
import { VenueConnection, type VenueConnectionOptions } from './venue-connection.js';

let fakes: FakeVenues;
const open: VenueConnection[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => T | null | undefined | false, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const SYMBOLS: Record<FakeVenueName, string> = { binance: 'BTCUSDT', okx: 'BTC-USDT', coinbase: 'BTC-USDT', kraken: 'BTC/USDT' };

function connect(venue: FakeVenueName, over: Partial<VenueConnectionOptions> = {}): { conn: VenueConnection; quotes: RawQuote[] } {
  const quotes: RawQuote[] = [];
  const conn = new VenueConnection({
    protocol: PROTOCOLS[venue],
    url: fakes.venues[venue].url,
    symbols: [SYMBOLS[venue]],
    onQuote: (q) => quotes.push(q),
    staleMs: 400,
    backoffMs: 20,
    maxBackoffMs: 100,
    ...over,
  });
  conn.start();
  open.push(conn);
  return { conn, quotes };
}

beforeAll(async () => {
  fakes = await startFakeVenues({ coinbaseSubscribeMs: 300 });
});
afterEach(() => {
  for (const c of open.splice(0)) c.stop();
  for (const v of Object.values(fakes.venues)) {
    v.silent = false;
    v.offsetBps = 0;
  }
});
afterAll(async () => {
  await fakes?.close();
});

describe('VenueConnection against the fake exchanges', () => {
  it.each(['binance', 'okx', 'coinbase', 'kraken'] as const)('%s: subscribes once connected, in the exchange form, and reads its quotes', async (venue) => {
    const fake = fakes.venues[venue];
    const before = fake.subscribes.length;
    const { conn, quotes } = connect(venue);
    await until('the subscription', () => fake.subscribes.length > before);
    expect(fake.subscribes.at(-1)).toEqual([SYMBOLS[venue]]);
    expect(fake.badMessages).toEqual([]);
    fake.quote(SYMBOLS[venue], '67000.10', '67000.20');
    await until('a quote', () => quotes.length > 0);
    expect(quotes.at(-1)).toMatchObject({ symbol: SYMBOLS[venue], bid: '67000.10', ask: '67000.20' });
    expect(conn.status().connected).toBe(true);
  });

  it.each(['binance', 'okx', 'coinbase', 'kraken'] as const)('%s: the recorded fixture frames replayed by the fake are read', async (venue) => {
    const fake = fakes.venues[venue];
    const { quotes } = connect(venue);
    await until('connected', () => [...fake.clients].some((c) => c.symbols.size > 0));
    fakes.replayFixtures(venue);
    await until('the fixture quotes', () => quotes.length >= 2);
  });

  it('reconnects after the exchange drops the connection (close 1006) and subscribes again', async () => {
    const fake = fakes.venues.okx;
    const { conn, quotes } = connect('okx');
    await until('connected', () => conn.status().connected && [...fake.clients].some((c) => c.symbols.size));
    const connections = fake.connections;
    fakes.drop('okx');
    await until('a new connection', () => fake.connections > connections && [...fake.clients].some((c) => c.symbols.size));
    fake.quote('BTC-USDT', '1.10', '1.20');
    await until('a quote on the new connection', () => quotes.some((q) => q.bid === '1.10'));
  });

  it('reconnects at once when Binance announces serverShutdown', async () => {
    const fake = fakes.venues.binance;
    const { conn } = connect('binance', { backoffMs: 60_000 });
    await until('connected', () => conn.status().connected && [...fake.clients].some((c) => c.symbols.size));
    const connections = fake.connections;
    fakes.serverShutdown();
    await until('a new connection (no backoff)', () => fake.connections > connections, 1000);
    expect(conn.status().reconnects).toBeGreaterThanOrEqual(1);
  });

  it('ignores a garbage frame and keeps the connection', async () => {
    const fake = fakes.venues.coinbase;
    const { conn, quotes } = connect('coinbase');
    await until('connected', () => [...fake.clients].some((c) => c.symbols.size));
    const connections = fake.connections;
    fakes.garbage('coinbase');
    fake.quote('BTC-USDT', '2.00', '2.02');
    await until('the quote after the garbage', () => quotes.some((q) => q.bid === '2.00'));
    expect(conn.status().garbage).toBe(1);
    expect(fake.connections).toBe(connections);
  });

  it('a silent exchange goes stale, and after twice the stale time its connection is replaced', async () => {
    const fake = fakes.venues.kraken;
    const { conn } = connect('kraken');
    await until('connected', () => [...fake.clients].some((c) => c.symbols.size));
    const connections = fake.connections;
    fakes.silence('kraken');
    await until('a replacement connection', () => fake.connections > connections, 3000);
    // Quiet time counts from the last frame heard, which may precede the silence by a few ms, so the
    // bound is checked against that frame rather than against when the test silenced the exchange.
    expect(Date.now() - conn.status().lastMessageAt!).toBeGreaterThan(800);
  });

  it('keeps a quiet OKX connection alive with the text ping (the fake answers pong)', async () => {
    const fake = fakes.venues.okx;
    const { conn } = connect('okx');
    await until('connected', () => [...fake.clients].some((c) => c.symbols.size));
    const connections = fake.connections;
    await sleep(1500); // no quotes at all: only ping/pong
    expect(fake.connections).toBe(connections);
    expect(Date.now() - conn.status().lastMessageAt!).toBeLessThan(800);
  });

  it('subscribes to Coinbase within its deadline, so Coinbase keeps the connection', async () => {
    const fake = fakes.venues.coinbase;
    const { conn } = connect('coinbase');
    await until('connected', () => [...fake.clients].some((c) => c.symbols.size));
    const connections = fake.connections;
    await sleep(600); // past the fake's 300 ms deadline; heartbeats arrive every second
    expect(fake.connections).toBe(connections);
    expect(conn.status().connected).toBe(true);
  });

  it('reconnects before the exchange connection age limit', async () => {
    const fake = fakes.venues.binance;
    const connections = fake.connections;
    connect('binance', { maxConnectionMs: 300, maxAgeMarginMs: 100 });
    await until('two new connections', () => fake.connections >= connections + 2, 3000);
  });

  it('backs off exponentially with jitter, within the cap', () => {
    const c = new VenueConnection({ protocol: PROTOCOLS.okx, url: 'ws://unused', symbols: [], onQuote: () => undefined, staleMs: 5000, random: () => 1 });
    expect([0, 1, 2, 3, 10, 20].map((a) => c.backoffDelay(a))).toEqual([500, 1000, 2000, 4000, 30_000, 30_000]);
    const low = new VenueConnection({ protocol: PROTOCOLS.okx, url: 'ws://unused', symbols: [], onQuote: () => undefined, staleMs: 5000, random: () => 0 });
    expect([0, 3, 20].map((a) => low.backoffDelay(a))).toEqual([250, 2000, 15_000]);
  });
});
