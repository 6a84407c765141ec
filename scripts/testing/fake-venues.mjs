// Local stand-ins for the four public exchanges the feed reads (Binance, OKX, Coinbase, Kraken), for tests
// and benchmarks: one `ws` server per exchange on 127.0.0.1, port 0, speaking that exchange's market-data
// protocol (frames shaped like the recorded fixtures in venue-fixtures/). Nothing here reaches the internet.
// Each server checks the subscribe messages it gets, answers the exchange's pings, sends its heartbeats,
// streams the quotes a test sets, and can inject faults: silence, close 1006, Binance serverShutdown, a
// garbage frame, a quote some basis points off.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';

export const VENUES = ['binance', 'okx', 'coinbase', 'kraken'];
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'venue-fixtures');

/** The venue symbols of a product symbol like BTCUSDT (base + USDT), in each exchange's spelling. */
export function venueSymbols(symbol, quote = 'USDT') {
  const base = symbol.endsWith(quote) ? symbol.slice(0, -quote.length) : symbol;
  return { binance: `${base}${quote}`, okx: `${base}-${quote}`, coinbase: `${base}-${quote}`, kraken: `${base}/${quote}` };
}

/** The frames of a recorded fixture file, exactly as written (the first line, a description, is skipped). */
export function fixtureFrames(venue) {
  const lines = readFileSync(path.join(FIXTURES, `${venue}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(1);
  return lines.map((line) => {
    const parsed = JSON.parse(line);
    return parsed && typeof parsed._text === 'string' ? parsed._text : line;
  });
}

/** A decimal string moved by `bps` basis points, keeping its decimals (exact, via BigInt). */
export function shiftBps(price, bps) {
  if (!bps) return price;
  const [i, f = ''] = price.split('.');
  const v = BigInt(i + f);
  const moved = (v * BigInt(10000 + bps) + 5000n) / 10000n;
  const s = moved.toString().padStart(f.length + 1, '0');
  return f.length ? `${s.slice(0, -f.length)}.${s.slice(-f.length)}` : s;
}

/** Where the streamed walks start (the seeded crypto products; anything else starts at 100). */
const START_PRICES = { BTCUSDT: 67250, ETHUSDT: 3480, SOLUSDT: 152.4, XRPUSDT: 0.5821 };

/** A number as a decimal string with `decimals` places (for generated quotes; the feed keeps them as text). */
const fixed = (v, decimals) => Math.max(v, 10 ** -decimals).toFixed(decimals);

/**
 * Each fake market's 24h volume in its base asset, as the exchange reports it with its tickers (Binance in
 * a miniTicker frame once a second); turnover in the quote currency is that volume at the current bid.
 */
export const FAKE_VOLUMES = { binance: 1200.5, okx: 800.25, coinbase: 400.125, kraken: 200 };

/** Binance's miniTicker frame of a market (its 24h volume), as sent once a second. */
export function miniTickerFrame(sym, q, now = Date.now()) {
  const v = FAKE_VOLUMES.binance;
  return JSON.stringify({ e: '24hrMiniTicker', E: now, s: sym, c: q.bid, o: q.bid, h: q.bid, l: q.bid, v: String(v), q: String(v * Number(q.bid)) });
}

/** One exchange's ticker frame for a quote. Kraken's prices are JSON numbers, written from the decimal text. */
function quoteFrame(venue, sym, q, seq, now = Date.now()) {
  const volume = FAKE_VOLUMES[venue];
  switch (venue) {
    case 'binance':
      return JSON.stringify({ u: seq, s: sym, b: q.bid, B: '1.00000000', a: q.ask, A: '1.00000000' });
    case 'okx':
      return JSON.stringify({
        arg: { channel: 'tickers', instId: sym },
        data: [
          {
            instType: 'SPOT',
            instId: sym,
            last: q.bid,
            lastSz: '0.1',
            askPx: q.ask,
            askSz: '1',
            bidPx: q.bid,
            bidSz: '1',
            vol24h: String(volume),
            volCcy24h: String(volume * Number(q.bid)),
            ts: String(now),
          },
        ],
      });
    case 'coinbase':
      return JSON.stringify({
        type: 'ticker',
        sequence: seq,
        product_id: sym,
        price: q.bid,
        best_bid: q.bid,
        best_bid_size: '1',
        best_ask: q.ask,
        best_ask_size: '1',
        side: 'buy',
        volume_24h: String(volume),
        time: new Date(now).toISOString(),
        trade_id: seq,
        last_size: '0.01',
      });
    case 'kraken':
      return `{"channel":"ticker","type":"update","data":[{"symbol":${JSON.stringify(sym)},"bid":${q.bid},"bid_qty":1.0,"ask":${q.ask},"ask_qty":1.0,"last":${q.bid},"volume":${volume},"vwap":${q.bid},"timestamp":"${new Date(now).toISOString()}"}]}`;
    default:
      throw new Error(`unknown venue ${venue}`);
  }
}

/** The symbols a subscribe message asks for, or null when the message is not this exchange's subscribe. */
export function subscribedSymbols(venue, text) {
  let m;
  try {
    m = JSON.parse(text);
  } catch {
    return null;
  }
  const list = (a) => (Array.isArray(a) && a.every((s) => typeof s === 'string') ? a : null);
  switch (venue) {
    case 'binance': {
      if (m?.method !== 'SUBSCRIBE' || typeof m.id !== 'number') return null;
      const params = list(m.params);
      if (!params?.every((p) => /^[a-z0-9]+@(bookTicker|miniTicker)$/.test(p))) return null;
      return params.filter((p) => p.endsWith('@bookTicker')).map((p) => p.split('@')[0].toUpperCase());
    }
    case 'okx':
      return m?.op === 'subscribe' && Array.isArray(m.args) && m.args.every((a) => a?.channel === 'tickers' && typeof a.instId === 'string')
        ? m.args.map((a) => a.instId)
        : null;
    case 'coinbase': {
      const channels = list(m?.channels);
      return m?.type === 'subscribe' && channels?.includes('ticker') && channels.includes('heartbeat') ? list(m.product_ids) : null;
    }
    case 'kraken':
      return m?.method === 'subscribe' && m.params?.channel === 'ticker' ? list(m.params.symbol) : null;
    default:
      return null;
  }
}

/** One fake exchange. */
class FakeVenue {
  constructor(venue, opts) {
    this.venue = venue;
    this.opts = opts;
    this.quotes = new Map(); // venue symbol -> { bid, ask }
    this.offsetBps = 0;
    this.silent = false;
    this.seq = 1000;
    this.subscribes = []; // every subscribe message received, parsed
    this.badMessages = [];
    this.connections = 0;
    this.clients = new Set();
    this.server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    this.server.on('connection', (ws) => this.onConnection(ws));
    this.heartbeat = setInterval(() => this.beat(), 1000);
    this.heartbeat.unref();
    // Like a live market, the current quotes go out again now and then, so a quote that does not move stays fresh.
    this.repeat = opts.repeatMs ? setInterval(() => this.resend(), opts.repeatMs) : null;
    this.repeat?.unref();
  }

  ready() {
    return new Promise((resolve) => (this.server.address() ? resolve() : this.server.once('listening', resolve)));
  }

  get url() {
    const { port } = this.server.address();
    return `ws://127.0.0.1:${port}${this.venue === 'binance' ? '/ws' : this.venue === 'okx' ? '/ws/v5/public' : this.venue === 'kraken' ? '/v2' : ''}`;
  }

  onConnection(ws) {
    this.connections++;
    const client = { ws, symbols: new Set() };
    this.clients.add(client);
    // Coinbase closes a connection that has not subscribed within 5 s.
    const deadline =
      this.venue === 'coinbase'
        ? setTimeout(() => client.symbols.size === 0 && ws.close(1008, 'subscribe within 5 s'), this.opts.coinbaseSubscribeMs ?? 5000)
        : null;
    if (this.venue === 'kraken' && !this.silent)
      this.send(client, '{"channel":"status","data":[{"api_version":"v2","connection_id":1,"system":"online","version":"2.0.10"}],"type":"update"}');
    ws.on('message', (data) => {
      const text = data.toString();
      if (this.venue === 'okx' && text === 'ping') return this.send(client, 'pong');
      if (this.venue === 'kraken' && /"method"\s*:\s*"ping"/.test(text)) return this.send(client, '{"method":"pong","req_id":0}');
      const symbols = subscribedSymbols(this.venue, text);
      if (!symbols) return void this.badMessages.push(text);
      if (deadline) clearTimeout(deadline);
      this.subscribes.push(symbols);
      for (const s of symbols) client.symbols.add(s);
      this.ack(client, symbols);
      for (const s of symbols) if (this.quotes.has(s)) this.send(client, this.frame(s, this.quotes.get(s)));
    });
    ws.on('close', () => {
      if (deadline) clearTimeout(deadline);
      this.clients.delete(client);
    });
    ws.on('error', () => undefined);
  }

  ack(client, symbols) {
    const v = this.venue;
    if (v === 'binance') this.send(client, '{"result":null,"id":1}');
    else if (v === 'okx')
      for (const s of symbols) this.send(client, JSON.stringify({ event: 'subscribe', arg: { channel: 'tickers', instId: s }, connId: 'fake' }));
    else if (v === 'coinbase')
      this.send(
        client,
        JSON.stringify({
          type: 'subscriptions',
          channels: [
            { name: 'ticker', product_ids: symbols },
            { name: 'heartbeat', product_ids: symbols },
          ],
        }),
      );
    else
      for (const s of symbols)
        this.send(client, JSON.stringify({ method: 'subscribe', result: { channel: 'ticker', symbol: s, snapshot: true }, success: true, req_id: 1 }));
  }

  beat() {
    if (this.silent) return;
    for (const c of this.clients) {
      if (this.venue === 'coinbase')
        for (const s of c.symbols)
          this.send(c, JSON.stringify({ type: 'heartbeat', sequence: this.seq, last_trade_id: this.seq, product_id: s, time: new Date().toISOString() }));
      else if (this.venue === 'kraken' && c.symbols.size) this.send(c, '{"channel":"heartbeat"}');
      else if (this.venue === 'binance')
        for (const s of c.symbols) {
          const q = this.quotes.get(s);
          if (q) this.send(c, miniTickerFrame(s, this.shifted(q)));
        }
    }
  }

  /** Nothing goes out while the exchange is silent (a subscription is still taken, and served once it speaks again). */
  send(client, text) {
    if (!this.silent && client.ws.readyState === 1) client.ws.send(text);
  }

  shifted(q) {
    return this.offsetBps ? { bid: shiftBps(q.bid, this.offsetBps), ask: shiftBps(q.ask, this.offsetBps) } : q;
  }

  /** The next quote frame of a market (told to the quote listeners: a history of what this exchange quoted). */
  frame(sym, q) {
    const seq = this.seq++;
    const now = Date.now();
    const quoted = this.shifted(q);
    for (const listener of this.opts.listeners ?? []) listener(this.venue, sym, quoted, now, seq);
    return quoteFrame(this.venue, sym, quoted, seq, now);
  }

  /** Sets a market's best bid and ask and sends it to every subscriber (unless silenced). */
  quote(sym, bid, ask = bid) {
    const q = { bid, ask };
    this.quotes.set(sym, q);
    if (this.silent) return;
    const frame = this.frame(sym, q);
    for (const c of this.clients) if (c.symbols.has(sym)) this.send(c, frame);
  }

  resend() {
    if (this.silent) return;
    for (const [sym, q] of this.quotes) {
      const frame = this.frame(sym, q);
      for (const c of this.clients) if (c.symbols.has(sym)) this.send(c, frame);
    }
  }

  /** Sends raw frames (fixtures, garbage) to every connection. */
  broadcast(frames) {
    for (const c of this.clients) for (const f of frames) this.send(c, f);
  }

  /** Close every connection abruptly: the clients see close code 1006. */
  drop() {
    for (const c of this.clients) c.ws.terminate();
  }

  close() {
    clearInterval(this.heartbeat);
    if (this.repeat) clearInterval(this.repeat);
    for (const c of this.clients) c.ws.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Starts the four fake exchanges. Returns { venues: { binance, okx, ... }, urls (FEED_<VENUE>_URL env),
 * quote(symbol, bid, ask?) on every exchange (product symbol like BTCUSDT), silence(venue, on), drop(venue),
 * serverShutdown(), garbage(venue), offset(venue, bps), replayFixtures(venue), onQuote(listener), close() }.
 */
export async function startFakeVenues(opts = {}) {
  const listeners = new Set();
  const venues = Object.fromEntries(VENUES.map((v) => [v, new FakeVenue(v, { ...opts, listeners })]));
  await Promise.all(Object.values(venues).map((v) => v.ready()));
  const urls = Object.fromEntries(VENUES.map((v) => [`FEED_${v.toUpperCase()}_URL`, venues[v].url]));
  const controls = [];
  return {
    venues,
    urls,
    /** FEED=venues pointed at these exchanges, with the rule's defaults unless overridden. */
    env(extra = {}) {
      return { FEED: 'venues', FEED_VENUES: VENUES.join(','), ...urls, ...extra };
    },
    quote(symbol, bid, ask = bid, only = VENUES) {
      const names = venueSymbols(symbol);
      for (const v of only) venues[v].quote(names[v], bid, ask);
    },
    silence(venue, on = true) {
      venues[venue].silent = on;
    },
    drop(venue) {
      venues[venue].drop();
    },
    serverShutdown() {
      venues.binance.broadcast([JSON.stringify({ event: { e: 'serverShutdown', E: Date.now() } })]);
    },
    garbage(venue) {
      venues[venue].broadcast(['\u0000not json{{']);
    },
    offset(venue, bps) {
      venues[venue].offsetBps = bps;
    },
    replayFixtures(venue) {
      venues[venue].broadcast(fixtureFrames(venue));
    },
    /** Calls `listener(venue, venueSymbol, { bid, ask }, atMs, seq)` for every quote frame from now on; returns its removal. */
    onQuote(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Streams a random walk per product on every exchange: every `everyMs` each exchange quotes the walk's
     * mid with a spread of 1 bp and its own jitter of under 1 bp. Returns a function that stops it.
     */
    stream(symbols, { everyMs = 250, decimals = 2, prices = {} } = {}) {
      const mids = new Map(symbols.map((s) => [s, prices[s] ?? START_PRICES[s] ?? 100]));
      const timer = setInterval(() => {
        for (const [symbol, mid] of mids) {
          const next = mid * Math.exp(0.0001 * (Math.random() * 2 - 1));
          mids.set(symbol, next);
          const names = venueSymbols(symbol);
          const d = next < 10 ? Math.max(decimals, 4) : decimals;
          for (const v of VENUES) {
            const m = next * (1 + (Math.random() - 0.5) * 0.0001);
            venues[v].quote(names[v], fixed(m * 0.99995, d), fixed(m * 1.00005, d));
          }
        }
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    /**
     * An HTTP control for tests in other processes (the browser tests): POST JSON to /quote { symbol, bid,
     * ask?, venues? }, /silence { venue, on }, /offset { venue, bps }, /drop { venue }. Resolves its URL.
     */
    async control() {
      const server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (d) => (body += d));
        req.on('end', () => {
          try {
            const b = body ? JSON.parse(body) : {};
            if (req.url === '/quote') this.quote(b.symbol, b.bid, b.ask ?? b.bid, b.venues ?? VENUES);
            else if (req.url === '/silence') this.silence(b.venue, b.on !== false);
            else if (req.url === '/offset') this.offset(b.venue, Number(b.bps) || 0);
            else if (req.url === '/drop') this.drop(b.venue);
            else return void res.writeHead(404).end();
            res.writeHead(204).end();
          } catch (e) {
            res.writeHead(400).end(String(e?.message ?? e));
          }
        });
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      controls.push(server);
      return `http://127.0.0.1:${server.address().port}`;
    },
    async close() {
      for (const c of controls.splice(0)) c.close();
      await Promise.all(Object.values(venues).map((v) => v.close()));
    },
  };
}
