import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REDIS_CHANNELS, REDIS_KEYS, type FeedStatusSnapshot, type LastTick } from '@candor/cross-process';
import { startFakeVenues, venueSymbols, type FakeVenueName, type FakeVenues } from '../../../../scripts/testing/fake-venues.mjs';
import type { TestApp } from './app.js';
import { createTestProduct, sleep, waitFor, type TestProductOptions } from './trading.js';

const ROOT = path.resolve(process.cwd());
const FEED_MAIN = path.join(ROOT, 'apps/server/dist/main/feed.js');

export interface VenueFeed {
  fakes: FakeVenues;
  /** Output of the feed process so far. */
  output(): string;
  /**
   * Quotes `price` (bid = ask) on every exchange (or `venues`) and waits until the feed has stored a tick of
   * the product at that price; returns that tick (the last one in Redis, from the exchanges).
   */
  tick(symbol: string, price: string, venues?: readonly FakeVenueName[]): Promise<LastTick>;
  /** Waits until the feed has stored a tick of the product later than `atMs` (what settlement waits for). */
  tickAfter(symbol: string, atMs: number): Promise<LastTick>;
  /** The feed's state as it publishes it (null before its first report). */
  status(): Promise<FeedStatusSnapshot | null>;
  /** Stops the feed process, then the fake exchanges. */
  close(): Promise<void>;
}

/** A test product priced from the four fake exchanges (its markets named like the fakes name them). */
export async function createVenueProduct(t: TestApp, opts: TestProductOptions = {}): Promise<string> {
  const symbol = await createTestProduct(t, opts);
  const names = venueSymbols(symbol);
  const venues = (Object.keys(names) as FakeVenueName[]).map((venue) => ({ venue, symbol: names[venue] }));
  await t.ds.query(`UPDATE products SET price_venues = $2::jsonb WHERE symbol = $1`, [symbol, JSON.stringify(venues)]);
  await t.redis.publish(REDIS_CHANNELS.productsChanged, symbol); // the feed (and the api) read the catalogue again
  return symbol;
}

/**
 * Four fake exchanges (scripts/testing/fake-venues.mjs) and the real feed process on them
 * (`node apps/server/dist/main/feed.js` with FEED=venues and their URLs), on the test database and Redis.
 * Tests that trade the real account use it: real money only trades on prices made from exchanges.
 * Only one feed produces at a time (Redis lock): close it at the end of the file.
 */
export async function startVenueFeed(t: TestApp, env: Record<string, string> = {}): Promise<VenueFeed> {
  if (!existsSync(FEED_MAIN)) throw new Error(`${FEED_MAIN} is missing: build first (npx tsc -b tsconfig.build.json)`);
  const fakes = await startFakeVenues({ repeatMs: 1000 });
  // The seeded crypto products have markets on the exchanges too: quoted, so the feed does not halt them.
  const stopSeeded = fakes.stream(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'], { everyMs: 500 });
  const child: ChildProcess = spawn(process.execPath, [FEED_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_URL: t.config.REDIS_URL,
      JWT_SECRET: t.config.JWT_SECRET,
      METRICS_PORT: '0',
      WORKER_PORT: '0',
      FEED_TICK_MS: '50',
      FEED_LOCK_TTL_MS: '1500',
      ...fakes.env(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const feed: VenueFeed = {
    fakes,
    output: () => out,
    async tick(symbol, price, venues) {
      fakes.quote(symbol, price, price, venues);
      return waitFor(
        `a stored tick of ${symbol} at ${price}`,
        async () => {
          const raw = await t.redis.get(REDIS_KEYS.tickLast(symbol));
          const last = raw ? (JSON.parse(raw) as LastTick) : null;
          return last && last.price === price && last.kind === 'venues' ? last : null;
        },
        10_000,
        20,
      );
    },
    tickAfter(symbol, atMs) {
      return waitFor(
        `a stored tick of ${symbol} after ${new Date(atMs).toISOString()}`,
        async () => {
          const raw = await t.redis.get(REDIS_KEYS.tickLast(symbol));
          const last = raw ? (JSON.parse(raw) as LastTick) : null;
          return last && Date.parse(last.t) > atMs ? last : null;
        },
        10_000,
        20,
      );
    },
    async status() {
      const raw = await t.redis.get(REDIS_KEYS.feedStatus);
      return raw ? (JSON.parse(raw) as FeedStatusSnapshot) : null;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      stopSeeded();
      await fakes.close();
      // The feed's state outlives it in Redis; the next test file starts without it (halts are in Postgres too).
      await t.redis.del(REDIS_KEYS.marketHalts, REDIS_KEYS.feedStatus);
    },
  };
  try {
    await waitFor(
      'the feed to take the lock and produce',
      async () => {
        if (child.exitCode !== null) throw new Error(`the feed process exited:\n${out.slice(-3000)}`);
        return /feed venues producing/.test(out);
      },
      // A loaded machine (several test runs on two cores) can take longer than 20 s to start a node process.
      60_000,
      50,
    );
  } catch (e) {
    await feed.close();
    throw e;
  }
  await sleep(50);
  return feed;
}
