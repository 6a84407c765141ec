import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { cutoffCronPattern } from '@candor/domain';
import { EARN_JOB_OPTIONS, EARN_SCHEDULER_ID, earnJobId, QUEUES, type EarnPostPayload } from '@candor/cross-process';
import { Clock } from '../common/clock.js';
import { loadVersions } from './earn-settings.js';
import { EarnPostingService, type EarnPostResult } from './earn-posting.service.js';
import { GracefulWorkerHost } from '../common/graceful-worker-host.js';

/** Runs Yu'e Bao's cut-off job; its result (what was confirmed and paid) is the job's return value in the queues dashboard. */
@Processor(QUEUES.earn.name)
export class EarnPostProcessor extends GracefulWorkerHost {
  constructor(private readonly posting: EarnPostingService) {
    super();
  }

  async process(job: Job<EarnPostPayload>): Promise<EarnPostResult> {
    if (job.name !== QUEUES.earn.jobs.post) throw new Error(`earn: unknown job ${job.name}`);
    return this.posting.run();
  }
}

/** How often the worker checks the scheduler against the settings, and whether a posting is overdue. */
const GUARD_MS = 60_000;

/**
 * Keeps the job scheduler firing at the cut-off of the settings governing the next posting (in their zone),
 * and catches up: at boot it enqueues a run, and every minute it enqueues one if a posting is overdue (the
 * scheduler's fire was lost with Redis, or every attempt failed). Runs are safe to repeat.
 */
@Injectable()
export class EarnScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('earn-scheduler');
  private guard?: NodeJS.Timeout;

  constructor(
    @InjectQueue(QUEUES.earn.name) private readonly queue: Queue<EarnPostPayload>,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly posting: EarnPostingService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureScheduler();
    await this.enqueue('boot');
    this.guard = setInterval(() => {
      this.check().catch((e) => this.log.warn(`earn scheduler check failed: ${(e as Error).message}`));
    }, GUARD_MS);
    this.guard.unref();
  }

  onApplicationShutdown(): void {
    if (this.guard) clearInterval(this.guard);
  }

  async check(): Promise<void> {
    await this.ensureScheduler();
    const now = this.clock.now();
    // Overdue: due for more than a guard period and still not posted.
    if ((await this.posting.datesDue(new Date(now.getTime() - GUARD_MS))).length) await this.enqueue('overdue');
  }

  /** Upserts the daily scheduler when it is missing or its time or zone differ from the next posting's settings. */
  async ensureScheduler(): Promise<{ pattern: string; tz: string }> {
    const versions = await loadVersions(this.ds.manager);
    const v = versions.forDate(versions.nextPosting(this.clock.now()).date);
    const wanted = { pattern: cutoffCronPattern(v.cutoff), tz: v.timezone };
    const existing = await this.queue.getJobScheduler(EARN_SCHEDULER_ID);
    if (existing?.pattern === wanted.pattern && existing?.tz === wanted.tz) return wanted;
    await this.queue.upsertJobScheduler(EARN_SCHEDULER_ID, wanted, {
      name: QUEUES.earn.jobs.post,
      data: { reason: 'cutoff', requestedAt: new Date().toISOString() },
      opts: EARN_JOB_OPTIONS,
    });
    this.log.log(`Yu'e Bao job scheduled at ${v.cutoff} ${v.timezone}`);
    return wanted;
  }

  private async enqueue(reason: EarnPostPayload['reason']): Promise<void> {
    const now = new Date();
    await this.queue.add(QUEUES.earn.jobs.post, { reason, requestedAt: now.toISOString() }, { ...EARN_JOB_OPTIONS, jobId: earnJobId(reason, now) });
  }
}
