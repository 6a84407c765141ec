import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkBlocks } from '../../../scripts/verify-chain.mjs';
import { startApp, type TestApp } from './support/app.js';
import { sleep, waitFor } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';

// The feed process on four fake exchanges: prices are the median of their quotes, every quote is kept in
// the tick record and hashed into the chain, and a verifier recomputes each price from them.
let t: TestApp;
let feed: VenueFeed;

beforeAll(async () => {
  t = await startApp();
  feed = await startVenueFeed(t);
});
afterAll(async () => {
  await feed?.close();
  await t?.close();
});

interface StoredTick {
  seq: string;
  price: string;
  sources: { venue: string; bid: string; ask: string; mid: string; used: boolean; reason?: string }[] | null;
  rule: { name: string; quorum: number; maxDeviationBps: number } | null;
}

describe('prices from four exchanges', () => {
  it('stores ticks at the median of the quotes, with every quote and the rule', async () => {
    const symbol = await createVenueProduct(t);
    await sleep(300); // the feed subscribes the new markets
    const v = feed.fakes.venues;
    const names = { binance: `${symbol}USDT`, okx: `${symbol}-USDT`, coinbase: `${symbol}-USDT`, kraken: `${symbol}/USDT` };
    v.binance.quote(names.binance, '100.00', '100.02');
    v.okx.quote(names.okx, '100.10', '100.10');
    v.coinbase.quote(names.coinbase, '99.90', '100.00');
    v.kraken.quote(names.kraken, '100.20', '100.40');
    const row = await waitFor(
      'a stored tick made from all four quotes',
      async () => {
        const rows: StoredTick[] = await t.ds.query(
          `SELECT seq, price::text AS price, sources, rule FROM ticks WHERE symbol = $1 AND sources IS NOT NULL ORDER BY seq DESC LIMIT 1`,
          [symbol],
        );
        return rows[0]?.sources?.filter((s) => s.used).length === 4 ? rows[0] : null;
      },
      15_000,
    );
    // mids 100.01, 100.1, 99.95, 100.3: the median (100.01 + 100.1) / 2 = 100.055, rounded half up to 2 decimals
    expect(row.price).toBe('100.06');
    expect(row.rule).toEqual({ name: 'median-of-mids', version: 1, quorum: 3, maxDeviationBps: 50 });
    expect(row.sources!.map((s) => [s.venue, s.bid, s.ask, s.mid, s.used])).toEqual([
      ['binance', '100.00', '100.02', '100.01', true],
      ['okx', '100.10', '100.10', '100.1', true],
      ['coinbase', '99.90', '100.00', '99.95', true],
      ['kraken', '100.20', '100.40', '100.3', true],
    ]);
    // The public record carries them too, once the second is sealed.
    await waitFor('the tick in the public record', async () =>
      (await t.http().get(`/api/products/${symbol}/ticks`)).body.some((k: StoredTick) => k.seq === String(row.seq)),
    );
    const record = (await t.http().get(`/api/products/${symbol}/ticks`).expect(200)).body.find((k: StoredTick) => k.seq === String(row.seq));
    expect(record).toMatchObject({ price: '100.06', rule: { name: 'median-of-mids', quorum: 3 }, sources: expect.any(Array) });
  });

  it("answers the exchanges' own 24h volume and turnover for the product, and stores none of it", async () => {
    const symbol = await createVenueProduct(t);
    await sleep(300); // the feed subscribes the new markets
    const v = feed.fakes.venues;
    const names = { binance: `${symbol}USDT`, okx: `${symbol}-USDT`, coinbase: `${symbol}-USDT`, kraken: `${symbol}/USDT` };
    // Quoted on, as exchanges do: Binance's volume comes in its miniTicker once a second, the others' with each quote.
    const keepQuoting = setInterval(() => {
      for (const venue of ['binance', 'okx', 'coinbase', 'kraken'] as const) v[venue].quote(names[venue], '200.00', '200.00');
    }, 100);
    try {
      // FAKE_VOLUMES: 1200.5 + 800.25 + 400.125 + 200, each at 200.00.
      const product = await waitFor(
        'the four volumes on the product',
        async () => {
          const p = (await t.http().get(`/api/products/${symbol}`).expect(200)).body as { volume24h: string; amount24h: string };
          return p.volume24h === '2600.875' ? p : null;
        },
        15_000,
      );
      expect(product.amount24h).toBe('520175.00');
    } finally {
      clearInterval(keepQuoting);
    }
    const [stored]: { volumes: string[] }[] = await t.ds.query(`SELECT array_agg(DISTINCT volume::text) AS volumes FROM ticks WHERE symbol = $1`, [symbol]);
    expect(stored!.volumes.map(Number)).toEqual([0]);
  });

  it('the chain verifies with the sources, and a changed source quote breaks it', async () => {
    const symbol = await createVenueProduct(t);
    await sleep(300);
    await feed.tick(symbol, '42.00');
    await sleep(1500);
    await feed.tick(symbol, '42.10');
    const now = Math.floor(Date.now() / 1000);
    const blocks = await waitFor(
      'sealed blocks with sources',
      async () => {
        const b = (
          await t
            .http()
            .get(`/api/products/${symbol}/blocks?from=${now - 30}&to=${now + 5}`)
            .expect(200)
        ).body;
        return b.filter((x: { ticks: StoredTick[] }) => x.ticks.some((k) => k.sources)).length >= 2 ? b : null;
      },
      10_000,
    );
    expect(checkBlocks(blocks, { fromGenesis: true })).toEqual([]);
    const tampered = JSON.parse(JSON.stringify(blocks));
    const k = tampered.flatMap((b: { ticks: StoredTick[] }) => b.ticks).find((x: StoredTick) => x.sources);
    k.sources[0].bid = String(Number(k.sources[0].bid) + 0.01);
    expect(checkBlocks(tampered).join('\n')).toMatch(/hash does not match its content/);
  });
});
