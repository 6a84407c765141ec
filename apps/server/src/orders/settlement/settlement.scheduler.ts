import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import {
  QUEUES,
  SETTLE_JOB_OPTIONS,
  settleJobDelay,
  settleJobId,
  SWEEP_EVERY_MS,
  SWEEP_JOB_OPTIONS,
  type SettleSecondPayload,
  type SettlementSweepPayload,
} from '@candor/cross-process';
import { SettlementService } from './settlement.service.js';

export const SWEEP_SCHEDULER_ID = 'settlement-sweep-every-2s';
/** How often the worker checks that the sweeper's job scheduler still exists in Redis (a FLUSHALL removes it). */
const SCHEDULER_GUARD_MS = 5000;

/** Adds the settle jobs of these expiry seconds; their ids are deterministic, so existing ones are left as they are. */
export async function enqueueSettleSeconds(queue: Queue<SettleSecondPayload>, seconds: readonly number[], nowMs: number): Promise<void> {
  if (!seconds.length) return;
  await queue.addBulk(
    seconds.map((second) => ({
      name: QUEUES.settlement.jobs.settleSecond,
      data: { second },
      opts: { ...SETTLE_JOB_OPTIONS, jobId: settleJobId(second), delay: settleJobDelay(second, nowMs) },
    })),
  );
}

/**
 * At boot: registers the sweeper's job scheduler and re-creates the settle jobs of every open
 * order's expiry second (so a Redis wipe followed by a restart loses nothing). While running:
 * re-registers the scheduler if Redis lost it.
 */
@Injectable()
export class SettlementScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('settle-scheduler');
  private guard?: NodeJS.Timeout;

  constructor(
    @InjectQueue(QUEUES.settlementSweep.name) private readonly sweepQueue: Queue<SettlementSweepPayload>,
    @InjectQueue(QUEUES.settlement.name) private readonly settleQueue: Queue<SettleSecondPayload>,
    private readonly settlement: SettlementService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureSweeper();
    const now = Date.now();
    const seconds = await this.settlement.openSeconds(0, Date.UTC(9999, 0, 1));
    await enqueueSettleSeconds(this.settleQueue, seconds, now);
    if (seconds.length) this.log.log(`re-created settle jobs for ${seconds.length} expiry seconds with open orders`);
    this.guard = setInterval(() => {
      this.ensureSweeper().catch((e) => this.log.warn(`sweeper scheduler check failed: ${(e as Error).message}`));
    }, SCHEDULER_GUARD_MS);
    this.guard.unref();
  }

  onApplicationShutdown(): void {
    if (this.guard) clearInterval(this.guard);
  }

  private async ensureSweeper(): Promise<void> {
    if (await this.sweepQueue.getJobScheduler(SWEEP_SCHEDULER_ID)) return;
    await this.sweepQueue.upsertJobScheduler(
      SWEEP_SCHEDULER_ID,
      { every: SWEEP_EVERY_MS },
      { name: QUEUES.settlementSweep.jobs.sweep, data: { requestedAt: new Date().toISOString() }, opts: SWEEP_JOB_OPTIONS },
    );
  }
}
