import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bullPrefix, mailJobOptions, QUEUES, type MailJobPayload } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** Longest a request waits for Redis to take a mail job. */
const ENQUEUE_WAIT_MS = 2000;

/**
 * Puts rendered mails on the `mail` queue for the worker to send. Never throws: a request that causes a mail
 * succeeds whether or not the mail can be queued (a failure is logged as an error).
 */
@Injectable()
export class MailQueue implements OnApplicationShutdown {
  private readonly log = new Logger('mail');
  private readonly connection: Redis;
  private readonly queue: Queue<MailJobPayload>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.connection.on('error', (e) => this.log.warn(`mail queue redis: ${e.message}`));
    this.queue = new Queue<MailJobPayload>(QUEUES.mail.name, { connection: this.connection, prefix: bullPrefix() });
  }

  /** Resolves with the job id, or null when Redis did not take the job (in time); that is logged as an error. */
  async add(mail: MailJobPayload): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`not taken within ${ENQUEUE_WAIT_MS} ms`), ENQUEUE_WAIT_MS);
    });
    const added = this.queue.add(QUEUES.mail.jobs.send, mail, mailJobOptions(this.config.MAIL_RETRY_DELAY_MS)).then(
      (job) => ({ id: job.id ?? '' }),
      (e: Error) => e.message,
    );
    const outcome = await Promise.race([added, timeout]);
    clearTimeout(timer);
    if (typeof outcome === 'string') {
      this.log.error(`mail (${mail.kind}) could not be queued: ${outcome}`);
      return null;
    }
    return outcome.id;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
