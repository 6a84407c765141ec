import { randomBytes } from 'node:crypto';
import { Test, type TestingModule } from '@nestjs/testing';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue, QueueEvents } from 'bullmq';
import {
  bullPrefix,
  QUEUES,
  TRANSPARENCY_JOB_OPTIONS,
  TRANSPARENCY_SCHEDULER_ID,
  transparencyBootJobId,
  type TransparencyPayload,
} from '@candor/cross-process';
import type { TransparencyFigures, TransparencyProduct } from '@candor/contracts';
import { SystemClock } from '../../src/common/clock.js';
import { WorkerModule } from '../../src/worker.module.js';
import type { TestApp } from './app.js';
import { createTestProduct, waitFor } from './trading.js';

const one = async <T>(t: TestApp, sql: string, params: unknown[] = []): Promise<T> => ((await t.ds.query(sql, params)) as T[])[0]!;

/**
 * The figures as SQL over the database says they are at `at`, written apart from the job's repository: month
 * arithmetic by Postgres in UTC, shares and ratios by numeric round(), the house's result from the ledger's
 * house account.
 */
export async function oracle(t: TestApp, at: Date) {
  const from12m = `(($1::timestamptz AT TIME ZONE 'UTC') - interval '12 months') AT TIME ZONE 'UTC'`;
  const accounts = (from: string) =>
    one<{ n: number; share: string | null }>(
      t,
      `SELECT count(*)::int AS n, CASE WHEN count(*) > 0 THEN round(count(*) FILTER (WHERE r < 0)::numeric / count(*), 4)::text END AS share
         FROM (SELECT user_id, sum(pnl) AS r FROM orders
                WHERE account = 'real' AND status = 'settled' AND settled_at >= ${from} AND settled_at < $1 GROUP BY user_id) x`,
      [at],
    );
  const y = await accounts(from12m);
  const q = await accounts(`$1::timestamptz - interval '90 days'`);
  const products: TransparencyProduct[] = (
    await t.ds.query(
      `SELECT symbol, count(*)::int AS n, (sum(amount - payout) / 100.0)::numeric(20, 2)::text AS house,
              round(sum(payout)::numeric / sum(amount), 4)::text AS ratio,
              (sum(amount) / 100.0)::numeric(20, 2)::text AS staked, (sum(payout) / 100.0)::numeric(20, 2)::text AS paid
         FROM orders WHERE account = 'real' AND status = 'settled' AND settled_at >= $1::timestamptz - interval '30 days' AND settled_at < $1
        GROUP BY symbol ORDER BY symbol`,
      [at],
    )
  ).map((r: { symbol: string; n: number; house: string; ratio: string; staked: string; paid: string }) => ({
    symbol: r.symbol,
    houseResult30d: r.house,
    payoutRatio30d: r.ratio,
    ordersSettled30d: r.n,
    staked30d: r.staked,
    paidOut30d: r.paid,
  }));
  const house = await one<{ s: string }>(
    t,
    `SELECT coalesce(sum(p.amount), 0)::text AS s FROM postings p
       JOIN journal_entries e ON e.id = p.entry_id AND e.type IN ('order_payout', 'order_loss')
       JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NULL AND a.kind = 'house'
      WHERE p.created_at >= $1::timestamptz - interval '30 days' AND p.created_at < $1`,
    [at],
  );
  const receipts = await one<{ n: number }>(t, `SELECT count(DISTINCT order_id)::int AS n FROM receipt_checks`);
  return {
    accounts12m: y.n,
    share12m: y.share,
    accounts90d: q.n,
    share90d: q.share,
    products,
    houseFromLedger: Number(house.s),
    receipts: receipts.n,
  };
}

/** True when `head` is a block of its product's chain and no later block of it existed at `at`. */
export async function isChainHeadAt(t: TestApp, head: { symbol: string; second: number; hash: string }, at: Date): Promise<boolean> {
  const r = await one<{ own: boolean; later: boolean }>(
    t,
    `SELECT EXISTS (SELECT 1 FROM tick_blocks WHERE symbol = $1 AND second = $2 AND hash = $3) AS own,
            EXISTS (SELECT 1 FROM tick_blocks WHERE symbol = $1 AND second > $2 AND created_at <= $4) AS later`,
    [head.symbol, head.second, head.hash, at],
  );
  return r.own && !r.later;
}

let bulkSymbol: string | null = null;

/**
 * Accounts that traded, inserted set-based (a statement per group): each a user with one settled real order of
 * 10.00 on a product of its own, settled `daysAgo` days ago; every `lossEvery`-th one lost, the rest won at 0.85.
 * `userId`: one existing user instead of new ones; `checked`: its receipt checked too. No ledger postings are
 * written (these orders are only what the loss share reads); answers how many orders were inserted.
 */
