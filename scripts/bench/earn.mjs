#!/usr/bin/env node
// npm run bench:earn -- [--holders 100000,1000000] [--batch 25000] [--fast] [--no-build]
//
// Yu'e Bao's cut-off job by the real worker (node apps/server/dist/main/worker.js: the BullMQ job its start
// enqueues, set-based SQL, the ledger's batch function), beside ONE hand-written SQL statement doing the
// same confirmations and postings on a copy of the same data, for each holder count in --holders.
//
// For each size: a fresh database (migrated and seeded) gets that many holders with lots of mixed ages
// (1 to 4 each: confirmed 0 to 59 days before the day being posted, one in 20 due for confirmation now, one
// in 20 pending until tomorrow; one confirmed lot in 5 half taken out, during that day or after it; income
// taken out by one holder in 7), their ledger balances, and the runs posted up to the day before the one now
// due (the seed's settings: 1 % a day, 08:00 Asia/Taipei). The database is copied (CREATE DATABASE ...
// TEMPLATE). Then the worker starts on the original: its boot run confirms the due lots and posts the day;
// its wall time is BullMQ's (processedOn to finishedOn). The hand-written statement runs on the copy in one
// transaction. Both must leave the same income rows, holders, balances and pending lots, and the ledger whole.
//
// Reported per size: rows (confirmation entries + income postings), the job's and the statement's seconds and
// rows/s, their ratio, and the machine's load. Goal: 100,000 holders in <= 15 s on this 2-core machine, at
// >= 0.5x the statement's rows/s, and time growing linearly with holders: per row, no more than 1.15x the growth
// of the statement itself (see GOAL_GROWTH_OVER_STATEMENT). Writes bench-results/earn-<time>.json.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { cleanupStack, exitWithHelpIf, fmt, log, machineNote, printTable, ratio, ROOT_DIR, runBench, sleep, verdict } from './lib/common.mjs';
import { WORKER_MAIN, ensureServerBuilt, onInterrupt, startNodeService, startStack } from './lib/stack.mjs';
import { ledgerCheck, describeLedger } from './lib/users.mjs';
import { fingerprint, loadHolders, RAW_SQL, warm } from './lib/earn-data.mjs';

