#!/usr/bin/env node
// `npm run bench:feed`: the price feed on exchange quotes beside the same feed on the simulator.
//
// The real feed process (node apps/server/dist/main/feed.js, with its tick writer on Postgres and Redis)
// runs in turn on three paths, for the same --products products (all trading around the clock):
//   venues    : FEED=venues on four fake exchanges (scripts/testing/fake-venues.mjs: Binance, OKX, Coinbase,
//               Kraken, each its own ws server speaking that exchange's protocol), every exchange quoting every
//               product --rate times a second (spread evenly over the second; a random walk, 1 bp spread, each
//               exchange its own jitter under 1 bp). Each quote's sending time is kept by the bench.
//   simulated : FEED=simulated for the same products, its cadence set to FEED_TICK_MS (the venue path's tick
//               cadence) +- 25 % so both make about as many ticks (scripts/bench/lib/feed-sim-preload.mjs gives
//               the simulator the bench's products and cadence; the fake exchanges keep quoting, unheard).
//   receiving : the simulated path again, the same process also holding one connection per exchange, opened and
//               subscribed as the feed's own, decoding every frame to text and dropping it (BENCH_RECEIVE in the
//               preload): what receiving the frames alone costs in a process as busy as the feed, and so how much
//               of the goal's 1.5x is left for reading the quotes and making prices of them.
// A Redis subscriber in the bench takes every published tick (REDIS_CHANNELS.ticks) with its arrival time,
// and the stored ticks (with their recorded quotes) are read back afterwards. Reported per path:
//   - the feed process's CPU (from /proc) per published tick and, for venues, per exchange message received;
//   - made -> publish: from the tick's time t (when the feed made it) to its arrival on Redis;
//   - venues, quote -> publish: from the arrival of the newest quote the tick used (its receivedAt, the feed's
//     own stamp as it read the frame) to the tick's arrival on Redis, split into quote -> made (aggregation,
//     and the wait for the tick cadence: a quote within FEED_TICK_MS of the last tick waits for the end of it)
//     and made -> publish (the tick writer's batch, as on the simulator path); beside it the transit of that
//     quote (the exchange's sending -> the feed's stamp: the socket and the feed's event loop), and every
//     quote -> the first published tick made after it (how far the price lags the market);
//   - the tick writer's commits (timed in the feed process by the preload's BENCH_COMMITS_FILE): how many a
//     second, of how many ticks, and the time from the call to its answer: made -> publish without its queue.
// Goal: the quote -> publish p99 at most 5 ms above the simulator's made -> publish p99, and the venue
// path's CPU per tick at most 1.5x the simulator's. --rounds alternate the paths (venues, simulated, receiving,
// receiving, simulated, venues, ...); the goals use the medians. The bench's own event-loop delay is reported: the fake
// exchanges share its process, and a stall there delays their quotes (the machine's load shows in both).
//
// Options: --products 50 --rate 20 (messages a second per product and exchange) --seconds 20 --warmup 5
// --rounds 2 --tick-ms (FEED_TICK_MS; default the feed's own, 200) --only venues|simulated|receiving
// --profile (CPU profile of each feed run) --no-build
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { Redis } from 'ioredis';
import {
  Histogram,
  ROOT_DIR,
  cleanupStack,
  collectProfile,
  cpuSeconds,
  exitWithHelpIf,
  fmt,
  log,
  machineNote,
  percentile,
  printTable,
  profileSetup,
  ratio,
  runBench,
  signalProfile,
  sleep,
  treeCpuSeconds,
  verdict,
} from './lib/common.mjs';
import { ensureServerBuilt, onInterrupt, startNodeService, startStack } from './lib/stack.mjs';
import { startFakeVenues, venueSymbols, VENUES } from '../testing/fake-venues.mjs';

