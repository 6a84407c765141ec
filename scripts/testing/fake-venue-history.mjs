// Local stand-ins for the four exchanges' public REST history, for tests of scripts/verify-venues.mjs: one
// `node:http` server per exchange on 127.0.0.1, port 0, answering the path and parameters verify-venues uses,
// in the shapes of the real APIs:
//   binance   GET /api/v3/klines?symbol&interval=1s&startTime&endTime&limit
//             -> [[openTime, "open", "high", "low", "close", "volume", closeTime, "quoteVolume", trades, "takerBase", "takerQuote", "0"], ...]
//   okx       GET /api/v5/market/history-candles?instId&bar=1s&after&before&limit
//             -> { code: "0", msg: "", data: [["ts", "o", "h", "l", "c", "vol", "volCcy", "volCcyQuote", "1"], ...] } newest first
//   coinbase  GET /products/<product_id>/trades?limit&before&after
//             -> [{ time, trade_id, price, size, side }, ...] newest first, headers cb-before / cb-after
//   kraken    GET /0/public/Trades?pair&since&count
//             -> { error: [], result: { <pair>: [["price", "volume", time, "b"|"s", "l", "", id], ...], last: "<ns>" } }
// The tape is filled from what the fake exchanges (fake-venues.mjs) quote: `recordQuote` puts a trade at the
// bid and one at the ask at that moment (for Coinbase, whose ticker is sent on a trade, the one trade the
// ticker names, with its trade id and price). `offset(venue, bps)` serves that exchange's prices moved, as an
// exchange whose history disagrees with what the platform recorded. Only seconds with trades have candles.
import http from 'node:http';

export const VENUES = ['binance', 'okx', 'coinbase', 'kraken'];

/** A decimal string moved by `bps` basis points, keeping its decimals (exact, via BigInt). */
function shiftBps(price, bps) {
  if (!bps) return price;
  const [i, f = ''] = price.split('.');
  const moved = (BigInt(i + f) * BigInt(10000 + bps) + 5000n) / 10000n;
  const s = moved.toString().padStart(f.length + 1, '0');
  return f.length ? `${s.slice(0, -f.length)}.${s.slice(-f.length)}` : s;
}

/** Kraken's REST pair of a WebSocket v2 symbol: BTC/USDT -> XBTUSDT. */
export function krakenPair(symbol) {
  const legacy = { BTC: 'XBT', DOGE: 'XDG' };
  return symbol
    .split('/')
    .map((p) => legacy[p] ?? p)
    .join('');
}

