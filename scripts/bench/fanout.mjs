#!/usr/bin/env node
// npm run bench:fanout -- [--clients 10000] [--procs 4] [--rate 2.5] [--duration 20] ...
//
// Socket fan-out of market ticks. N socket.io clients (spread over several client processes,
// websocket transport only) each subscribe to one `ticker:SYMBOL` room, spread over the seeded
// products. Ticks are published on Redis (REDIS_CHANNELS.ticks, the TickMessage shape the feed
// publishes, in the feed's 250 ms batches) with the publish time in `t`, and each client
// measures publish->receive latency. Measured against, in the same run and with the same
// client harness:
//   ours : the real api (node apps/server/dist/main/api.js: Nest, socket.io with the Redis adapter,
//          the market relay), started here with its own Postgres and Redis;
//   bare : a bare socket.io server (same socket.io version, node:http, no Nest, no Redis
//          adapter) relaying the same messages from the same channel to the same rooms.
// Reports for both: clients held, ticks delivered per client per second, p50/p99 latency,
// server CPU-seconds per million delivered messages, server memory per connection, and the
// ratios ours/bare. Writes bench-results/fanout-<time>.json.
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
  verdict,
  runBench,
  cleanupStack,
  exitWithHelpIf,
} from './lib/common.mjs';
import { API_MAIN, ensureServerBuilt, onInterrupt, startNodeService, startStack } from './lib/stack.mjs';
import { freePort, waitForHttp } from '../lib/infra.mjs';

const { values: opt } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    procs: { type: 'string', default: '4' },
    rate: { type: 'string', default: '2.5' }, // ticks per second per product (the simulated feed: ~2.5)
    'batch-ms': { type: 'string', default: '250' }, // the feed's flush period; 0 = publish each tick alone
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '32' }, // connects in flight per client process
    targets: { type: 'string', default: 'ours,bare' },
    variants: { type: 'string', default: 'default' }, // default,nobufferutil,semispace
    rounds: { type: 'string', default: '3' }, // rounds per variant, the targets' order alternating (ours,bare then bare,ours, ...); ratios use medians
    'connect-timeout': { type: 'string', default: '240' },
    'bare-candles': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false }, // CPU profiles of both servers during the measured window (bench-results/profiles) // the bare server also emits the 5 candle events per tick, as the relay does
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);

const CLIENTS = Number(opt.clients);
const PROCS = Math.max(1, Math.min(Number(opt.procs), CLIENTS));
const RATE = Number(opt.rate);
const BATCH_MS = Number(opt['batch-ms']);
const WARMUP_S = Number(opt.warmup);
const DURATION_S = Number(opt.duration);
const GRACE_MS = 2000;
const ROUNDS = Math.max(1, Number(opt.rounds));
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

// ---------------------------------------------------------------------------

const fdLimit = openFileLimit();
const perProc = Math.ceil(CLIENTS / PROCS);
if (Number.isFinite(fdLimit) && fdLimit < CLIENTS + 1000) {
  console.error(
    `the open-file limit is ${fdLimit}; ${CLIENTS} clients need more in the server. Run through "npm run bench:fanout" (it raises it with ulimit -n) or raise it yourself.`,
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
    clients: CLIENTS,
    procs: PROCS,
    ratePerProduct: RATE,
    batchMs: BATCH_MS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    variants: VARIANTS,
    targets: TARGETS,
    bareCandles: opt['bare-candles'],
    fdLimit,
  },
  runs: [],
};

// Built before the compiled lib below is imported (a fresh checkout has no dist yet).
await ensureServerBuilt({ skip: opt['no-build'] });
const { REDIS_CHANNELS } = await import('@candor/cross-process');

await runBench('fanout', result, { stopAll, disarm }, summarize, async () => {
  const stack = await startStack({ name: 'fanout', fast: true });
  cleanup.push(() => stack.stop());

  const symbols = await productSymbols(stack.databaseUrl);
  result.params.symbols = symbols.map((s) => s.symbol);
  log(`${symbols.length} products: ${symbols.map((s) => s.symbol).join(' ')}; ${CLIENTS} clients in ${PROCS} processes; ${RATE} ticks/s/product`);

  for (const variant of VARIANTS) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of round % 2 ? [...TARGETS].reverse() : TARGETS) {
        const run = await measure({ target, variant, stack, symbols, round });
        result.runs.push(run);
      }
    }
  }
});

// ---------------------------------------------------------------------------

