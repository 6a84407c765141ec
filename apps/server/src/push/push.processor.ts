import { Logger } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { PUSH_JOB_ATTEMPTS, QUEUES, type PushJobPayload } from '@candor/cross-process';
import type { PushKind } from '@candor/contracts';
import { GracefulWorkerHost } from '../common/graceful-worker-host.js';
import { PushRepository } from './push.repository.js';
import { PushSender } from './push-sender.js';

/**
 * Sends each push job. The subscription is read at sending: one removed or turned off for the kind since the
 * event gets nothing. A 404/410 removes the subscription; a 429, a 5xx or no answer fails the attempt and BullMQ
 * retries it with backoff; another refusal is logged and not retried.
 */
@Processor(QUEUES.push.name, { concurrency: 8 })
export class PushProcessor extends GracefulWorkerHost {
  private readonly log = new Logger('push');
  constructor(
    private readonly repo: PushRepository,
    private readonly sender: PushSender,
  ) {
    super();
  }

  async process(job: Job<PushJobPayload>): Promise<string> {
    if (job.name !== QUEUES.push.jobs.send) throw new Error(`push: unknown job ${job.name}`);
    const { subscriptionId, payload } = job.data;
    const kind = job.data.kind as PushKind;
    const target = await this.repo.target(subscriptionId);
    if (!target || !target.kinds.includes(kind)) return 'skipped';
    try {
      const outcome = await this.sender.send(target, kind, payload);
      if (outcome.result === 'gone') {
        await this.repo.removeGone(target.id, target.endpoint, target.p256dh);
        this.log.log(`push subscription ${target.id} removed: the push service answered ${outcome.status}`);
      } else if (outcome.result === 'refused') {
        this.log.warn(`push ${job.id} (${kind}) refused by the push service (${outcome.status}); not retried`);
      }
      return outcome.result;
    } catch (e) {
      const attempt = job.attemptsMade + 1;
      const last = attempt >= (job.opts.attempts ?? PUSH_JOB_ATTEMPTS);
      // The endpoint is not logged: it is a capability; the subscription id finds it.
      this.log.warn(`push ${job.id} (${kind}) to ${target.id} not sent, attempt ${attempt}${last ? ' (last)' : ', will retry'}: ${(e as Error).message}`);
      throw e;
    }
  }
}
