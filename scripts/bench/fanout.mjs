#!/usr/bin/env node
// npm run bench:fanout -- [--clients 1000,10000] [--procs 4] [--duration 20] [--rounds 3] [--fast] ...
//
// A tick from the moment it is made to the screen. N socket.io clients (spread over several client
// processes, websocket transport only) each subscribe to one `ticker:SYMBOL` room, spread over the
// seeded products, and measure each `ticker` event from the tick's own time `t` to its arrival
// (same clock, 1 ms resolution). Two servers, in turn, with the same client harness:
//   ours : the platform's whole path: the real feed (node apps/server/dist/main/feed.js, FEED=simulated)
//          makes a tick and stamps `t`, its tick writer stores it in Postgres, publishes it on Redis,
//          and the real api (node apps/server/dist/main/api.js: Nest, socket.io with the Redis
//          adapter, the ticker relay) sends it to the sockets;
//   bare : a bare socket.io server (same socket.io version, node:http, no Nest, no Redis, no
//          database) that makes ticks with the same simulator, cadence and products, stamps `t`
//          and emits each one at once to the same rooms with the same payload: the fan-out floor.
// Every product trades around the clock in the bench's own database, so both tick all products.
// Reports for both, per client count: clients held, ticks delivered per client per second (and the
// share of the ticks made), p50/p99 latency, server CPU-seconds per million delivered messages,
// server memory per connection; for ours also the time from `t` to the tick's arrival on Redis
// (stored and published) and the CPU of the feed, Postgres and Redis. Goals, ours against bare in
// the same run: p50 <= bare + 10 ms, p99 <= bare + 20 ms, delivery >= 0.9x, CPU per message
// <= 1.1x. Postgres runs with fsync on (as npm start) unless --fast. Writes
// bench-results/fanout-<time>.json.
import fs from 'node:fs';
import path from 'node:path';
import { fork, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import {
  Histogram,
  ROOT_DIR,
  collectProfile,
  cpuMeter,
  cpuSeconds,
  fmt,
  log,
  machineNote,
  openFileLimit,
  printTable,
  profileSetup,
  ratio,
  rssBytes,
  signalProfile,
  sleep,
  treeCpuSeconds,
  verdict,
  runBench,
  cleanupStack,
  exitWithHelpIf,
} from './lib/common.mjs';
import { API_MAIN, ensureServerBuilt, onInterrupt, startNodeService, startStack } from './lib/stack.mjs';
import { freePort, waitForHttp } from '../lib/infra.mjs';

const { values: opt } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000,10000' }, // one or more client counts, each measured in full
    procs: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '32' }, // connects in flight per client process
    targets: { type: 'string', default: 'ours,bare' },
    variants: { type: 'string', default: 'default' }, // default,nobufferutil,semispace
    rounds: { type: 'string', default: '3' }, // rounds per client count and variant, the targets' order alternating; goals use medians
    'connect-timeout': { type: 'string', default: '240' },
    'bare-candles': { type: 'boolean', default: false }, // the bare server also emits the 5 candle events per tick, as the relay does
    fast: { type: 'boolean', default: false }, // Postgres with fsync off (npm start keeps it on)
    profile: { type: 'boolean', default: false }, // CPU profiles of both servers during the measured window (bench-results/profiles)
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);

