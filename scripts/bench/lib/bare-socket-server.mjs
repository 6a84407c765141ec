// The baseline of bench:fanout: a bare socket.io server (plain `socket.io` on node:http, the
// same version the api uses; no Nest, no Redis adapter, no database) that makes its own ticks
// on the schedule of the platform's simulated feed (SimulatedFeed's defaults: one tick per product
// every 350 ± 100 ms, and every product's boundary tick 2 ms after each whole second) and emits
// each one as soon as it is due, with the same `ticker` payload, to the same `ticker:SYMBOL` rooms.
// The tick's `t` is the moment it was due, so the latency clients measure from `t` is the bare
// fan-out alone (with any wait for its own event loop): the floor the platform is compared with. Run as a
// child process so its CPU time and RSS can be read on their own.
//
// env: PORT, SYMBOLS (comma list: the products to tick), BARE_CANDLES ("1": also the five candle
//      events per tick to their rooms, as the api's relay), BARE_OPTIONS (JSON: socket.io server
//      options to merge), WS_NO_BUFFER_UTIL (read by `ws` itself: "1" turns the native bufferutil off).
// GET /api/ticks?from=<ms>&to=<ms> answers how many ticks of each product it made with `t` in [from, to).
import http from 'node:http';
import { Server } from 'socket.io';

const PUBLIC_CHANNEL = /^(ticker:[A-Z0-9]{2,20}|candles:[A-Z0-9]{2,20}:(1m|5m|15m|1h|1d))$/;
const MAX_CHANNELS = 60;
const port = Number(process.env.PORT);
const extra = JSON.parse(process.env.BARE_OPTIONS || '{}');
const symbols = (process.env.SYMBOLS ?? '').split(',').filter(Boolean);
const INTERVAL_MS = 350;
const JITTER_MS = 100;
const BOUNDARY_OFFSET_MS = 2;

/** Every tick made: its product and time (about 33 a second, so a few MB for an hour). */
const made = [];

const httpServer = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"status":"ok"}');
  }
  if (url.pathname === '/api/ticks') {
    const from = Number(url.searchParams.get('from'));
    const to = Number(url.searchParams.get('to'));
    const counts = {};
    for (const [symbol, t] of made) if (t >= from && t < to) counts[symbol] = (counts[symbol] ?? 0) + 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(counts));
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{}');
});
const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false }, perMessageDeflate: false, ...extra });

const channelsOf = (p) => (Array.isArray(p?.channels) ? p.channels.filter((c) => typeof c === 'string' && PUBLIC_CHANNEL.test(c)).slice(0, MAX_CHANNELS) : []);

io.on('connection', (socket) => {
  socket.on('subscribe', (payload, ack) => {
    const channels = channelsOf(payload);
    socket.join(channels);
    if (typeof ack === 'function') ack({ ok: true, channels });
  });
  socket.on('unsubscribe', (payload, ack) => {
    for (const c of channelsOf(payload)) socket.leave(c);
    if (typeof ack === 'function') ack({ ok: true });
  });
});

const INTERVALS = ['1m', '5m', '15m', '1h', '1d'];
const CANDLES = process.env.BARE_CANDLES === '1';
const products = symbols.map((symbol, i) => ({ symbol, seq: 0, price: 100 + i * 37.5, open: null, due: 0 }));

// The same fields as the api's `ticker` event (tickerEvent() in apps/server/src/market/ticker-relay.service.ts).
function emit(p, at) {
  const t = new Date(at).toISOString();
  p.seq++;
  p.price *= 1 + (Math.random() - 0.5) * 0.0004;
  const price = p.price.toFixed(2);
  const volume = (Math.random() * 2).toFixed(4);
  p.open ??= price;
  made.push([p.symbol, at]);
  io.to(`ticker:${p.symbol}`).emit('ticker', {
    symbol: p.symbol,
    price,
    t,
    seq: String(p.seq),
    change24h: '0.001234',
    high24h: price,
    low24h: p.open,
    volume24h: volume,
    amount24h: '987654.32',
  });
  if (CANDLES) {
    const c = { t: new Date(Math.floor(at / 60000) * 60000).toISOString(), o: p.open, h: price, l: price, c: price, v: volume };
    for (const interval of INTERVALS) io.to(`candles:${p.symbol}:${interval}`).emit('candle', { symbol: p.symbol, interval, ...c });
  }
}

// The ticks come on the feed's schedule whatever this process is doing, as they come to the api from
// the feed: each tick's `t` is when it was due, and a tick due while the event loop was busy (sending
// earlier ones) is sent as soon as it runs again, its wait counted in the latency. Stamping the time the
// timer ran instead would hide that wait and slow the ticks down exactly when the server falls behind.
const nextDue = (from) => from + INTERVAL_MS + (Math.random() * 2 - 1) * JITTER_MS;
const started = Date.now();
for (const p of products) p.due = started + Math.random() * INTERVAL_MS;
let boundary = Math.floor(started / 1000) * 1000 + 1000 + BOUNDARY_OFFSET_MS;
let timer = null;
const run = () => {
  const now = Date.now();
  // Every tick due by now, in time order: the boundary ticks of each whole second, then the random cadence.
  for (;;) {
    const p = products.reduce((a, b) => (b.due < a.due ? b : a), products[0]);
    const next = Math.min(p?.due ?? Infinity, boundary);
    if (next > now) break;
    if (next === boundary) {
      for (const q of products) {
        emit(q, boundary);
        q.due = nextDue(boundary); // the random cadence restarts from the boundary tick, as in SimulatedFeed
      }
      boundary += 1000;
    } else {
      emit(p, p.due);
      p.due = nextDue(p.due);
    }
  }
  const p = products.reduce((a, b) => (b.due < a.due ? b : a), products[0]);
  timer = setTimeout(run, Math.max(0, Math.min(p?.due ?? Infinity, boundary) - Date.now()));
};
run();

httpServer.listen(port, '127.0.0.1', () => process.stdout.write(`bare socket.io server listening on ${port}, ticking ${products.length} products\n`));
const shutdown = () => {
  clearTimeout(timer);
  io.close();
  setTimeout(() => process.exit(0), 200).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
