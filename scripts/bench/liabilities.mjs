#!/usr/bin/env node
// npm run bench:liabilities -- [--accounts 100000,1000000] [--fast] [--no-build]
//
// The daily proof of liabilities, built by the server's own LiabilitiesService (apps/server/dist, the code the
// worker's job runs): one REPEATABLE READ snapshot of the ledger's user accounts, the leaves numbered and
// stored set-based, a million leaves and their levels hashed with node:crypto, the levels stored in 40 KiB
// chunks, the root published. Beside it the baseline: the same snapshot read in one statement and the same
// hashes computed in plain Node, kept in memory, nothing stored (what reading and hashing cost alone).
//
// For each size: a fresh database (migrated and seeded) gets that many users, each with the seven accounts
// registration opens, balances spread over cash, held, in orders, Yu'e Bao and demo (set-based, the platform's
// deposits clearing account balancing them; no journal: this is not a ledger benchmark). Each run is a child
// process of its own, so its peak RSS is its own. Both must reach the same total; the service's root must be
// answered again by a proof (checked with libs/domain).
//
// Goal: 1 000 000 accounts built in under 60 s and under 1 GB peak RSS on this 2-core machine.
// Writes bench-results/liabilities-<time>.json.
import { parseArgs } from 'node:util';
import path from 'node:path';
import pg from 'pg';
import { exitWithHelpIf, fmt, log, machineNote, printTable, ratio, ROOT_DIR, runBench, verdict, cleanupStack } from './lib/common.mjs';
import { ensureServerBuilt, onInterrupt, startStack } from './lib/stack.mjs';
import { runCommand } from '../lib/infra.mjs';

const { values: opt } = parseArgs({
  options: {
    accounts: { type: 'string', default: '100000,1000000' },
    fast: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);
const SIZES = opt.accounts
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const GOAL_SECONDS = 60;
const GOAL_RSS_MB = 1024;
const DATE = '2026-12-01';

await ensureServerBuilt({ skip: opt['no-build'] });
const { USER_ACCOUNT_KINDS } = await import('@candor/db');
const { cleanup, stopAll, disarm } = cleanupStack(onInterrupt);
const result = {
  bench: 'liabilities',
  startedAt: new Date().toISOString(),
  command: `npm run bench:liabilities -- ${process.argv.slice(2).join(' ')}`.trim(),
  machine: machineNote(),
  params: { accounts: SIZES, fsync: !opt.fast },
  runs: [],
};

async function load(url, n) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO users (email, phone, nickname, password_hash, trade_password_hash, invite_code, registration_code)
       SELECT 'pl' || i || '@example.com', '+1777' || lpad(i::text, 9, '0'), 'pl' || i, '!', '!', 'PL' || i, 'BENCH2024'
         FROM generate_series(1, $1::int) AS i`,
      [n],
    );
    // Balances: everyone some cash and demo money; some held, in orders, in Yu'e Bao; one in 10 nothing real.
    await c.query(
      `INSERT INTO ledger_accounts (user_id, kind, balance)
       SELECT u.id, k, CASE
           WHEN k IN ('demo') THEN 1000000
           WHEN i % 10 = 0 THEN 0
           WHEN k = 'cash' THEN (i * 7919) % 5000000
           WHEN k = 'hold' AND i % 7 = 0 THEN (i * 104729) % 200000
           WHEN k = 'escrow' AND i % 3 = 0 THEN (i * 31) % 100000
           WHEN k = 'earn_confirmed' AND i % 4 = 0 THEN (i * 271) % 3000000
           WHEN k = 'earn_pending' AND i % 9 = 0 THEN (i * 13) % 50000
           ELSE 0 END
         FROM (SELECT id, substr(invite_code, 3)::bigint AS i FROM users WHERE invite_code LIKE 'PL%') u CROSS JOIN unnest($1::text[]) AS k`,
      [[...USER_ACCOUNT_KINDS]],
    );
    await c.query(
      `UPDATE ledger_accounts SET balance = balance - (SELECT sum(balance) FROM ledger_accounts WHERE user_id IS NOT NULL AND kind NOT LIKE 'demo%')
        WHERE user_id IS NULL AND kind = 'deposits_clearing'`,
    );
    await c.query(
      `UPDATE ledger_accounts SET balance = balance - (SELECT sum(balance) FROM ledger_accounts WHERE user_id IS NOT NULL AND kind LIKE 'demo%')
        WHERE user_id IS NULL AND kind = 'demo_issuer'`,
    );
    await c.query('VACUUM (ANALYZE)');
    const { rows } = await c.query(`SELECT sum(balance)::text AS s FROM ledger_accounts WHERE user_id IS NOT NULL AND kind NOT LIKE 'demo%'`);
    return rows[0].s;
  } finally {
    await c.end();
  }
}

async function child(mode, env) {
  const r = await runCommand({
    name: mode,
    command: process.execPath,
    args: [path.join(ROOT_DIR, 'scripts/bench/lib/liabilities-run.mjs'), mode, DATE],
    cwd: ROOT_DIR,
    env,
  });
  if (r.code !== 0) throw new Error(`${mode} run failed (exit ${r.code}):\n${r.lines.slice(-15).join('\n')}`);
  return JSON.parse(r.lines.filter((l) => l.startsWith('{')).pop());
}

async function oneSize(n) {
  const run = { accounts: n };
  result.runs.push(run);
  const stack = await startStack({ name: `liab${n}`, redis: false, fast: opt.fast });
  cleanup.push(() => stack.stop());
  log(`${n} accounts: loading`);
  run.owed = await load(stack.databaseUrl, n);
  // The service's config wants a Redis address; the build never uses Redis.
  const env = { ...stack.env, NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:1' };
  run.service = await child('service', env);
  log(`service: ${run.service.ms} ms, ${run.service.maxRssMb} MB, root ${run.service.root}`);
  run.bare = await child('bare', env);
  log(`baseline: ${run.bare.ms} ms, ${run.bare.maxRssMb} MB`);
  if (run.service.total !== run.owed || run.bare.total !== run.owed)
    throw new Error(`totals differ: owed ${run.owed}, service ${run.service.total}, bare ${run.bare.total}`);
  if (run.service.leaves !== run.bare.leaves) throw new Error(`leaf counts differ: ${run.service.leaves} vs ${run.bare.leaves}`);
  run.loadAfter = machineNote().load1;
  await stack.stop();
}

function summarize(r) {
  printTable(
    ['accounts', 'service s', 'peak RSS MB', 'baseline s', 'baseline RSS MB', 'time ratio', 'goal (<60 s, <1 GB)'],
    r.runs
      .filter((x) => x.service)
      .map((x) => [
        x.accounts,
        fmt(x.service.ms / 1000, 1),
        x.service.maxRssMb,
        fmt(x.bare.ms / 1000, 1),
        x.bare.maxRssMb,
        fmt(ratio(x.service.ms, x.bare.ms), 2),
        x.accounts >= 1_000_000 ? verdict(x.service.ms < GOAL_SECONDS * 1000 && x.service.maxRssMb < GOAL_RSS_MB) : 'n/a',
      ]),
  );
}

await runBench('liabilities', result, { stopAll, disarm }, summarize, async () => {
  for (const n of SIZES) await oneSize(n);
});