const CLIENT_COUNTS = opt.clients
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
if (!CLIENT_COUNTS.length) throw new Error('--clients: one or more client counts, e.g. 1000,10000');
const MAX_CLIENTS = Math.max(...CLIENT_COUNTS);
const PROCS = Math.max(1, Number(opt.procs));
const WARMUP_S = Number(opt.warmup);
const DURATION_S = Number(opt.duration);
const GRACE_MS = 2000;
const ROUNDS = Math.max(1, Number(opt.rounds));
/** Goals: ours may add this much to the bare server's latency in the same run. */
const GOAL_P50_MS = 10;
const GOAL_P99_MS = 20;
const TARGETS = opt.targets
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const VARIANTS = opt.variants
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
// Engine tunings, applied alike to both servers. perMessageDeflate is off in both (socket.io's default).
const VARIANT = {
  default: { env: {}, nodeArgs: [] },
  nobufferutil: { env: { WS_NO_BUFFER_UTIL: '1' }, nodeArgs: [] }, // ws without the native bufferutil (JS masking)
  semispace: { env: {}, nodeArgs: ['--max-semi-space-size=32'] }, // a larger young generation: fewer scavenges
};
for (const v of VARIANTS) if (!VARIANT[v]) throw new Error(`unknown variant ${v} (known: ${Object.keys(VARIANT).join(', ')})`);
for (const t of TARGETS) if (!['ours', 'bare'].includes(t)) throw new Error(`unknown target ${t} (ours, bare)`);

const LOG_DIR = path.join(ROOT_DIR, 'bench-results', 'logs');
const FEED_MAIN = path.join(ROOT_DIR, 'apps/server/dist/main/feed.js');

// ---------------------------------------------------------------------------

const fdLimit = openFileLimit();
if (Number.isFinite(fdLimit) && fdLimit < MAX_CLIENTS + 1000) {
  console.error(
    `the open-file limit is ${fdLimit}; ${MAX_CLIENTS} clients need more in the server. Run through "npm run bench:fanout" (it raises it with ulimit -n) or raise it yourself.`,
  );
  process.exit(2);
}

const { cleanup, stopAll, disarm } = cleanupStack(onInterrupt);

const result = {
  bench: 'fanout',
  startedAt: new Date().toISOString(),
  command: `npm run bench:fanout -- ${process.argv.slice(2).join(' ')}`.trim(),
  machine: machineNote(),
  params: {
    rounds: ROUNDS,
    clients: CLIENT_COUNTS,
    procs: PROCS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    variants: VARIANTS,
    targets: TARGETS,
    bareCandles: opt['bare-candles'],
    fsync: !opt.fast,
    fdLimit,
    goals: { p50AddedMs: GOAL_P50_MS, p99AddedMs: GOAL_P99_MS, delivery: 0.9, cpuPerMessage: 1.1 },
  },
  runs: [],
};

// Built before the compiled lib below is imported (a fresh checkout has no dist yet).
await ensureServerBuilt({ skip: opt['no-build'] });
const { REDIS_CHANNELS } = await import('@candor/cross-process');

await runBench('fanout', result, { stopAll, disarm }, summarize, async () => {
  const stack = await startStack({ name: 'fanout', fast: opt.fast });
  cleanup.push(() => stack.stop());

  const symbols = await prepareProducts(stack.databaseUrl);
  result.params.symbols = symbols;
  log(
    `${symbols.length} products: ${symbols.join(' ')}; ${CLIENT_COUNTS.join(' and ')} clients in ${PROCS} processes; Postgres fsync ${opt.fast ? 'off' : 'on'}`,
  );

  for (const clients of CLIENT_COUNTS) {
    for (const variant of VARIANTS) {
      for (let round = 0; round < ROUNDS; round++) {
        for (const target of round % 2 ? [...TARGETS].reverse() : TARGETS) {
          const run = await measure({ target, variant, stack, symbols, round, clients });
          result.runs.push(run);
        }
      }
    }
  }
});

// ---------------------------------------------------------------------------

/** The seeded products (the simulated feed's), opened around the clock in this bench's database: both servers tick them all. */
async function prepareProducts(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Forex and metals close at weekends: the measurement must not depend on the day it runs.
    await client.query(`UPDATE products SET hours = NULL, holidays = '[]'::jsonb`);
    const { rows } = await client.query(`SELECT symbol FROM products WHERE enabled ORDER BY sort, symbol`);
    if (!rows.length) throw new Error('no products in the database (seed missing?)');
    return rows.map((r) => r.symbol);
  } finally {
    await client.end();
  }
}