const { values: opt } = parseArgs({
  options: {
    holders: { type: 'string', default: '100000,1000000' },
    batch: { type: 'string', default: '' }, // EARN_INCOME_BATCH for the worker (default: the server's)
    fast: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
exitWithHelpIf(opt.help, import.meta.url);

const SIZES = opt.holders
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const GOAL_SECONDS_100K = 15;
const GOAL_RATIO = 0.5;
// Linear growth, judged against the statement: per row, the job may slow down with size by at most this much
// more than the one statement on the same data does. The statement itself is not linear on Postgres (its
// per-row time grows from 100 000 to a million holders: deeper indexes, larger sorts), so a growth
// of exactly 1.00 is no machine's; what the job must not add is growth of its own (a scan per batch did).
const GOAL_GROWTH_OVER_STATEMENT = 1.15;
const LOG_DIR = path.join(ROOT_DIR, 'bench-results', 'logs');

await ensureServerBuilt({ skip: opt['no-build'] });
const { bullPrefix, QUEUES } = await import('@candor/cross-process');
const { addDays, cutoffOn, localDate } = await import('@candor/domain');
const { cleanup, stopAll, disarm } = cleanupStack(onInterrupt);
const result = {
  bench: 'earn',
  startedAt: new Date().toISOString(),
  command: `npm run bench:earn -- ${process.argv.slice(2).join(' ')}`.trim(),
  machine: machineNote(),
  params: { holders: SIZES, batch: opt.batch || 'default', fsync: !opt.fast },
  runs: [],
};

/** The income date due now under the seeded settings (the latest whose posting time has passed) and its cut-offs. */
function dayDue(now, cal) {
  const today = localDate(now, cal.timezone);
  const day = addDays(today, now.getTime() >= cutoffOn(today, cal).getTime() ? -1 : -2);
  return { day, previousDay: addDays(day, -1), start: cutoffOn(day, cal), end: cutoffOn(addDays(day, 1), cal) };
}

async function query(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function oneSize(holders) {
  const run = { holders, load: {} };
  result.runs.push(run);
  const mark = cleanup.length;
  const stack = await startStack({ name: `earn${holders}`, fast: opt.fast });
  cleanup.push(() => stack.stop());
  const settings = await query(
    stack.databaseUrl,
    async (c) => (await c.query(`SELECT cutoff, timezone, daily_rate::text AS rate FROM earn_settings ORDER BY id DESC LIMIT 1`)).rows[0],
  );
  const due = dayDue(new Date(), settings);
  run.day = due.day;
  log(`${holders} holders: loading (income date ${due.day}, ${settings.rate} a day, cut-off ${settings.cutoff} ${settings.timezone})`);
  const loadStarted = performance.now();
  await query(stack.databaseUrl, async (c) => {
    run.load = await loadHolders(c, holders, due);
    await c.query('VACUUM (ANALYZE)');
  });
  log(`loaded ${run.load.lots} lots and ${run.load.outs} transfers out in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
  const copy = await stack.cloneDatabase('raw');

  // The job, on the original: the worker's boot run.
  await query(stack.databaseUrl, warm);
  run.loadBefore = machineNote().load1;
  const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: null });
  cleanup.push(async () => redis.quit());
  const queue = new Queue(QUEUES.earn.name, { connection: redis, prefix: bullPrefix() });
  cleanup.push(() => queue.close());
  const worker = await startNodeService({
    name: 'worker',
    main: WORKER_MAIN,
    env: { ...stack.env, FEED: 'off', ...(opt.batch ? { EARN_INCOME_BATCH: opt.batch } : {}) },
    logFile: path.join(LOG_DIR, `earn-worker-${holders}-${process.pid}.log`),
    health: false,
    readyLine: /worker started/,
  });
  cleanup.push(() => worker.stop());
  let job;
  for (const end = Date.now() + 30 * 60_000; Date.now() < end; await sleep(250)) {
    job = (await queue.getJobs(['completed', 'failed'])).find((j) => j.id?.startsWith('earn-boot-'));
    if (job) break;
  }
  if (!job) throw new Error('the boot run did not finish within 30 minutes');
  if (job.failedReason) throw new Error(`the job failed: ${job.failedReason}`);
  await worker.stop();
  const r = job.returnvalue;
  if (r.dates.length !== 1 || r.dates[0].date !== due.day) throw new Error(`the job posted ${JSON.stringify(r.dates)}, not ${due.day}`);
  run.job = {
    seconds: (job.finishedOn - job.processedOn) / 1000,
    confirmMs: r.confirmed.ms,
    incomeMs: r.dates[0].ms,
    batches: r.dates[0].batches,
    rows: r.confirmed.entries + r.dates[0].holders,
    confirmed: r.confirmed.entries,
    paid: r.dates[0].holders,
    income: r.dates[0].income,
  };
  run.job.rowsPerSecond = run.job.rows / run.job.seconds;
  log(`job: ${run.job.seconds.toFixed(2)} s (confirm ${r.confirmed.ms} ms, income ${r.dates[0].ms} ms in ${r.dates[0].batches} batches), ${run.job.rows} rows`);

  // The hand-written statement, on the copy.
  const { expense } = await query(
    copy.url,
    async (c) => (await c.query(`SELECT id AS expense FROM ledger_accounts WHERE user_id IS NULL AND kind = 'interest_expense'`)).rows[0],
  );
  await query(copy.url, warm);
  run.raw = await query(copy.url, async (c) => {
    const started = performance.now();
    await c.query('BEGIN');
    const { rows } = await c.query(RAW_SQL, [new Date(r.at), due.start, due.end, due.day, settings.rate, expense]);
    await c.query('COMMIT');
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      rows: rows[0].confirmed + rows[0].paid,
      confirmed: rows[0].confirmed,
      paid: rows[0].paid,
      rowsPerSecond: (rows[0].confirmed + rows[0].paid) / seconds,
    };
  });
  log(`hand-written statement: ${run.raw.seconds.toFixed(2)} s, ${run.raw.rows} rows`);
  run.loadAfter = machineNote().load1;

  const [a, b] = [await query(stack.databaseUrl, (c) => fingerprint(c, due.day)), await query(copy.url, (c) => fingerprint(c, due.day))];
  run.same = JSON.stringify(a) === JSON.stringify(b);
  if (!run.same) log(`the two sides differ:\n  job ${JSON.stringify(a)}\n  raw ${JSON.stringify(b)}`);
  for (const [side, url] of [
    ['job', stack.databaseUrl],
    ['raw', copy.url],
  ]) {
    const l = await query(url, (c) => ledgerCheck((sql, params) => c.query(sql, params).then((x) => x.rows)));
    run[`${side}Ledger`] = l.ok;
    log(`ledger after the ${side}: ${describeLedger(l)}`);
  }
  // This size's worker, queue, Redis connection and stack, last in first out (the next size starts afresh).
  while (cleanup.length > mark)
    await cleanup
      .pop()()
      .catch((e) => log(`cleanup: ${e.message}`));
}

await runBench('earn', result, { stopAll, disarm }, summarize, async () => {
  for (const holders of SIZES) await oneSize(holders);
});

function summarize(res) {
  if (!res.runs.some((r) => r.job && r.raw)) return;
  const base = res.runs.find((r) => r.job);
  const rows = res.runs
    .filter((r) => r.job && r.raw)
    .map((r) => {
      const share = ratio(r.job.rowsPerSecond, r.raw.rowsPerSecond);
      const growth = r.job.seconds / base.job.seconds / (r.holders / base.holders);
      const stmtGrowth = r.raw.seconds / base.raw.seconds / (r.holders / base.holders);
      const ok =
        share >= GOAL_RATIO &&
        (r.holders > 100_000 || r.job.seconds <= GOAL_SECONDS_100K) &&
        growth / stmtGrowth <= GOAL_GROWTH_OVER_STATEMENT &&
        r.same &&
        r.jobLedger &&
        r.rawLedger;
      return [
        r.holders.toLocaleString('en-US'),
        r.job.rows.toLocaleString('en-US'),
        fmt(r.job.seconds, 2),
        fmt(r.job.rowsPerSecond, 0),
        fmt(r.raw.seconds, 2),
        fmt(r.raw.rowsPerSecond, 0),
        fmt(share, 2),
        `${fmt(growth, 2)} / ${fmt(stmtGrowth, 2)}`,
        `${fmt(r.loadBefore, 1)}/${fmt(r.loadAfter, 1)}`,
        r.same && r.jobLedger && r.rawLedger ? 'yes' : 'NO',
        verdict(ok),
      ];
    });
  console.log(`\nYu'e Bao cut-off job (${res.machine.cpus} cores), confirmations + income postings:`);
  printTable(
    [
      'holders',
      'rows',
      'job s',
      'job rows/s',
      'stmt s',
      'stmt rows/s',
      'job/stmt',
      'growth job / stmt',
      'load 1m',
      'same+ledger',
      `goal 100k <= ${GOAL_SECONDS_100K} s, >= ${GOAL_RATIO}x, growth <= ${GOAL_GROWTH_OVER_STATEMENT}x stmt's`,
    ],
    rows,
  );
}
