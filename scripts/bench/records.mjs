#!/usr/bin/env node
// `npm run bench:records`: capital records of a user with a long history, through the api, beside the
// same query sent straight to Postgres.
//
// One user gets --movements ledger movements on their real accounts (deposits to cash, and holds from
// cash to hold, two movements each), posted through the database's ledger function. Then, with the
// real api running, it measures GET /api/wallet/records for the first page and for a page --depth rows
// deep (its cursor taken from the database), --requests times each, one at a time after a warm-up,
// by turns with the raw SQL of the same page.
//
// Goal: p99 <= 20 ms for both pages through the api, and <= 2x the raw query's p99.
//
// Options: --movements 200000 --depth 150000 --requests 300 --warmup 300 --limit 20 --fast (Postgres without
// fsync) --explain (print each page's query plan) --profile (CPU profile of the api while measured) --no-build
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import * as argon2 from '@node-rs/argon2';
import {
  collectProfile,
  profileSetup,
  signalProfile,
  cleanupStack,
  exitWithHelpIf,
  fmt,
  log,
  machineNote,
  percentile,
  printTable,
  ratio,
  ROOT_DIR,
  runBench,
  verdict,
} from './lib/common.mjs';
import { API_MAIN, ensureServerBuilt, onInterrupt, startNodeService, startStack } from './lib/stack.mjs';
import { createFundedUsers } from './lib/users.mjs';
import { platformAccountId, postEntries } from './lib/ledger.mjs';
import { freePort } from '../lib/infra.mjs';