const cmpText = (a, b) => {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const n = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(n, '0'));
  const y = BigInt(bi + bf.padEnd(n, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
};
/** A decimal with at least `n` decimals ("67012.5" -> "67012.50000000"), as the exchanges print them. */
const padded = (price, n = 8) => {
  const [i, f = ''] = price.split('.');
  return `${i}.${f.padEnd(n, '0')}`;
};

class Tape {
  constructor() {
    this.markets = new Map(); // venue|symbol -> trades sorted by id (and time)
    this.ids = new Map();
  }
  add(venue, symbol, price, ms, id) {
    const key = `${venue}|${symbol}`;
    const list = this.markets.get(key) ?? [];
    const next = id ?? (this.ids.get(key) ?? 1_000_000) + 1;
    this.ids.set(key, Math.max(next, this.ids.get(key) ?? 0));
    list.push({ id: next, ms, price });
    if (list.length > 1 && (list[list.length - 2].id > next || list[list.length - 2].ms > ms)) list.sort((a, b) => a.id - b.id || a.ms - b.ms);
    this.markets.set(key, list);
  }
  trades(venue, symbol) {
    return this.markets.get(`${venue}|${symbol}`) ?? null;
  }
}

/** Candles of 1 s from trades in [fromMs, toMs]: one per second that had trades. */
function candles(trades, fromMs, toMs, price) {
  const bySecond = new Map();
  for (const t of trades) {
    if (t.ms < fromMs || t.ms > toMs) continue;
    const s = Math.floor(t.ms / 1000);
    const p = price(t.price);
    const c = bySecond.get(s);
    if (!c) bySecond.set(s, { s, open: p, high: p, low: p, close: p, n: 1 });
    else {
      if (cmpText(p, c.high) > 0) c.high = p;
      if (cmpText(p, c.low) < 0) c.low = p;
      c.close = p;
      c.n++;
    }
  }
  return [...bySecond.values()].sort((a, b) => a.s - b.s);
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function handler(venue, tape, state) {
  return (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const q = url.searchParams;
    state.requests.push({ venue, path: url.pathname, query: Object.fromEntries(q) });
    const price = (p) => shiftBps(p, state.offsets[venue] ?? 0);
    if (venue === 'binance' && url.pathname === '/api/v3/klines') {
      const trades = tape.trades('binance', q.get('symbol'));
      if (!trades) return send(res, 400, { code: -1121, msg: 'Invalid symbol.' });
      if (q.get('interval') !== '1s') return send(res, 400, { code: -1120, msg: 'Invalid interval.' });
      const limit = Math.min(1000, Number(q.get('limit') ?? 500));
      const rows = candles(trades, Number(q.get('startTime') ?? 0), Number(q.get('endTime') ?? Date.now()), price)
        .slice(0, limit)
        .map((c) => [
          c.s * 1000,
          padded(c.open),
          padded(c.high),
          padded(c.low),
          padded(c.close),
          padded(String(c.n)),
          c.s * 1000 + 999,
          '0.00000000',
          c.n,
          '0.00000000',
          '0.00000000',
          '0',
        ]);
      return send(res, 200, rows);
    }
    if (venue === 'okx' && url.pathname === '/api/v5/market/history-candles') {
      const trades = tape.trades('okx', q.get('instId'));
      if (!trades) return send(res, 200, { code: '51001', msg: "Instrument ID doesn't exist.", data: [] });
      if (q.get('bar') !== '1s') return send(res, 200, { code: '51000', msg: 'Parameter bar error', data: [] });
      const after = q.has('after') ? Number(q.get('after')) : Infinity; // records earlier than this ts
      const before = q.has('before') ? Number(q.get('before')) : -Infinity; // records newer than this ts
      const limit = Math.min(100, Number(q.get('limit') ?? 100));
      const rows = candles(trades, -Infinity, Infinity, price)
        .filter((c) => c.s * 1000 < after && c.s * 1000 > before)
        .reverse()
        .slice(0, limit)
        .map((c) => [String(c.s * 1000), c.open, c.high, c.low, c.close, String(c.n), String(c.n), '0', '1']);
      return send(res, 200, { code: '0', msg: '', data: rows });
    }
    const cb = /^\/products\/([^/]+)\/trades$/.exec(url.pathname);
    if (venue === 'coinbase' && cb) {
      const trades = tape.trades('coinbase', decodeURIComponent(cb[1]));
      if (!trades) return send(res, 404, { message: 'NotFound' });
      const limit = Math.min(1000, Number(q.get('limit') ?? 1000));
      let page;
      if (q.has('after')) page = trades.filter((t) => t.id < Number(q.get('after'))).slice(-limit);
      else if (q.has('before')) page = trades.filter((t) => t.id > Number(q.get('before'))).slice(0, limit);
      else page = trades.slice(-limit);
      page = [...page].reverse();
      const rows = page.map((t) => ({
        time: `${new Date(t.ms).toISOString().slice(0, -1)}${String(t.id % 1000).padStart(3, '0')}Z`,
        trade_id: t.id,
        price: price(t.price),
        size: '0.01000000',
        side: t.id % 2 ? 'buy' : 'sell',
      }));
      const headers = page.length ? { 'cb-before': String(page[0].id), 'cb-after': String(page[page.length - 1].id) } : {};
      return send(res, 200, rows, headers);
    }
    if (venue === 'kraken' && url.pathname === '/0/public/Trades') {
      const pair = q.get('pair') ?? '';
      const key = [...tape.markets.keys()].find((k) => k.startsWith('kraken|') && krakenPair(k.slice(7)) === pair);
      if (!key) return send(res, 200, { error: ['EQuery:Unknown asset pair'] });
      const since = BigInt(q.get('since') ?? '0');
      const sinceNs = since < 10_000_000_000n ? since * 1_000_000_000n : since; // seconds or nanoseconds, as Kraken takes both
      const count = Math.min(1000, Number(q.get('count') ?? 1000));
      const page = tape.markets
        .get(key)
        .filter((t) => BigInt(t.ms) * 1_000_000n > sinceNs)
        .slice(0, count);
      const rows = page.map((t) => [padded(price(t.price), 5), '0.01000000', t.ms / 1000, t.id % 2 ? 'b' : 's', 'l', '', t.id]);
      const last = page.length ? String(BigInt(page[page.length - 1].ms) * 1_000_000n) : String(sinceNs);
      return send(res, 200, { error: [], result: { [pair]: rows, last } });
    }
    return send(res, 404, { error: 'not found' });
  };
}

/**
 * Starts the four history servers. Returns { urls: { binance, okx, ... } (REST bases), recordQuote(venue,
 * symbol, quote, atMs, seq), record(venue, symbol, price, atMs, id?), offset(venue, bps), requests (every
 * request received), close() }.
 */
export async function startFakeVenueHistory() {
  const tape = new Tape();
  const state = { offsets: {}, requests: [] };
  const servers = {};
  for (const venue of VENUES) {
    const server = http.createServer(handler(venue, tape, state));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers[venue] = server;
  }
  return {
    urls: Object.fromEntries(VENUES.map((v) => [v, `http://127.0.0.1:${servers[v].address().port}`])),
    requests: state.requests,
    /** One trade on an exchange's tape. */
    record(venue, symbol, price, atMs, id) {
      tape.add(venue, symbol, price, atMs, id);
    },
    /** What a fake exchange quoted at `atMs` (its frame number `seq`), as the trades around it. */
    recordQuote(venue, symbol, q, atMs, seq) {
      if (venue === 'coinbase')
        tape.add(venue, symbol, q.bid, atMs, seq); // the ticker's trade: trade_id = seq, price = bid
      else {
        tape.add(venue, symbol, q.bid, atMs);
        tape.add(venue, symbol, q.ask, atMs);
      }
    },
    offset(venue, bps) {
      state.offsets[venue] = bps;
    },
    close() {
      return Promise.all(Object.values(servers).map((s) => new Promise((resolve) => s.close(() => resolve()))));
    },
  };
}
