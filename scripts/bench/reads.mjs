#!/usr/bin/env node
// `npm run bench:reads`: the hottest reads through the real api under --connections connections,
// each beside a bare Fastify route answering the same bytes in the same run:
//   GET /api/products  public, the same answer for everyone, kept in memory from the tick stream;
//   GET /api/wallet    the personal center's wallet: the token checked, one balance query;
//   GET /api/news      the news tab's first page, from the content cache;
//   GET /api/home      banners, highlights, the news teaser and the recommended products.
// The worker runs the simulated feed meanwhile (unless --no-feed), so the product list changes with
// real ticks while it is measured. Each target is measured --rounds times by turns (api, bare, api,
// bare, ...), --seconds each, after a warm-up; the bare server (scripts/bench/lib/bare-reads.mjs) is a
// process of its own, as the api is, and answers the bytes the api gave just before.
//
// Goal: each read >= 0.5x the bare route's requests/s, with p99 <= 20 ms.
//
// Options: --connections 100 --seconds 10 --rounds 3 --warmup 3 --no-feed --only products|wallet|news|home
// --log-level warn (the api's LOG_LEVEL: warn drops its request lines, to see what they cost)
// --profile (CPU profile of the api while measured) --no-build
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import * as argon2 from '@node-rs/argon2';
import {
  cleanupStack,
  collectProfile,
  cpuSeconds,
  exitWithHelpIf,
  profileSetup,
  signalProfile,
  fmt,
  log,
  machineNote,
  printTable,
  ratio,
  ROOT_DIR,
  runBench,
  sleep,
  verdict,
} from './lib/common.mjs';
import { API_MAIN, WORKER_MAIN, ensureServerBuilt, onInterrupt, startNodeService, startStack } from './lib/stack.mjs';
import { createFundedUsers } from './lib/users.mjs';
import { freePort } from '../lib/infra.mjs';