const { values: opt } = parseArgs({
  options: {
    movements: { type: 'string', default: '200000' },
    depth: { type: 'string', default: '150000' },
    requests: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '300' },
    limit: { type: 'string', default: '20' },
    fast: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);

const MOVEMENTS = Number(opt.movements);
const DEPTH = Number(opt.depth);
const REQUESTS = Number(opt.requests);
// Unmeasured calls per page and side first: a running api has its request path compiled by V8's optimiser.
const WARMUP = Number(opt.warmup);
const LIMIT = Number(opt.limit);
const GOAL_P99_MS = 20;
const GOAL_RATIO = 2;
const PASSWORD = 'Bench-User-Pass-2024';
const LOG_DIR = path.join(ROOT_DIR, 'bench-results', 'logs');

await ensureServerBuilt({ skip: opt['no-build'] });
const { createDataSource } = await import('@candor/db');
const { cleanup, stopAll, disarm } = cleanupStack(onInterrupt);
const result = {
  bench: 'records',
  startedAt: new Date().toISOString(),
  command: `npm run bench:records -- ${process.argv.slice(2).join(' ')}`.trim(),
  machine: machineNote(),
  params: { movements: MOVEMENTS, depth: DEPTH, requests: REQUESTS, limit: LIMIT, fsync: !opt.fast },
  pages: {},
};

/** The records query as WalletService sends it for the real account: one branch per account of the user. */
const ACCOUNTS_SQL = `SELECT id, kind FROM ledger_accounts WHERE user_id = $1 AND kind = ANY('{cash,hold,escrow,earn_pending,earn_confirmed}'::text[])`;
function recordsSql(accounts, withCursor) {
  const params = [];
  const branches = accounts.map((a) => {
    params.push(a.id, a.kind);
    const n = params.length + (withCursor ? 2 : 1);
    return `(SELECT p.id, p.entry_id, p.amount, p.balance_after, p.created_at, $${n}::text AS kind
        FROM postings p
       WHERE p.account_id = $${n - 1}::bigint${withCursor ? ' AND p.id < $2::bigint' : ''}
       ORDER BY p.id DESC LIMIT $1)`;
  });
  return {
    sql: `SELECT x.id, e.entry_no, e.type, x.amount, x.balance_after, x.created_at, e.ref_type, e.ref_id, x.kind
            FROM (SELECT * FROM (${branches.join(' UNION ALL ')}) b ORDER BY b.id DESC LIMIT $1) x
            JOIN journal_entries e ON e.id = x.entry_id
           ORDER BY x.id DESC`,
    params,
  };
}
async function rawPage(client, userId, limit, cursor, explain = false) {
  // The api remembers a user's account ids after the first page (they never change): one statement a page.
  if (!accountsOf.has(userId)) accountsOf.set(userId, (await client.query(ACCOUNTS_SQL, [userId])).rows);
  const { sql, params } = recordsSql(accountsOf.get(userId), cursor !== null);
  const values = [limit, ...(cursor !== null ? [cursor] : []), ...params];
  return (await client.query(explain ? `EXPLAIN (ANALYZE, BUFFERS) ${sql}` : sql, values)).rows;
}
const accountsOf = new Map();
// One kept-alive connection, as the raw side keeps one Postgres connection: both sides measure their
// query, not connection set-up (fetch costs about a millisecond a call more than node:http here).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

await runBench('records', result, { stopAll, disarm }, summarize, async () => {
  const stack = await startStack({ name: 'records', fast: opt.fast });
  cleanup.push(() => stack.stop());

  log(`creating the user and ${MOVEMENTS} movements`);
  const ds = createDataSource(stack.databaseUrl, { logging: false });
  await ds.initialize();
  let user;
  try {
    const passwordHash = await argon2.hash(PASSWORD, { algorithm: argon2.Algorithm.Argon2id });
    [user] = await createFundedUsers(ds, 1, { passwordHash, prefix: 'records', depositCents: 100 });
    const started = Date.now();
    // Each round: one deposit (one movement) and, every other round, a hold of it (two movements).
    for (let made = 1; made < MOVEMENTS;) {
      await ds.transaction(async (em) => {
        const query = (sql, params) => em.query(sql, params);
        const clearing = await platformAccountId(query, 'deposits_clearing');
        const entries = [];
        while (entries.length < 5000 && made < MOVEMENTS) {
          const i = made;
          entries.push({
            type: 'deposit',
            userId: user.id,
            refType: 'bench',
            refId: String(i),
            uniqueKey: `bench-records-dep:${i}`,
            postings: [
              { accountId: clearing, amount: -100 },
              { accountId: user.accounts.cash, amount: 100 },
            ],
          });
          made += 1;
          if (i % 2 === 0 && made + 1 < MOVEMENTS) {
            entries.push({
              type: 'withdrawal',
              userId: user.id,
              refType: 'bench',
              refId: String(i),
              uniqueKey: `bench-records-hold:${i}`,
              postings: [
                { accountId: user.accounts.cash, amount: -50 },
                { accountId: user.accounts.hold, amount: 50 },
              ],
            });
            made += 2;
          }
        }
        await postEntries(query, entries);
      });
    }
    // Leave the bulk load as autovacuum leaves a table in use (visibility map, hint bits, statistics),
    // so neither side pays for a fresh load's first reads.
    await ds.query('VACUUM (ANALYZE) postings, journal_entries, ledger_accounts');
    log(`movements posted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await ds.destroy();
  }

  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  cleanup.push(() => client.end());
  const [{ n }] = (
    await client.query(`SELECT count(*)::int AS n FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = $1`, [user.id])
  ).rows;
  result.params.userMovements = n;
  const deep = (
    await client.query(
      `SELECT p.id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id = $1 AND a.kind = ANY('{cash,hold,escrow,earn_pending,earn_confirmed}'::text[])
        ORDER BY p.id DESC OFFSET $2 LIMIT 1`,
      [user.id, DEPTH - 1],
    )
  ).rows[0];
  if (!deep) throw new Error(`the user has fewer than ${DEPTH} movements`);

  const prof = opt.profile ? profileSetup('records-api') : null;
  const api = await startNodeService({
    name: 'api',
    main: API_MAIN,
    env: { ...stack.env, ...prof?.env },
    nodeArgs: prof?.nodeArgs ?? [],
    port: await freePort(),
    logFile: path.join(LOG_DIR, `records-api-${process.pid}.log`),
  });
  cleanup.push(() => api.stop());
  const login = await fetch(`${api.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'records1@example.com', password: PASSWORD }),
  });
  const { accessToken } = await login.json();
  if (!accessToken) throw new Error(`login failed: ${login.status}`);

  if (prof) signalProfile(api.pid);
  for (const [name, cursor] of [
    ['first', null],
    [`depth ${DEPTH}`, String(deep.id)],
  ]) {
    const url = `${api.baseUrl}/api/wallet/records?limit=${LIMIT}${cursor ? `&cursor=${cursor}` : ''}`;
    const [apiMs, rawMs] = await timedSideBySide(
      REQUESTS,
      async () => {
        const res = await getJson(url, { authorization: `Bearer ${accessToken}` });
        if (res.status !== 200 || res.body.items?.length !== LIMIT) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      },
      async () => {
        const rows = await rawPage(client, user.id, LIMIT + 1, cursor);
        if (rows.length !== LIMIT + 1) throw new Error(`${name}: raw query answered ${rows.length} rows`);
      },
    );
    result.pages[name] = { api: summary(apiMs), raw: summary(rawMs) };
    if (opt.explain) {
      const rows = await rawPage(client, user.id, LIMIT + 1, cursor, true);
      log(`plan of the ${name} page:\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  if (prof) {
    result.profile = await collectProfile(api.pid, prof.file);
    for (const line of result.profile) log(line);
  }
});

function getJson(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) });
        } catch (e) {
          reject(e);
        }
      });
    });
    req.on('error', reject);
  });
}

/** Both sides by turns, one call each per round after a warm-up, so both meet the same moments of the machine. */
async function timedSideBySide(count, a, b) {
  for (let i = 0; i < WARMUP; i++) {
    await a();
    await b();
  }
  const out = [[], []];
  for (let i = 0; i < count; i++) {
    for (const [k, fn] of [a, b].entries()) {
      const t0 = performance.now();
      await fn();
      out[k].push(performance.now() - t0);
    }
  }
  return out;
}

function summary(ms) {
  return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), max: Math.max(...ms) };
}

function summarize(r) {
  const rows = Object.entries(r.pages).map(([name, p]) => {
    const ok = p.api.p99 <= GOAL_P99_MS && p.api.p99 <= GOAL_RATIO * p.raw.p99;
    return [name, fmt(p.api.p50, 2), fmt(p.api.p99, 2), fmt(p.raw.p50, 2), fmt(p.raw.p99, 2), fmt(ratio(p.api.p99, p.raw.p99), 2), verdict(ok)];
  });
  if (!rows.length) return;
  console.log(`\ncapital records, ${r.params.userMovements ?? '?'} movements of one user, ${r.params.requests} requests per page (ms):`);
  printTable(['page', 'api p50', 'api p99', 'raw p50', 'raw p99', 'api/raw p99', `goal p99 <= ${GOAL_P99_MS} ms, <= ${GOAL_RATIO}x raw`], rows);
}