const { values: opt } = parseArgs({
  options: {
    products: { type: 'string', default: '50' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    'tick-ms': { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);

const PRODUCTS = Number(opt.products);
const RATE = Number(opt.rate);
const SECONDS = Number(opt.seconds);
const WARMUP = Number(opt.warmup);
const ROUNDS = Math.max(1, Number(opt.rounds));
const TICK_MS = Number(opt['tick-ms'] ?? 200);
const GOAL_ADDED_P99_MS = 5;
const GOAL_CPU_RATIO = 1.5;
const FEED_MAIN = path.join(ROOT_DIR, 'apps/server/dist/main/feed.js');
const PRELOAD = path.join(ROOT_DIR, 'scripts/bench/lib/feed-sim-preload.mjs');
const LOG_DIR = path.join(ROOT_DIR, 'bench-results', 'logs');
if (![PRODUCTS, RATE, SECONDS, WARMUP, TICK_MS].every((n) => Number.isFinite(n) && n > 0))
  throw new Error('--products, --rate, --seconds, --warmup and --tick-ms take positive numbers');
if (opt.only && !['venues', 'simulated', 'receiving'].includes(opt.only)) throw new Error('--only venues|simulated|receiving');

await ensureServerBuilt({ skip: opt['no-build'] });
if (!fs.existsSync(FEED_MAIN)) throw new Error(`${path.relative(ROOT_DIR, FEED_MAIN)} is missing: run "node scripts/build.mjs"`);
const { REDIS_CHANNELS } = await import('@candor/cross-process');
const { cleanup, stopAll, disarm } = cleanupStack(onInterrupt);
const result = {
  bench: 'feed',
  startedAt: new Date().toISOString(),
  command: `npm run bench:feed -- ${process.argv.slice(2).join(' ')}`.trim(),
  machine: machineNote(),
  params: { products: PRODUCTS, rate: RATE, seconds: SECONDS, warmup: WARMUP, rounds: ROUNDS, tickMs: TICK_MS, exchanges: VENUES.length },
  runs: [],
};

/** The bench's products: BF01USDT .. , priced 100 + i, two decimals. */
const symbols = Array.from({ length: PRODUCTS }, (_, i) => `BF${String(i + 1).padStart(2, '0')}USDT`);
const startPrice = (i) => 100 + i;

await runBench('feed', result, { stopAll, disarm }, summarize, async () => {
  const stack = await startStack({ name: 'feed' });
  cleanup.push(() => stack.stop());
  await createProducts(stack.databaseUrl);

  const fakes = await startFakeVenues({ repeatMs: 0 });
  cleanup.push(() => fakes.close());
  // What every exchange sent and when: Binance's bookTicker carries no time, so its update id is looked up.
  const sent = { frames: 0, binance: new Map(), log: [], keep: false };
  fakes.onQuote((venue, sym, _q, atMs, seq) => {
    if (!sent.keep) return;
    if (fakes.venues[venue].clients.size) sent.frames++;
    if (venue === 'binance') sent.binance.set(String(seq), atMs);
    sent.log.push(VENUES.indexOf(venue), sym, atMs); // every quote, for the lag to the next tick of its product
  });
  const stopQuotes = streamQuotes(fakes);
  cleanup.push(async () => stopQuotes());

  const sub = new Redis(stack.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
  cleanup.push(async () => sub.disconnect());
  await sub.connect();
  const published = new Map(); // `${symbol}|${seq}` -> arrival time
  const wanted = new Set(symbols);
  let listening = false;
  sub.on('message', (_channel, text) => {
    if (!listening) return;
    const at = Date.now();
    const m = JSON.parse(text);
    if (wanted.has(m.symbol)) published.set(`${m.symbol}|${m.seq}`, at);
  });
  await sub.subscribe(REDIS_CHANNELS.ticks);

  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  cleanup.push(() => db.end());

  const order = [];
  for (let r = 0; r < ROUNDS; r++) order.push(...(r % 2 === 0 ? ['venues', 'simulated', 'receiving'] : ['receiving', 'simulated', 'venues']));
  for (const [i, path_] of order.entries()) {
    if (opt.only && path_ !== opt.only) continue;
    const run = await measure(path_, Math.floor(i / 3) + 1, { stack, fakes, sent, published, db, setListening: (on) => (listening = on) });
    result.runs.push(run);
  }
});

async function createProducts(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Only the bench's products are priced: the seeded ones lose their exchange markets (and the simulator
    // is given the bench's products alone), so both paths make ticks for the same products.
    await client.query(`UPDATE products SET price_venues = '[]'::jsonb`);
    for (const symbol of symbols) {
      const names = venueSymbols(symbol);
      await client.query(
        `INSERT INTO products (symbol, category, names, precision, timezone, hours, holidays, maintenance, maintenance_message, expiries, min_stake, max_stake, enabled, price_venues)
         VALUES ($1, 'crypto', $2::jsonb, 2, 'UTC', NULL, '[]'::jsonb, false, NULL, $3::jsonb, 100, 100000, true, $4::jsonb)`,
        [
          symbol,
          JSON.stringify({ 'zh-TW': symbol, en: symbol }),
          JSON.stringify([{ seconds: 60, payoutRate: '0.85' }]),
          JSON.stringify(VENUES.map((venue) => ({ venue, symbol: names[venue] }))),
        ],
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Every exchange quotes every product RATE times a second, evenly: a 5 ms timer sends the quotes due by now
 * (catching up when it fires late), products and exchanges taking turns.
 */
function streamQuotes(fakes) {
  const mids = symbols.map((_, i) => startPrice(i));
  const names = symbols.map((s) => venueSymbols(s));
  const perSecond = PRODUCTS * VENUES.length * RATE;
  const t0 = Date.now();
  let done = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - t0) * perSecond) / 1000);
    for (; done < due; done++) {
      const slot = done % (PRODUCTS * VENUES.length);
      const p = slot % PRODUCTS;
      const venue = VENUES[Math.floor(slot / PRODUCTS)];
      if (venue === VENUES[0]) mids[p] *= Math.exp(0.0001 * (Math.random() * 2 - 1));
      const m = mids[p] * (1 + (Math.random() - 0.5) * 0.0001);
      fakes.venues[venue].quote(names[p][venue], (m * 0.99995).toFixed(2), (m * 1.00005).toFixed(2));
    }
  }, 5);
  return () => clearInterval(timer);
}

/** Each exchange's address and the bench's markets on it, for the receiving path's connections. */
function receiveSpec(fakes) {
  const urls = fakes.env();
  return Object.fromEntries(VENUES.map((v) => [v, { url: urls[`FEED_${v.toUpperCase()}_URL`], symbols: symbols.map((s) => venueSymbols(s)[v]) }]));
}

async function measure(kind, round, { stack, fakes, sent, published, db, setListening }) {
  log(`round ${round}: the ${kind} path`);
  const prof = opt.profile ? profileSetup(`feed-${kind}`) : null;
  const commitsFile = path.join(LOG_DIR, `feed-${kind}-${round}-${process.pid}.commits`);
  fs.rmSync(commitsFile, { force: true });
  const simProducts = symbols.map((symbol, i) => ({
    symbol,
    start: startPrice(i),
    volatility: 0.0001,
    precision: 2,
    volume: { min: 0.001, max: 1, decimals: 3 },
  }));
  const feed = await startNodeService({
    name: `feed-${kind}`,
    main: FEED_MAIN,
    env: {
      ...stack.env,
      ...fakes.env(),
      ...prof?.env,
      FEED: kind === 'venues' ? 'venues' : 'simulated',
      FEED_TICK_MS: String(TICK_MS),
      BENCH_SIM_PRODUCTS: JSON.stringify(kind === 'venues' ? [] : simProducts),
      ...(kind === 'receiving' ? { BENCH_RECEIVE: JSON.stringify(receiveSpec(fakes)) } : {}),
      BENCH_SIM_INTERVAL_MS: String(TICK_MS),
      BENCH_SIM_JITTER_MS: String(Math.round(TICK_MS / 4)),
      BENCH_COMMITS_FILE: commitsFile,
    },
    nodeArgs: ['--import', PRELOAD, ...(prof?.nodeArgs ?? [])],
    logFile: path.join(LOG_DIR, `feed-${kind}-${process.pid}.log`),
    health: false,
    readyLine: new RegExp(`feed ${kind === 'venues' ? 'venues' : 'simulated'} producing`),
  });
  try {
    await sleep(WARMUP * 1000);
    published.clear();
    sent.binance.clear();
    sent.log = [];
    sent.frames = 0;
    sent.keep = true;
    setListening(true);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const from = Date.now();
    const cpu0 = cpuSeconds(feed.pid);
    const pg0 = treeCpuSeconds(stack.postgresPid);
    if (prof) signalProfile(feed.pid);
    await sleep(SECONDS * 1000);
    const cpu = cpuSeconds(feed.pid) - cpu0;
    const pgCpu = treeCpuSeconds(stack.postgresPid) - pg0;
    const to = Date.now();
    loop.disable();
    sent.keep = false;
    const frames = sent.frames;
    const profile = prof ? await collectProfile(feed.pid, prof.file) : null;
    await sleep(1000); // the window's last ticks are stored and published
    setListening(false);
    const { rows } = await db.query(
      `SELECT symbol, seq::text AS seq, (extract(epoch FROM t) * 1000)::float8 AS t, sources FROM ticks WHERE symbol = ANY($1) AND t >= to_timestamp($2 / 1000.0) AND t < to_timestamp($3 / 1000.0)`,
      [symbols, from, to],
    );
    const run = analyse(kind, round, rows, { published, sent, frames, cpu, pgCpu, seconds: (to - from) / 1000 });
    run.commits = commitFigures(commitsFile, from, to);
    run.benchLoopDelayP99 = loop.percentile(99) / 1e6;
    run.benchLoopDelayMax = loop.max / 1e6;
    run.load1 = machineNote().load1;
    if (profile) {
      run.profile = profile;
      for (const line of profile) log(line);
    }
    log(
      `${kind}: ${fmt(run.ticksPerSecond, 0)} ticks/s${run.messages ? `, ${fmt(run.messagesPerSecond, 0)} exchange messages/s` : ''}, feed CPU ${fmt(run.cpuCores, 3)} cores = ${fmt(run.cpuUsPerTick, 0)} us a tick${run.messages ? `, ${fmt(run.cpuUsPerMessage, 1)} us a message` : ''}; made -> publish p50 ${fmt(run.madeToPublish.p50, 1)} p99 ${fmt(run.madeToPublish.p99, 1)} ms` +
        `; writer: ${fmt(run.commits.perSecond, 0)} commits/s of ${fmt(run.commits.ticksP50, 0)} ticks (p50), ${fmt(run.commits.p50, 2)} / ${fmt(run.commits.p99, 2)} ms p50 / p99 from the call to its answer` +
        (kind === 'venues'
          ? `; quote -> publish p50 ${fmt(run.quoteToPublish.p50, 1)} p99 ${fmt(run.quoteToPublish.p99, 1)} ms (quote -> made p99 ${fmt(run.quoteToMade.p99, 1)} ms, transit p99 ${fmt(run.transit.p99, 1)} ms)`
          : ''),
    );
    return run;
  } finally {
    await feed.stop();
  }
}

/**
 * The tick writer's commits in the window (the preload's BENCH_COMMITS_FILE): how many a second, their ticks,
 * and the time from the call to the answer, the writer's own part of made -> publish (the rest is its queue and
 * the publish).
 */
function commitFigures(file, from, to) {
  const rows = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(',').map(Number))
        .filter(([at]) => at >= from && at < to)
    : [];
  fs.rmSync(file, { force: true });
  const ms = rows.map((r) => r[2]);
  return {
    n: rows.length,
    perSecond: rows.length / ((to - from) / 1000),
    ticksP50: percentile(
      rows.map((r) => r[1]),
      0.5,
    ),
    p50: percentile(ms, 0.5),
    p99: percentile(ms, 0.99),
  };
}

/** The figures of one run from the stored ticks, their arrival on Redis and what the exchanges sent. */
function analyse(kind, round, rows, { published, sent, frames, cpu, pgCpu, seconds }) {
  const madeToPublish = new Histogram();
  const quoteToPublish = new Histogram();
  const quoteToMade = new Histogram();
  const transit = new Histogram();
  let unpublished = 0;
  let unknownQuote = 0;
  const slowest = []; // the ten slowest ticks from their newest quote, kept in the result file
  const bySymbol = new Map();
  for (const k of rows) {
    const at = published.get(`${k.symbol}|${k.seq}`);
    if (at === undefined) {
      unpublished++;
      continue;
    }
    madeToPublish.record(at - k.t);
    const list = bySymbol.get(k.symbol) ?? [];
    list.push({ t: k.t, at });
    bySymbol.set(k.symbol, list);
    if (kind !== 'venues' || !k.sources) continue;
    // The newest quote the tick used: when the feed received it (its own stamp), and when its exchange sent it.
    let newest = null;
    for (const s of k.sources) if (s.used && (!newest || Date.parse(s.receivedAt) > Date.parse(newest.receivedAt))) newest = s;
    const arrived = newest ? Date.parse(newest.receivedAt) : NaN;
    const sentAt = newest ? (newest.venueTs ? Date.parse(newest.venueTs) : sent.binance.get(String(newest.venueId))) : undefined;
    if (!Number.isFinite(arrived)) {
      unknownQuote++;
      continue;
    }
    quoteToPublish.record(at - arrived);
    quoteToMade.record(k.t - arrived);
    if (sentAt !== undefined && Number.isFinite(sentAt)) transit.record(arrived - sentAt);
    slowest.push({
      ms: at - arrived,
      symbol: k.symbol,
      seq: k.seq,
      t: new Date(k.t).toISOString(),
      publishedAt: new Date(at).toISOString(),
      sources: k.sources,
    });
    if (slowest.length > 40) slowest.sort((a, b) => b.ms - a.ms).splice(10);
  }
  slowest.sort((a, b) => b.ms - a.ms).splice(10);
  // Every quote sent in the window to the first published tick of its product made at or after it.
  const quoteToNextTick = [];
  if (kind === 'venues') {
    const product = new Map();
    for (const s of symbols) for (const [v, name] of Object.entries(venueSymbols(s))) product.set(`${VENUES.indexOf(v)}|${name}`, s);
    for (const list of bySymbol.values()) list.sort((a, b) => a.t - b.t);
    for (let i = 0; i < sent.log.length; i += 3) {
      const sym = product.get(`${sent.log[i]}|${sent.log[i + 1]}`);
      const atMs = sent.log[i + 2];
      const list = bySymbol.get(sym);
      if (!list) continue;
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid].t < atMs) lo = mid + 1;
        else hi = mid;
      }
      if (lo < list.length) quoteToNextTick.push(list[lo].at - atMs);
    }
  }
  const h = (x) => ({ n: x.n, p50: x.quantile(0.5), p99: x.quantile(0.99), max: x.quantile(1) });
  const ticks = rows.length - unpublished;
  return {
    kind,
    round,
    seconds,
    ticks,
    unpublished,
    ticksPerSecond: ticks / seconds,
    messages: frames,
    messagesPerSecond: frames / seconds,
    cpuSeconds: cpu,
    cpuCores: cpu / seconds,
    cpuUsPerTick: (cpu * 1e6) / ticks,
    cpuUsPerMessage: frames ? (cpu * 1e6) / frames : null,
    postgresCpuCores: pgCpu / seconds,
    madeToPublish: h(madeToPublish),
    ...(kind === 'venues'
      ? {
          quoteToPublish: h(quoteToPublish),
          quoteToMade: h(quoteToMade),
          transit: h(transit),
          quoteToNextTick: { n: quoteToNextTick.length, p50: percentile(quoteToNextTick, 0.5), p99: percentile(quoteToNextTick, 0.99) },
          ticksWithoutKnownQuote: unknownQuote,
          slowest,
        }
      : {}),
  };
}

