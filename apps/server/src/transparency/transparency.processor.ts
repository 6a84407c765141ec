import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import type { TransparencyFigures } from '@candor/contracts';
import {
  QUEUES,
  TRANSPARENCY_EVERY_MS,
  TRANSPARENCY_JOB_OPTIONS,
  TRANSPARENCY_SCHEDULER_ID,
  transparencyBootJobId,
  type TransparencyPayload,
} from '@candor/cross-process';
import { GracefulWorkerHost } from '../common/graceful-worker-host.js';
import { TransparencyService } from './transparency.service.js';

/** Computes the public figures and replaces the cached ones (its result is the job's return value). */
@Processor(QUEUES.transparency.name)
export class TransparencyProcessor extends GracefulWorkerHost {
  constructor(private readonly transparency: TransparencyService) {
    super();
  }

  async process(job: Job<TransparencyPayload>): Promise<TransparencyFigures> {
    if (job.name !== QUEUES.transparency.jobs.compute) throw new Error(`transparency: unknown job ${job.name}`);
    return this.transparency.run();
  }
}

/**
 * Computes the figures every TRANSPARENCY_EVERY_MS (a BullMQ job scheduler, upserted at each start) and once at
 * the worker's start, so a new deployment has figures within seconds instead of within the hour.
 */
@Injectable()
export class TransparencyScheduler implements OnApplicationBootstrap {
  private readonly log = new Logger('transparency-scheduler');
  constructor(@InjectQueue(QUEUES.transparency.name) private readonly queue: Queue<TransparencyPayload>) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      TRANSPARENCY_SCHEDULER_ID,
      { every: TRANSPARENCY_EVERY_MS },
      { name: QUEUES.transparency.jobs.compute, data: { reason: 'schedule', requestedAt: new Date().toISOString() }, opts: TRANSPARENCY_JOB_OPTIONS },
    );
    const now = new Date();
    await this.queue.add(
      QUEUES.transparency.jobs.compute,
      { reason: 'boot', requestedAt: now.toISOString() },
      { ...TRANSPARENCY_JOB_OPTIONS, jobId: transparencyBootJobId(now) },
    );
    this.log.log(`transparency figures computed every ${TRANSPARENCY_EVERY_MS / 60_000} min`);
  }
}
