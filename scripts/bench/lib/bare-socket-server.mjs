// The baseline of bench:fanout: a bare socket.io server (plain `socket.io` on node:http, the
// same version the api uses; no Nest, no Redis adapter) that relays the same tick messages
// from the same Redis channel to the same `ticker:SYMBOL` rooms with the same payload as the
// api. Run as a child process so its CPU time and RSS can be read on their own.
//
// env: PORT, REDIS_URL, TICKS_CHANNEL, BARE_OPTIONS (JSON: socket.io server options to merge),
//      WS_NO_BUFFER_UTIL (read by `ws` itself: "1" turns the native bufferutil off).
import http from 'node:http';
import { Server } from 'socket.io';
import { Redis } from 'ioredis';

const PUBLIC_CHANNEL = /^(ticker:[A-Z0-9]{2,20}|candles:[A-Z0-9]{2,20}:(1m|5m|15m|1h|1d))$/;
const MAX_CHANNELS = 60;
const port = Number(process.env.PORT);
const extra = JSON.parse(process.env.BARE_OPTIONS || '{}');

const httpServer = http.createServer((req, res) => {
  res.writeHead(req.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end(req.url === '/api/health' ? '{"status":"ok"}' : '{}');
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

/** The `ticker` event the api sends for a tick message (as tickerEvent() in apps/server/src/market/ticker-relay.service.ts). */
function tickerEvent(m) {
  return {
    symbol: m.symbol,
    price: m.price,
    t: m.t,
    seq: m.seq,
    change24h: m.stats.change24h,
    high24h: m.stats.high24h,
    low24h: m.stats.low24h,
    volume24h: m.stats.volume24h,
    amount24h: m.stats.amount24h,
  };
}
const INTERVALS = ['1m', '5m', '15m', '1h', '1d'];
// BARE_CANDLES=1: also emit the five `candle` events per tick to their (here empty) rooms, as the api's relay does.
const CANDLES = process.env.BARE_CANDLES === '1';

const sub = new Redis(process.env.REDIS_URL);
await sub.subscribe(process.env.TICKS_CHANNEL);
sub.on('message', (_channel, text) => {
  let m;
  try {
    m = JSON.parse(text);
  } catch {
    return;
  }
  io.to(`ticker:${m.symbol}`).emit('ticker', tickerEvent(m));
  if (CANDLES) {
    for (const interval of INTERVALS) {
      const c = m.candles?.[interval];
      if (c) io.to(`candles:${m.symbol}:${interval}`).emit('candle', { symbol: m.symbol, interval, t: c.t, o: c.o, h: c.h, l: c.l, c: c.c, v: c.v });
    }
  }
});

httpServer.listen(port, '127.0.0.1', () => process.stdout.write(`bare socket.io server listening on ${port}\n`));
const shutdown = () => {
  io.close();
  sub.disconnect();
  setTimeout(() => process.exit(0), 200).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
