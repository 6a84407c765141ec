import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { SettlementService } from '../src/orders/settlement/settlement.service.js';
import { SettlementRepository } from '../src/orders/settlement/settlement.repository.js';
import { startFakeVenueHistory, type FakeVenueHistory } from '../../../scripts/testing/fake-venue-history.mjs';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';
import { createTestProduct, fundCash, sleep, tick, tickWriter, waitFor } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';

// scripts/verify-venues.mjs against the platform with the feed on four fake exchanges, and a stand-in for those
// exchanges' public REST history (fake-venue-history.mjs) holding what they quoted: a settled real-money order's
// quotes all lie within their exchanges' ranges; an exchange whose history disagrees, or a quote changed in the
// published record, fails. Nothing here reaches the internet.
const run = promisify(execFile);
const VERIFY_VENUES = path.resolve('scripts/verify-venues.mjs');

let t: TestApp;
let feed: VenueFeed;
let history: FakeVenueHistory;
let settlement: SettlementService;

beforeAll(async () => {
  t = await startApp();
  feed = await startVenueFeed(t);
  history = await startFakeVenueHistory();
  feed.fakes.onQuote((venue, symbol, q, atMs, seq) => history.recordQuote(venue, symbol, q, atMs, seq));
  settlement = new SettlementService(new SettlementRepository(t.ds), t.app.get(LedgerService));
});
afterAll(async () => {
  await feed?.close();
  await history?.close();
  await t?.close();
});

interface Quote {
  venue: string;
  status: string;
  note?: string;
  low?: string;
  high?: string;
  tick: string;
}
interface Verdict {
  code: number;
  out: string;
  json: { pass: boolean; quotes: Quote[]; ticks: { which: string; seq: string }[]; problems: string[] } | null;
}

async function verifyVenues(args: string[], api = t.url): Promise<Verdict> {
  const restUrls = Object.entries(history.urls).flatMap(([venue, url]) => [`--${venue}-rest-url`, url]);
  const argv = [VERIFY_VENUES, ...args, '--api', api, ...restUrls];
  const parse = (out: string) => {
    try {
      return JSON.parse(out);
    } catch {
      return null;
    }
  };
  try {
    const { stdout } = await run(process.execPath, argv);
    return { code: 0, out: stdout, json: parse(stdout) };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: `${err.stdout}${err.stderr}`, json: parse(err.stdout) };
  }
}

