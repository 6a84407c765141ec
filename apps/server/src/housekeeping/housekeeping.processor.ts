import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { pruneIdempotencyKeys } from '../common/idempotency.js';
import {
  DEFAULT_JOB_OPTIONS,
  IDEMPOTENCY_KEY_TTL_MS,
  PRUNE_IDEMPOTENCY_EVERY_MS,
  QUEUES,
  REMOVE_KYC_IMAGES_EVERY_MS,
  type HousekeepingPayload,
} from '@candor/cross-process';
import { GracefulWorkerHost } from '../common/graceful-worker-host.js';
import { KycRetention } from '../kyc/kyc-retention.js';

/**
 * Removes idempotency keys older than IDEMPOTENCY_KEY_TTL_MS (one row per money-moving request otherwise stays
 * forever), and rejected verifications' photos past their retention.
 */
@Processor(QUEUES.housekeeping.name)
export class HousekeepingProcessor extends GracefulWorkerHost {
  private readonly log = new Logger('housekeeping');
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly kycRetention: KycRetention,
  ) {
    super();
  }

  async process(job: Job<HousekeepingPayload>): Promise<{ pruned: number }> {
    if (job.name === QUEUES.housekeeping.jobs.removeExpiredKycImages) return { pruned: await this.kycRetention.removeExpiredImages(new Date()) };
    if (job.name !== QUEUES.housekeeping.jobs.pruneIdempotencyKeys) throw new Error(`housekeeping: unknown job ${job.name}`);
    const pruned = await pruneIdempotencyKeys(this.ds.manager, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS));
    if (pruned > 0) this.log.log(`removed ${pruned} idempotency keys older than ${IDEMPOTENCY_KEY_TTL_MS / 3_600_000} h`);
    return { pruned };
  }
}

/** Registers the housekeeping jobs when the worker boots (idempotent: job schedulers are upserted). */
@Injectable()
export class HousekeepingScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QUEUES.housekeeping.name) private readonly queue: Queue<HousekeepingPayload>) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      'prune-idempotency-keys',
      { every: PRUNE_IDEMPOTENCY_EVERY_MS },
      { name: QUEUES.housekeeping.jobs.pruneIdempotencyKeys, data: { requestedAt: new Date().toISOString() }, opts: DEFAULT_JOB_OPTIONS },
    );
    await this.queue.upsertJobScheduler(
      'remove-expired-kyc-images',
      { every: REMOVE_KYC_IMAGES_EVERY_MS },
      { name: QUEUES.housekeeping.jobs.removeExpiredKycImages, data: { requestedAt: new Date().toISOString() }, opts: DEFAULT_JOB_OPTIONS },
    );
  }
}
