#!/usr/bin/env node
// npm run bench:support -- [--users 2000] [--agents 20] [--rate 50] [--duration 20] [--procs 2] [--rounds 3]
//
// The support chat under a busy day, with prices flowing beside it. One api (apps/server/dist/main/api.js:
// Nest, socket.io with the Redis adapter) and the feed (main/feed.js, FEED=simulated, every product trading)
// on a fresh database. --users signed-in users hold a socket each (spread over --procs client processes),
// each subscribed to one product's ticker; --agents support agents (console tokens of the `support` role)
// hold a socket each, in the agents' room. Two phases, each --duration seconds, in turn for --rounds rounds:
//   quiet : prices only;
//   chat  : prices and --rate chat messages a second, half from random users (POST /api/support/messages),
//           half agents' replies to those users' conversations (POST /api/admin/support/conversations/:id/messages).
// Measured: chat latency from the moment the sender's request left to the message's arrival on the other
// side's sockets (a user's message at every agent, a reply at its user), the send request's own time, and
// tick-to-screen latency (the tick's time `t` to a user's socket) in both phases.
// Goals: chat p99 <= 100 ms each way; ticks with chat p99 <= quiet p99 + 10 ms and p50 <= quiet p50 + 5 ms
// (the ticker unchanged beside the chat). Writes bench-results/support-<time>.json.
import path from 'node:path';
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  Histogram,
  ROOT_DIR,
  cleanupStack,
  exitWithHelpIf,
  fmt,
  log,
  machineNote,
  openFileLimit,
  printTable,
  runBench,
  sleep,
  verdict,
} from './lib/common.mjs';
import { API_MAIN, ensureServerBuilt, onInterrupt, startNodeService, startStack } from './lib/stack.mjs';
import { createFundedUsers } from './lib/users.mjs';
import { signOperatorTokens, signUserTokens } from './lib/tokens.mjs';
import { freePort } from '../lib/infra.mjs';

