// The baseline of bench:fanout: a bare socket.io server (plain `socket.io` on node:http, the
// same version the api uses; no Nest, no Redis adapter, no database) that makes its own ticks
// at the cadence of the platform's simulated feed (SimulatedFeed's defaults: one tick per product
// every 350 ± 100 ms, and every product's boundary tick 2 ms after each whole second) and emits
// each one at once, with the same `ticker` payload, to the same `ticker:SYMBOL` rooms.
// The tick's `t` is the moment it was made, as the feed's tick's is, so the latency clients
// measure from `t` is the bare fan-out alone: the floor the platform is compared with. Run as a
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
const nextDue = (now) => now + INTERVAL_MS + (Math.random() * 2 - 1) * JITTER_MS;

// The same fields as the api's `ticker` event (tickerEvent() in apps/server/src/market/ticker-relay.service.ts).
function emit(p) {
  const now = Date.now();
  const t = new Date(now).toISOString();
  p.seq++;
  p.price *= 1 + (Math.random() - 0.5) * 0.0004;
  const price = p.price.toFixed(2);
  const volume = (Math.random() * 2).toFixed(4);
  p.open ??= price;
  made.push([p.symbol, now]);
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
    const c = { t: new Date(Math.floor(now / 60000) * 60000).toISOString(), o: p.open, h: price, l: price, c: price, v: volume };
    for (const interval of INTERVALS) io.to(`candles:${p.symbol}:${interval}`).emit('candle', { symbol: p.symbol, interval, ...c });
  }
}

// As SimulatedFeed: a step timer for the random cadence, and a timer for the boundary ticks after each second.
const started = Date.now();
for (const p of products) p.due = started + Math.random() * INTERVAL_MS;
const stepTimer = setInterval(() => {
  const now = Date.now();
  for (const p of products) {
    if (p.due > now) continue;
    p.due = nextDue(now);
    emit(p);
  }
}, INTERVAL_MS / 10);
let boundaryTimer = null;
const armBoundary = () => {
  const target = Math.floor((Date.now() - BOUNDARY_OFFSET_MS) / 1000) * 1000 + 1000 + BOUNDARY_OFFSET_MS;
  boundaryTimer = setTimeout(function fire() {
    if (Date.now() < target) return (boundaryTimer = setTimeout(fire, target - Date.now()));
    const now = Date.now();
    for (const p of products) {
      p.due = nextDue(now);
      emit(p);
    }
    armBoundary();
  }, target - Date.now());
};
armBoundary();

httpServer.listen(port, '127.0.0.1', () => process.stdout.write(`bare socket.io server listening on ${port}, ticking ${products.length} products\n`));
const shutdown = () => {
  clearInterval(stepTimer);
  clearTimeout(boundaryTimer);
  io.close();
  setTimeout(() => process.exit(0), 200).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
