import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { cutoffCronPattern } from '@candor/domain';
import { LIABILITIES_JOB_OPTIONS, LIABILITIES_SCHEDULER_ID, QUEUES, type LiabilitiesPayload } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { GracefulWorkerHost } from '../common/graceful-worker-host.js';
import { LiabilitiesService, type PublishResult } from './liabilities.service.js';

/** Builds and publishes the date due (its result is the job's return value in the queues dashboard). */
@Processor(QUEUES.liabilities.name)
export class LiabilitiesProcessor extends GracefulWorkerHost {
  constructor(private readonly liabilities: LiabilitiesService) {
    super();
  }

  async process(job: Job<LiabilitiesPayload>): Promise<PublishResult> {
    if (job.name !== QUEUES.liabilities.jobs.publish) throw new Error(`liabilities: unknown job ${job.name}`);
    const date = job.data.date;
    if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`liabilities: bad date ${String(date).slice(0, 20)}`);
    return this.liabilities.publish(date);
  }
}

/**
 * Fires the job every day at LIABILITIES_SNAPSHOT_TIME in PLATFORM_TIMEZONE (a BullMQ job scheduler, upserted
 * at each start), and enqueues one run at start so a day missed while no worker ran is built then.
 */
@Injectable()
export class LiabilitiesScheduler implements OnApplicationBootstrap {
  private readonly log = new Logger('liabilities-scheduler');
  constructor(
    @InjectQueue(QUEUES.liabilities.name) private readonly queue: Queue<LiabilitiesPayload>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly liabilities: LiabilitiesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const at = this.config.LIABILITIES_SNAPSHOT_TIME;
    const tz = this.config.PLATFORM_TIMEZONE;
    await this.queue.upsertJobScheduler(
      LIABILITIES_SCHEDULER_ID,
      { pattern: cutoffCronPattern(at), tz },
      { name: QUEUES.liabilities.jobs.publish, data: { reason: 'schedule', requestedAt: new Date().toISOString() }, opts: LIABILITIES_JOB_OPTIONS },
    );
    // One catch-up job per date due and minute: workers starting together enqueue it once, a later start again.
    const now = new Date();
    const minute = now.toISOString().slice(0, 16).replace(/\D/g, '');
    await this.queue.add(
      QUEUES.liabilities.jobs.publish,
      { reason: 'boot', requestedAt: now.toISOString() },
      { ...LIABILITIES_JOB_OPTIONS, jobId: `liabilities-boot-${this.liabilities.dateDue(now)}-${minute}` },
    );
    this.log.log(`proof of liabilities scheduled daily at ${at} ${tz}`);
  }
}