function median(xs) {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
}

function signed(v) {
  return `${v >= 0 ? '+' : ''}${fmt(v, 1)}`;
}

function summarize(r) {
  if (!r.runs.length) return;
  console.log(
    `\nbench:feed, ${r.params.products} products, ${r.params.exchanges} exchanges x ${r.params.rate} messages/s each, FEED_TICK_MS ${r.params.tickMs}, ${r.params.seconds} s per run (ms; CPU of the feed process):`,
  );
  printTable(
    [
      'run',
      'ticks/s',
      'msgs/s',
      'CPU cores',
      'us/tick',
      'us/msg',
      'made->pub p50',
      'p99',
      'quote->pub p50',
      'p99',
      'quote->made p99',
      'transit p99',
      'quote->next tick p99',
      'PG cores',
      'bench loop p99',
      'load',
    ],
    r.runs.map((x) => [
      `${x.kind} ${x.round}`,
      fmt(x.ticksPerSecond, 0),
      x.messages ? fmt(x.messagesPerSecond, 0) : '-',
      fmt(x.cpuCores, 3),
      fmt(x.cpuUsPerTick, 0),
      x.cpuUsPerMessage ? fmt(x.cpuUsPerMessage, 1) : '-',
      fmt(x.madeToPublish.p50, 1),
      fmt(x.madeToPublish.p99, 1),
      x.quoteToPublish ? fmt(x.quoteToPublish.p50, 1) : '-',
      x.quoteToPublish ? fmt(x.quoteToPublish.p99, 1) : '-',
      x.quoteToMade ? fmt(x.quoteToMade.p99, 1) : '-',
      x.transit ? fmt(x.transit.p99, 1) : '-',
      x.quoteToNextTick ? fmt(x.quoteToNextTick.p99, 1) : '-',
      fmt(x.postgresCpuCores, 3),
      fmt(x.benchLoopDelayP99, 1),
      fmt(x.load1, 1),
    ]),
  );
  const of = (kind, f) => median(r.runs.filter((x) => x.kind === kind).map(f));
  /** A figure of the writer's commits (commitFigures), the median over the path's rounds. */
  const commits = (kind, figure, digits) =>
    fmt(
      of(kind, (x) => x.commits?.[figure]),
      digits,
    );
  const venueP99 = of('venues', (x) => x.quoteToPublish?.p99);
  const simP99 = of('simulated', (x) => x.madeToPublish.p99);
  const cpuRatio = ratio(
    of('venues', (x) => x.cpuUsPerTick),
    of('simulated', (x) => x.cpuUsPerTick),
  );
  r.summary = {
    venuesQuoteToPublishP99: venueP99,
    venuesMadeToPublishP99: of('venues', (x) => x.madeToPublish.p99),
    simulatedMadeToPublishP99: simP99,
    addedP99Ms: venueP99 - simP99,
    cpuPerTickRatio: cpuRatio,
    cpuCoresRatio: ratio(
      of('venues', (x) => x.cpuCores),
      of('simulated', (x) => x.cpuCores),
    ),
  };
  // What receiving the frames alone costs, in a process making the simulator's ticks (so as busy as the feed),
  // and how much of the goal's CPU that leaves for reading the quotes and making their prices.
  const simUs = of('simulated', (x) => x.cpuUsPerTick);
  const recvUs = of('receiving', (x) => x.cpuUsPerTick);
  const msgsPerTick = of('venues', (x) => x.messagesPerSecond / x.ticksPerSecond);
  if (Number.isFinite(recvUs) && Number.isFinite(simUs)) {
    r.summary.receivingCpuPerTickRatio = ratio(recvUs, simUs);
    r.summary.receiveUsPerMessage = (recvUs - simUs) / msgsPerTick;
    r.summary.leftUsPerMessageWithinGoal = (GOAL_CPU_RATIO * simUs - recvUs) / msgsPerTick;
  }
  if (!Number.isFinite(venueP99) || !Number.isFinite(simP99)) return;
  console.log(`\nmedians over the rounds:`);
  printTable(
    ['figure', 'venues', 'simulated', 'added / ratio', `goal`],
    [
      [
        'p99 quote -> publish (venues) vs made -> publish (simulated), ms',
        fmt(venueP99, 1),
        fmt(simP99, 1),
        `${signed(r.summary.addedP99Ms)} ms`,
        `<= +${GOAL_ADDED_P99_MS} ms: ${verdict(r.summary.addedP99Ms <= GOAL_ADDED_P99_MS)}`,
      ],
      [
        'p99 made -> publish, ms',
        fmt(r.summary.venuesMadeToPublishP99, 1),
        fmt(simP99, 1),
        `${signed(r.summary.venuesMadeToPublishP99 - simP99)} ms`,
        '(the writer, both paths)',
      ],
      [
        "p99 of the writer's commit, from the call to its answer, ms",
        commits('venues', 'p99', 2),
        commits('simulated', 'p99', 2),
        `${commits('venues', 'perSecond', 0)} / ${commits('simulated', 'perSecond', 0)} commits/s`,
        `(of ${commits('venues', 'ticksP50', 0)} / ${commits('simulated', 'ticksP50', 0)} ticks, p50)`,
      ],
      [
        'feed CPU per published tick, us',
        fmt(
          of('venues', (x) => x.cpuUsPerTick),
          0,
        ),
        fmt(
          of('simulated', (x) => x.cpuUsPerTick),
          0,
        ),
        `${fmt(cpuRatio, 2)}x`,
        `<= ${GOAL_CPU_RATIO}x: ${verdict(cpuRatio <= GOAL_CPU_RATIO)}`,
      ],
      [
        'feed CPU, cores',
        fmt(
          of('venues', (x) => x.cpuCores),
          3,
        ),
        fmt(
          of('simulated', (x) => x.cpuCores),
          3,
        ),
        `${fmt(r.summary.cpuCoresRatio, 2)}x`,
        '',
      ],
      ...(r.summary.receivingCpuPerTickRatio === undefined
        ? []
        : [
            [
              'feed CPU per tick, the simulator also receiving every frame (as text, unread), us',
              fmt(recvUs, 0),
              fmt(simUs, 0),
              `${fmt(r.summary.receivingCpuPerTickRatio, 2)}x`,
              `receiving: ${fmt(r.summary.receiveUsPerMessage, 1)} us a message`,
            ],
            [
              'left within the goal for reading a quote and pricing it, us a message',
              '',
              '',
              fmt(r.summary.leftUsPerMessageWithinGoal, 1),
              `(${fmt(msgsPerTick, 1)} messages a tick)`,
            ],
          ]),
    ],
  );
}