/** The platform's api behind a proxy that rewrites its JSON answers (a platform serving a doctored record). */
async function tamperingApi(rewrite: (path: string, body: unknown) => unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${t.url}${req.url}`, { headers: { accept: 'application/json', authorization: req.headers.authorization ?? '' } });
      const text = await upstream.text();
      const body = upstream.ok ? JSON.stringify(rewrite(req.url ?? '', JSON.parse(text))) : text;
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(body);
    })().catch((e: unknown) => res.writeHead(502).end(String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface SourceRow {
  venue: string;
  bid: string;
  ask: string;
  mid: string;
}

describe('verify-venues.mjs', () => {
  it('passes the quotes of a settled order, and fails when an exchange disagrees or a recorded quote was changed', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 10_000);
    const symbol = await createVenueProduct(t, { expiries: [{ seconds: 2, payoutRate: '0.85' }] });
    await sleep(300); // the feed subscribes the new markets
    // Every exchange quotes a walk around 25 with its own jitter, as a live market does; their histories record it.
    const stop = feed.fakes.stream([symbol], { everyMs: 100, prices: { [symbol]: 25 } });
    let orderId: string;
    try {
      // The product's first ticks may come before all four exchanges have quoted (three make a quorum): the order
      // waits for a tick from all four, so its entry tick is one.
      await waitFor(
        'a tick priced from all four exchanges',
        async () => {
          const [row]: { sources: { used: boolean }[] }[] = await t.ds.query(
            `SELECT sources FROM ticks WHERE symbol = $1 AND sources IS NOT NULL ORDER BY seq DESC LIMIT 1`,
            [symbol],
          );
          return row?.sources.filter((q) => q.used).length === 4;
        },
        10_000,
        50,
      );
      await feed.tickAfter(symbol, Date.now());
      const placed = await t.http().post('/api/orders').set(u.auth).send({ symbol, direction: 'up', amount: '10.00', durationSeconds: 2, account: 'real' });
      expect(placed.status).toBe(201);
      orderId = placed.body.id;
      await sleep(Math.max(0, Date.parse(placed.body.expiresAt) - Date.now() + 300));
      await waitFor(
        'the settlement',
        async () => {
          await settlement.settleWindow(0, Date.now() + 60_000);
          return (await t.http().get(`/api/orders/${orderId}`).set(u.auth)).body.status === 'settled';
        },
        10_000,
        200,
      );
    } finally {
      stop();
    }
    await sleep(1500); // the exit tick's second is sealed and public
    const receipt = (await t.http().get(`/api/orders/${orderId}/receipt`).set(u.auth).expect(200)).body;
    const exitSeq: string = receipt.exitTick.seq;

    const good = await verifyVenues([orderId, '--token', u.token, '--json']);
    expect([good.code, good.json?.problems]).toEqual([0, []]);
    expect(good.json!.quotes.filter((q) => q.status !== 'ok')).toEqual([]);
    expect(good.json!.ticks.map((k) => [k.which, k.seq])).toEqual([
      ['entry', receipt.entryTick.seq],
      ['exit', exitSeq],
    ]);
    expect(good.json!.quotes).toHaveLength(8);
    expect(good.json!.quotes.every((q) => q.status === 'ok' && q.low && q.high)).toBe(true);
    expect(new Set(good.json!.quotes.map((q) => q.venue))).toEqual(new Set(['binance', 'okx', 'coinbase', 'kraken']));
    // The exchanges were asked for that second's history the way the real APIs are asked.
    const asked = new Set(history.requests.map((r) => `${r.venue} ${r.path} ${r.query.interval ?? r.query.bar ?? ''}`));
    expect(asked).toEqual(
      new Set(['binance /api/v3/klines 1s', 'okx /api/v5/market/history-candles 1s', `coinbase /products/${symbol}-USDT/trades `, 'kraken /0/public/Trades ']),
    );
    const text = await verifyVenues([orderId, '--token', u.token]);
    expect([text.code, text.out]).toEqual([0, expect.stringMatching(/OK: all 8 exchange quotes lie within their exchanges' own traded ranges/)]);
    expect(text.out).toMatch(/tolerance: \+-10 bps/);

    // A tick by its seq, found in the record without a time.
    const bySeq = await verifyVenues([exitSeq, '--symbol', symbol, '--json']);
    expect([bySeq.code, bySeq.json?.ticks.map((k) => k.seq)]).toEqual([0, [exitSeq]]);

    // An exchange whose own history says 1 % higher: its quotes fail, the others still pass.
    history.offset('okx', 100);
    try {
      const moved = await verifyVenues([orderId, '--token', u.token, '--json']);
      expect(moved.code).toBe(1);
      expect(moved.json!.pass).toBe(false);
      expect(moved.json!.quotes.map((q) => [q.venue, q.status]).sort()).toEqual(
        [
          ['binance', 'ok'],
          ['binance', 'ok'],
          ['coinbase', 'ok'],
          ['coinbase', 'ok'],
          ['kraken', 'ok'],
          ['kraken', 'ok'],
          ['okx', 'OUT OF RANGE'],
          ['okx', 'OUT OF RANGE'],
        ].sort(),
      );
      const movedText = await verifyVenues([orderId, '--token', u.token]);
      expect([movedText.code, movedText.out]).toEqual([1, expect.stringMatching(/MISMATCH: 2 of 8 quotes are outside/)]);
    } finally {
      history.offset('okx', 0);
    }

    // A platform whose public record carries a changed quote (coinbase's, 2 % up, mid and all) for the exit tick:
    // coinbase never traded there. (The stored record is append-only; the change is made on its way out.)
    const up = (p: string) => (Number(p) * 1.02).toFixed(p.split('.')[1]?.length ?? 0);
    const lying = await tamperingApi((path, body) => {
      if (!path.startsWith(`/api/products/${symbol}/ticks`)) return body;
      for (const k of body as { seq: string; sources?: SourceRow[] }[])
        if (k.seq === exitSeq) k.sources = k.sources!.map((s) => (s.venue === 'coinbase' ? { ...s, bid: up(s.bid), ask: up(s.ask), mid: up(s.mid) } : s));
      return body;
    });
    try {
      const altered = await verifyVenues([exitSeq, '--symbol', symbol, '--at', receipt.exitTick.t, '--json'], lying.url);
      expect(altered.code).toBe(1);
      expect(altered.json!.quotes.find((q) => q.venue === 'coinbase')).toMatchObject({
        status: 'OUT OF RANGE',
        note: expect.stringMatching(/bps above the high/),
      });
      expect(altered.json!.quotes.filter((q) => q.status === 'ok').map((q) => q.venue)).toEqual(['binance', 'okx', 'kraken']);
      // The same answer untouched passes through the same proxy.
      const honest = await verifyVenues([receipt.entryTick.seq, '--symbol', symbol, '--at', receipt.entryTick.t, '--json'], lying.url);
      expect(honest.code).toBe(0);
    } finally {
      await lying.close();
    }
    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  });

  it('does not pass a price that was not made from exchange quotes, and says why', async () => {
    const writer = tickWriter(t);
    try {
      const symbol = await createTestProduct(t);
      const k = await tick(writer, symbol, '5.00');
      await sleep(1300);
      await writer.flush(); // seals the tick's second
      const simulated = await verifyVenues([k.seq, '--symbol', symbol, '--at', k.t]);
      expect([simulated.code, simulated.out]).toEqual([1, expect.stringContaining(`tick ${k.seq}: not made from exchange quotes`)]);
    } finally {
      await writer.close();
    }
    const usage = await verifyVenues(['12', '--json']);
    expect([usage.code, usage.out]).toEqual([2, expect.stringContaining('a tick seq needs --symbol')]);
    const none = await verifyVenues(['999999999', '--symbol', 'BTCUSDT', '--at', new Date().toISOString()]);
    expect([none.code, none.out]).toEqual([2, expect.stringContaining('no tick 999999999 of BTCUSDT in the public record')]);
  });
});
