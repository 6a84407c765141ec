import { Logger } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { MAIL_JOB_ATTEMPTS, QUEUES, type MailJobPayload } from '@candor/cross-process';
import { GracefulWorkerHost } from '../common/graceful-worker-host.js';
import { Mailer } from './mailer.js';

/** Sends each mail job; a refusing or unreachable mail server fails the attempt, and BullMQ retries it with backoff. */
@Processor(QUEUES.mail.name, { concurrency: 4 })
export class MailProcessor extends GracefulWorkerHost {
  private readonly log = new Logger('mail');
  constructor(private readonly mailer: Mailer) {
    super();
  }

  async process(job: Job<MailJobPayload>): Promise<void> {
    if (job.name !== QUEUES.mail.jobs.send) throw new Error(`mail: unknown job ${job.name}`);
    try {
      await this.mailer.send(job.data);
    } catch (e) {
      const attempt = job.attemptsMade + 1;
      const last = attempt >= (job.opts.attempts ?? MAIL_JOB_ATTEMPTS);
      // The address is not logged: a mail id and kind are enough to find the job in the dashboard.
      this.log.warn(
        `mail ${job.id} (${job.data.kind}) not sent, attempt ${attempt}${last ? ' (last; kept as failed)' : ', will retry'}: ${(e as Error).message}`,
      );
      throw e;
    }
  }
}