/**
 * Listens to the feed's ticks channel (ours): counts the ticks with `t` in the window per product,
 * and measures `t` -> arrival on Redis (the tick stored and published).
 */
async function watchTicks(redisUrl) {
  const sub = new Redis(redisUrl);
  let windowStart = Infinity;
  let windowEnd = -Infinity;
  let counts = new Map();
  let hist = new Histogram();
  let seen = 0;
  sub.on('message', (_ch, text) => {
    const now = Date.now();
    seen++;
    let m;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    const t = Date.parse(m.t);
    if (t >= windowStart && t < windowEnd) {
      counts.set(m.symbol, (counts.get(m.symbol) ?? 0) + 1);
      hist.record(now - t);
    }
  });
  await sub.subscribe(REDIS_CHANNELS.ticks);
  return {
    seen: () => seen,
    window(start, end) {
      windowStart = start;
      windowEnd = end;
      counts = new Map();
      hist = new Histogram();
    },
    counts: () => counts,
    hist: () => hist,
    close: () => sub.quit().catch(() => sub.disconnect()),
  };
}

async function startBare(stack, variant, symbols) {
  const port = await freePort();
  const prof = opt.profile ? profileSetup(`fanout-bare-${variant}`) : null;
  const logFile = path.join(LOG_DIR, `fanout-bare-${process.pid}.log`);
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [...VARIANT[variant].nodeArgs, ...(prof?.nodeArgs ?? []), path.join(ROOT_DIR, 'scripts/bench/lib/bare-socket-server.mjs')],
    {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        ...VARIANT[variant].env,
        ...prof?.env,
        PORT: String(port),
        SYMBOLS: symbols.join(','),
        BARE_CANDLES: opt['bare-candles'] ? '1' : '0',
      },
      stdio: ['ignore', out, out],
    },
  );
  fs.closeSync(out);
  let exited = false;
  const gone = new Promise((r) =>
    child.once('exit', () => {
      exited = true;
      r();
    }),
  );
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 20000, abort: () => (exited ? `bare server exited (see ${logFile})` : null) });
  return {
    pid: child.pid,
    port,
    logFile,
    profileFile: prof?.file,
    /** Ticks the bare server made with `t` in [start, end), per product. */
    async counts(start, end) {
      const res = await fetch(`http://127.0.0.1:${port}/api/ticks?from=${start}&to=${end}`);
      return new Map(Object.entries(await res.json()));
    },
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(t);
    },
  };
}

/** The api, then the feed alone (its own process, as main/feed.js runs it), once its first tick reached Redis. */
async function startOurs(stack, variant) {
  const port = await freePort();
  const logFile = path.join(LOG_DIR, `fanout-api-${process.pid}.log`);
  const feedLog = path.join(LOG_DIR, `fanout-feed-${process.pid}.log`);
  const prof = opt.profile ? profileSetup(`fanout-api-${variant}`) : null;
  const api = await startNodeService({
    name: 'api',
    main: API_MAIN,
    env: { ...stack.env, ...VARIANT[variant].env, ...prof?.env },
    nodeArgs: [...VARIANT[variant].nodeArgs, ...(prof?.nodeArgs ?? [])],
    port,
    logFile,
  });
  const ticks = await watchTicks(stack.redisUrl);
  let feed;
  try {
    feed = await startNodeService({ name: 'feed', main: FEED_MAIN, env: { ...stack.env, FEED: 'simulated' }, health: false, logFile: feedLog });
    const deadline = Date.now() + 60_000;
    while (ticks.seen() === 0) {
      if (!feed.running()) throw new Error(`the feed exited during start (see ${feedLog})`);
      if (Date.now() > deadline) throw new Error(`no tick from the feed within 60 s (see ${feedLog})`);
      await sleep(100);
    }
  } catch (err) {
    await feed?.stop();
    await ticks.close();
    await api.stop();
    throw err;
  }
  return {
    pid: api.pid,
    feedPid: feed.pid,
    port,
    logFile,
    profileFile: prof?.file,
    ticks,
    async counts() {
      return ticks.counts();
    },
    stop: async () => {
      await feed.stop();
      await ticks.close();
      await api.stop();
    },
  };
}