async function productSymbols(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT symbol, precision FROM products WHERE enabled ORDER BY sort, symbol`);
    if (rows.length) return rows.map((r) => ({ symbol: r.symbol, precision: Number(r.precision) }));
  } catch {
    /* no products table yet */
  } finally {
    await client.end();
  }
  log("warning: no products in the database (seed missing?): using the simulated feed's symbols");
  return ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD', 'XAUUSD', 'XAGUSD'].map((symbol) => ({ symbol, precision: 2 }));
}

/** Publishes TickMessages like the feed's RedisTickBus: per batch, SET tick:last:<S> + PUBLISH each tick, one pipeline. */
function createPublisher(redisUrl, symbols) {
  const redis = new Redis(redisUrl);
  const interval = 1000 / RATE;
  const now0 = Date.now();
  const state = symbols.map((s, i) => ({
    ...s,
    seq: BigInt(now0) * 1000n, // above anything the record could hold, and increasing
    price: 100 + i * 37.5,
    due: now0 + (i / symbols.length) * interval,
    open: null,
    published: 0,
  }));
  let timer = null;
  let pending = [];
  let lastFlush = Date.now();
  let windowStart = Infinity;
  let windowEnd = -Infinity;
  let inWindow = new Map();
  let failures = 0;

  const candle = (st) => {
    const p = st.price.toFixed(st.precision);
    return { t: new Date(Math.floor(Date.now() / 60000) * 60000).toISOString(), o: st.open ?? p, h: p, l: p, c: p, v: '12.5' };
  };
  const flush = () => {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    const t = new Date().toISOString(); // the publish time, in every message of the batch
    const tMs = Date.parse(t);
    const pipe = redis.pipeline();
    for (const st of new Set(batch)) pipe.set(`tick:last:${st.symbol}`, JSON.stringify({ seq: st.seq.toString(), t, price: st.price.toFixed(st.precision) }));
    for (const st of batch) {
      const price = st.price.toFixed(st.precision);
      st.open ??= price;
      const c = candle(st);
      const msg = {
        symbol: st.symbol,
        seq: (st.seq++).toString(),
        t,
        price,
        volume: '0.25',
        stats: { change24h: '0.001234', high24h: price, low24h: st.open, volume24h: '12345.5', amount24h: '987654.32' },
        candles: { '1m': c, '5m': c, '15m': c, '1h': c, '1d': c },
      };
      pipe.publish(REDIS_CHANNELS.ticks, JSON.stringify(msg));
      if (tMs >= windowStart && tMs < windowEnd) inWindow.set(st.symbol, (inWindow.get(st.symbol) ?? 0) + 1);
      st.published++;
    }
    pipe.exec().catch(() => {
      failures++;
    });
  };
  const step = () => {
    const now = Date.now();
    for (const st of state) {
      while (st.due <= now) {
        st.due += interval;
        st.price *= 1 + (Math.random() - 0.5) * 0.0004;
        pending.push(st);
      }
    }
    if (BATCH_MS <= 0 || now - lastFlush >= BATCH_MS) {
      lastFlush = now;
      flush();
    }
  };
  return {
    start() {
      const now = Date.now();
      for (const st of state) st.due = Math.max(st.due, now);
      timer = setInterval(step, BATCH_MS > 0 ? Math.min(5, BATCH_MS) : 2);
    },
    stop() {
      clearInterval(timer);
      timer = null;
      pending = [];
    },
    window(start, end) {
      windowStart = start;
      windowEnd = end;
      inWindow = new Map();
    },
    inWindow: () => inWindow,
    failures: () => failures,
    close: () => redis.quit().catch(() => redis.disconnect()),
  };
}

async function startBare(stack, variant) {
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
        REDIS_URL: stack.redisUrl,
        TICKS_CHANNEL: REDIS_CHANNELS.ticks,
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
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(t);
    },
  };
}

async function startOurs(stack, variant) {
  const port = await freePort();
  const logFile = path.join(LOG_DIR, `fanout-api-${process.pid}.log`);
  const prof = opt.profile ? profileSetup(`fanout-api-${variant}`) : null;
  const api = await startNodeService({
    name: 'api',
    main: API_MAIN,
    env: { ...stack.env, ...VARIANT[variant].env, ...prof?.env },
    nodeArgs: [...VARIANT[variant].nodeArgs, ...(prof?.nodeArgs ?? [])],
    port,
    logFile,
  });
  return { pid: api.pid, port, logFile, profileFile: prof?.file, stop: () => api.stop() };
}

function forkClients(count) {
  const procs = [];
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

async function measure({ target, variant, stack, symbols, round }) {
  const label = `${target}${variant === 'default' ? '' : `/${variant}`}${ROUNDS > 1 ? ` #${round + 1}` : ''}`;
  log(`--- ${label}: starting the ${target === 'ours' ? 'api (node apps/server/dist/main/api.js)' : 'bare socket.io server'}`);
  const server = target === 'ours' ? await startOurs(stack, variant) : await startBare(stack, variant);
  const run = { target, variant, round, label, serverLog: path.relative(ROOT_DIR, server.logFile) };
  const publisher = createPublisher(stack.redisUrl, symbols);
  let procs = [];
  try {
    await sleep(1500);
    const rssBefore = rssBytes(server.pid);
    const url = `http://127.0.0.1:${server.port}`;

    // 1. connect and subscribe
    const connectStarted = Date.now();
    const connectCpu0 = cpuSeconds(server.pid);
    procs = forkClients(CLIENTS);
    await Promise.all(
      procs.map(
        (p) =>
          new Promise((r) => {
            p.child.once('message', r);
          }),
      ),
    );
    const conc = Number(opt.concurrency);
    for (const p of procs) p.child.send({ cmd: 'connect', url, count: p.n, offset: p.offset, symbols: symbols.map((s) => s.symbol), concurrency: conc });
    const sum = (k) => procs.reduce((a, p) => a + (p.progress[k] ?? 0), 0);
    let lastPrint = 0;
    await waitUntil(
      () => {
        if (Date.now() - lastPrint > 3000) {
          lastPrint = Date.now();
          log(`${label}: ${sum('subscribed')} subscribed, ${sum('failed')} failed of ${CLIENTS}`);
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

    // 2. ticks: warm-up, then the measured window
    publisher.start();
    await sleep(WARMUP_S * 1000);
    const start = Date.now() + 50;
    const end = start + DURATION_S * 1000;
    publisher.window(start, end);
    for (const p of procs) p.child.send({ cmd: 'window', start, end });
    await sleep(start - Date.now());
    if (server.profileFile) signalProfile(server.pid);
    const cpu0 = cpuSeconds(server.pid);
    const clientCpu0 = procs.reduce((a, p) => a + cpuSeconds(p.child.pid), 0);
    const machine = cpuMeter();
    await sleep(end - Date.now());
    const cpu1 = cpuSeconds(server.pid);
    const clientCpu1 = procs.reduce((a, p) => a + cpuSeconds(p.child.pid), 0);
    run.machineBusy = machine();
    run.rssDuringTicks = rssBytes(server.pid);
    if (server.profileFile) {
      run.profile = await collectProfile(server.pid, server.profileFile);
      for (const line of run.profile) log(`${label} ${line}`);
    }
    await sleep(GRACE_MS);
    publisher.stop();
    await sleep(500);

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
    // Expected deliveries: every tick published in the window, to every held client of its room.
    const perSymbolClients = new Map(symbols.map((s) => [s.symbol, 0]));
    for (let i = 0; i < CLIENTS; i++) perSymbolClients.set(symbols[i % symbols.length].symbol, perSymbolClients.get(symbols[i % symbols.length].symbol) + 1);
    let expected = 0;
    let publishedInWindow = 0;
    for (const [sym, n] of publisher.inWindow()) {
      expected += n * perSymbolClients.get(sym);
      publishedInWindow += n;
    }
    expected *= held / CLIENTS;
    const serverCpu = cpu1 - cpu0;
    Object.assign(run, {
      clientsWanted: CLIENTS,
      clientsHeld: held,
      failed,
      disconnected,
      errors: [...errors].slice(0, 5),
      publishedInWindow,
      publishedPerProductPerSecond: publishedInWindow / symbols.length / DURATION_S,
      delivered,
      expected: Math.round(expected),
      deliveryFraction: ratio(delivered, expected),
      ticksPerClientPerSecond: held ? delivered / held / DURATION_S : NaN,
      latencyMs: { p50: hist.quantile(0.5), p90: hist.quantile(0.9), p99: hist.quantile(0.99), max: hist.max, mean: hist.mean, n: hist.n },
      serverCpuSeconds: serverCpu,
      serverCpuPerMillion: delivered ? serverCpu / (delivered / 1e6) : NaN,
      serverCpuCores: serverCpu / DURATION_S,
      clientCpuCores: (clientCpu1 - clientCpu0) / DURATION_S,
      serverRssBefore: rssBefore,
      serverRssAfterConnect: rssAfter,
      memoryPerConnectionKiB: held ? (rssAfter - rssBefore) / held / 1024 : NaN,
      clientRss,
      publishFailures: publisher.failures(),
    });
    log(
      `${label}: held ${held}, ${fmt(run.ticksPerClientPerSecond, 2)} ticks/client/s (${fmt(100 * run.deliveryFraction, 1)} % of published), p50 ${fmt(run.latencyMs.p50)} ms, p99 ${fmt(run.latencyMs.p99)} ms, server ${fmt(run.serverCpuCores, 2)} cores, clients ${fmt(run.clientCpuCores, 2)} cores, machine ${fmt(100 * run.machineBusy, 0)} % busy`,
    );
    if (errors.size) log(`${label}: client errors (first few): ${[...errors].slice(0, 3).join(' | ')}`);
  } finally {
    publisher.stop();
    await publisher.close();
    for (const p of procs) if (!p.exited) p.child.send({ cmd: 'close' });
    await waitUntil(() => procs.every((p) => p.exited), 15000, 'client processes to exit');
    for (const p of procs) if (!p.exited) p.child.kill('SIGKILL');
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
    `${res.params.clients} clients / ${res.params.procs} client processes, ${res.params.symbols?.length} products at ${res.params.ratePerProduct} ticks/s each, ${res.params.durationS} s window`,
  );
  console.log('');
  const header = ['target', 'held', 'ticks/client/s', 'delivered %', 'p50 ms', 'p99 ms', 'CPU-s per 1M msgs', 'server cores', 'KiB/conn', 'client cores'];
  printTable(
    header,
    runs.map((r) => [
      r.label,
      `${r.clientsHeld ?? 'n/a'}/${r.clientsWanted ?? res.params.clients}`,
      fmt(r.ticksPerClientPerSecond, 2),
      fmt(100 * r.deliveryFraction, 1),
      fmt(r.latencyMs?.p50),
      fmt(r.latencyMs?.p99),
      fmt(r.serverCpuPerMillion, 2),
      fmt(r.serverCpuCores, 2),
      fmt(r.memoryPerConnectionKiB, 1),
      fmt(r.clientCpuCores, 2),
    ]),
  );
  // Per variant and target: the median of each figure over the rounds; ratios ours / bare of those medians.
  const med = (xs) => {
    const v = xs.filter(Number.isFinite).sort((a, b) => a - b);
    return v.length ? (v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2) : NaN;
  };
  const aggregate = (list) =>
    list.length && {
      runs: list.length,
      clientsHeldMin: Math.min(...list.map((r) => r.clientsHeld ?? 0)),
      ticksPerClientPerSecond: med(list.map((r) => r.ticksPerClientPerSecond)),
      p50: med(list.map((r) => r.latencyMs?.p50)),
      p99: med(list.map((r) => r.latencyMs?.p99)),
      cpuPerMillion: med(list.map((r) => r.serverCpuPerMillion)),
      memoryPerConnectionKiB: med(list.map((r) => r.memoryPerConnectionKiB)),
    };
  res.medians = {};
  res.ratios = [];
  for (const variant of new Set(runs.map((r) => r.variant))) {
    const ours = aggregate(runs.filter((r) => r.target === 'ours' && r.variant === variant));
    const bare = aggregate(runs.filter((r) => r.target === 'bare' && r.variant === variant));
    res.medians[variant] = { ours, bare };
    if (!ours || !bare) continue;
    const r = {
      variant,
      held: ratio(ours.clientsHeldMin, bare.clientsHeldMin),
      delivery: ratio(ours.ticksPerClientPerSecond, bare.ticksPerClientPerSecond),
      p50: ratio(ours.p50, bare.p50),
      p99: ratio(ours.p99, bare.p99),
      cpuPerMessage: ratio(ours.cpuPerMillion, bare.cpuPerMillion),
      memoryPerConnection: ratio(ours.memoryPerConnectionKiB, bare.memoryPerConnectionKiB),
    };
    r.goals = {
      held10k: ours.clientsHeldMin >= 10000,
      delivery: r.delivery >= 0.9,
      p99: r.p99 <= 1.1,
      cpuPerMessage: r.cpuPerMessage <= 1.1,
    };
    res.ratios.push(r);
  }
  if (res.ratios.length) {
    console.log('');
    console.log(`ratios of the medians over ${res.params.rounds} round(s):`);
    printTable(
      ['ours / bare', 'delivery', 'p50', 'p99', 'CPU per msg', 'mem per conn', 'goals: 10k held / >=0.9x / <=1.1x / <=1.1x'],
      res.ratios.map((r) => [
        r.variant,
        fmt(r.delivery, 2),
        fmt(r.p50, 2),
        fmt(r.p99, 2),
        fmt(r.cpuPerMessage, 2),
        fmt(r.memoryPerConnection, 2),
        [verdict(r.goals.held10k), verdict(r.goals.delivery), verdict(r.goals.p99), verdict(r.goals.cpuPerMessage)].join(' / '),
      ]),
    );
  }
  console.log('');
  console.log(
    'latency is publish (Redis PUBLISH, time in the tick) -> client handler, 1 ms clock resolution; all processes share the 2 cores, so client load shows up in both columns alike.',
  );
}
