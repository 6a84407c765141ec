import { Logger } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import { WORKER_NAME } from '../../common/worker-name.js';
import { SettlementService } from './settlement.service.js';
import { nextStep } from './settle-plan.js';
import { SettleWakeup } from './settle-wakeup.js';
import { QUEUES, type SettleSecondPayload } from '@candor/cross-process';
import { GracefulWorkerHost } from '../../common/graceful-worker-host.js';

/**
 * One job per expiry second (`settle-<epochSecond>`, enqueued by the api after each order's commit).
 * It first runs 50 ms into its second (settleJobDelay), or sooner: SettleWakeup promotes it as soon as
 * the first tick later than the second's start is stored (orders expire on whole seconds, and the feed
 * stores a tick right after each one). Each run settles every order of the second that is ready
 * (expired, with a later tick stored) in set-based transactions of up to SETTLE_BATCH_LIMIT orders,
 * then re-delays itself until the second is complete. Re-running it, or running it beside the
 * sweeper, settles nothing twice.
 */
@Processor(QUEUES.settlement.name, { concurrency: 4, name: WORKER_NAME })
export class SettleSecondProcessor extends GracefulWorkerHost {
  private readonly log = new Logger('settle');

  constructor(
    private readonly settlement: SettlementService,
    private readonly wakeup: SettleWakeup,
  ) {
    super();
  }

  async process(job: Job<SettleSecondPayload>, token?: string): Promise<{ settled: number; leftToSweeper: number }> {
    const second = Number(job.data.second);
    if (!Number.isSafeInteger(second)) throw new Error(`bad settle job payload: ${JSON.stringify(job.data)}`);
    const from = second * 1000;
    // Two lanes only while more orders are open than one batch holds (unknown on the first run).
    const lanes = job.data.open === undefined || job.data.open > this.settlement.batchLimit ? this.settlement.parallel : 1;
    const mark = this.wakeup.mark();
    const settled = await this.settlement.settleWindow(from, from + 1000, { lanes });
    const state = await this.settlement.windowState(from, from + 1000);
    const total = (job.data.settled ?? 0) + settled.length;
    const step = nextStep(second, Date.now(), state.open, state.nextExpiryMs);
    if (step.done) {
      if (step.leftToSweeper) this.log.warn(`second ${second}: ${step.leftToSweeper} orders still wait for a later tick; the sweeper takes them`);
      return { settled: total, leftToSweeper: step.leftToSweeper };
    }
    if (total !== (job.data.settled ?? 0) || state.open !== job.data.open) await job.updateData({ second, settled: total, open: state.open });
    await job.moveToDelayed(step.at, token);
    // Expired orders wait for a later tick: a stored tick wakes the job before its next poll.
    if (state.nextExpiryMs !== null && state.nextExpiryMs <= Date.now()) this.wakeup.wait(job.id!, second, mark);
    throw new DelayedError();
  }
}
