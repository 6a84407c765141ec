// One client process of bench:support (forked by scripts/bench/support.mjs): holds socket.io-client
// connections (websocket transport, no reconnection) of signed-in users or of support agents, and
// measures two things on them:
//   - `ticker` events, from the tick's own time `t` to arrival (users subscribe to one product each);
//   - `support` chat messages from the other side, from the moment the sender's request left (the
//     text carries it: "bench <epoch ms> <seq>"; every process runs on the same machine clock).
// It also sends: on a `send` command a user posts a chat message, an agent replies to a conversation.
//
// Protocol over IPC (process.send):
//   <- { cmd: 'connect', url, tokens, role: 'user'|'agent', symbols, concurrency }
//   -> { type: 'connected', connected, failed, errors }
//   <- { cmd: 'send', index, conversationId? }     (index: which of this process's tokens sends)
//   <- { cmd: 'window', start, end }               (count what was sent or made in [start, end))
//   <- { cmd: 'report' }  -> { type: 'report', ... }
//   <- { cmd: 'close' }   -> disconnects everything and exits
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import { Histogram } from './common.mjs';

const sockets = [];
let tokens = [];
let role = 'user';
let baseUrl = '';
const state = { connected: 0, failed: 0, disconnected: 0, sent: 0, sendFailed: 0, chatReceived: 0, ticks: 0, errors: [] };
let tickHist = new Histogram();
let chatHist = new Histogram();
let sendHist = new Histogram();
let windowStart = Infinity;
let windowEnd = -Infinity;
/** Agents: the conversation of each user, as the agents' room tells it. */
const conversations = new Map();

const send = (msg) => process.send?.(msg);
const note = (e) => state.errors.length < 8 && state.errors.push(e);
const inWindow = (t) => t >= windowStart && t < windowEnd;

function onTicker(e) {
  const t = Date.parse(e.t);
  if (!inWindow(t)) return;
  state.ticks++;
  tickHist.record(Date.now() - t);
}

function onSupport(m) {
  if (role === 'agent' && m.conversationId && m.userId) conversations.set(m.userId, m.conversationId);
  const other = role === 'user' ? 'agent' : 'user';
  if (m.from !== other || typeof m.text !== 'string') return;
  const match = /^bench (\d+) /.exec(m.text);
  if (!match) return;
  const sentAt = Number(match[1]);
  if (!inWindow(sentAt)) return;
  state.chatReceived++;
  chatHist.record(Date.now() - sentAt);
}

function openOne(url, token, channel) {
  return new Promise((resolve) => {
    const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 30000, auth: { token } });
    let settled = false;
    const done = (ok) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    socket.on('ticker', onTicker);
    socket.on('support', onSupport);
    socket.once('connect', () => {
      state.connected++;
      if (!channel) return done(true);
      socket.timeout(30000).emit('subscribe', { channels: [channel] }, (err, res) => {
        if (err || !res?.channels?.includes(channel)) note(err ? `subscribe: ${err.message}` : `subscribe refused: ${JSON.stringify(res)}`);
        done(true);
      });
    });
    socket.once('connect_error', (err) => {
      state.failed++;
      note(`connect: ${err.message}`);
      socket.close();
      done(false);
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      state.disconnected++;
      state.connected--;
      note(`disconnect: ${reason}`);
    });
    sockets.push(socket);
  });
}

async function connectAll(msg) {
  ({ tokens, role } = msg);
  baseUrl = msg.url;
  let next = 0;
  const lane = async () => {
    while (next < tokens.length) {
      const i = next++;
      const channel = role === 'user' && msg.symbols.length ? `ticker:${msg.symbols[i % msg.symbols.length]}` : null;
      await openOne(msg.url, tokens[i], channel);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, msg.concurrency) }, lane));
  send({ type: 'connected', connected: state.connected, failed: state.failed, errors: state.errors });
}

let seq = 0;
async function sendOne({ index, conversationId, userId }) {
  const at = Date.now();
  const text = `bench ${at} ${++seq}`;
  const convo = conversationId ?? conversations.get(userId);
  const path = role === 'user' ? '/api/support/messages' : `/api/admin/support/conversations/${convo}/messages`;
  if (role === 'agent' && !convo) {
    state.sendFailed++;
    note(`no conversation known for user ${userId}`);
    return;
  }
  try {
    const r = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[index]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text, clientId: randomUUID() }),
    });
    if (!r.ok) {
      state.sendFailed++;
      note(`POST ${path}: ${r.status} ${(await r.text()).slice(0, 200)}`);
      return;
    }
    await r.arrayBuffer();
    if (inWindow(at)) {
      state.sent++;
      sendHist.record(Date.now() - at);
    }
  } catch (err) {
    state.sendFailed++;
    note(`POST ${path}: ${err.message}`);
  }
}

process.on('message', (msg) => {
  switch (msg.cmd) {
    case 'connect':
      connectAll(msg).catch((err) => send({ type: 'error', message: err.message }));
      break;
    case 'send':
      void sendOne(msg);
      break;
    case 'window':
      tickHist = new Histogram();
      chatHist = new Histogram();
      sendHist = new Histogram();
      Object.assign(state, { sent: 0, sendFailed: 0, chatReceived: 0, ticks: 0 });
      windowStart = msg.start;
      windowEnd = msg.end;
      break;
    case 'conversations':
      send({ type: 'conversations', known: conversations.size });
      break;
    case 'report':
      send({
        type: 'report',
        ...state,
        tick: tickHist.toJSON(),
        chat: chatHist.toJSON(),
        request: sendHist.toJSON(),
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