const { values: opt } = parseArgs({
  options: {
    connections: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    'no-feed': { type: 'boolean', default: false },
    only: { type: 'string' },
    'log-level': { type: 'string' },
    profile: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);

const CONNECTIONS = Number(opt.connections);
const SECONDS = Number(opt.seconds);
const ROUNDS = Number(opt.rounds);
const WARMUP = Number(opt.warmup);
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 20;
const PASSWORD = 'Bench-User-Pass-2024';
const LOG_DIR = path.join(ROOT_DIR, 'bench-results', 'logs');
const BARE_MAIN = path.join(ROOT_DIR, 'scripts/bench/lib/bare-reads.mjs');

await ensureServerBuilt({ skip: opt['no-build'] });
const { createDataSource } = await import('@candor/db');
const { cleanup, stopAll, disarm } = cleanupStack(onInterrupt);
const result = {
  bench: 'reads',
  startedAt: new Date().toISOString(),
  command: `npm run bench:reads -- ${process.argv.slice(2).join(' ')}`.trim(),
  machine: machineNote(),
  params: { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, warmup: WARMUP, feed: !opt['no-feed'], apiLogLevel: opt['log-level'] ?? 'info' },
  targets: {},
};

await runBench('reads', result, { stopAll, disarm }, summarize, async () => {
  const stack = await startStack({ name: 'reads', seedEnv: { ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  cleanup.push(() => stack.stop());
  const ds = createDataSource(stack.databaseUrl, { logging: false });
  await ds.initialize();
  try {
    const passwordHash = await argon2.hash(PASSWORD, { algorithm: argon2.Algorithm.Argon2id });
    await createFundedUsers(ds, 1, { passwordHash, prefix: 'reads' });
  } finally {
    await ds.destroy();
  }

  const worker = await startNodeService({
    name: 'worker',
    main: WORKER_MAIN,
    env: { ...stack.env, FEED: opt['no-feed'] ? 'off' : 'simulated' },
    logFile: path.join(LOG_DIR, `reads-worker-${process.pid}.log`),
    health: false,
    readyLine: /worker started/,
  });
  cleanup.push(() => worker.stop());
  const prof = opt.profile ? profileSetup('reads-api') : null;
  const api = await startNodeService({
    name: 'api',
    main: API_MAIN,
    env: { ...stack.env, ...prof?.env, ...(opt['log-level'] ? { LOG_LEVEL: opt['log-level'] } : {}) },
    nodeArgs: prof?.nodeArgs ?? [],
    port: await freePort(),
    logFile: path.join(LOG_DIR, `reads-api-${process.pid}.log`),
    // Its JSON lines (one per request) go to the file from the api itself, as to a log driver in production.
    direct: true,
  });
  cleanup.push(() => api.stop());

  const login = await fetch(`${api.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'reads1@example.com', password: PASSWORD }),
  });
  const { accessToken } = await login.json();
  if (!accessToken) throw new Error(`login failed: ${login.status}`);
  const auth = { authorization: `Bearer ${accessToken}` };

  if (!opt['no-feed']) {
    log('waiting for the feed to price the products');
    for (let i = 0; i < 60; i++) {
      const list = await (await fetch(`${api.baseUrl}/api/products`)).json();
      if (list.length && list.some((p) => p.lastPrice !== null)) break;
      await sleep(500);
    }
  }

  // The bare server answers the very bytes the api gave.
  const bodies = {};
  for (const [url, headers] of [
    ['/api/products', {}],
    ['/api/wallet', auth],
    ['/api/news', {}],
    ['/api/home', {}],
  ]) {
    const r = await fetch(`${api.baseUrl}${url}`, { headers });
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
    bodies[url] = await r.text();
  }
  const bodiesFile = path.join(LOG_DIR, `reads-bodies-${process.pid}.json`);
  fs.mkdirSync(LOG_DIR, { recursive: true });
  fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
  cleanup.push(async () => fs.rmSync(bodiesFile, { force: true }));
  const bare = await startNodeService({
    name: 'bare',
    main: BARE_MAIN,
    env: { ...process.env, BODIES_FILE: bodiesFile },
    port: await freePort(),
    logFile: path.join(LOG_DIR, `reads-bare-${process.pid}.log`),
    direct: true,
  });
  cleanup.push(() => bare.stop());

  const targets = [
    { name: 'product list', url: '/api/products', headers: {}, key: 'products' },
    { name: 'wallet', url: '/api/wallet', headers: auth, key: 'wallet' },
    { name: 'news list', url: '/api/news', headers: {}, key: 'news' },
    { name: 'home', url: '/api/home', headers: {}, key: 'home' },
  ].filter((t) => !opt.only || t.key === opt.only);
  for (const t of targets) {
    result.targets[t.name] = { bytes: Buffer.byteLength(bodies[t.url]), api: [], bare: [] };
    for (const side of [api, bare]) await cannon({ url: `${side.baseUrl}${t.url}`, headers: t.headers, connections: CONNECTIONS, duration: WARMUP });
  }
  if (prof) signalProfile(api.pid);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of targets) {
      for (const [sideName, side] of [
        ['api', api],
        ['bare', bare],
      ]) {
        const cpu0 = cpuSeconds(side.pid);
        const r = await cannon({ url: `${side.baseUrl}${t.url}`, headers: t.headers, connections: CONNECTIONS, duration: SECONDS });
        const run = {
          round,
          reqPerSec: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
          serverCpuCores: (cpuSeconds(side.pid) - cpu0) / SECONDS,
        };
        result.targets[t.name][sideName].push(run);
        log(
          `${t.name}, ${sideName}, round ${round}: ${fmt(run.reqPerSec, 0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}, server CPU ${fmt(run.serverCpuCores, 2)} cores`,
        );
        if (run.non2xx || run.errors) throw new Error(`${t.name} (${sideName}) answered ${run.non2xx} non-2xx and ${run.errors} errors`);
      }
    }
  }
  if (prof) {
    result.profile = await collectProfile(api.pid, prof.file);
    for (const line of result.profile) log(line);
  }
});

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 10, ...options }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
}

function summarize(r) {
  const rows = Object.entries(r.targets)
    .filter(([, t]) => t.api.length && t.bare.length)
    .map(([name, t]) => {
      const apiRate = median(t.api.map((x) => x.reqPerSec));
      const bareRate = median(t.bare.map((x) => x.reqPerSec));
      const apiP99 = Math.max(...t.api.map((x) => x.p99));
      const ok = ratio(apiRate, bareRate) >= GOAL_RATIO && apiP99 <= GOAL_P99_MS;
      return [
        name,
        fmt(apiRate, 0),
        fmt(median(t.api.map((x) => x.p50)), 0),
        fmt(apiP99, 0),
        fmt(bareRate, 0),
        fmt(Math.max(...t.bare.map((x) => x.p99)), 0),
        fmt(ratio(apiRate, bareRate), 2),
        verdict(ok),
      ];
    });
  if (!rows.length) return;
  console.log(
    `\nreads under ${r.params.connections} connections, ${r.params.rounds} rounds of ${r.params.seconds} s by turns (median req/s, median p50, worst p99; ms):`,
  );
  printTable(['read', 'api req/s', 'api p50', 'api p99', 'bare req/s', 'bare p99', 'api/bare', `goal >= ${GOAL_RATIO}x, p99 <= ${GOAL_P99_MS} ms`], rows);
}