export async function insertTradedAccounts(
  t: TestApp,
  groups: { count: number; lossEvery: number; daysAgo: number; userId?: string; checked?: boolean }[],
): Promise<number> {
  bulkSymbol ??= await createTestProduct(t);
  let n = 0;
  for (const g of groups) {
    const tag = randomBytes(4).toString('hex');
    const users: string[] = g.userId
      ? [g.userId]
      : (
          await t.ds.query(
            `INSERT INTO users (email, phone, nickname, password_hash, trade_password_hash, invite_code, registration_code)
             SELECT 'bulk-' || $1 || '-' || i || '@candor.test', '+1555' || $1 || lpad(i::text, 6, '0'), 'bulk', 'x', 'x',
                    upper(substr(md5($1 || i), 1, 12)), 'TESTCODE1'
               FROM generate_series(1, $2::int) i RETURNING id`,
            [tag, g.count],
          )
        ).map((r: { id: string }) => r.id);
    const ids: string[] = (
      await t.ds.query(
        `INSERT INTO orders (id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate, open_price, open_tick_seq,
                             opened_at, expires_at, status, close_price, close_tick_seq, closed_at, outcome, payout, pnl, settled_at)
         SELECT gen_random_uuid(), 'TB' || substr(md5(random()::text), 1, 24), u.id, 'real', $2, 'up', 1000, 60, 0.85, 100, 1,
                s - interval '60 seconds', s, 'settled', CASE WHEN u.loss THEN 99 ELSE 101 END, 1, s,
                CASE WHEN u.loss THEN 'loss' ELSE 'win' END, CASE WHEN u.loss THEN 0 ELSE 1850 END, CASE WHEN u.loss THEN -1000 ELSE 850 END, s
           FROM (SELECT id, (row_number() OVER ()) % $3 = 0 AS loss, now() - make_interval(secs => $4::float8 * 86400) AS s
                   FROM unnest($1::uuid[]) AS id) u
         RETURNING id`,
        [users, bulkSymbol, g.lossEvery, g.daysAgo],
      )
    ).map((r: { id: string }) => r.id);
    if (g.checked) await t.ds.query(`INSERT INTO receipt_checks (order_id, user_id) SELECT id, user_id FROM orders WHERE id = ANY($1::uuid[])`, [ids]);
    n += ids.length;
  }
  return n;
}

/** The worker (WorkerModule with its processors and schedulers, feed off) in this process, on the test's app config. */
export async function startTransparencyWorker(t: TestApp) {
  process.env.FEED = 'off';
  // Another test's worker that started this minute left this minute's boot job in the shared Redis: the start's
  // own add would then be a no-op (one boot run per minute, by design). Clear this minute's and the next one's.
  const stale = new Queue(QUEUES.transparency.name, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix() });
  const now = Date.now();
  for (const at of [now, now + 60_000]) await stale.remove(transparencyBootJobId(new Date(at)));
  await stale.close();
  const module: TestingModule = await Test.createTestingModule({ imports: [WorkerModule.forRoot(t.config, { clock: new SystemClock() })] }).compile();
  await module.init();
  const queue = module.get<Queue<TransparencyPayload>>(getQueueToken(QUEUES.transparency.name));
  const events = new QueueEvents(QUEUES.transparency.name, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix() });
  await events.waitUntilReady();
  let runs = 0;
  return {
    /** The figures the start's run cached, once they are there. */
    waitForFigures: () =>
      waitFor(
        'the boot run of the transparency job',
        async () => {
          const body = (await t.http().get('/api/transparency')).body as TransparencyFigures | { computedAt: null };
          return body.computedAt ? (body as TransparencyFigures) : null;
        },
        30_000,
      ),
    async schedulerEvery(): Promise<number | undefined> {
      const s = await queue.getJobScheduler(TRANSPARENCY_SCHEDULER_ID);
      return s?.every ?? undefined;
    },
    async runJob(): Promise<TransparencyFigures> {
      const job = await queue.add(
        QUEUES.transparency.jobs.compute,
        { reason: 'manual', requestedAt: new Date().toISOString() },
        { ...TRANSPARENCY_JOB_OPTIONS, attempts: 1, jobId: `transparency-test-${process.pid}-${++runs}-${Date.now()}` },
      );
      return (await job.waitUntilFinished(events, 60_000)) as TransparencyFigures;
    },
    async close() {
      await events.close();
      await module.close();
    },
  };
}
