// One client process of bench:fanout (forked by scripts/bench/fanout.mjs): holds `count`
// socket.io-client connections (websocket transport only, no reconnection), each subscribed
// to one `ticker:SYMBOL` room, and measures the latency of `ticker` events from the tick's own
// time `t` (when the feed, or the bare server, made it; epoch ms on the same machine) to arrival.
//
// Protocol over IPC (process.send):
//   <- { cmd: 'connect', url, count, offset, symbols, concurrency }
//   -> { type: 'progress', connected, subscribed, failed, disconnected }   (every 500 ms while connecting, then on change)
//   <- { cmd: 'window', start, end }      count ticks with `t` in [start, end)
//   <- { cmd: 'report' }  -> { type: 'report', ... }
//   <- { cmd: 'close' }   -> disconnects everything and exits
import { io } from 'socket.io-client';
import { Histogram } from './common.mjs';

const sockets = [];
const state = { connected: 0, subscribed: 0, failed: 0, disconnected: 0, received: 0, inWindow: 0, late: 0, errors: [] };
let hist = new Histogram();
let windowStart = Infinity;
let windowEnd = -Infinity;
let progressTimer = null;

const send = (msg) => process.send?.(msg);
const progress = () =>
  send({ type: 'progress', connected: state.connected, subscribed: state.subscribed, failed: state.failed, disconnected: state.disconnected });

function onTicker(e) {
  const now = Date.now();
  state.received++;
  const t = Date.parse(e.t);
  if (t >= windowStart && t < windowEnd) {
    state.inWindow++;
    hist.record(now - t);
  }
}

function openOne(url, channel) {
  return new Promise((resolve) => {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 30000,
    });
    let settled = false;
    const done = (ok) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    socket.on('ticker', onTicker);
    socket.once('connect', () => {
      state.connected++;
      socket.timeout(30000).emit('subscribe', { channels: [channel] }, (err, res) => {
        if (!err && res?.channels?.includes(channel)) {
          state.subscribed++;
          socket.data = { subscribed: true };
        } else {
          state.failed++;
          if (state.errors.length < 5) state.errors.push(err ? `subscribe: ${err.message}` : `subscribe refused: ${JSON.stringify(res)}`);
        }
        done(true);
      });
    });
    socket.once('connect_error', (err) => {
      state.failed++;
      if (state.errors.length < 5) state.errors.push(`connect: ${err.message}`);
      socket.close();
      done(false);
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      state.disconnected++;
      if (socket.data?.subscribed) state.subscribed--;
      state.connected--;
      if (state.errors.length < 5) state.errors.push(`disconnect: ${reason}`);
      progress();
    });
    sockets.push(socket);
  });
}

async function connectAll({ url, count, offset, symbols, concurrency }) {
  progressTimer = setInterval(progress, 500);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const symbol = symbols[(offset + i) % symbols.length];
      await openOne(url, `ticker:${symbol}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  clearInterval(progressTimer);
  progress();
  send({ type: 'connected' });
}

process.on('message', (msg) => {
  switch (msg.cmd) {
    case 'connect':
      connectAll(msg).catch((err) => send({ type: 'error', message: err.message }));
      break;
    case 'window':
      hist = new Histogram();
      state.inWindow = 0;
      windowStart = msg.start;
      windowEnd = msg.end;
      break;
    case 'report':
      send({
        type: 'report',
        connected: state.connected,
        subscribed: state.subscribed,
        failed: state.failed,
        disconnected: state.disconnected,
        received: state.received,
        inWindow: state.inWindow,
        hist: hist.toJSON(),
        errors: state.errors,
        rss: process.memoryUsage().rss,
      });
      break;
    case 'close':
      for (const s of sockets) s.close();
      setTimeout(() => process.exit(0), 100);
      break;
    default:
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
