import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bullPrefix, pushJobOptions, QUEUES, type PushJobPayload } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** Longest an event handler waits for Redis to take push jobs. */
const ENQUEUE_WAIT_MS = 2000;

/**
 * Puts push notifications on the `push` queue for the worker to encrypt and send, so neither a request nor
 * settlement waits for a push service. Never throws: a notification that cannot be queued is logged and lost.
 */
@Injectable()
export class PushQueue implements OnApplicationShutdown {
  private readonly log = new Logger('push');
  private readonly connection: Redis;
  private readonly queue: Queue<PushJobPayload>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.connection.on('error', (e) => this.log.warn(`push queue redis: ${e.message}`));
    this.queue = new Queue<PushJobPayload>(QUEUES.push.name, { connection: this.connection, prefix: bullPrefix() });
  }

  /** Resolves with how many jobs Redis took (all or none of them). */
  async add(jobs: PushJobPayload[]): Promise<number> {
    if (jobs.length === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`not taken within ${ENQUEUE_WAIT_MS} ms`), ENQUEUE_WAIT_MS);
    });
    const opts = pushJobOptions(this.config.PUSH_RETRY_DELAY_MS);
    const added = this.queue.addBulk(jobs.map((data) => ({ name: QUEUES.push.jobs.send, data, opts }))).then(
      (j) => j.length,
      (e: Error) => e.message,
    );
    const outcome = await Promise.race([added, timeout]);
    clearTimeout(timer);
    if (typeof outcome === 'string') {
      this.log.error(`${jobs.length} push notification(s) could not be queued: ${outcome}`);
      return 0;
    }
    return outcome;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
