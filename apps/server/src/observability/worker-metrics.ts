import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { QUEUES, REDIS_KEYS } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { FeedRunner } from '../market/feed/feed.runner.js';
import { mergeExpositions } from './exposition.js';
import { startOpsServer, type OpsServer } from './metrics-server.js';
import { TimedWorker, type JobRun } from './timed-worker.js';
import { workerHealth, type WorkerHealth } from './worker-health.js';

const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** From the start of an expiry second until its last order settled: normally a few hundred milliseconds. */
const LAG_BUCKETS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 15, 30, 60];

/** What the feed runner says of itself (its `leading` and `mode` getters). */
interface FeedState {
  readonly leading?: boolean;
  readonly mode?: string;
}

interface LedgerCheckRecord {
  ok: boolean;
  imbalance: string;
  mismatched: unknown[];
  checkedAt: string;
}

/**
 * The worker's Prometheus metrics and health, at GET /metrics and GET /health on METRICS_HOST:WORKER_PORT:
 * BullMQ's own queue metrics (job counts by state, completed and failed totals), each processor run's
 * duration, settlement lag per expiry second, the last ledger check, and the feed lock.
 */
@Injectable()
export class WorkerMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly registry = new Registry();
  private readonly log = new Logger('worker-ops');
  private readonly jobs: Histogram<'queue' | 'name' | 'outcome'>;
  private readonly lag: Histogram;
  private readonly settled: Counter<'by'>;
  private lastSettlementAt: number | null = null;
  private server: OpsServer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly moduleRef: ModuleRef,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.jobs = new Histogram({
      name: 'candor_job_duration_seconds',
      help: "Duration of each run of a job's processor, by queue, job name and outcome (delayed: it re-delayed itself)",
      labelNames: ['queue', 'name', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.lag = new Histogram({
      name: 'candor_settlement_lag_seconds',
      help: 'For each expiry second whose settle job finished: seconds from the start of that second until its orders were settled',
      buckets: LAG_BUCKETS,
      registers,
    });
    this.settled = new Counter({
      name: 'candor_orders_settled_total',
      help: 'Orders settled, by the settle jobs or the sweeper',
      labelNames: ['by'],
      registers,
    });
    const lastSettlement = () => this.lastSettlementAt;
    const feed = () => this.feedState();
    const client = this.redis;
    const lastLedgerCheck = () => this.lastLedgerCheck();
    new Gauge({
      name: 'candor_settlement_last_timestamp_seconds',
      help: 'When this worker last settled an order (0: not since it started)',
      registers,
      collect() {
        this.set((lastSettlement() ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'candor_feed_leader',
      help: 'Whether this process holds the feed lock and produces prices',
      registers,
      collect() {
        this.set(feed()?.leading ? 1 : 0);
      },
    });
    new Gauge({
      name: 'candor_feed_lock_held',
      help: 'Whether any process holds the feed lock (0: no feed produces prices)',
      registers,
      async collect() {
        this.set((await client.exists(REDIS_KEYS.feedLeader).catch(() => 0)) ? 1 : 0);
      },
    });
    const ledgerOk = new Gauge({
      name: 'candor_ledger_check_ok',
      help: '1 when the last ledger check found every balance equal to its postings and the total zero',
      registers,
    });
    const imbalance = new Gauge({
      name: 'candor_ledger_imbalance_cents',
      help: 'Sum of all ledger balances at the last check, in cents (0 when balanced)',
      registers,
    });
    const mismatched = new Gauge({
      name: 'candor_ledger_mismatched_accounts',
      help: 'Accounts whose balance differed from their postings at the last check',
      registers,
    });
    new Gauge({
      name: 'candor_ledger_check_timestamp_seconds',
      help: 'When the last ledger check ran (0: none recorded)',
      registers,
      async collect() {
        const last = await lastLedgerCheck();
        this.set(last ? Date.parse(last.checkedAt) / 1000 : 0);
        ledgerOk.set(last?.ok ? 1 : 0);
        imbalance.set(last ? Math.round(Number(last.imbalance) * 100) : 0);
        mismatched.set(last ? last.mismatched.length : 0);
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!(instance instanceof WorkerHost)) continue;
      const worker = instance.worker;
      if (worker instanceof TimedWorker) worker.onRun = (run) => this.onRun(run);
    }
    this.server = await startOpsServer({
      name: 'worker ops',
      host: this.config.METRICS_HOST,
      port: this.config.WORKER_PORT,
      token: this.config.METRICS_TOKEN,
      logger: this.log,
      routes: {
        '/metrics': async () => ({ status: 200, type: this.registry.contentType, body: await this.metrics() }),
        '/health': async () => {
          const h = await this.health();
          return { status: h.status === 'ok' ? 200 : 503, type: 'application/json; charset=utf-8', body: JSON.stringify(h) };
        },
        // For orchestrators: live restarts a hung worker; ready waits for Postgres and Redis.
        '/health/live': async () => ({
          status: 200,
          type: 'application/json; charset=utf-8',
          body: JSON.stringify({ status: 'ok', time: new Date().toISOString() }),
        }),
        '/health/ready': async () => {
          const h = await this.health();
          const ready = h.status === 'ok';
          const body = { status: ready ? 'ready' : 'not_ready', postgres: h.postgres, redis: h.redis, time: h.time };
          return { status: ready ? 200 : 503, type: 'application/json; charset=utf-8', body: JSON.stringify(body) };
        },
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }

  /** The port /metrics and /health listen on (null when they could not listen). */
  get port(): number | null {
    return this.server?.port ?? null;
  }

  /** prom-client's metrics followed by BullMQ's own, merged into one exposition. */
  async metrics(): Promise<string> {
    const own = await this.registry.metrics();
    const bull = await Promise.all(this.queues().map((q) => q.exportPrometheusMetrics().catch(() => '')));
    return `${own.trimEnd()}\n${mergeExpositions(bull)}`;
  }

  health(): Promise<WorkerHealth> {
    return workerHealth({
      ds: this.ds,
      redis: this.redis,
      queues: this.queues(),
      feed: this.feedState(),
      lastSettlementAt: this.lastSettlementAt,
      lastLedgerCheck: () => this.lastLedgerCheck(),
    });
  }

  /** Each run of a processor: its duration, and for settlement the lag of its expiry second. */
  onRun(run: JobRun): void {
    this.jobs.observe({ queue: run.queue, name: run.name, outcome: run.outcome }, run.seconds);
    if (run.outcome !== 'completed') return;
    const settled = Number((run.result as { settled?: unknown } | undefined)?.settled ?? 0);
    if (!(settled > 0)) return;
    const now = Date.now();
    this.lastSettlementAt = now;
    if (run.queue === QUEUES.settlement.name) {
      this.settled.inc({ by: 'settle-job' }, settled);
      const second = Number((run.job.data as { second?: unknown })?.second);
      if (Number.isSafeInteger(second)) this.lag.observe(Math.max(0, now - second * 1000) / 1000);
    } else if (run.queue === QUEUES.settlementSweep.name) {
      this.settled.inc({ by: 'sweeper' }, settled);
    }
  }

  private queues(): Queue[] {
    return Object.values(QUEUES).map((q) => this.moduleRef.get<Queue>(getQueueToken(q.name), { strict: false }));
  }

  private feed(): FeedState | null {
    try {
      return this.moduleRef.get(FeedRunner, { strict: false }) as FeedState;
    } catch {
      return null;
    }
  }

  private feedState(): { leading: boolean; mode: string } | null {
    const f = this.feed();
    return f ? { leading: f.leading === true, mode: f.mode ?? 'unknown' } : null;
  }

  private async lastLedgerCheck(): Promise<LedgerCheckRecord | null> {
    try {
      const raw = await this.redis.get(REDIS_KEYS.ledgerCheckLast);
      const v = raw ? (JSON.parse(raw) as LedgerCheckRecord) : null;
      return v && typeof v.checkedAt === 'string' && Array.isArray(v.mismatched) ? v : null;
    } catch {
      return null;
    }
  }
}