function forkClients(count) {
  const procs = [];
  const perProc = Math.ceil(count / Math.min(PROCS, count));
  let left = count;
  for (let i = 0; i < PROCS && left > 0; i++) {
    const n = Math.min(perProc, left);
    left -= n;
    const child = fork(path.join(ROOT_DIR, 'scripts/bench/lib/fanout-client.mjs'), [], {
      cwd: ROOT_DIR,
      execArgv: ['--max-old-space-size=4096'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const p = {
      child,
      n,
      offset: count - left - n,
      progress: { connected: 0, subscribed: 0, failed: 0, disconnected: 0 },
      done: false,
      report: null,
      exited: false,
    };
    child.on('message', (m) => {
      if (m.type === 'progress') p.progress = m;
      else if (m.type === 'connected') p.done = true;
      else if (m.type === 'report') p.report = m;
      else if (m.type === 'error') log(`client process ${i}: ${m.message}`);
    });
    child.once('exit', () => {
      p.exited = true;
      p.done = true;
    });
    procs.push(p);
  }
  return procs;
}

async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(100);
  }
  log(`timed out waiting for ${what}`);
  return false;
}

async function measure({ target, variant, stack, symbols, round, clients }) {
  const label = `${target} ${clients}${variant === 'default' ? '' : `/${variant}`}${ROUNDS > 1 ? ` #${round + 1}` : ''}`;
  log(`--- ${label}: starting ${target === 'ours' ? 'the api and the feed (apps/server/dist/main/api.js, feed.js)' : 'the bare socket.io server'}`);
  const server = target === 'ours' ? await startOurs(stack, variant) : await startBare(stack, variant, symbols);
  const run = { target, variant, round, clients, label, serverLog: path.relative(ROOT_DIR, server.logFile) };
  let procs = [];
  // On Ctrl-C the cleanups run instead of the finally below: the server and the client processes go too.
  const interrupted = async () => {
    for (const p of procs) if (!p.exited) p.child.kill('SIGKILL');
    await server.stop();
  };
  cleanup.push(interrupted);
  try {
    await sleep(1500);
    const rssBefore = rssBytes(server.pid);
    const url = `http://127.0.0.1:${server.port}`;

    // 1. connect and subscribe
    const connectStarted = Date.now();
    const connectCpu0 = cpuSeconds(server.pid);
    procs = forkClients(clients);
    await Promise.all(
      procs.map(
        (p) =>
          new Promise((r) => {
            p.child.once('message', r);
          }),
      ),
    );
    const conc = Number(opt.concurrency);
    for (const p of procs) p.child.send({ cmd: 'connect', url, count: p.n, offset: p.offset, symbols, concurrency: conc });
    const sum = (k) => procs.reduce((a, p) => a + (p.progress[k] ?? 0), 0);
    let lastPrint = 0;
    await waitUntil(
      () => {
        if (Date.now() - lastPrint > 3000) {
          lastPrint = Date.now();
          log(`${label}: ${sum('subscribed')} subscribed, ${sum('failed')} failed of ${clients}`);
        }
        return procs.every((p) => p.done);
      },
      Number(opt['connect-timeout']) * 1000,
      'the clients to connect',
    );
    run.connectSeconds = (Date.now() - connectStarted) / 1000;
    run.connectCpuSeconds = cpuSeconds(server.pid) - connectCpu0;
    log(`${label}: ${sum('subscribed')} subscribed in ${run.connectSeconds.toFixed(1)} s (${sum('failed')} failed)`);
    await sleep(2000);
    const rssAfter = rssBytes(server.pid);

    // 2. ticks (made all along): warm-up, then the measured window
    await sleep(WARMUP_S * 1000);
    const start = Date.now() + 50;
    const end = start + DURATION_S * 1000;
    server.ticks?.window(start, end);
    for (const p of procs) p.child.send({ cmd: 'window', start, end });
    await sleep(start - Date.now());
    if (server.profileFile) signalProfile(server.pid);
    const cpu0 = cpuSeconds(server.pid);
    const clientCpu0 = procs.reduce((a, p) => a + cpuSeconds(p.child.pid), 0);
    const side0 = { feed: cpuSeconds(server.feedPid), postgres: treeCpuSeconds(stack.postgresPid), redis: cpuSeconds(stack.redisPid) };
    const machine = cpuMeter();
    await sleep(end - Date.now());
    const cpu1 = cpuSeconds(server.pid);
    const clientCpu1 = procs.reduce((a, p) => a + cpuSeconds(p.child.pid), 0);
    const side1 = { feed: cpuSeconds(server.feedPid), postgres: treeCpuSeconds(stack.postgresPid), redis: cpuSeconds(stack.redisPid) };
    run.machineBusy = machine();
    run.rssDuringTicks = rssBytes(server.pid);
    if (server.profileFile) {
      run.profile = await collectProfile(server.pid, server.profileFile);
      for (const line of run.profile) log(`${label} ${line}`);
    }
    await sleep(GRACE_MS);

    // 3. reports
    for (const p of procs) {
      p.report = null;
      p.child.send({ cmd: 'report' });
    }
    await waitUntil(() => procs.every((p) => p.report || p.exited), 30000, 'client reports');
    const hist = new Histogram();
    let delivered = 0;
    let held = 0;
    let failed = 0;
    let disconnected = 0;
    const errors = new Set();
    let clientRss = 0;
    for (const p of procs) {
      if (!p.report) continue;
      hist.merge(p.report.hist);
      delivered += p.report.inWindow;
      held += p.report.subscribed;
      failed += p.report.failed;
      disconnected += p.report.disconnected;
      clientRss += p.report.rss;
      p.report.errors.forEach((e) => errors.add(e));
    }
    // Expected deliveries: every tick made in the window, to every held client of its room.
    const perSymbolClients = new Map(symbols.map((s) => [s, 0]));
    for (let i = 0; i < clients; i++) perSymbolClients.set(symbols[i % symbols.length], perSymbolClients.get(symbols[i % symbols.length]) + 1);
    let expected = 0;
    let madeInWindow = 0;
    // A server overwhelmed by its clients may not answer: the round is kept, without its delivery share.
    const counts = await server.counts(start, end).catch((e) => {
      run.countsError = e.message;
      log(`${label}: the ticks made in the window are unknown (${e.message})`);
      return null;
    });
    if (!counts) expected = NaN;
    for (const [sym, n] of counts ?? []) {
      expected += n * (perSymbolClients.get(sym) ?? 0);
      madeInWindow += n;
    }
    expected *= held / clients;
    const serverCpu = cpu1 - cpu0;
    const stored = server.ticks?.hist();
    Object.assign(run, {
      clientsWanted: clients,
      clientsHeld: held,
      failed,
      disconnected,
      errors: [...errors].slice(0, 5),
      madeInWindow,
      madePerProductPerSecond: madeInWindow / symbols.length / DURATION_S,
      delivered,
      expected: Math.round(expected),
      deliveryFraction: ratio(delivered, expected),
      ticksPerClientPerSecond: held ? delivered / held / DURATION_S : NaN,
      latencyMs: { p50: hist.quantile(0.5), p90: hist.quantile(0.9), p99: hist.quantile(0.99), max: hist.max, mean: hist.mean, n: hist.n },
      ...(stored
        ? { storedMs: { p50: stored.quantile(0.5), p90: stored.quantile(0.9), p99: stored.quantile(0.99), max: stored.max, mean: stored.mean, n: stored.n } }
        : {}),
      serverCpuSeconds: serverCpu,
      serverCpuPerMillion: delivered ? serverCpu / (delivered / 1e6) : NaN,
      serverCpuCores: serverCpu / DURATION_S,
      clientCpuCores: (clientCpu1 - clientCpu0) / DURATION_S,
      ...(target === 'ours'
        ? {
            feedCpuCores: (side1.feed - side0.feed) / DURATION_S,
            postgresCpuCores: (side1.postgres - side0.postgres) / DURATION_S,
            redisCpuCores: (side1.redis - side0.redis) / DURATION_S,
          }
        : {}),
      serverRssBefore: rssBefore,
      serverRssAfterConnect: rssAfter,
      memoryPerConnectionKiB: held ? (rssAfter - rssBefore) / held / 1024 : NaN,
      clientRss,
    });
    log(
      `${label}: held ${held}, ${fmt(run.ticksPerClientPerSecond, 2)} ticks/client/s (${fmt(100 * run.deliveryFraction, 1)} % of made), p50 ${fmt(run.latencyMs.p50)} ms, p99 ${fmt(run.latencyMs.p99)} ms${
        stored ? `, on Redis p50 ${fmt(run.storedMs.p50)} ms p99 ${fmt(run.storedMs.p99)} ms` : ''
      }, server ${fmt(run.serverCpuCores, 2)} cores, clients ${fmt(run.clientCpuCores, 2)} cores, machine ${fmt(100 * run.machineBusy, 0)} % busy`,
    );
    if (errors.size) log(`${label}: client errors (first few): ${[...errors].slice(0, 3).join(' | ')}`);
  } finally {
    for (const p of procs) if (!p.exited) p.child.send({ cmd: 'close' });
    await waitUntil(() => procs.every((p) => p.exited), 15000, 'client processes to exit');
    for (const p of procs) if (!p.exited) p.child.kill('SIGKILL');
    cleanup.splice(cleanup.indexOf(interrupted), 1);
    await server.stop();
    await sleep(1000);
  }
  return run;
}

function summarize(res) {
  const runs = res.runs;
  if (!runs.length) return;
  console.log('');
  console.log(
    `bench:fanout  ${res.startedAt}  ${res.machine.cpus} cores (${res.machine.cpuModel}), node ${res.machine.node}, load before ${res.machine.load1}`,
  );
  console.log(
    `${res.params.clients.join(' and ')} clients / ${res.params.procs} client processes, ${res.params.symbols?.length} products (the simulated feed's cadence), ${res.params.durationS} s window, Postgres fsync ${res.params.fsync ? 'on' : 'off'}`,
  );
  console.log('');
  const header = [
    'target',
    'held',
    'ticks/client/s',
    'delivered %',
    'p50 ms',
    'p99 ms',
    't->Redis p50/p99',
    'CPU-s per 1M msgs',
    'server cores',
    'feed+pg+redis cores',
    'KiB/conn',
  ];
  printTable(
    header,
    runs.map((r) => [
      r.label,
      `${r.clientsHeld ?? 'n/a'}/${r.clientsWanted ?? r.clients}`,
      fmt(r.ticksPerClientPerSecond, 2),
      fmt(100 * r.deliveryFraction, 1),
      fmt(r.latencyMs?.p50),
      fmt(r.latencyMs?.p99),
      r.storedMs ? `${fmt(r.storedMs.p50)} / ${fmt(r.storedMs.p99)}` : '',
      fmt(r.serverCpuPerMillion, 2),
      fmt(r.serverCpuCores, 2),
      r.target === 'ours' ? `${fmt(r.feedCpuCores, 2)}+${fmt(r.postgresCpuCores, 2)}+${fmt(r.redisCpuCores, 2)}` : '',
      fmt(r.memoryPerConnectionKiB, 1),
    ]),
  );
  // Per client count, variant and target: the median of each figure over the rounds; ours against bare of those medians.
  const med = (xs) => {
    const v = xs.filter(Number.isFinite).sort((a, b) => a - b);
    return v.length ? (v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2) : NaN;
  };
  // A round that held under 90 % of its clients measured something else (a server or machine overwhelmed
  // while connecting): it is shown above and fails the "held" goal, but its figures stay out of the medians.
  const aggregate = (all) => {
    const list = all.filter((r) => r.clientsHeld >= 0.9 * r.clients);
    return (
      all.length && {
        runs: list.length,
        roundsNotHeld: all.length - list.length,
        clientsHeldMin: Math.min(...all.map((r) => r.clientsHeld ?? 0)),
        ticksPerClientPerSecond: med(list.map((r) => r.ticksPerClientPerSecond)),
        deliveryFraction: med(list.map((r) => r.deliveryFraction)),
        p50: med(list.map((r) => r.latencyMs?.p50)),
        p99: med(list.map((r) => r.latencyMs?.p99)),
        cpuPerMillion: med(list.map((r) => r.serverCpuPerMillion)),
        memoryPerConnectionKiB: med(list.map((r) => r.memoryPerConnectionKiB)),
      }
    );
  };
  res.medians = [];
  res.comparisons = [];
  for (const clients of new Set(runs.map((r) => r.clients))) {
    for (const variant of new Set(runs.map((r) => r.variant))) {
      const of = (target) => runs.filter((r) => r.target === target && r.variant === variant && r.clients === clients);
      const ours = aggregate(of('ours'));
      const bare = aggregate(of('bare'));
      res.medians.push({ clients, variant, ours, bare });
      if (!ours || !bare) continue;
      const c = {
        clients,
        variant,
        held: ratio(ours.clientsHeldMin, bare.clientsHeldMin),
        // The share of the ticks made that reached the clients: the two make ticks on the same schedule, but
        // not the very same number (the feed's steps run every 35 ms, the bare server's when each is due).
        delivery: ratio(ours.deliveryFraction, bare.deliveryFraction),
        p50: { ours: ours.p50, bare: bare.p50, added: ours.p50 - bare.p50 },
        p99: { ours: ours.p99, bare: bare.p99, added: ours.p99 - bare.p99 },
        cpuPerMessage: ratio(ours.cpuPerMillion, bare.cpuPerMillion),
        memoryPerConnection: ratio(ours.memoryPerConnectionKiB, bare.memoryPerConnectionKiB),
      };
      c.goals = {
        held: ours.clientsHeldMin >= clients,
        delivery: c.delivery >= 0.9,
        p50: c.p50.added <= GOAL_P50_MS,
        p99: c.p99.added <= GOAL_P99_MS,
        cpuPerMessage: c.cpuPerMessage <= 1.1,
      };
      res.comparisons.push(c);
    }
  }
  if (res.comparisons.length) {
    console.log('');
    console.log(`ours against bare, medians over the rounds of ${res.params.rounds} that held at least 90 % of their clients:`);
    printTable(
      [
        'clients',
        'variant',
        'delivery',
        'p50 ours/bare (added)',
        'p99 ours/bare (added)',
        'CPU per msg',
        'mem per conn',
        `goals: all held / >=0.9x / p50 +${GOAL_P50_MS} / p99 +${GOAL_P99_MS} / <=1.1x`,
      ],
      res.comparisons.map((c) => [
        c.clients,
        c.variant,
        fmt(c.delivery, 2),
        `${fmt(c.p50.ours)} / ${fmt(c.p50.bare)} (${fmt(c.p50.added)})`,
        `${fmt(c.p99.ours)} / ${fmt(c.p99.bare)} (${fmt(c.p99.added)})`,
        fmt(c.cpuPerMessage, 2),
        fmt(c.memoryPerConnection, 2),
        [verdict(c.goals.held), verdict(c.goals.delivery), verdict(c.goals.p50), verdict(c.goals.p99), verdict(c.goals.cpuPerMessage)].join(' / '),
      ]),
    );
  }
  console.log('');
  console.log(
    "latency is the tick's own time t (when the feed, or the bare server, made it) -> client handler, 1 ms clock resolution; all processes share the machine's cores, so client load shows up in both columns alike.",
  );
}
