import { Logger } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { WORKER_NAME } from '../../common/worker-name.js';
import { SettlementService } from './settlement.service.js';
import { enqueueSettleSeconds } from './settlement.scheduler.js';
import { QUEUES, SWEEP_EVERY_MS, SWEEP_OVERDUE_MS, type SettleSecondPayload, type SettlementSweepPayload } from '@candor/cross-process';
import { GracefulWorkerHost } from '../../common/graceful-worker-host.js';

/**
 * The safety net, so that losing Redis loses nothing:
 * every SWEEP_EVERY_MS it settles every open order whose expiry is more than SWEEP_OVERDUE_MS past
 * and that has a later tick, whatever happened to its settle job; and it re-creates the settle jobs
 * of the seconds about to expire, in case Redis lost them.
 */
@Processor(QUEUES.settlementSweep.name, { name: WORKER_NAME })
export class SettlementSweepProcessor extends GracefulWorkerHost {
  private readonly log = new Logger('settle-sweep');

  constructor(
    private readonly settlement: SettlementService,
    @InjectQueue(QUEUES.settlement.name) private readonly settleQueue: Queue<SettleSecondPayload>,
  ) {
    super();
  }

  async process(_job: Job<SettlementSweepPayload>): Promise<{ settled: number; requeued: number }> {
    const now = Date.now();
    const settled = await this.settlement.settleWindow(0, now - SWEEP_OVERDUE_MS, { lanes: 1 });
    if (settled.length) this.log.warn(`swept ${settled.length} overdue orders (their settle jobs were late or lost)`);
    const soon = await this.settlement.openSeconds(now - SWEEP_OVERDUE_MS, now + 2 * SWEEP_EVERY_MS);
    await enqueueSettleSeconds(this.settleQueue, soon, now);
    return { settled: settled.length, requeued: soon.length };
  }
}