const { values: opt } = parseArgs({
  options: {
    users: { type: 'string', default: '2000' },
    agents: { type: 'string', default: '20' },
    rate: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    procs: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '32' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);

const USERS = Number(opt.users);
const AGENTS = Number(opt.agents);
const RATE = Number(opt.rate);
const DURATION_S = Number(opt.duration);
const PROCS = Math.max(1, Number(opt.procs));
const ROUNDS = Math.max(1, Number(opt.rounds));
const GOAL_CHAT_P99_MS = 100;
const FEED_MAIN = path.join(ROOT_DIR, 'apps/server/dist/main/feed.js');
const LOG_DIR = path.join(ROOT_DIR, '.data', 'bench-logs');
const CLIENT = path.join(ROOT_DIR, 'scripts/bench/lib/support-client.mjs');

const result = { bench: 'support', machine: machineNote(), options: { USERS, AGENTS, RATE, DURATION_S, PROCS, ROUNDS }, rounds: [] };
const stacked = cleanupStack(onInterrupt);
const { cleanup } = stacked;

await runBench('support', result, stacked, summarize, async () => {
  if (openFileLimit() < USERS + AGENTS + 512) log(`warning: the open-file limit (${openFileLimit()}) is low for ${USERS + AGENTS} sockets`);
  await ensureServerBuilt({ skip: opt['no-build'] });
  const stack = await startStack({ name: 'support' });
  cleanup.push(() => stack.stop());
  const symbols = await prepareProducts(stack.databaseUrl);
  const { userTokens, userIds, agentTokens } = await makePeople(stack);

  const port = await freePort();
  const api = await startNodeService({ name: 'api', main: API_MAIN, env: stack.env, port, logFile: path.join(LOG_DIR, `support-api-${process.pid}.log`) });
  cleanup.push(() => api.stop());
  const feed = await startNodeService({
    name: 'feed',
    main: FEED_MAIN,
    env: { ...stack.env, FEED: 'simulated' },
    health: false,
    logFile: path.join(LOG_DIR, `support-feed-${process.pid}.log`),
  });
  cleanup.push(() => feed.stop());

  // Users over --procs processes, agents in one more.
  const userProcs = [];
  const share = Math.ceil(USERS / PROCS);
  for (let p = 0; p < PROCS; p++) {
    const tokens = userTokens.slice(p * share, (p + 1) * share);
    userProcs.push(await client({ url: api.baseUrl, tokens, role: 'user', symbols }));
  }
  const agents = await client({ url: api.baseUrl, tokens: agentTokens, role: 'agent', symbols: [] });
  const all = [...userProcs, agents];
  cleanup.push(async () => all.forEach((c) => c.close()));
  log(`sockets: ${userProcs.reduce((n, c) => n + c.connected, 0)} users, ${agents.connected} agents`);

  // Every user who will hear from an agent writes first: the conversation exists and the agents know it.
  const talkers = Array.from({ length: Math.min(USERS, 200) }, (_, i) => i);
  for (const i of talkers) userProcs[Math.floor(i / share)].send({ cmd: 'send', index: i % share });
  await waitUntil(async () => (await agents.ask('conversations')).known >= talkers.length, 60_000, 'the agents to see every first message');

  for (let round = 1; round <= ROUNDS; round++) {
    const quiet = await phase(all, { chat: false });
    const chat = await phase(all, { chat: true, userProcs, agents, talkers, share, userIds });
    result.rounds.push({ round, quiet, chat });
    log(
      `round ${round}: ticks p50/p99 quiet ${fmt(quiet.tick.p50)}/${fmt(quiet.tick.p99)} ms, with chat ${fmt(chat.tick.p50)}/${fmt(chat.tick.p99)} ms; ` +
        `chat user->agent p99 ${fmt(chat.toAgents.p99)} ms, agent->user p99 ${fmt(chat.toUsers.p99)} ms`,
    );
  }
});

/** One measured window: prices only, or prices and the chat at --rate messages a second. */
async function phase(all, p) {
  const start = Date.now() + 500;
  const end = start + DURATION_S * 1000;
  for (const c of all) c.send({ cmd: 'window', start, end });
  await sleep(start - Date.now());
  let sent = 0;
  if (p.chat) {
    const every = 1000 / RATE;
    for (let k = 0; Date.now() < end; k++) {
      const due = start + k * every;
      if (due > Date.now()) await sleep(due - Date.now());
      const i = p.talkers[k % p.talkers.length];
      if (k % 2 === 0) p.userProcs[Math.floor(i / p.share)].send({ cmd: 'send', index: i % p.share });
      else p.agents.send({ cmd: 'send', index: k % AGENTS, userId: p.userIds[i] });
      sent++;
    }
  }
  await sleep(Math.max(0, end - Date.now()) + 2000); // the last ones arrive
  const reports = await Promise.all(all.map((c) => c.ask('report')));
  const users = reports.slice(0, -1);
  const agentsReport = reports.at(-1);
  const merge = (list, key) => list.reduce((h, r) => h.merge(r[key]), new Histogram());
  const stats = (h) => ({ n: h.n, p50: h.quantile(0.5), p99: h.quantile(0.99), max: h.n ? h.max : NaN });
  const errors = reports.flatMap((r) => r.errors).slice(0, 8);
  return {
    chat: p.chat,
    sent,
    sendFailed: reports.reduce((n, r) => n + r.sendFailed, 0),
    tick: stats(merge(users, 'tick')),
    toAgents: stats(merge([agentsReport], 'chat')),
    toUsers: stats(merge(users, 'chat')),
    request: stats(merge(reports, 'request')),
    expectedAtAgents: Math.ceil(sent / 2) * AGENTS,
    errors,
  };
}

function summarize(r) {
  if (!r.rounds.length) return;
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const rows = r.rounds.map((x) => [
    x.round,
    `${fmt(x.quiet.tick.p50)} / ${fmt(x.quiet.tick.p99)}`,
    `${fmt(x.chat.tick.p50)} / ${fmt(x.chat.tick.p99)}`,
    `${fmt(x.chat.toAgents.p50)} / ${fmt(x.chat.toAgents.p99)} (${x.chat.toAgents.n}/${x.chat.expectedAtAgents})`,
    `${fmt(x.chat.toUsers.p50)} / ${fmt(x.chat.toUsers.p99)} (${x.chat.toUsers.n})`,
    `${fmt(x.chat.request.p50)} / ${fmt(x.chat.request.p99)}`,
    x.chat.sendFailed,
  ]);
  console.log();
  printTable(
    [
      'round',
      'ticks quiet p50/p99',
      'ticks w/ chat p50/p99',
      'user->agents p50/p99 (got/expected)',
      'agent->user p50/p99 (n)',
      'send request p50/p99',
      'failed',
    ],
    rows,
  );
  const q50 = med(r.rounds.map((x) => x.quiet.tick.p50));
  const q99 = med(r.rounds.map((x) => x.quiet.tick.p99));
  const c50 = med(r.rounds.map((x) => x.chat.tick.p50));
  const c99 = med(r.rounds.map((x) => x.chat.tick.p99));
  const a99 = med(r.rounds.map((x) => x.chat.toAgents.p99));
  const u99 = med(r.rounds.map((x) => x.chat.toUsers.p99));
  const spread = (key, sub) => {
    const xs = r.rounds.map((x) => sub(x)[key]);
    return `${fmt(Math.min(...xs))}-${fmt(Math.max(...xs))}`;
  };
  r.goals = {
    chatToAgentsP99: { value: a99, goal: GOAL_CHAT_P99_MS, ok: a99 <= GOAL_CHAT_P99_MS },
    chatToUsersP99: { value: u99, goal: GOAL_CHAT_P99_MS, ok: u99 <= GOAL_CHAT_P99_MS },
    tickP99Delta: { value: c99 - q99, goal: 10, ok: c99 - q99 <= 10 },
    tickP50Delta: { value: c50 - q50, goal: 5, ok: c50 - q50 <= 5 },
  };
  console.log();
  console.log(`medians over ${r.rounds.length} round(s), spread in brackets:`);
  console.log(
    `  chat user->agents p99 ${fmt(a99)} ms [${spread('p99', (x) => x.chat.toAgents)}] (goal <= ${GOAL_CHAT_P99_MS}): ${verdict(r.goals.chatToAgentsP99.ok)}`,
  );
  console.log(
    `  chat agent->user  p99 ${fmt(u99)} ms [${spread('p99', (x) => x.chat.toUsers)}] (goal <= ${GOAL_CHAT_P99_MS}): ${verdict(r.goals.chatToUsersP99.ok)}`,
  );
  console.log(`  ticks p99 quiet ${fmt(q99)} ms, with chat ${fmt(c99)} ms (${fmt(c99 / q99, 2)}x; goal <= +10 ms): ${verdict(r.goals.tickP99Delta.ok)}`);
  console.log(`  ticks p50 quiet ${fmt(q50)} ms, with chat ${fmt(c50)} ms (${fmt(c50 / q50, 2)}x; goal <= +5 ms): ${verdict(r.goals.tickP50Delta.ok)}`);
}

// ---------------------------------------------------------------------------

async function prepareProducts(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    // Forex and metals close at weekends: the measurement must not depend on the day it runs.
    await c.query(`UPDATE products SET hours = NULL, holidays = '[]'::jsonb`);
    const { rows } = await c.query(`SELECT symbol FROM products WHERE enabled ORDER BY sort, symbol`);
    return rows.map((r) => r.symbol);
  } finally {
    await c.end();
  }
}

/** Users (funded, each with a session and a signed token) and support agents (operators of the `support` role, likewise). */
async function makePeople(stack) {
  const { createDataSource } = await import('@candor/db');
  const ds = createDataSource(stack.databaseUrl, { logging: false });
  await ds.initialize();
  let users;
  try {
    users = await createFundedUsers(ds, USERS, { prefix: 'support' });
  } finally {
    await ds.destroy();
  }
  const c = new pg.Client({ connectionString: stack.databaseUrl });
  await c.connect();
  try {
    const { rows: userSessions } = await c.query(
      `INSERT INTO sessions (subject_type, subject_id, user_agent, ip) SELECT 'user', u, 'bench', '127.0.0.1' FROM unnest($1::uuid[]) WITH ORDINALITY AS x(u, n) ORDER BY n RETURNING id, subject_id`,
      [users.map((u) => u.id)],
    );
    const byUser = new Map(userSessions.map((s) => [s.subject_id, s]));
    const { rows: ops } = await c.query(
      `INSERT INTO operators (email, password_hash, role) SELECT 'agent' || i || '@bench.example.com', '!', 'support' FROM generate_series(1, $1::int) AS i RETURNING id`,
      [AGENTS],
    );
    const { rows: opSessions } = await c.query(
      `INSERT INTO sessions (subject_type, subject_id, user_agent, ip) SELECT 'operator', o, 'bench', '127.0.0.1' FROM unnest($1::uuid[]) AS o RETURNING id, subject_id`,
      [ops.map((o) => o.id)],
    );
    const ordered = users.map((u) => byUser.get(u.id));
    return {
      userIds: users.map((u) => u.id),
      userTokens: await signUserTokens(stack.env.JWT_SECRET, ordered),
      agentTokens: await signOperatorTokens(stack.env.JWT_SECRET, opSessions, 'support'),
    };
  } finally {
    await c.end();
  }
}

/** A forked support-client process, connected; `ask` sends a command and waits for its answer. */
async function client(connect) {
  const child = fork(CLIENT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  child.on('message', (m) => {
    const w = waiting.get(m.type);
    if (w) {
      waiting.delete(m.type);
      w(m);
    }
  });
  const next = (type) => new Promise((resolve) => waiting.set(type, resolve));
  await next('ready');
  const connected = next('connected');
  child.send({ cmd: 'connect', concurrency: Number(opt.concurrency), ...connect });
  const c = await connected;
  if (c.failed) log(`${connect.role} sockets: ${c.failed} failed (${c.errors.join('; ')})`);
  return {
    connected: c.connected,
    send: (msg) => child.send(msg),
    ask: (cmd) => {
      const type = cmd === 'conversations' ? 'conversations' : 'report';
      const answer = next(type);
      child.send({ cmd });
      return answer;
    },
    close: () => child.connected && child.send({ cmd: 'close' }),
  };
}

async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}
